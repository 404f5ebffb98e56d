/**
 * Local plugin: `npm start` does preview work only, and compiles a page when it is first opened.
 *
 * Upstream, the dev server compiles every page's MDX (about 1,100 modules here) before it serves
 * the first one. With this plugin, in development only:
 * - the bundler's lazy compilation (`lazyCompilation: { imports: true }`) compiles a dynamic
 *   `import()` (a route's content, layout or sidebar chunk) when the browser first asks for it;
 *   Rspack's `lazyCompilationMiddleware` answers those requests in the dev server;
 * - `registry-loader.cjs` removes the weak references of Docusaurus's route registry, which would
 *   otherwise make the bundler build every page up front.
 * A page not opened yet is compiled on its first visit (about a second) and cached from then on;
 * an edit recompiles only the edited file. Production builds are untouched: the plugin returns
 * nothing unless the client bundle is built in development mode.
 *
 * The production-only work stays out of `npm start` by lifecycle: the Markdown twins, search
 * index and security headers run in `postBuild`, which `docusaurus start` never calls
 * (precompression is a deploy step, `npm run precompress`), and the route buckets of `plugins/route-chunks` are written for production client builds
 * only.
 */
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { lazyCompilationMiddleware } from '@rspack/core';

/** The loader that removes the registry's weak references, by absolute path. */
export const REGISTRY_LOADER = path.join(__dirname, 'registry-loader.cjs');

/** Middleware as webpack-dev-server's `setupMiddlewares` receives them. */
type Middlewares = unknown[];

/**
 * The development-only bundler configuration (see the file comment).
 * @param generatedFilesDir - Docusaurus's generated-files folder (`.docusaurus`), which holds the
 *   registry.
 */
export function previewBundlerConfig(generatedFilesDir: string): Record<string, unknown> {
  return {
    lazyCompilation: { imports: true, entries: false },
    module: {
      rules: [{ test: path.join(generatedFilesDir, 'registry.js'), use: [REGISTRY_LOADER] }],
    },
    devServer: {
      // webpack-merge composes this function with Docusaurus's own: both receive the same list and
      // the results are concatenated. This one adds Rspack's lazy-compilation middleware in front of
      // the list it shares and returns nothing more, so nothing is added twice.
      setupMiddlewares: (
        middlewares: Middlewares,
        devServer: { compiler: Parameters<typeof lazyCompilationMiddleware>[0] },
      ) => {
        middlewares.unshift(lazyCompilationMiddleware(devServer.compiler));
        return [];
      },
    },
  };
}

/** Docusaurus plugin factory. */
export default function previewPlugin(context: LoadContext): Plugin {
  return {
    name: 'preview',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'development') return {};
      return previewBundlerConfig(context.generatedFilesDir);
    },
  };
}
