/**
 * What the docs MCP server knows about the site, independent of the protocol: the areas and pages
 * of `llms.txt`, the site's own search (the browser's ranking code over the Pagefind index) and
 * the Markdown twin of any page (see ARCHITECTURE.md, 'The docs MCP server').
 */
import type { Link, Paragraph } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseFragment } from 'parse5';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

import { LLMS_TXT_PATH } from '../plugins/markdown-twins/contract';
import { loadSearchEngine, type NodeSearchEngine } from '../plugins/local-search/node-search';
import { DocsError, pagePathOfTwin, toSitePath, twinCandidates, type SiteSource } from './site';

/** One page of `llms.txt`. */
export interface LlmsPage {
  title: string;
  /** The page's path on the site (`/intro/next-steps`, `/guides/`). */
  path: string;
  /** Its twin's path (`/intro/next-steps.md`). */
  twinPath: string;
  description: string;
}

/** One area of `llms.txt` (an H2 and its list of pages). */
export interface LlmsSection {
  name: string;
  pages: LlmsPage[];
}

/**
 * The areas of an `llms.txt` file, parsed as Markdown: each H2 and the pages its list links
 * (`- [Title](twin URL): description`). Links that are not site URLs are kept by their path.
 * @throws DocsError when the file has no area.
 */
export function parseLlmsTxt(text: string): LlmsSection[] {
  const tree = unified().use(remarkParse).parse(text);
  const sections: LlmsSection[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth === 2) {
      sections.push({ name: toString(node), pages: [] });
      continue;
    }
    const section = sections[sections.length - 1];
    if (node.type !== 'list' || !section) continue;
    for (const item of node.children) {
      const paragraph = item.children.find((child): child is Paragraph => child.type === 'paragraph');
      const link = paragraph?.children.find((child): child is Link => child.type === 'link');
      if (!paragraph || !link) continue;
      const at = paragraph.children.indexOf(link);
      const twinPath = decodeURIComponent(new URL(link.url, 'https://site.invalid').pathname);
      const rest = toString({ type: 'paragraph', children: paragraph.children.slice(at + 1) });
      section.pages.push({
        title: toString(link),
        path: pagePathOfTwin(twinPath),
        twinPath,
        description: rest.replace(/^:\s*/, '').trim(),
      });
    }
  }
  if (sections.length === 0)
    throw new DocsError(`${LLMS_TXT_PATH} holds no "## " area: is this a build of the docs site?`);
  return sections;
}

/** Plain text of a Pagefind excerpt (HTML with `<mark>` around matched words), parsed with parse5. */
export function excerptText(html: string): string {
  const parts: string[] = [];
  const walk = (node: { nodeName: string; value?: string; childNodes?: unknown[] }): void => {
    if (node.nodeName === '#text' && node.value !== undefined) parts.push(node.value);
    for (const child of node.childNodes ?? []) walk(child as typeof node);
  };
  walk(parseFragment(html));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** One search hit as the server gives it. */
export interface DocsHit {
  title: string;
  /** The URL of the section that answers: the page's URL, with the heading's anchor when a heading opens it. */
  url: string;
  /** The page's URL on the site, for `read_page`. */
  page_url: string;
  /** The page's path, for `read_page`. */
  path: string;
  /** The heading of the section that answers (the page's title for the text before its first heading). */
  heading: string;
  /** The sentences of that section that hold the query's words, as plain text (at most about 600 characters). */
  passage: string;
  /** The site's section (Guides, Modules, Services, Knowledge Base, Releases, FAQ, Introduction, Pages). */
  section: string;
  /** A few sentences around the matched words, as plain text. */
  snippet: string;
  /** The page's headings that hold query words, with their anchors. */
  headings: { title: string; url: string }[];
}

/** The answer to one search. */
export interface DocsSearchResult {
  /** The query searched, after spelling correction. */
  query: string;
  /** True when a word of the query was corrected. */
  corrected: boolean;
  /** How many pages match. */
  total: number;
  hits: DocsHit[];
}

/** A page's Markdown twin. */
export interface DocsPage {
  /** The page's path and URL on the site. */
  path: string;
  url: string;
  /** The twin's URL, where the same Markdown is served. */
  twinUrl: string;
  markdown: string;
}

/** The docs of one site. */
export interface Docs {
  source: SiteSource;
  /**
   * The areas of `llms.txt`, parsed on first use: parsing the 300 KB file takes about 0.4 s of
   * CPU, which only `list_sections` and the resource list need, so the handshake does not wait.
   * @throws DocsError when the file holds no area.
   */
  areas: () => Promise<readonly LlmsSection[]>;
  /** The sections hits carry and `search` filters by. */
  searchSections: readonly string[];
  /** The search section of the page at `path`, when it is indexed. */
  sectionOf: (path: string) => string | undefined;
  /**
   * Searches with the site's ranking: at most `limit` hits, only of `section` when given.
   * @throws DocsError when the query is empty or the index cannot be read.
   */
  search: (query: string, limit: number, section?: string) => Promise<DocsSearchResult>;
  /**
   * The Markdown twin of the page named by `input` (a path, a twin's path or a URL on the site).
   * @throws DocsError when `input` is not a path of this site or no page is there.
   */
  readPage: (input: string) => Promise<DocsPage>;
}

/**
 * Opens the docs of `source`: reads `llms.txt` and loads the search index.
 * @param origins - the origins whose URLs name this site's pages (for `readPage`).
 * @throws DocsError when `llms.txt` or the search index cannot be read.
 */
export async function openDocs(source: SiteSource, origins: readonly string[]): Promise<Docs> {
  const llms = await source.read(LLMS_TXT_PATH);
  if (llms === null) throw new DocsError(`${source.label} has no ${LLMS_TXT_PATH}: is this a build of the docs site?`);
  let areas: Promise<readonly LlmsSection[]> | undefined;
  let engine: NodeSearchEngine;
  try {
    engine = await loadSearchEngine(source.index);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DocsError(`The search index of ${source.label} does not load: ${reason}`);
  }
  const urlOf = (path: string) => `${source.origin}${encodeURI(path)}`;

  return {
    source,
    areas: () => (areas ??= Promise.resolve().then(() => parseLlmsTxt(llms))),
    searchSections: engine.sections,
    sectionOf: (path) => engine.sectionOf(path),
    async search(query, limit, section) {
      if (query.trim() === '') throw new DocsError('The query is empty: give a few words to search for.');
      let outcome;
      try {
        outcome = await engine.search(query, limit, {
          excerpts: true,
          filters: section === undefined ? undefined : { section },
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DocsError(`The search index of ${source.label} could not be read: ${reason}`);
      }
      return {
        query: outcome.query,
        corrected: outcome.corrected ?? false,
        total: outcome.total,
        hits: outcome.hits.map((hit) => ({
          title: hit.title,
          url: urlOf(hit.answer?.url ?? hit.url),
          page_url: urlOf(hit.url),
          path: hit.url,
          heading: hit.answer?.heading ?? hit.title,
          passage: hit.answer?.passage ?? excerptText(hit.excerpt),
          section: hit.section,
          snippet: excerptText(hit.excerpt),
          headings: hit.headings.map((heading) => ({ title: heading.title, url: urlOf(heading.url) })),
        })),
      };
    },
    async readPage(input) {
      const sitePath = toSitePath(input, origins);
      for (const twinPath of twinCandidates(sitePath)) {
        const markdown = await source.read(twinPath);
        if (markdown !== null) {
          const path = pagePathOfTwin(twinPath);
          return { path, url: urlOf(path), twinUrl: urlOf(twinPath), markdown };
        }
      }
      throw new DocsError(
        `No page at ${sitePath} on ${source.origin}. Find pages with search_docs, or list them with list_sections.`,
      );
    },
  };
}
