/**
 * Turns a built page into the record the offline search index holds: title, top-level section,
 * h2 and h3 headings with their anchors, body text and tags. Reads the page's hast, parsed once by
 * the post-build pipeline (see ARCHITECTURE.md, 'The post-build pipeline').
 */
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toParse5 } from 'hast-util-to-parse5';
import { serialize, type DefaultTreeAdapterMap } from 'parse5';

import {
  classList,
  findAll,
  findAllInside,
  findFirst,
  findFirstInside,
  hasClass,
  isAriaHidden,
  isHidden,
  prune,
  stringProperty,
  textContent,
} from '../post-build/hast';
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
export const CHROME = [
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
  // Hidden elements, such as a diagram's source beside its drawing; a tab set's hidden panels
  // are content (the reader opens them with a click).
  '[hidden]:not([role="tabpanel"])',
];

const CHROME_TAGS = new Set(['nav', 'footer', 'button', 'script', 'style', 'svg']);
const CHROME_CLASSES = [
  'theme-doc-toc-mobile',
  'theme-doc-breadcrumbs',
  'theme-doc-footer',
  'pagination-nav',
  'hash-link',
];

/**
 * Whether an element matches one of the {@link CHROME} selectors (written out as a test, which
 * is many times faster than matching the selectors on every element of every page).
 */
export function isChrome(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName)) return true;
  if (element.tagName === 'header' && hasClass(element, 'navbar')) return true;
  const classes = classList(element);
  if (CHROME_CLASSES.some((name) => classes.includes(name))) return true;
  if (isAriaHidden(element)) return true;
  return isHidden(element) && stringProperty(element, 'role') !== 'tabpanel';
}

/** The inner HTML of an element, serialised as the HTML standard (and parse5) does. */
function innerHtml(element: Element): string {
  const fragment = toParse5({ type: 'root', children: element.children }, { space: 'html' });
  return serialize(fragment as DefaultTreeAdapterMap['parentNode']);
}

/**
 * Extracts the search record of a built page from its hast (which it does not change).
 * The content is the first `.theme-doc-markdown` of an `article`, else the first `main`, without
 * its chrome ({@link CHROME}) and its h1; the title is that h1, else the document title before
 * ` | `; tags are the tag links of the doc footer.
 * @param url - the page's permalink.
 * @returns the record, or null when the page has no main content.
 */
export function searchRecordOf(tree: Root, url: string): SearchRecord | null {
  const tags = findAllInside(
    tree,
    (element) => hasClass(element, 'theme-doc-footer'),
    (element) => element.tagName === 'a' && (stringProperty(element, 'href') ?? '').startsWith(ROUTES.tags),
  )
    .map((element) => textContent(element).trim())
    .filter(Boolean);
  const found =
    findFirstInside(
      tree,
      (element) => element.tagName === 'article',
      (element) => hasClass(element, 'theme-doc-markdown'),
    ) ?? findFirst(tree, (element) => element.tagName === 'main');
  if (found === undefined) return null;
  const content = prune(found, isChrome);
  const h1 = findFirst(content, (element) => element.tagName === 'h1');
  const documentTitle = findFirst(tree, (element) => element.tagName === 'title');
  const title = (
    (h1 === undefined ? '' : textContent(h1)) ||
    (documentTitle === undefined ? '' : textContent(documentTitle)).split(' | ')[0] ||
    ''
  ).trim();
  const root = prune(content, (element) => element.tagName === 'h1');
  const isHeading = (element: Element): boolean =>
    (element.tagName === 'h2' || element.tagName === 'h3') && element.properties.id !== undefined;
  const headings: SearchHeading[] = findAll(root, isHeading).map((element): SearchHeading => ({
    id: stringProperty(element, 'id') ?? '',
    text: textContent(element).trim(),
    level: element.tagName === 'h2' ? 2 : 3,
  }));
  const text = textContent(root).replace(/\s+/g, ' ').trim();
  return { url, title, section: sectionOf(url), headings, tags, contentHtml: innerHtml(root), text };
}

/**
 * Extracts the search record of a built page's HTML (parsed here; the build hands the pipeline's
 * tree to {@link searchRecordOf} instead).
 * @returns the record, or null when the page has no main content.
 */
export function extractSearchRecord(html: string, url: string): SearchRecord | null {
  return searchRecordOf(fromHtml(html), url);
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
