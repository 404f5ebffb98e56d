/**
 * What the route-chunks plugin shares between its Node side (code generation at build time) and
 * its browser side (the client `ComponentCreator` and prefetch). Safe to import on both sides: no
 * Node or browser APIs.
 *
 * Upstream Docusaurus puts every route's chunk names (`routesChunkNames`) and every chunk's loader
 * (`registry`) in `main.js`, so the first load of any page pays for all 1,100+ pages. In production
 * builds this plugin moves them into small route buckets: a leaf route's entry lives in bucket
 * {@link routeBucket}(its path), which the browser loads (one small chunk) before it renders or
 * prefetches that route. Routes with child routes (the docs layout routes) stay in `main.js`.
 */

/** How many buckets the leaf routes are spread over. About 18 routes (under 1 KB gzip) each. */
export const ROUTE_BUCKET_COUNT = 64;

/** The webpack chunk name of bucket `index`, for example `route-bucket-7`. */
export function bucketChunkName(index: number): string {
  return `route-bucket-${String(index)}`;
}

/**
 * The bucket of a route path: FNV-1a (32-bit) of the path's UTF-16 code units, modulo
 * {@link ROUTE_BUCKET_COUNT}. Every route with the same path lands in the same bucket, so a
 * prefetch by path needs one bucket. Pure; never throws; any string gives a bucket in
 * `[0, ROUTE_BUCKET_COUNT)`.
 */
export function routeBucket(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i += 1) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % ROUTE_BUCKET_COUNT;
}

/**
 * A route's chunk names in the shape Docusaurus generates them (`routesChunkNames` values): a tree
 * whose leaves are chunk names, such as `{__comp: "17896441", content: "8f1e2a3b",
 * __context: {plugin: "5e95c892"}}`.
 */
export type ChunkNameTree = { [key: string]: string | ChunkNameTree } | (string | ChunkNameTree)[];

/** A loader of one chunk's module, as in the upstream registry: `() => import(...)`. */
export type ChunkLoader = () => Promise<unknown>;

/**
 * One bucket or the core table, as the generated modules export it.
 * - `routes`: route key (`${path}-${hash}`, as `ComponentCreator` receives them) → chunk name tree.
 * - `loaders`: chunk name → loader of its module.
 */
export interface RouteTable {
  routes: Record<string, ChunkNameTree>;
  loaders: Record<string, ChunkLoader>;
}

/** The path part of a route key (`/intro-1a2` → `/intro`): the key minus its last `-hash`. */
export function routeKeyPath(key: string): string {
  const dash = key.lastIndexOf('-');
  return dash < 0 ? key : key.slice(0, dash);
}
