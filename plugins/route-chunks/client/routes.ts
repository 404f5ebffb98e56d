/**
 * The client route tree of production builds grows as buckets load: `main.js` holds the layout
 * routes and a few leaf routes (`codegen.ts`, `planRouteTree`), and each bucket carries the
 * other leaf routes of its paths. {@link addRoutesOf} puts a path's leaf routes into the tree
 * before anything matches the path (see `preload.ts`), at the positions they have in the tree
 * Docusaurus generated, so matching and rendering give what upstream gives.
 */
import type { ComponentType } from 'react';
import type { RouteConfig } from 'react-router-config';
import { layouts } from '@generated/route-chunks/routes.js';

import { routeKeyPath, type RouteTable } from '../contract';
import ComponentCreator from './ComponentCreator';
import { tableOfPath } from './tables';

/** Buckets whose leaf routes are in the tree. */
const added = new WeakSet<RouteTable>();
/** Layout route key → position in the generated tree → child route, for the layouts grown so far. */
const childrenOf = new Map<string, Map<number, RouteConfig>>();

/**
 * Adds the leaf routes of `table` (a loaded bucket) to the route tree, once. Each layout that
 * gains a route gets a new `routes` array (so anything indexed by the old array, such as
 * `DocRoot`'s path map, sees the change), ordered by position.
 * @throws Error naming the route when its layout is not in the tree (a bucket from another build).
 */
export function addLeafRoutes(table: RouteTable): void {
  if (added.has(table)) return;
  added.add(table);
  const grown = new Set<string>();
  for (const [key, parentKey, position, attributes] of table.leaves ?? []) {
    const layout = layouts[parentKey];
    if (!layout) throw new Error(`route-chunks: route ${key} belongs to layout ${parentKey}, which is not in the tree`);
    let children = childrenOf.get(parentKey);
    if (!children) {
      const kept = layout.route.routes ?? [];
      children = new Map(layout.positions.flatMap((at, index) => (kept[index] ? [[at, kept[index]] as const] : [])));
      childrenOf.set(parentKey, children);
    }
    if (children.has(position)) continue;
    const path = routeKeyPath(key);
    const component = ComponentCreator(path, key.slice(path.length + 1)) as unknown as ComponentType;
    // `key`: react-router-config's element key, stable while routes are added before this one.
    children.set(position, { ...attributes, path, key, component });
    grown.add(parentKey);
  }
  for (const parentKey of grown) {
    const layout = layouts[parentKey];
    const children = childrenOf.get(parentKey);
    if (!layout || !children) continue;
    layout.route.routes = [...children].sort(([a], [b]) => a - b).map(([, route]) => route);
  }
}

/**
 * Loads the bucket of `pathname` and adds its leaf routes to the tree.
 * @throws (rejects) when the bucket cannot be loaded, as any route chunk.
 */
export async function addRoutesOf(pathname: string): Promise<void> {
  addLeafRoutes(await tableOfPath(pathname));
}
