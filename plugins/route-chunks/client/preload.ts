/**
 * Client `preload` of production builds: loads everything a path's routes need before it renders.
 *
 * Based on @docusaurus/core 3.10.2 `lib/client/preload.js` (MIT), which the client entry calls
 * before hydration and `PendingNavigation` before every navigation. Changed: the route tree of
 * `main.js` lacks most leaf routes (see `routes.ts`), so this first loads the path's bucket and
 * adds its routes to the tree, then matches and preloads as upstream. A path that is not valid
 * percent-encoding is matched as it is instead of throwing.
 */
import { matchRoutes } from 'react-router-config';
import routes from '@generated/route-chunks/routes.js';

import { addRoutesOf } from './routes';

function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Makes sure every async component of the routes that match `pathname` (as it is and decoded)
 * has loaded.
 * @returns a promise that resolves when they have, and rejects when a bucket or chunk fails to
 *   load (the caller reloads the page, as upstream).
 */
export default async function preload(pathname: string): Promise<unknown[]> {
  const paths = [...new Set([pathname, decoded(pathname)])];
  await Promise.all(paths.map((path) => addRoutesOf(path)));
  const matches = paths.flatMap((path) => matchRoutes(routes, path));
  return Promise.all(
    matches.map(
      (match): Promise<unknown> =>
        (match.route.component as { preload?: () => Promise<unknown> } | undefined)?.preload?.() ??
        Promise.resolve(undefined),
    ),
  );
}
