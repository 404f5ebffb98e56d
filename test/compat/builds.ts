/** The two builds of the compatibility fixture (see scripts/build-compat.mjs). */
export const COMPAT_BUILDS = ['site', 'stock'] as const;

/** `site`: this site's configuration; `stock`: a stock Docusaurus 3.10 site. */
export type CompatBuild = (typeof COMPAT_BUILDS)[number];
