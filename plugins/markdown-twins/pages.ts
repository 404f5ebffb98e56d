/**
 * Every page of the site as a {@link SitePage}: its title, description, address and Markdown body,
 * in reading order (the sidebars in the order `sidebars.ts` declares them, then pages in no
 * sidebar). Docs and Markdown pages take the body converted from their built HTML; the home page,
 * the tag pages and the search page are written from the data those pages render.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import type { LoadedContent as PagesContent } from '@docusaurus/plugin-content-pages';

import { HOME_SECTIONS } from '../../src/components/HomeCards/sections';
import { areaOf, isUnder, ROUTES, sectionHome, type Area } from '../../src/lib/routes';
import { SITE_TAGLINE, SITE_TITLE } from '../../site-config';
import { LLMS_FULL_TXT_PATH, LLMS_TXT_PATH } from './contract';
import { markdownFromTree, TwinError, type TwinPage } from './convert';

/** The top-level sections of `llms.txt`, in order; `Optional` holds the long tail. */
export const SECTIONS = [
  'Introduction',
  'Guides',
  'Library Reference: Modules',
  'Library Reference: Services',
  'FAQ',
  'Stay up to date',
  'Knowledge Base',
  'Optional',
] as const;

export type SectionName = (typeof SECTIONS)[number];

/** A page of the site with its twin's content. */
export interface SitePage extends TwinPage {
  /** The page's path, for example `/intro` or `/guides/`. */
  path: string;
  /** Its section in `llms.txt`. */
  section: SectionName;
}

/** The `llms.txt` section of each area of the docs (release notes under "Stay up to date"). */
const SECTION_OF_AREA: Readonly<Record<Area, SectionName>> = {
  releases: 'Stay up to date',
  stayUpToDate: 'Stay up to date',
  guides: 'Guides',
  modules: 'Library Reference: Modules',
  services: 'Library Reference: Services',
  knowledgeBase: 'Knowledge Base',
  faq: 'FAQ',
  intro: 'Introduction',
};

/** A month of release notes: `YYYY-MM/` right below the releases index. */
const isReleaseMonth = (pagePath: string): boolean =>
  isUnder(pagePath, ROUTES.releases) && /^\d{4}-\d{2}\/$/.test(pagePath.slice(ROUTES.releases.length));

/** The `llms.txt` section of a page path. Release months, tags and site pages are optional. */
export function sectionOf(pagePath: string): SectionName {
  if (isReleaseMonth(pagePath)) return 'Optional';
  const area = areaOf(pagePath);
  return area === undefined ? 'Optional' : SECTION_OF_AREA[area];
}

type Version = DocsContent['loadedVersions'][number];
type Doc = Version['docs'][number];
type SidebarItem = Version['sidebars'][string][number];

/** Doc ids in the order a reader meets them in the sidebars, each once. */
function sidebarOrder(version: Version): string[] {
  const byPermalink = new Map(version.docs.map((doc) => [doc.permalink, doc.id]));
  const ids: string[] = [];
  const walk = (items: readonly SidebarItem[]): void => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') ids.push(item.id);
      else if (item.type === 'link') {
        const id = byPermalink.get(item.href);
        if (id !== undefined) ids.push(id);
      } else if (item.type === 'category') {
        if (item.link?.type === 'doc') ids.push(item.link.id);
        walk(item.items);
      }
    }
  };
  for (const items of Object.values(version.sidebars)) walk(items);
  return [...new Set(ids)];
}

const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** A list of links with their descriptions, as mdast. */
function linkList(items: readonly { title: string; url: string; description: string }[]): RootContent {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((item) => ({
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: item.url, children: [text(item.title)] },
            ...(item.description === '' ? [] : [text(`: ${item.description}`)]),
          ],
        },
      ],
    })),
  };
}

/** Input of {@link collectPages}. */
export interface CollectOptions {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** The docs plugin's content (one version). */
  docs: DocsContent;
  /** The pages plugin's content. */
  pages: PagesContent;
  /** Every route the build wrote; each must get a twin. */
  routesPaths: readonly string[];
  /**
   * What each doc, Markdown page and React page shows, by route, converted from its built HTML:
   * the Markdown body, and the title and description of the page's head.
   */
  bodies: ReadonlyMap<string, { body: string; title: string; description: string }>;
}

/**
 * Whether the home page is the site's React home page (`src/pages/index.tsx`), whose twin is
 * written from its cards (`HOME_SECTIONS`); a doc or Markdown page at `/` gets its twin as any page.
 */
export function isHomeFromCards(pages: PagesContent): boolean {
  return pages.some((page) => page.permalink === ROUTES.home && page.type !== 'mdx');
}

/**
 * Whether a route's twin is written from data rather than from what the page renders: the React
 * home page (from its cards, see {@link isHomeFromCards}), the tag pages (from the docs' tags) and
 * the search page (which renders nothing without a query). Never throws.
 */
export function isTwinFromData(route: string, homeFromCards: boolean): boolean {
  return (
    (homeFromCards && route === ROUTES.home) ||
    route === ROUTES.search ||
    route === sectionHome(ROUTES.tags) ||
    isUnder(route, ROUTES.tags)
  );
}

/**
 * Collects every page of the site with its Markdown body.
 * @returns the pages in reading order: home, docs in sidebar order, docs in no sidebar (by path),
 *   Markdown pages, tag pages, search.
 * @throws TwinError for a page that cannot be converted, or naming a route that has no twin.
 */
export function collectPages(options: CollectOptions): SitePage[] {
  const { siteUrl, docs, pages, routesPaths, bodies } = options;
  const twinOf = (route: string, source: string): { body: string; title: string; description: string } => {
    const twin = bodies.get(route);
    if (twin === undefined)
      throw new TwinError(source, route, 'the build wrote no page with content for this route, so it has no twin');
    return twin;
  };
  const bodyOf = (route: string, source: string): string => twinOf(route, source).body;
  const version = docs.loadedVersions[0];
  if (version === undefined) throw new Error('markdown-twins: the docs plugin loaded no version');
  const url = (pagePath: string): string => `${siteUrl}${pagePath}`;
  const result: SitePage[] = [];
  const add = (page: Omit<SitePage, 'url' | 'section'>): void => {
    result.push({ ...page, url: url(page.path), section: sectionOf(page.path) });
  };

  // The React home page, from the cards it shows.
  const homeFromCards = isHomeFromCards(pages);
  if (homeFromCards)
    add({
      path: ROUTES.home,
      title: SITE_TITLE,
      description: SITE_TAGLINE,
      body: markdownFromTree({
        type: 'root',
        children: [
          { type: 'paragraph', children: [text(SITE_TAGLINE)] },
          { type: 'heading', depth: 2, children: [text('Where to start')] },
          linkList(
            HOME_SECTIONS.map((s) => ({ title: s.title, url: url(s.to), description: s.body.replace(/\s+/g, ' ') })),
          ),
        ],
      }),
    });

  // Docs: sidebar order first, then the rest by path (numbers in natural order).
  const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
  const ordered = sidebarOrder(version).flatMap((id) => byId.get(id) ?? []);
  const seen = new Set(ordered.map((doc) => doc.id));
  const rest = version.docs
    .filter((doc) => !seen.has(doc.id))
    .sort((a, b) => a.permalink.localeCompare(b.permalink, 'en', { numeric: true }));
  for (const doc of [...ordered, ...rest]) {
    add({
      path: doc.permalink,
      title: doc.title,
      description: doc.description,
      body: bodyOf(doc.permalink, doc.source),
    });
  }

  // Markdown pages (`src/pages/*.md`) and React pages other than the home page (written above):
  // what the page renders in its main area; a React page's title and description from its head.
  for (const page of pages) {
    if (homeFromCards && page.permalink === ROUTES.home) continue;
    const twin = twinOf(page.permalink, page.source);
    add({
      path: page.permalink,
      title:
        (page.type === 'mdx' ? (page.title ?? page.frontMatter.title) : undefined) ?? (twin.title || page.permalink),
      description:
        (page.type === 'mdx' ? (page.description ?? page.frontMatter.description) : undefined) ?? twin.description,
      body: twin.body,
    });
  }

  // Tag pages: each tag lists its docs; /tags lists the tags.
  const tags = new Map<string, { label: string; description: string | undefined; docs: Doc[] }>();
  for (const doc of version.docs) {
    for (const tag of doc.tags) {
      const entry = tags.get(tag.permalink) ?? { label: tag.label, description: tag.description, docs: [] };
      entry.docs.push(doc);
      tags.set(tag.permalink, entry);
    }
  }
  const sortedTags = [...tags.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (sortedTags.length > 0) {
    add({
      path: '/tags',
      title: 'Tags',
      description: 'Every tag on the site, with the number of pages that carry it.',
      body: markdownFromTree({
        type: 'root',
        children: [
          linkList(
            sortedTags.map(([permalink, tag]) => ({
              title: tag.label,
              url: url(permalink),
              description: `${String(tag.docs.length)} page${tag.docs.length === 1 ? '' : 's'}`,
            })),
          ),
        ],
      }),
    });
  }
  for (const [permalink, tag] of sortedTags) {
    add({
      path: permalink,
      title: `Pages tagged "${tag.label}"`,
      description: tag.description ?? `The ${String(tag.docs.length)} pages tagged ${tag.label}.`,
      body: markdownFromTree({
        type: 'root',
        children: [
          linkList(
            [...tag.docs]
              .sort((a, b) => a.title.localeCompare(b.title))
              .map((doc) => ({ title: doc.title, url: url(doc.permalink), description: doc.description })),
          ),
        ],
      }),
    });
  }

  if (routesPaths.includes(ROUTES.search)) {
    add({
      path: ROUTES.search,
      title: 'Search',
      description: 'Full-text search of every page on the site.',
      body: markdownFromTree({
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              text('This page searches the site in a browser. For the whole site as Markdown, read '),
              { type: 'link', url: url(LLMS_FULL_TXT_PATH), children: [text('llms-full.txt')] },
              text('; for an index of every page, read '),
              { type: 'link', url: url(LLMS_TXT_PATH), children: [text('llms.txt')] },
              text('.'),
            ],
          },
        ],
      }),
    });
  }

  // Any other route (a sidebar category's generated index, a plugin's page): what it renders.
  const isNotFound = (route: string): boolean => route === ROUTES.notFound || route === `${ROUTES.notFound}.html`;
  const covered = new Set(result.map((page) => page.path));
  for (const route of routesPaths) {
    const twin = bodies.get(route);
    if (covered.has(route) || isNotFound(route) || twin === undefined) continue;
    add({ path: route, title: twin.title || route, description: twin.description, body: twin.body });
    covered.add(route);
  }
  const missing = routesPaths.filter((route) => !covered.has(route) && !isNotFound(route));
  if (missing.length > 0)
    throw new TwinError(
      'plugins/markdown-twins/pages.ts',
      'routes without a twin',
      `${String(missing.length)} route(s) have no Markdown twin: ${missing.slice(0, 10).join(', ')}`,
    );
  return result;
}
