/**
 * Syntax highlighting at build time (see ARCHITECTURE.md, 'Code highlighting').
 *
 * Upstream, every page's `main.js` carries Prism and its languages (about 31 KB gzip) and every
 * code block is highlighted again in the browser, then rendered a second time after hydration to
 * switch to the dark theme's inline colours. Here:
 * - `remark.ts` highlights each fenced block when the Markdown is compiled, exactly as the theme
 *   would (its own `createCodeBlockMetadata`, the same Prism), and passes the tokens to the page as
 *   a prop;
 * - the plugin's theme (`theme/CodeBlock`) renders those tokens, with no highlighter and no
 *   second render; a block without them (code known only at run time) is highlighted by a chunk
 *   that only pages rendering such a block load (`client/RuntimeLines.tsx`);
 * - the colours come from a stylesheet written from the site's Prism themes (`css.ts`), light and
 *   dark by `data-theme`;
 * - the theme's Prism client module (`prism-include-languages`) is replaced by an empty module.
 * Everything is read from the site's `themeConfig.prism`, as the theme reads it.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import type { WebpackPluginInstance } from 'webpack';

import { Prism } from 'prism-react-renderer';

import { highlightStylesheet } from './css';
import { loadLanguages } from './tokenize';
import { prismSettings, type PrismSettings } from './settings';
import { noOptions } from '../plugin-options';

export { default as remarkHighlightCode } from './remark';

const NAME = 'code-highlight';

/**
 * Docusaurus plugin factory: writes the colour stylesheet of the site's `themeConfig.prism` themes
 * in `loadContent` and ships it as a client module, ships the `CodeBlock` theme components, and
 * keeps the theme's Prism client module out of the bundle.
 * @throws the theme's validation error when `themeConfig.prism` is invalid.
 */
export default function codeHighlightPlugin(context: LoadContext, options?: unknown): Plugin {
  noOptions(NAME)(options);
  const prism = prismSettings((context.siteConfig.themeConfig as { prism?: Partial<PrismSettings> }).prism ?? {});
  const stylesheet = path.join(context.generatedFilesDir, NAME, 'highlight.css');
  return {
    name: NAME,
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return path.join(__dirname, 'theme');
    },
    async loadContent() {
      await fs.promises.mkdir(path.dirname(stylesheet), { recursive: true });
      // The grammars of every language a block can use, for the order of the rules.
      loadLanguages(prism.additionalLanguages);
      const css = highlightStylesheet(prism.theme, prism.darkTheme ?? prism.theme, Prism.languages);
      await fs.promises.writeFile(stylesheet, css);
    },
    getClientModules() {
      return [stylesheet];
    },
    configureWebpack(_config, _isServer, utils) {
      const bundler = utils.currentBundler.instance as unknown as {
        NormalModuleReplacementPlugin: new (pattern: RegExp, replacement: string) => WebpackPluginInstance;
      };
      return {
        plugins: [
          // The theme lists its client module by absolute path.
          new bundler.NormalModuleReplacementPlugin(
            /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            path.join(__dirname, 'no-prism-languages.ts'),
          ),
        ],
      };
    },
  };
}
