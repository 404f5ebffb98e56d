/** The index of the route tables that `plugins/route-chunks` generates into `.docusaurus/`. */
declare module '@generated/route-chunks/index.js' {
  import type { RouteTable } from '@site/plugins/route-chunks/contract';

  export const core: RouteTable;
  export const buckets: (() => Promise<{ default: RouteTable }>)[];
}
