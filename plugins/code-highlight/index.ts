/**
 * Syntax highlighting at build time.
 *
 * Upstream, every page's `main.js` carries Prism and its languages (about 31 KB gzip) and every
 * code block is highlighted again in the browser, then rendered a second time after hydration to
 * switch to the dark theme's inline colours. Here:
 * - `remark.ts` highlights each fenced block when the Markdown is compiled and passes the tokens to
 *   the page as a prop;
 * - the plugin's theme (`theme/CodeBlock`) renders those tokens, with no highlighter and no
 *   second render;
 * - the colours come from a stylesheet written from the site's Prism themes (`css.ts`), light and
 *   dark by `data-theme`;
 * - the theme's Prism client module (`prism-include-languages`) is replaced by an empty module.
 * A block without tokens (a `<CodeBlock>` in a React page) shows its text unhighlighted.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { LoadContext, OptionValidationContext, Plugin, PluginModule } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import type { WebpackPluginInstance } from 'webpack';

import { highlightStylesheet } from './css';
import { loadLanguages } from './tokenize';

export { default as remarkHighlightCode } from './remark';

/** Options: the site's Prism themes and the extra Prism languages its code blocks use. */
export interface CodeHighlightOptions {
  lightTheme: PrismTheme;
  darkTheme: PrismTheme;
  additionalLanguages: string[];
}

const NAME = 'code-highlight';

/**
 * Docusaurus plugin factory. Loads the extra Prism languages (so the remark plugin, which runs in
 * the same process, can use them), writes the colour stylesheet in `loadContent`, and ships it as a
 * client module.
 * @throws Error when a language in `additionalLanguages` has no Prism component.
 */
export function codeHighlightPlugin(context: LoadContext, options: CodeHighlightOptions): Plugin<string> {
  loadLanguages(options.additionalLanguages);
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
      const css = highlightStylesheet(options.lightTheme, options.darkTheme);
      await fs.promises.writeFile(stylesheet, css);
      return css;
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

function isPrismTheme(value: unknown): value is PrismTheme {
  return typeof value === 'object' && value !== null && 'plain' in value && Array.isArray((value as PrismTheme).styles);
}

/**
 * Checks the plugin's options (Docusaurus calls it before the factory).
 * @throws Error naming the option when a theme is not a Prism theme or the languages are not names.
 */
export function validateOptions({
  options,
}: OptionValidationContext<unknown, CodeHighlightOptions>): CodeHighlightOptions {
  const { lightTheme, darkTheme, additionalLanguages } = (options ?? {}) as Partial<CodeHighlightOptions>;
  if (!isPrismTheme(lightTheme)) throw new Error(`${NAME}: option "lightTheme" must be a Prism theme`);
  if (!isPrismTheme(darkTheme)) throw new Error(`${NAME}: option "darkTheme" must be a Prism theme`);
  if (!Array.isArray(additionalLanguages) || !additionalLanguages.every((name) => typeof name === 'string')) {
    throw new Error(`${NAME}: option "additionalLanguages" must be a list of Prism language names`);
  }
  return { lightTheme, darkTheme, additionalLanguages };
}

/** The factory with its validator, typed as the config's plugin list expects. */
const codeHighlight = Object.assign(codeHighlightPlugin, { validateOptions }) as unknown as PluginModule;
export default codeHighlight;
