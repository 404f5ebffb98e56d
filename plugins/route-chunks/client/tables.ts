/**
 * Browser side of the route buckets: finds the table (core or bucket) that holds a route and
 * loads the bucket chunk, after its directory chunk, on first use. Each directory and bucket
 * carries the file hashes of the chunks it leads to, which this adds to the runtime's table
 * before anything loads them.
 */
import type { ChunkNames } from '@docusaurus/types';
import { core, directories } from '@generated/route-chunks/index.js';

import {
  FILES_RUNTIME_KEY,
  bucketChunkName,
  directoryChunkName,
  directoryOfBucket,
  routeBucket,
  routeKeyPath,
  type RouteDirectory,
  type RouteTable,
} from '../contract';

/** The bundler's runtime: the chunk file hashes the loaded directories and buckets carry. */
declare const __webpack_require__: Record<typeof FILES_RUNTIME_KEY, Record<string, string> | undefined> | undefined;

/** Directories and buckets already loaded and run, by index. */
const loadedDirectories = new Map<number, RouteDirectory>();
const loadedBuckets = new Map<number, RouteTable>();

/** Adds the file hashes a directory or bucket carries to the runtime's table. */
function addFiles(files: RouteTable['files']): void {
  const table = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__[FILES_RUNTIME_KEY];
  if (table && typeof files === 'object') Object.assign(table, files);
}

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

async function directory(index: number): Promise<RouteDirectory> {
  const known = loadedDirectories.get(index);
  if (known) return known;
  const load = directories[index];
  if (load === undefined) throw new Error(`route-chunks: no route directory ${String(index)}`);
  const loaded = (await load()).default;
  addFiles(loaded.files);
  loadedDirectories.set(index, loaded);
  return loaded;
}

/**
 * The bucket table of route `path` (without its hash), loaded on first use with its directory.
 * Before it resolves, the bucket's chunk file hashes are known to the runtime, so its loaders can
 * run.
 * @throws (rejects) as {@link tableOfRoute}.
 */
export async function tableOfPath(path: string): Promise<RouteTable> {
  const index = routeBucket(path);
  const known = loadedBuckets.get(index);
  if (known) return known;
  const { directory: directoryIndex, slot } = directoryOfBucket(index);
  const load = (await directory(directoryIndex)).buckets[slot];
  if (load === undefined) throw new Error(`route-chunks: no bucket for ${path}`);
  const table = (await load()).default;
  addFiles(table.files);
  loadedBuckets.set(index, table);
  return table;
}

/**
 * What to prefetch for route `path`, without running any code: the chunk names of every route
 * whose path is exactly `path` (as upstream reads them from `routesChunkNames`) when its bucket
 * has already run; otherwise the bucket's own chunk when its directory has run, or else the
 * directory's chunk, so a later navigation finds them in the HTTP cache. Synchronous; never
 * throws.
 */
export function prefetchChunkNames(path: string, flat: (tree: ChunkNames) => Record<string, string>): string[] {
  const namesIn = (table: RouteTable): string[] =>
    Object.entries(table.routes)
      .filter(([key]) => routeKeyPath(key) === path)
      .flatMap(([, tree]) => Object.values(flat(tree as ChunkNames)));
  const index = routeBucket(path);
  const bucket = loadedBuckets.get(index);
  const { directory: directoryIndex } = directoryOfBucket(index);
  const next = loadedDirectories.has(directoryIndex) ? bucketChunkName(index) : directoryChunkName(directoryIndex);
  return [...namesIn(core), ...(bucket ? namesIn(bucket) : [next])];
}
