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

import { SITE_KEYWORDS, SITE_URL } from '../../site-config';
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

/**
 * A heading that ends in the MDX comment form of an explicit id (`Setup {/* #setup *\/}`): its text
 * before the comment and the id, or null for any other heading text.
 */
const COMMENT_HEADING_ID = /^(.*?)\s*\{\/\*\s*#([\w-]+)\s*\*\/\}$/;

/** The comment form of an explicit heading id, anywhere in a line of text. */
const COMMENT_ID_TEXT = /\s*\{\/\*\s*#[\w-]+\s*\*\/\}/g;

/** The anchor of such a heading: `"#setup--setup-"` is the slug of `Setup {/* #setup *\/}`. */
const COMMENT_ID_ANCHOR = /"#[\w-]*--([\w-]+)-"/;

/** The `.md` files of the fixture: CommonMark on this site, MDX in stock under `future.v4`. */
const MARKDOWN_PAGES = ['/quick-reference'] as const;

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  {
    feature: 'title and metadata',
    pages: '*',
    difference: `A page without \`keywords\` front matter has the site's keywords meta tag (\`${SITE_KEYWORDS}\`); stock has none.`,
    reason:
      "Site configuration (`themeConfig.metadata`), not a Markdown feature; a page's own `keywords` replace it, as in stock.",
    normalize: (value, build) => {
      if (build !== 'site' || !isRecord(value) || !isRecord(value.meta) || value.meta.keywords !== SITE_KEYWORDS)
        return value;
      return { ...value, meta: Object.fromEntries(Object.entries(value.meta).filter(([name]) => name !== 'keywords')) };
    },
  },
  {
    feature: 'headings',
    pages: MARKDOWN_PAGES,
    difference:
      'In a `.md` file, the MDX comment form of an explicit heading id (`## Setup {/* #setup */}`) stays text and the id comes from the whole heading.',
    reason:
      "`markdown.format: 'detect'`: `.md` files are CommonMark on this site, because its older pages use `<` and `{` in prose, so MDX syntax is text there; `.md` files take the classic `{#setup}` form (which stock's MDX rejects under `future.v4`), and `.mdx` files work as in stock.",
    normalize: (value, build) =>
      build === 'site' && Array.isArray(value)
        ? value.map((heading) => {
            if (!isRecord(heading) || typeof heading.text !== 'string') return heading;
            const match = COMMENT_HEADING_ID.exec(heading.text);
            return match ? { ...heading, text: match[1] ?? '', id: match[2] ?? '' } : heading;
          })
        : value,
  },
  {
    feature: 'text and roles',
    pages: MARKDOWN_PAGES,
    difference: 'The same `.md` heading shows its `{/* #id */}` comment as text.',
    reason: "`markdown.format: 'detect'`, as for the headings above.",
    normalize: (value, build) =>
      build === 'site' && Array.isArray(value)
        ? value.map((line) => {
            if (typeof line !== 'string') return line;
            // The heading's anchor link, whose id is the slug of the whole text with the comment.
            const anchor = COMMENT_ID_ANCHOR.exec(line);
            if (anchor) return line.replace(anchor[0], `"#${anchor[1] ?? ''}"`);
            if (line.search(COMMENT_ID_TEXT) === -1) return line;
            // Without the comment, the line needs no YAML quotes any more (`- 'heading "x"':` and
            // `- text: "x"`), as in stock's snapshot.
            return line
              .replace(COMMENT_ID_TEXT, '')
              .replace(/^(\s*- )'(.*)':$/, '$1$2:')
              .replace(/^(\s*- [\w-]+: )"([^"\\:#{}[\]]*)"$/, '$1$2');
          })
        : value,
  },
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
