/** The modules that `plugins/route-chunks` generates into `.docusaurus/route-chunks/`. */
declare module '@generated/route-chunks/index.js' {
  import type { RouteDirectory, RouteTable } from '@site/plugins/route-chunks/contract';

  export const core: RouteTable;
  export const directories: (() => Promise<{ default: RouteDirectory }>)[];
}

declare module '@generated/route-chunks/routes.js' {
  import type { RouteConfig } from 'react-router-config';

  /** Layout route key → the route and the positions (in the generated tree) of the children it keeps. */
  export const layouts: Record<string, { route: RouteConfig; positions: number[] } | undefined>;
  const routes: RouteConfig[];
  export default routes;
}
