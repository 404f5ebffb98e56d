/**
 * Less JavaScript and less main-thread work in a page's first load (see ARCHITECTURE.md, 'In the
 * browser'). In the production client build:
 * - theme-common's `useWindowSize` is replaced by `client/useWindowSize.ts`, which applies its
 *   first measurement after hydration in a transition: on a phone, the swap of the desktop sidebar
 *   and table of contents (rendered by the server) for their mobile versions then renders in
 *   slices instead of one long task;
 * - `@docusaurus/utils-common` is replaced by `client/utils-common.ts`, the same exports without
 *   `tslib` (4 KB gzip of `main.js`).
 * The server render and `docusaurus start` keep upstream. The plugin hands the browser nothing
 * else, so it has no contract.
 */
import path from 'node:path';

import type { Plugin } from '@docusaurus/types';
import type { WebpackPluginInstance as WebpackPlugin } from 'webpack';
import { noOptions } from '../plugin-options';

/** The upstream module this plugin replaces in the client bundle. */
export const UPSTREAM_USE_WINDOW_SIZE = path.join(
  path.dirname(require.resolve('@docusaurus/theme-common')),
  'hooks',
  'useWindowSize.js',
);

const CLIENT_USE_WINDOW_SIZE = path.join(__dirname, 'client', 'useWindowSize.ts');
const CLIENT_UTILS_COMMON = path.join(__dirname, 'client', 'utils-common.ts');

/**
 * Whether an import of `request` from folder `context` resolves to theme-common's
 * `useWindowSize` module (`./hooks/useWindowSize` from its index, `../hooks/useWindowSize` from its
 * contexts). Pure.
 */
export function isUpstreamUseWindowSize(request: string, context: string | undefined): boolean {
  if (context === undefined || !request.startsWith('.')) return false;
  const resolved = path.resolve(context, request);
  return resolved === UPSTREAM_USE_WINDOW_SIZE || `${resolved}.js` === UPSTREAM_USE_WINDOW_SIZE;
}

/** Docusaurus plugin; see the file comment. */
export default function firstLoadPlugin(context?: unknown, options?: unknown): Plugin {
  noOptions('first-load')(options);
  return {
    name: 'first-load',
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode !== 'production') return {};
      const bundler = utils.currentBundler.instance as unknown as {
        NormalModuleReplacementPlugin: new (
          pattern: RegExp,
          replacement: (resource: { request: string; context?: string }) => void,
        ) => WebpackPlugin;
      };
      return {
        resolve: { alias: { '@docusaurus/utils-common$': CLIENT_UTILS_COMMON } },
        plugins: [
          new bundler.NormalModuleReplacementPlugin(/useWindowSize(\.js)?$/, (resource) => {
            if (isUpstreamUseWindowSize(resource.request, resource.context)) resource.request = CLIENT_USE_WINDOW_SIZE;
          }),
        ],
      };
    },
  };
}
