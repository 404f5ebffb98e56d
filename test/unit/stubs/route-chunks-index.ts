/**
 * Stand-in for `@generated/route-chunks/index.js`, the route tables the route-chunks plugin
 * generates: an empty core table and no directories. Tests of its client code mock it.
 */
import type { RouteDirectory, RouteTable } from '@site/plugins/route-chunks/contract';

export const core: RouteTable = { routes: {}, loaders: {} };
export const directories: (() => Promise<{ default: RouteDirectory }>)[] = [];
