/**
 * What the route-chunks plugin shares between its Node side (code generation at build time) and
 * its browser side (the client `ComponentCreator`, the route tree, preload and prefetch). Safe to
 * import on both sides: no Node or browser APIs.
 *
 * Upstream Docusaurus puts every route's path (`routes`), chunk names (`routesChunkNames`) and
 * chunk loaders (`registry`) in `main.js`, and every chunk's file hash in the runtime, so the first
 * load of any page pays for all 1,100+ pages. In production builds this plugin moves them into
 * small route buckets: a leaf route's entry lives in bucket {@link routeBucket}(its path), which
 * the browser loads (one small chunk) before it renders, preloads or navigates to that route.
 * Routes with child routes (the docs layout routes) and the few leaf routes listed by
 * {@link isCoreLeaf} stay in `main.js`. See ARCHITECTURE.md, 'In the browser'.
 */

/**
 * How many buckets the leaf routes are spread over: about 4.5 routes each for 1,135 pages, 20 at
 * 5,000. A page loads one bucket, so its first load grows by about 60 B gzip per route a bucket
 * gains (figures in bench-results/report.md).
 */
export const ROUTE_BUCKET_COUNT = 256;

/**
 * How many route directories the buckets are listed in: `main.js` knows the directories, a
 * directory knows its {@link ROUTE_BUCKET_COUNT} / {@link ROUTE_DIRECTORY_COUNT} buckets. Each
 * entry (a loader and a file hash) costs about 20 B gzip, so two levels of 16 cost a page 640 B
 * where one list of 256 buckets would cost it 5 KB.
 */
export const ROUTE_DIRECTORY_COUNT = 16;

/** Buckets per directory. */
export const BUCKETS_PER_DIRECTORY = ROUTE_BUCKET_COUNT / ROUTE_DIRECTORY_COUNT;

/** The webpack chunk name of bucket `index`, for example `route-bucket-7`. */
export function bucketChunkName(index: number): string {
  return `route-bucket-${String(index)}`;
}

/** The webpack chunk name of directory `index`, for example `route-directory-3`. */
export function directoryChunkName(index: number): string {
  return `route-directory-${String(index)}`;
}

/**
 * The folder, relative to the site's base URL, of the route directories' and buckets' files. They
 * keep one name from build to build (`route-chunks/route-bucket-7.js`) and are served `no-cache`
 * (outside `assets/`, whose files are cached for a year): a bucket's bytes change with the hashes of
 * the content chunks it lists, and a name that followed them would change its directory's bytes,
 * then the runtime's and every page's, so that a one-page edit rewrote the whole site.
 */
export const CARRIER_FOLDER = 'route-chunks';

/** Whether `chunkId` is a route directory's or bucket's (a carrier of chunk file hashes). Pure. */
export function isCarrierChunk(chunkId: string): boolean {
  return /^route-(?:bucket|directory)-\d+$/.test(chunkId);
}

/** The file of carrier chunk `chunkId`, relative to the base URL: `route-chunks/route-bucket-7.js`. */
export function carrierFile(chunkId: string): string {
  return `${CARRIER_FOLDER}/${chunkId}.js`;
}

/** The directory that lists bucket `index`, and the bucket's slot in it. Pure. */
export function directoryOfBucket(index: number): { directory: number; slot: number } {
  return { directory: Math.floor(index / BUCKETS_PER_DIRECTORY), slot: index % BUCKETS_PER_DIRECTORY };
}

/**
 * The key react-router compares a static path by (`matchPath` with `exact`, not `strict`, not
 * `sensitive`): lower case, without a trailing slash (except the root). `/Intro/` and `/intro`
 * have one key.
 */
export function routePathKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/**
 * The bucket of a route path: FNV-1a (32-bit) of the UTF-16 code units of its
 * {@link routePathKey}, modulo {@link ROUTE_BUCKET_COUNT}. Every path a route matches lands in
 * that route's bucket (whatever its case or trailing slash), so matching, preloading or
 * prefetching a path needs one bucket. Pure; never throws; any string gives a bucket in
 * `[0, ROUTE_BUCKET_COUNT)`.
 */
export function routeBucket(path: string): number {
  const key = routePathKey(path);
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % ROUTE_BUCKET_COUNT;
}

/**
 * Whether a leaf route (one without child routes) must stay in the route tree of `main.js`
 * rather than in its bucket:
 * - a top-level route: Docusaurus's `App` renders the top level once, when it loads;
 * - a path with parameters or patterns (`:id`, `*`, `(`, `?`, `+`) or an empty segment, or a
 *   route that is not `exact`: the bucket of the paths it matches cannot be computed;
 * - the root path `/`: the theme looks the home page up in the tree (`useHomePageRoute`);
 * - a path ending in `.html`: core's `normalizeLocation` keeps `.html` only for paths that match
 *   an exact route, before any bucket could load.
 * Pure.
 */
export function isCoreLeaf(route: { path: string; exact?: unknown }, topLevel: boolean): boolean {
  return (
    topLevel || route.exact !== true || !isStaticPath(route.path) || route.path === '/' || route.path.endsWith('.html')
  );
}

/**
 * A path without route parameters, patterns or empty segments (`//`): only such a path compares
 * by {@link routePathKey}; any other only `matchPath` can compare. Pure.
 */
export function isStaticPath(path: unknown): path is string {
  return typeof path === 'string' && !/[:*()?+]/.test(path) && !path.includes('//');
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
 * A leaf route of the route tree that lives in a bucket: `[key, parentKey, position, attributes]`.
 * - `key`: the route's key (`${path}-${hash}`), from which its path and component follow;
 * - `parentKey`: the key of the layout route it is a child of;
 * - `position`: its index among that layout's child routes in the generated route tree, so the
 *   browser puts it back in the same order (react-router takes the first match);
 * - `attributes`: every other field of the generated route (`exact`, `sidebar`, ...).
 */
export type LeafRoute = [key: string, parentKey: string, position: number, attributes: Record<string, unknown>];

/**
 * One bucket or the core table, as the generated modules export it.
 * - `routes`: route key (`${path}-${hash}`, as `ComponentCreator` receives them) → chunk name tree.
 * - `loaders`: chunk name → loader of its module.
 * - `leaves` (buckets only): the bucket's leaf routes that are not in `main.js`'s route tree.
 * - `files` (buckets only): chunk id → file hash of the chunks only this bucket's routes load,
 *   which the runtime's chunk file table leaves out. The generated source holds
 *   {@link FILES_PLACEHOLDER}; the build writes the table in its place.
 */
export interface RouteTable {
  routes: Record<string, ChunkNameTree>;
  loaders: Record<string, ChunkLoader>;
  leaves?: LeafRoute[];
  files?: Record<string, string> | string;
}

/**
 * A route directory, as the generated modules export it: a loader per bucket it lists, and the
 * file hashes of those buckets (see {@link RouteTable}'s `files`).
 */
export interface RouteDirectory {
  buckets: (() => Promise<{ default: RouteTable }>)[];
  files?: Record<string, string> | string;
}

/** The string a bucket's or directory's `files` holds until the build replaces it with its file table. */
export const FILES_PLACEHOLDER = '__route_chunks_files__';

/**
 * The bundler runtime's table of chunk file hashes the buckets add to
 * (`__webpack_require__[FILES_RUNTIME_KEY]`): chunk id → file hash, read by
 * `__webpack_require__.u` before its own table.
 */
export const FILES_RUNTIME_KEY = 'rcf';

/** The path part of a route key (`/intro-1a2` → `/intro`): the key minus its last `-hash`. */
export function routeKeyPath(key: string): string {
  const dash = key.lastIndexOf('-');
  return dash < 0 ? key : key.slice(0, dash);
}
