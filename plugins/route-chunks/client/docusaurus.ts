/**
 * The `window.docusaurus` object of production builds: `prefetch(path)` and `preload(path)`.
 *
 * Based on @docusaurus/core 3.10.2 `lib/client/docusaurus.js` (MIT). Changed: `prefetch` reads a
 * route's chunk names from its bucket instead of the `routesChunkNames` table upstream keeps in
 * `main.js`, and adds the same `<link rel="prefetch">` per chunk (or a GET where prefetch is
 * unsupported). When the bucket has not run yet, it prefetches the bucket's file instead: a
 * prefetch never runs code. `preload` is this plugin's (`preload.ts`), which loads the path's
 * bucket first. Everything else is upstream: nothing is prefetched on a 2g connection or with
 * data saver on, a path is prefetched or preloaded once, and `preload` (on hover, and before a
 * navigation) loads and runs everything the route needs.
 */
import { matchRoutes } from 'react-router-config';
import routes from '@generated/route-chunks/routes.js';
import flat from '@docusaurus/core/lib/client/flat';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';

import preloadHelper from './preload';
import { prefetchChunkNames } from './tables';

/** The bundler's chunk-asset lookup (added by the plugin): chunk name → URL of its script. */
declare const __webpack_require__: { gca(chunkName: string): string | undefined };

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

const fetched = new Set<string>();
const loaded = new Set<string>();

function isSlowConnection(): boolean {
  // Read through this file's own shape: some installed packages declare `navigator.connection`
  // with other, stricter types, and not every browser has it.
  const connection = (navigator as unknown as { connection?: NetworkInformation }).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

const canPrefetch = (routePath: string): boolean =>
  !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath: string): boolean => !isSlowConnection() && !loaded.has(routePath);

function prefetch(routePath: string): false | Promise<unknown[]> {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  // The matched routes (as upstream), and the path's own bucket, whose leaf routes may not be in
  // the tree yet.
  const paths = [...matchRoutes(routes, routePath).flatMap((match) => match.route.path ?? []), routePath];
  const chunkNames = paths.flatMap((path) => prefetchChunkNames(path, flat));
  return Promise.all(
    [...new Set(chunkNames)].map((chunkName) => {
      const chunkAsset = __webpack_require__.gca(chunkName);
      return chunkAsset && !chunkAsset.includes('undefined') ? prefetchHelper(chunkAsset) : Promise.resolve();
    }),
  );
}

function preload(routePath: string): false | Promise<unknown[]> {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
}

const docusaurus = { prefetch, preload };

/** Mounted on `window`, so frozen, as upstream. */
export default Object.freeze(docusaurus);
