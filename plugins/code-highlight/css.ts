/**
 * The colours of highlighted code as a stylesheet, from the site's two Prism themes: tokens carry
 * their Prism types as classes (`token keyword`), and the light or dark colours apply by the page's
 * `data-theme`, so a code block needs no inline style and no re-render when the mode changes.
 */
import type { PrismTheme } from 'prism-react-renderer';

/** CSS declarations of a Prism style object (`color`, `backgroundColor`, `fontStyle`, …). */
function declarations(style: PrismTheme['plain']): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${String(value)};`)
    .join(' ');
}

function themeRules(theme: PrismTheme, scope: string): string[] {
  const container = `${scope}.theme-code-block`;
  const rules = [
    `${container} { --prism-color: ${String(theme.plain.color)}; --prism-background-color: ${String(theme.plain.backgroundColor)}; }`,
  ];
  for (const { types, style, languages } of theme.styles) {
    // An entry limited to some languages applies, as upstream, only to blocks in those languages.
    const blocks = languages ? languages.map((language) => `${container}.language-${language}`) : [container];
    const selectors = blocks.flatMap((block) => types.map((type) => `${block} .token.${type}`)).join(', ');
    rules.push(`${selectors} { ${declarations(style)} }`);
  }
  return rules;
}

/**
 * The stylesheet: the light theme by default, the dark theme under `[data-theme='dark']`.
 * Rules follow each theme's style order, so where a token has two types, the later entry's colour
 * wins.
 */
export function highlightStylesheet(light: PrismTheme, dark: PrismTheme): string {
  return `${[...themeRules(light, ''), ...themeRules(dark, "[data-theme='dark'] ")].join('\n')}\n`;
}
