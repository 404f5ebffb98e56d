/**
 * The colours of highlighted code as a stylesheet, from the site's two Prism themes: tokens carry
 * their Prism types as classes (`token keyword`), and the light or dark colours apply by the page's
 * `data-theme`, so a code block needs no inline style and no re-render when the mode changes.
 *
 * Stock Docusaurus styles each token inline with prism-react-renderer's `getStyleForToken`: the
 * style of each of the token's types merged in the order of its types (outer tokens first, then
 * nested ones; a type before its alias), so the innermost type's colour wins. A stylesheet cannot
 * look at the order of a token's classes, only at the order of its rules, so the rules here come in
 * an order in which every type follows the types it can be nested in, found from Prism's grammars
 * ({@link typeOrder}). See ARCHITECTURE.md, 'Code highlighting'.
 */
import type { PrismTheme } from 'prism-react-renderer';

import { WINNING_TYPE_PREFIX } from './contract';

/** A Prism grammar: token name → pattern, pattern object, or list of them (plus `rest`). */
type Grammar = Record<string, unknown>;

/** The parts of a Prism pattern object this file reads. */
interface PatternObject {
  alias?: string | string[];
  inside?: Grammar;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof RegExp);

/** The patterns of a grammar entry: a regular expression (no alias, nothing inside) or pattern objects. */
function patternsOf(value: unknown): PatternObject[] {
  if (Array.isArray(value)) return value.flatMap(patternsOf);
  if (value instanceof RegExp) return [{}];
  return isObject(value) ? [value] : [];
}

const aliasesOf = (pattern: PatternObject): string[] =>
  pattern.alias === undefined ? [] : Array.isArray(pattern.alias) ? pattern.alias : [pattern.alias];

/**
 * The nesting of token types in Prism's grammars, as edges `outer → inner`: a type to the types of
 * the tokens its pattern's `inside` grammar makes, and a type to its aliases (which follow it in a
 * token's types). Grammars that refer to each other are each visited once.
 */
export function nestingEdges(languages: Readonly<Record<string, unknown>>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const add = (from: string, to: string): void => {
    if (from === to) return;
    const targets = edges.get(from) ?? new Set<string>();
    targets.add(to);
    edges.set(from, targets);
  };
  const visited = new Set<Grammar>();
  const visit = (grammar: Grammar, outer: readonly string[]): void => {
    if (visited.has(grammar)) return;
    visited.add(grammar);
    for (const [key, value] of Object.entries(grammar)) {
      if (key === 'rest') {
        if (isObject(value)) visit(value, outer);
        continue;
      }
      for (const pattern of patternsOf(value)) {
        const types = [key, ...aliasesOf(pattern)];
        for (const type of types.slice(1)) add(key, type);
        for (const parent of outer) for (const type of types) add(parent, type);
        if (isObject(pattern.inside)) visit(pattern.inside, types);
      }
    }
  };
  for (const grammar of Object.values(languages)) if (isObject(grammar)) visit(grammar, []);
  return edges;
}

/**
 * The token types of `themes` in an order where each type comes after every type it can be nested
 * in (`edges`, from {@link nestingEdges}), else in the themes' own order. Where the grammars nest
 * two types both ways (a string inside an interpolation inside a string), the cycle is broken at
 * the type that comes first in the themes, and those two types keep the themes' order.
 */
export function typeOrder(themes: readonly PrismTheme[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const rank = new Map<string, number>();
  for (const theme of themes)
    for (const entry of theme.styles) for (const type of entry.types) rank.set(type, rank.get(type) ?? rank.size);
  const nodes = new Set<string>([...rank.keys(), ...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])]);
  const incoming = new Map<string, number>([...nodes].map((node) => [node, 0]));
  for (const [from, targets] of edges) {
    if (!nodes.has(from)) continue;
    for (const to of targets) incoming.set(to, (incoming.get(to) ?? 0) + 1);
  }
  const byRank = (a: string, b: string): number =>
    (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER) || a.localeCompare(b);
  const order: string[] = [];
  const remaining = new Set(nodes);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((node) => incoming.get(node) === 0).sort(byRank);
    // A cycle: release the type the themes list first.
    const next = ready[0] ?? [...remaining].sort(byRank)[0];
    if (next === undefined) break;
    remaining.delete(next);
    order.push(next);
    for (const to of edges.get(next) ?? []) if (remaining.has(to)) incoming.set(to, (incoming.get(to) ?? 1) - 1);
  }
  return order.filter((type) => rank.has(type));
}

/** CSS declarations of a Prism style object (`color`, `backgroundColor`, `fontStyle`, …). */
function declarations(style: PrismTheme['plain']): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(value)};`)
    .join(' ');
}

/**
 * One theme's rules: the code block's colours, then one rule per type with that type's style merged
 * over the theme's entries (as prism-react-renderer's `themeToDict` merges them), in `order`; then
 * the same for the winning-type classes (`<winningPrefix><type>`), which come after all of those;
 * then the entries limited to some languages, which apply only to blocks in those languages.
 */
function themeRules(theme: PrismTheme, scope: string, order: readonly string[], winningPrefix: string): string[] {
  const container = `${scope}.theme-code-block`;
  const rules = [
    `${container} { --prism-color: ${String(theme.plain.color)}; --prism-background-color: ${String(theme.plain.backgroundColor)}; }`,
  ];
  const merged = new Map<string, PrismTheme['plain']>();
  for (const { types, style, languages } of theme.styles) {
    if (languages) continue;
    for (const type of types) merged.set(type, { ...merged.get(type), ...style });
  }
  for (const type of order) {
    const style = merged.get(type);
    if (style !== undefined) rules.push(`${container} .token.${type} { ${declarations(style)} }`);
  }
  // Last: the winning type of a token with several styled types (see WINNING_TYPE_PREFIX).
  for (const type of order) {
    const style = merged.get(type);
    if (style !== undefined) rules.push(`${container} .token.${winningPrefix}${type} { ${declarations(style)} }`);
  }
  for (const { types, style, languages } of theme.styles) {
    if (!languages) continue;
    const selectors = languages.flatMap((language) =>
      types.map((type) => `${container}.language-${language} .token.${type}`),
    );
    rules.push(`${selectors.join(', ')} { ${declarations(style)} }`);
  }
  return rules;
}

/**
 * The stylesheet: the light theme by default, the dark theme under `[data-theme='dark']`, each
 * type's rule after the rules of the types it can be nested in (see the file comment).
 * @param languages - Prism's grammars (`Prism.languages`, with the site's additional languages).
 */
export function highlightStylesheet(
  light: PrismTheme,
  dark: PrismTheme,
  languages: Readonly<Record<string, unknown>>,
): string {
  const order = typeOrder([light, dark], nestingEdges(languages));
  return `${[
    ...themeRules(light, '', order, WINNING_TYPE_PREFIX.light),
    ...themeRules(dark, "[data-theme='dark'] ", order, WINNING_TYPE_PREFIX.dark),
  ].join('\n')}\n`;
}
