/**
 * What the compatibility suite compares: the fixture's pages and, on each, the features a reader
 * sees or uses. README.md, "Compatibility with stock Docusaurus", lists them.
 */

/** Features read on every page (see `extract.ts`), each compared as one value. */
export const PAGE_FEATURES = [
  'title and metadata',
  'headings',
  'text and roles',
  'code blocks, light',
  'code blocks, dark',
  'admonitions',
  'tabs',
  'details',
  'images and diagrams',
  'links',
  'table of contents',
  'inline table of contents',
  'sidebar',
  'breadcrumbs',
  'pagination',
  'tags',
  'doc cards',
  'doc footer',
  'controls above the body',
  'console errors',
] as const;

/** Features that need clicks, storage or another address, each on the page that shows it. */
export const INTERACTION_FEATURES = [
  'tab choice synced by groupId, and its storage',
  'tab choice in the address (queryString)',
  'tab chosen from the address on load',
  'lazy tab panels',
  'details open and close',
  'copy button',
  'word wrap button',
  'draft page left out',
] as const;

/** A feature read on every page. */
export type PageFeature = (typeof PAGE_FEATURES)[number];

/** One feature the suite compares. */
export type FeatureName = (typeof PAGE_FEATURES)[number] | (typeof INTERACTION_FEATURES)[number];

/** Every page of the fixture that both builds serve, by path. */
export const FIXTURE_PAGES = [
  '/',
  '/code-blocks',
  '/languages',
  '/tabs',
  '/admonitions',
  '/headings-and-toc',
  '/quick-reference',
  '/state/',
  '/state/backends',
  '/state/locking',
  '/networking',
  '/networking/subnets',
  '/networking/route-tables',
  '/cards',
  '/assets',
  '/diagrams',
  '/unlisted',
  '/code-block-page',
] as const;

/** A page of {@link FIXTURE_PAGES}. */
export type FixturePage = (typeof FIXTURE_PAGES)[number];
