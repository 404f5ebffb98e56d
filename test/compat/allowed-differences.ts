/**
 * The only differences between this site and stock Docusaurus that the compatibility suite
 * accepts, each with its reason. README.md ("Compatibility with stock Docusaurus") and
 * CONTRIBUTING.md quote this table; change them together.
 *
 * An entry does not switch a comparison off: its `normalize` removes exactly the listed difference
 * from the value of one build, and everything else is still compared. No feature is here because
 * making it work was hard: each entry is a choice of this site's configuration.
 */
import { simpleHash } from '@docusaurus/utils';

import { SITE_URL } from '../../site-config';
import type { CompatBuild } from './builds';
import type { Json } from './compare';
import type { FeatureName, FixturePage } from './features';

/** One accepted difference. */
export interface AllowedDifference {
  feature: FeatureName;
  /** The pages it applies to, or `'*'` for every page. */
  pages: '*' | readonly FixturePage[];
  /** What differs, as a reader sees it. */
  difference: string;
  /** Why this site differs on purpose. */
  reason: string;
  /** Removes the difference from one build's value; returns every other part unchanged. */
  normalize: (value: Json, build: CompatBuild) => Json;
}

/** The storage namespace stock Docusaurus appends to its keys under `future.v4` (`-` and 3 characters). */
const STOCK_STORAGE_NAMESPACE = `-${simpleHash(`${SITE_URL}/`, 3)}`;

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  {
    feature: 'doc footer',
    pages: '*',
    difference: 'The site shows "Edit this page" and "Last updated on <date>" under every doc; stock shows neither.',
    reason:
      'Site configuration, not a Markdown feature: the docs plugin options `editUrl` and `showLastUpdateTime` are set for this site (stock leaves both off by default).',
    normalize: (value, build) =>
      build === 'site' && isRecord(value) ? { ...value, editLink: null, lastUpdated: null } : value,
  },
  {
    feature: 'controls above the body',
    pages: '*',
    difference: 'The site adds a "Copy page" button and a "View as Markdown" link beside every doc title.',
    reason:
      "The site's own addition (the `DocItem/Content` wrapper and the Markdown twins of every page); it adds to the page and takes nothing away.",
    normalize: (value, build) =>
      build === 'site' && isRecord(value) && Array.isArray(value.actions)
        ? { ...value, actions: value.actions.filter((name) => name !== 'Copy page' && name !== 'View as Markdown') }
        : value,
  },
  {
    feature: 'tab choice synced by groupId, and its storage',
    pages: ['/tabs'],
    difference: `The tab choice is stored under \`docusaurus.tab.<groupId>\`; stock appends its storage namespace (\`${STOCK_STORAGE_NAMESPACE}\`).`,
    reason:
      '`storage.namespace: false` keeps the key names of the site readers already have, so their choices survive (`future.v4` turns namespacing on in stock).',
    normalize: (value, build) => {
      if (build !== 'stock' || !isRecord(value) || !isRecord(value.storage)) return value;
      const storage = Object.fromEntries(
        Object.entries(value.storage).map(([key, stored]) => [
          key.endsWith(STOCK_STORAGE_NAMESPACE) ? key.slice(0, -STOCK_STORAGE_NAMESPACE.length) : key,
          stored,
        ]),
      );
      return { ...value, storage };
    },
  },
];

/** The entries that apply to `feature` on `page`. */
export function allowedDifferencesFor(feature: FeatureName, page: string): AllowedDifference[] {
  return ALLOWED_DIFFERENCES.filter(
    (entry) => entry.feature === feature && (entry.pages === '*' || (entry.pages as readonly string[]).includes(page)),
  );
}
