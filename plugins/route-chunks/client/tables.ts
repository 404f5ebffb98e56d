/**
 * Browser side of the route buckets: finds the table (core or bucket) that holds a route and
 * loads the bucket chunk on first use. Buckets are cached by the bundler's own module cache, so a
 * second call for the same bucket resolves without a request.
 */
import type { ChunkNames } from '@docusaurus/types';
import { buckets, core } from '@generated/route-chunks/index.js';

import { FILES_RUNTIME_KEY, bucketChunkName, routeBucket, routeKeyPath, type RouteTable } from '../contract';

/** The bundler's runtime: the chunk file hashes the loaded buckets carry (see the plugin). */
declare const __webpack_require__: Record<typeof FILES_RUNTIME_KEY, Record<string, string> | undefined> | undefined;

/** Buckets already loaded and run, by bucket index. */
const loadedBuckets = new Map<number, RouteTable>();

/**
 * The table that holds route `key` (`${path}-${hash}`): the core table for layout routes, else
 * the route's bucket, loaded on first use.
 * @throws (rejects) when the bucket chunk cannot be loaded (offline, a deploy removed it); the
 *   caller's navigation then fails as any chunk failure does, with a full reload.
 */
export async function tableOfRoute(key: string): Promise<RouteTable> {
  if (key in core.routes) return core;
  return tableOfPath(routeKeyPath(key));
}

/**
 * The bucket table of route `path` (without its hash), loaded on first use. Before it resolves,
 * the bucket's chunk file hashes are known to the runtime, so its loaders can run.
 * @throws (rejects) as {@link tableOfRoute}.
 */
export async function tableOfPath(path: string): Promise<RouteTable> {
  const index = routeBucket(path);
  const known = loadedBuckets.get(index);
  if (known) return known;
  const load = buckets[index];
  if (load === undefined) throw new Error(`route-chunks: no bucket for ${path}`);
  const table = (await load()).default;
  const files = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__[FILES_RUNTIME_KEY];
  if (files && typeof table.files === 'object') Object.assign(files, table.files);
  loadedBuckets.set(index, table);
  return table;
}

/**
 * What to prefetch for route `path`, without running any code: the chunk names of every route
 * whose path is exactly `path` (as upstream reads them from `routesChunkNames`) when its bucket
 * has already run; otherwise the bucket's own chunk, so a later navigation finds it in the HTTP
 * cache. Synchronous; never throws.
 */
export function prefetchChunkNames(path: string, flat: (tree: ChunkNames) => Record<string, string>): string[] {
  const namesIn = (table: RouteTable): string[] =>
    Object.entries(table.routes)
      .filter(([key]) => routeKeyPath(key) === path)
      .flatMap(([, tree]) => Object.values(flat(tree as ChunkNames)));
  const index = routeBucket(path);
  const bucket = loadedBuckets.get(index);
  return [...namesIn(core), ...(bucket ? namesIn(bucket) : [bucketChunkName(index)])];
}
