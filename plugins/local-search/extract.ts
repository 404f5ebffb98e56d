/**
 * Turns a built page into the record the offline search index holds: title, top-level section,
 * h2 and h3 headings with their anchors, body text and tags. A projection of the page's model
 * (plugins/post-build/page-model.ts), built once by the post-build pipeline (see ARCHITECTURE.md,
 * 'The post-build pipeline').
 */
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toParse5 } from 'hast-util-to-parse5';
import { serialize, type DefaultTreeAdapterMap } from 'parse5';

import { attributes, findAll, prune, textContent } from '../post-build/hast';
import { isDiagramSource, renderedPageOf, type RenderedPage } from '../post-build/page-model';
import { areaOf, ROUTES, isUnder, sectionHome, type Area } from '../../src/lib/routes';
import { SEARCH_NAME_ATTRIBUTE } from './contract';

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
  /** The page's code names: the values of {@link SEARCH_NAME_ATTRIBUTE} in its content. */
  names: string[];
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

/** The inner HTML of an element, serialised as the HTML standard (and parse5) does. */
function innerHtml(element: Element): string {
  const fragment = toParse5({ type: 'root', children: element.children }, { space: 'html' });
  return serialize(fragment as DefaultTreeAdapterMap['parentNode']);
}

/** The values of {@link SEARCH_NAME_ATTRIBUTE} under `root`, trimmed, without empty or repeated ones. */
function namesOf(root: Element): string[] {
  const nameOf = (element: Element) =>
    attributes(element)
      .find(([name]) => name === SEARCH_NAME_ATTRIBUTE)?.[1]
      .trim();
  const names = findAll(root, (element) => Boolean(nameOf(element))).map((element) => nameOf(element) ?? '');
  return [...new Set(names)];
}

/**
 * The search record of a rendered page: its title, content and headings (h2 and h3), its tags, and
 * the section of `url`. The record holds what a reader sees, so a diagram's hidden source
 * ({@link isDiagramSource}) is left out of its text.
 * @param url - the page's permalink.
 * @returns the record, or null when the page has no content.
 */
export function searchRecordOf(page: RenderedPage, url: string): SearchRecord | null {
  if (page.content === undefined) return null;
  const root = prune(page.content, isDiagramSource);
  const headings = page.headings.flatMap(({ id, text, level }): SearchHeading[] =>
    level === 2 || level === 3 ? [{ id, text, level }] : [],
  );
  const text = textContent(root).replace(/\s+/g, ' ').trim();
  return {
    url,
    title: page.title,
    section: sectionOf(url),
    headings,
    tags: [...page.tags],
    names: namesOf(root),
    contentHtml: innerHtml(root),
    text,
  };
}

/**
 * Extracts the search record of a built page's HTML (parsed here; the build hands the pipeline's
 * tree to {@link searchRecordOf} instead).
 * @returns the record, or null when the page has no main content.
 */
export function extractSearchRecord(html: string, url: string): SearchRecord | null {
  return searchRecordOf(renderedPageOf(fromHtml(html), 'index.html', { images: {} }), url);
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
