/**
 * Build-time syntax highlighting: Prism (the copy prism-react-renderer bundles, as the theme
 * uses) with the site's extra languages, run in Node when a page's Markdown is compiled.
 */
import { createRequire } from 'node:module';

import { Prism, normalizeTokens } from 'prism-react-renderer';

import type { EncodedLines } from './contract';

const require = createRequire(__filename);
const loadedLanguages = new Set<string>();

/**
 * Adds Prism language components (`prismjs/components/prism-<name>`) to the Prism instance
 * prism-react-renderer uses, once each. Prism components register themselves on `globalThis.Prism`,
 * so the instance is mounted there while they load, as the theme does in the browser.
 * @throws Error when a language has no Prism component.
 */
export function loadLanguages(languages: readonly string[]): void {
  const globals = globalThis as { Prism?: unknown };
  const before = globals.Prism;
  globals.Prism = Prism;
  try {
    for (const language of languages) {
      if (loadedLanguages.has(language)) continue;
      require(`prismjs/components/prism-${language}`);
      loadedLanguages.add(language);
    }
  } finally {
    if (before === undefined) delete globals.Prism;
    else globals.Prism = before;
  }
}

/**
 * Highlights `code` as `language`. A language Prism does not know (`text`, `console`) gives one
 * plain token per line, as the theme shows it. Adjacent tokens of the same types are merged.
 * @returns the lines, each a list of `[types, content]`; an empty line is one `['plain', '\n']`.
 */
export function tokenize(code: string, language: string): EncodedLines {
  const grammar = Prism.languages[language];
  const tokens = grammar ? Prism.tokenize(code, grammar) : [code];
  return normalizeTokens(tokens).map((line) => {
    const merged: EncodedLines[number] = [];
    for (const token of line) {
      const types = token.types.join(' ');
      const content = token.empty ? '\n' : token.content;
      const last = merged[merged.length - 1];
      if (last && last[0] === types && content !== '\n' && last[1] !== '\n') last[1] += content;
      else merged.push([types, content]);
    }
    return merged;
  });
}
