/**
 * Keeps the chunks of the mermaid library few (see ARCHITECTURE.md, 'Mermaid diagrams').
 *
 * Only pages with a diagram load mermaid, but every chunk of the client build, loaded or not, is
 * an entry of the chunk table in `runtime~main`, which every page loads: about 27 B gzip each with
 * chunk ids that are chunk names (`plugins/route-chunks`). Out of the box the library adds 68
 * chunks (1.8 KB gzip on every page). In the production client build this plugin:
 * - leaves mermaid's own modules (`mermaid`, `@mermaid-js/*`) in the chunk of their diagram type
 *   instead of splitting each into a vendors chunk beside it (webpack's `defaultVendors` group,
 *   otherwise unchanged, so no other chunk changes name);
 * - bundles the dynamic imports of `@mermaid-js/parser` (one per grammar) into the parser's own
 *   chunk, which only the diagram types that have such a grammar load.
 */
import type { Plugin } from '@docusaurus/types';

/** Mermaid's own packages, by the path of their modules. */
const MERMAID_PACKAGES = /[\\/]node_modules[\\/](?:mermaid|@mermaid-js[\\/][^\\/]+)[\\/]/;
const MERMAID_PARSER = /[\\/]node_modules[\\/]@mermaid-js[\\/]parser[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** The module's file, when it has one. */
function resourceOf(module: unknown): string {
  const resource = (module as { resource?: unknown }).resource;
  return typeof resource === 'string' ? resource : '';
}

/** Docusaurus plugin: production client build only; the server build and `npm start` are upstream's. */
export default function mermaidChunksPlugin(): Plugin {
  return {
    name: 'mermaid-chunks',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {
        module: { rules: [{ test: MERMAID_PARSER, parser: { dynamicImportMode: 'eager' } }] },
        optimization: {
          splitChunks: {
            cacheGroups: {
              // webpack's default vendors group, less mermaid's own modules.
              defaultVendors: {
                idHint: 'vendors',
                priority: -10,
                reuseExistingChunk: true,
                test: (module: unknown) => {
                  const resource = resourceOf(module);
                  return NODE_MODULES.test(resource) && !MERMAID_PACKAGES.test(resource);
                },
              },
            },
          },
        },
      };
    },
  };
}
