/**
 * Client `ComponentCreator` of production builds: the component of one route, loading its chunks
 * from the route's bucket instead of the registry upstream keeps in `main.js`.
 *
 * Based on @docusaurus/core 3.10.2 `lib/client/exports/ComponentCreator.js` (MIT). Changed: the
 * chunk loaders come from {@link tableOfRoute} (one small bucket chunk per ~18 routes) rather than
 * from `@generated/registry` and `@generated/routesChunkNames`, which grow with every page. The
 * render is upstream's: the loaded modules are put back in the shape of the route's chunk names,
 * `__comp` is the component, `__context` the route context, `__props` extra props. The server
 * render and `docusaurus start` keep the upstream file.
 */
import React from 'react';
import Loadable from 'react-loadable';
import Loading from '@theme/Loading';
import type { ChunkNames } from '@docusaurus/types';
import flat from '@docusaurus/core/lib/client/flat';
import { RouteContextProvider } from '@docusaurus/core/lib/client/routeContext';

import { tableOfRoute } from './tables';

/** What a route's loader resolves to: its chunk name tree and each key path's loaded module. */
interface LoadedRoute {
  tree: ChunkNames;
  modules: [keyPath: string, module: { default?: unknown } & Record<string, unknown>][];
}

async function loadRoute(key: string): Promise<LoadedRoute> {
  const table = await tableOfRoute(key);
  const tree = table.routes[key] as ChunkNames | undefined;
  if (tree === undefined) throw new Error(`route-chunks: route ${key} is in no route table`);
  const modules = await Promise.all(
    Object.entries(flat(tree)).flatMap(([keyPath, chunkName]) => {
      const load = table.loaders[chunkName];
      return load ? [load().then((module) => [keyPath, module] as LoadedRoute['modules'][number])] : [];
    }),
  );
  return { tree, modules };
}

/**
 * The route component for `path` and `hash` (the arguments the generated route tree passes).
 * @returns a react-loadable component; its `preload()` loads the bucket and then the chunks.
 * @throws Error at render when a loaded chunk has no default export (as upstream).
 */
export default function ComponentCreator(path: string, hash: string): ReturnType<typeof Loadable> {
  if (path === '*') {
    return Loadable({
      loading: Loading,
      loader: () => import('@theme/NotFound'),
      render(loaded: { default: React.ComponentType<unknown> }, props: unknown) {
        const NotFound = loaded.default;
        return (
          <RouteContextProvider value={{ plugin: { name: 'native', id: 'default' } }}>
            <NotFound {...(props as object)} />
          </RouteContextProvider>
        );
      },
    });
  }
  const key = `${path}-${hash}`;
  return Loadable({
    loading: Loading,
    loader: () => loadRoute(key),
    render({ tree, modules }: LoadedRoute, props: unknown) {
      const loadedModules = JSON.parse(JSON.stringify(tree)) as Record<string, unknown>;
      for (const [keyPath, loadedModule] of modules) {
        const chunk = loadedModule.default as Record<string, unknown> | undefined;
        if (!chunk) {
          throw new Error(
            `The page component at ${path} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`,
          );
        }
        if (typeof chunk === 'object' || typeof chunk === 'function') {
          for (const nonDefaultKey of Object.keys(loadedModule).filter((k) => k !== 'default')) {
            chunk[nonDefaultKey] = loadedModule[nonDefaultKey];
          }
        }
        const keyPaths = keyPath.split('.');
        let value = loadedModules;
        for (const part of keyPaths.slice(0, -1)) value = value[part] as Record<string, unknown>;
        value[keyPaths[keyPaths.length - 1] ?? ''] = chunk;
      }
      const { __comp: Component, __context: routeContext, __props: routeProps, ...rest } = loadedModules;
      const RouteComponent = Component as React.ComponentType<Record<string, unknown>>;
      return (
        <RouteContextProvider value={routeContext as React.ComponentProps<typeof RouteContextProvider>['value']}>
          <RouteComponent {...rest} {...(routeProps as object)} {...(props as object)} />
        </RouteContextProvider>
      );
    },
  });
}
