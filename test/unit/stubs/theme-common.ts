/**
 * `@docusaurus/theme-common` in component tests: the real error-boundary helpers (which the crash
 * screen uses) and `useThemeConfig` answering with the site's Prism themes (which the code blocks
 * read), since the theme's own reads a context that only a Docusaurus app provides.
 */
import { darkCodeTheme, lightCodeTheme } from '../../../src/css/prism-themes';

export * from '../../../node_modules/@docusaurus/theme-common/lib/utils/errorBoundaryUtils.js';

/** The part of the theme configuration the components under test read. */
export function useThemeConfig(): { prism: { theme: typeof lightCodeTheme; darkTheme: typeof darkCodeTheme } } {
  return { prism: { theme: lightCodeTheme, darkTheme: darkCodeTheme } };
}
