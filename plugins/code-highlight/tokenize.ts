/**
 * Build-time syntax highlighting: the Prism instance prism-react-renderer bundles (the one the
 * theme highlights with in the browser), with the site's `additionalLanguages` added the way the
 * theme's `prism-include-languages` adds them, run in Node when a page's Markdown is compiled.
 * See ARCHITECTURE.md, 'Code highlighting'.
 */
import { createRequire } from 'node:module';

import { Prism, normalizeTokens, type EnvConfig } from 'prism-react-renderer';

import type { EncodedLines } from './contract';

const require = createRequire(__filename);
const loadedLanguages = new Set<string>();

/**
 * Adds Prism language components (`prismjs/components/prism-<name>`) to the Prism instance
 * prism-react-renderer uses, once each, exactly as `@theme/prism-include-languages` does in the
 * browser: Prism components register themselves on `globalThis.Prism`, so the instance is mounted
 * there while they load, and `php` first loads `markup-templating`, which it builds on.
 * @throws Error when a language has no Prism component.
 */
export function loadLanguages(languages: readonly string[]): void {
  const globals = globalThis as { Prism?: unknown };
  const before = globals.Prism;
  globals.Prism = Prism;
  try {
    for (const language of languages) {
      if (loadedLanguages.has(language)) continue;
      if (language === 'php') require('prismjs/components/prism-markup-templating.js');
      require(`prismjs/components/prism-${language}`);
      loadedLanguages.add(language);
    }
  } finally {
    if (before === undefined) delete globals.Prism;
    else globals.Prism = before;
  }
}

/**
 * Highlights `code` as `language`, as prism-react-renderer's `Highlight` does for the theme: the
 * language lower-cased, Prism's `before-tokenize` and `after-tokenize` hooks run around
 * `Prism.tokenize` (the Markdown grammar marks fenced code in its `after-tokenize` hook), the
 * result split into lines by `normalizeTokens`. A language Prism does not know (`console`) gives
 * one plain token per line, as it does upstream. Tokens are kept one for one with upstream's, so
 * the page shows the same `span`s.
 * @returns the lines, each a list of `[types, content]`; an empty line is one `['plain', '\n']`.
 */
export function tokenize(code: string, language: string): EncodedLines {
  const name = language.toLowerCase();
  const grammar = Prism.languages[name];
  let tokens: EnvConfig['tokens'] = [code];
  if (grammar) {
    const env: EnvConfig = { code, grammar, language: name, tokens: [] };
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(env.code, env.grammar);
    Prism.hooks.run('after-tokenize', env);
    tokens = env.tokens;
  }
  return normalizeTokens(tokens).map((line) =>
    line.map((token): EncodedLines[number][number] => [token.types.join(' '), token.empty ? '\n' : token.content]),
  );
}
