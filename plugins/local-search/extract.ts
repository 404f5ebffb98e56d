/**
 * Turns a built page into the record the offline search index holds: title, top-level section,
 * h2 and h3 headings with their anchors, body text and tags. Uses cheerio, a real HTML parser.
 */
import * as cheerio from 'cheerio';

import { areaOf, ROUTES, isUnder, sectionHome, type Area } from '../../src/lib/routes';

/** A heading that a search hit can jump to. */
export interface SearchHeading {
  /** Anchor id, without `#`. */
  id: string;
  text: string;
  level: 2 | 3;
}

/** One page of the search index. */
export interface SearchRecord {
  /** Permalink, for example `/guides/build-it-yourself/vpc/core-concepts/cidr-notation`. */
  url: string;
  title: string;
  /** Top-level section shown above hits (Guides, Modules, Knowledge Base, ...). */
  section: string;
  headings: SearchHeading[];
  tags: string[];
  /** The page's main content as HTML stripped of navigation, with headings kept. */
  contentHtml: string;
  /** Plain text of the content, for word counts and tests. */
  text: string;
}

/** The search's section name of each area of the docs (release notes apart from other guides). */
export const SECTION_OF_AREA: Readonly<Record<Area, string>> = {
  releases: 'Releases',
  stayUpToDate: 'Guides',
  guides: 'Guides',
  modules: 'Modules',
  services: 'Services',
  knowledgeBase: 'Knowledge Base',
  faq: 'FAQ',
  intro: 'Introduction',
};

/** The section of a permalink (its home or a page below it); pages outside the docs are "Pages". */
export function sectionOf(url: string): string {
  const area = areaOf(url);
  return area === undefined ? 'Pages' : SECTION_OF_AREA[area];
}

/** Paths that are not content: the search page itself, tag listings, the not-found page. */
export function isIndexable(url: string): boolean {
  return !(
    url === ROUTES.search ||
    url === `${ROUTES.notFound}.html` ||
    url === sectionHome(ROUTES.tags) ||
    isUnder(url, ROUTES.tags)
  );
}

/** Parts of a page that are navigation or chrome, never content. */
const CHROME = [
  'nav',
  'header.navbar',
  'footer',
  '.theme-doc-toc-mobile',
  '.theme-doc-breadcrumbs',
  '.theme-doc-footer',
  '.pagination-nav',
  '.hash-link',
  'button',
  'script',
  'style',
  'svg',
  '[aria-hidden="true"]',
  // Not shown to readers: for example a diagram's source (src/theme/Mermaid), kept for converters.
  '[hidden]',
];

/**
 * Extracts the search record of a built page.
 * @param html - the page's HTML.
 * @param url - the page's permalink.
 * @returns the record, or null when the page has no main content.
 */
export function extractSearchRecord(html: string, url: string): SearchRecord | null {
  const $ = cheerio.load(html);
  const tags = $(`.theme-doc-footer a[href^="${ROUTES.tags}"]`)
    .map((_, el) => $(el).text().trim())
    .get()
    .filter(Boolean);
  const root =
    $('article .theme-doc-markdown').first().length > 0 ? $('article .theme-doc-markdown').first() : $('main').first();
  if (root.length === 0) return null;
  root.find(CHROME.join(',')).remove();

  const title = (root.find('h1').first().text() || $('title').first().text().split(' | ')[0] || '').trim();
  root.find('h1').remove();
  const headings: SearchHeading[] = root
    .find('h2[id], h3[id]')
    .map((_, el): SearchHeading => ({
      id: $(el).attr('id') ?? '',
      text: $(el).text().trim(),
      level: el.tagName === 'h2' ? 2 : 3,
    }))
    .get();
  const text = root.text().replace(/\s+/g, ' ').trim();
  return { url, title, section: sectionOf(url), headings, tags, contentHtml: root.html() ?? '', text };
}

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The small HTML document the indexer reads for a record: the body is the content, the title and
 * section are metadata, the section and tags are filters.
 */
export function toIndexDocument(record: SearchRecord): string {
  const tagFilters = record.tags.map((tag) => `<span data-pagefind-filter="tag">${escapeAttr(tag)}</span>`).join('');
  return [
    '<!doctype html><html lang="en"><head>',
    `<title>${escapeAttr(record.title)}</title>`,
    '</head><body>',
    `<main data-pagefind-body data-pagefind-meta="section:${escapeAttr(record.section)}" data-pagefind-filter="section:${escapeAttr(record.section)}">`,
    `<h1 data-pagefind-meta="title" data-pagefind-weight="10">${escapeAttr(record.title)}</h1>`,
    record.tags.length > 0 ? `<p data-pagefind-weight="3">${record.tags.map(escapeAttr).join(' ')}</p>` : '',
    record.contentHtml,
    `<div hidden>${tagFilters}</div>`,
    '</main></body></html>',
  ].join('');
}
