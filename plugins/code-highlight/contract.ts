/**
 * What the code-highlight plugin hands from build time to the browser: each fenced code block's
 * highlighted tokens, computed by Prism when the page's Markdown is compiled and passed to the
 * `code` element as the {@link TOKENS_PROP} prop (a JSON string). Safe to import on both sides.
 */

/** The MDX prop that carries a code block's tokens. */
export const TOKENS_PROP = 'tokens';

/** One token: its Prism types joined by spaces (`"keyword"`, `"string url"`, `"plain"`), and its text. */
export type EncodedToken = [types: string, content: string];

/** A code block's lines, each a list of tokens, as the {@link TOKENS_PROP} JSON holds them. */
export type EncodedLines = EncodedToken[][];

/** A token as the theme's `CodeBlock/Line` renders it (the shape prism-react-renderer uses). */
export interface LineToken {
  types: string[];
  content: string;
  empty?: boolean;
}

function isEncodedLines(value: unknown): value is EncodedLines {
  return (
    Array.isArray(value) &&
    value.every(
      (line) =>
        Array.isArray(line) &&
        line.every(
          (token) =>
            Array.isArray(token) && token.length === 2 && typeof token[0] === 'string' && typeof token[1] === 'string',
        ),
    )
  );
}

/**
 * The token lines of `code` from its {@link TOKENS_PROP} value, or `undefined` when the value is
 * missing, is not valid JSON of the {@link EncodedLines} shape, or does not spell exactly `code`
 * (the block was changed after highlighting). Never throws: the caller then shows plain text.
 */
export function decodeTokens(encoded: unknown, code: string): LineToken[][] | undefined {
  if (typeof encoded !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return undefined;
  }
  if (!isEncodedLines(parsed)) return undefined;
  const lines = parsed.map((line) =>
    line.map(([types, content]) =>
      content === '\n' ? { types: types.split(' '), content, empty: true } : { types: types.split(' '), content },
    ),
  );
  const text = lines.map((line) => line.map((token) => (token.empty ? '' : token.content)).join('')).join('\n');
  return text === code ? lines : undefined;
}

/** Plain lines of `code`, one untyped token each: what a block without tokens shows. */
export function plainLines(code: string): LineToken[][] {
  return code.split('\n').map((content) => [{ types: ['plain'], content }]);
}

/**
 * Class prefixes that mark, on a token with several styled types, the type whose style wins in the
 * light and in the dark theme (`xl-keyword`, `xd-keyword`). Stock Docusaurus merges a token's
 * type styles in the order of its types, so the last styled type wins; a stylesheet can only
 * order its rules, and Prism's grammars nest some types both ways, so the stylesheet gives these
 * classes the last word.
 */
export const WINNING_TYPE_PREFIX = { light: 'xl-', dark: 'xd-' } as const;

/** The parts of a Prism theme that decide which types are styled. */
export interface ThemeStyles {
  styles: readonly { types: readonly string[]; languages?: readonly string[] }[];
}

const styledTypeSets = new WeakMap<ThemeStyles, ReadonlySet<string>>();

/** The types a theme styles in every language (its entries without `languages`). */
export function styledTypes(theme: ThemeStyles): ReadonlySet<string> {
  let types = styledTypeSets.get(theme);
  if (types === undefined) {
    types = new Set(theme.styles.filter((entry) => !entry.languages).flatMap((entry) => entry.types));
    styledTypeSets.set(theme, types);
  }
  return types;
}

/**
 * The winning-type classes of a token of `types` (see {@link WINNING_TYPE_PREFIX}): for each theme in
 * which the token has two or more styled types, the prefix and the last of them; otherwise none,
 * as the stylesheet's rule for the one type decides. Pure; never throws.
 */
export function winningTypeClasses(
  types: readonly string[],
  light: ReadonlySet<string>,
  dark: ReadonlySet<string>,
): string[] {
  const classes: string[] = [];
  for (const [prefix, styled] of [
    [WINNING_TYPE_PREFIX.light, light],
    [WINNING_TYPE_PREFIX.dark, dark],
  ] as const) {
    const own = types.filter((type) => styled.has(type));
    const last = own[own.length - 1];
    if (own.length > 1 && last !== undefined) classes.push(`${prefix}${last}`);
  }
  return classes;
}
