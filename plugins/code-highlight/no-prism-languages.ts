/**
 * Stands in for the theme's `prism-include-languages` client module, which would load Prism and
 * its languages into every page: code is highlighted at build time (see `index.ts`).
 */
export {};
