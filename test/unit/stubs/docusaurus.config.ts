/**
 * Stands in for `@generated/docusaurus.config` (the site configuration a build hands the browser):
 * only what the theme's Prism language loader reads. No additional languages, because that loader
 * `require`s them, which a test module cannot; tests register the ones they need themselves.
 */
export default { themeConfig: { prism: { additionalLanguages: [] as string[] } } };
