/**
 * The site's Prism settings (`themeConfig.prism`) as the theme sees them: validated and completed
 * with its defaults by theme-classic's own schema, so the build-time highlighter and the theme
 * agree on the default language, the extra languages and the magic comments.
 */
import type { ThemeConfigValidationContext } from '@docusaurus/types';
import type { ThemeConfig } from '@docusaurus/theme-common';
import { validateThemeConfig } from '@docusaurus/theme-classic/lib/options';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';

/** `themeConfig.prism` with the theme's defaults filled in. */
export type PrismSettings = ThemeConfig['prism'];

/**
 * Validates `prism` (a site's `themeConfig.prism`) with theme-classic's schema and fills in its
 * defaults: `additionalLanguages: []`, the `highlight-next-line` / `highlight-start` /
 * `highlight-end` magic comments, language names lower-cased.
 * @throws the schema's error, naming the field, when `prism` is not a valid Prism configuration.
 */
export function prismSettings(prism: Partial<PrismSettings>): PrismSettings {
  const validate: ThemeConfigValidationContext<ThemeConfig>['validate'] = (schema, themeConfig) =>
    normalizeThemeConfig(schema, themeConfig);
  return validateThemeConfig({ validate, themeConfig: { prism } as unknown as ThemeConfig }).prism;
}
