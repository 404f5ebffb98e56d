/**
 * Stand-in for `@generated/route-chunks/routes.js`, the client route tree the route-chunks plugin
 * generates: an empty tree. Tests of its client code mock it with the tree they need.
 */
import type { RouteConfig } from 'react-router-config';

export const layouts: Record<string, { route: RouteConfig; positions: number[] } | undefined> = {};
const routes: RouteConfig[] = [];
export default routes;
