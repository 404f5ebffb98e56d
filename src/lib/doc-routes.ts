/**
 * Finds the doc route of the current path among a docs layout's child routes in constant time.
 *
 * Upstream `DocRoot` finds it with `matchPath` against every doc route in turn and then renders a
 * `<Switch>` of all of them (about 1,100 here), on every render, on the server for every page and
 * in the browser at hydration: work that grows with the size of the site. Doc routes are static,
 * exact paths, so a map from the path as `matchPath` compares it (case-insensitive, with or without
 * a trailing slash) answers the same.
 */
import { matchPath } from '@docusaurus/router';
import type { RouteConfig } from 'react-router-config';

import { isStaticPath, routePathKey } from '@site/plugins/route-chunks/contract';

/** The key `matchPath` (exact, not strict, not case-sensitive) compares a static path by. */
export const docPathKey: (path: string) => string = routePathKey;

const indexes = new WeakMap<readonly RouteConfig[], Map<string, RouteConfig> | null>();

function indexOf(routes: readonly RouteConfig[]): Map<string, RouteConfig> | null {
  let index = indexes.get(routes);
  if (index !== undefined) return index;
  index = new Map();
  for (const route of routes) {
    if (!isStaticPath(route.path) || route.exact !== true || route.strict === true || route.sensitive === true) {
      index = null;
      break;
    }
    const key = docPathKey(route.path);
    // The first route wins, as with a search in order.
    if (!index.has(key)) index.set(key, route);
  }
  indexes.set(routes, index);
  return index;
}

/**
 * The first route of `routes` that `matchPath` would match `pathname` with, or `undefined`. Uses a
 * map built once per routes array when every route is a static exact path (and the path has no
 * empty segment), and a search in order otherwise. Never throws.
 */
export function findDocRoute(routes: readonly RouteConfig[], pathname: string): RouteConfig | undefined {
  const index = indexOf(routes);
  // An empty path segment (`//`) is compared by matchPath's own rules.
  if (index && !pathname.includes('//')) return index.get(docPathKey(pathname));
  return routes.find((route) => matchPath(pathname, route) !== null);
}
