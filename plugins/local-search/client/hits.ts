/**
 * The hit mapping of the offline search: turns Pagefind's results and the page records into the
 * hits that the modal and the /search page show, and fills in their snippets once the pages'
 * fragments load.
 */
import type { PagefindResult, PagefindSubResult } from './pagefind';
import type { ParsedQuery, RankablePage } from './ranking';
import { matchingHeadings } from './ranking';

/** A heading hit: its text, its link, its heading path and (once loaded) its snippet. */
export interface SearchHeadingHit extends PagefindSubResult {
  /** The h2 above an h3, then the heading: `['Inputs', 'vpc_name']`. */
  path?: string[];
}

/** A page hit ready to show: title, section, excerpt and matching headings. */
export interface SearchHit {
  url: string;
  title: string;
  section: string;
  /** HTML with `<mark>` around matched words; empty until the page's fragment is loaded. */
  excerpt: string;
  headings: SearchHeadingHit[];
  /**
   * The section that answers the query best (section index only): its URL (the page URL, with the
   * heading's anchor when a heading opens the section), its heading (the page title for the text
   * before the first heading) and its passage, plain text of at most about 600 characters (empty
   * until the page's fragment is loaded).
   */
  answer?: { url: string; heading: string; passage: string };
}

/** The answer to one query. */
export interface SearchOutcome {
  /** The query that produced the hits, after typo correction. */
  query: string;
  /** True when a typo was corrected, so `query` differs from what the reader typed. */
  corrected?: boolean;
  /** Number of matching pages. */
  total: number;
  hits: SearchHit[];
  /**
   * Set when the hits came without snippets: resolves to the same hits with their excerpts and
   * heading snippets, once the pages' fragments are loaded. Rejects when a fragment cannot load.
   */
  withExcerpts?: () => Promise<SearchHit[]>;
}

/** Pagefind keeps page URLs with a trailing slash for folders; the site's permalinks do not always. */
export function toPermalink(url: string): string {
  return url.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
}

/** How many matching headings a hit from a fragment shows at most. */
const FRAGMENT_HEADINGS = 3;

/**
 * Hits from the pages' fragments (Pagefind's `data()`), for the first `limit` results in their
 * order: title and section from the fragment's metadata ("Pages" when it has none), and the first
 * three sub-results that point at a heading anchor.
 * @throws Error (rejected promise) when a fragment cannot be fetched.
 */
export async function hitsFromFragments(results: readonly PagefindResult[], limit: number): Promise<SearchHit[]> {
  const data = await Promise.all(results.slice(0, limit).map((result) => result.data()));
  return data.map((d) => ({
    url: toPermalink(d.url),
    title: d.meta.title ?? d.url,
    section: d.meta.section ?? 'Pages',
    excerpt: d.excerpt,
    headings: d.sub_results
      .filter((sub) => sub.url.includes('#'))
      .slice(0, FRAGMENT_HEADINGS)
      .map((sub) => ({ ...sub, url: toPermalink(sub.url.split('#')[0] ?? '') + '#' + (sub.url.split('#')[1] ?? '') })),
  }));
}

/**
 * The hit of a page record for `query`, without snippets: the page's title and section, and its
 * headings that match the query, each with its heading path (h2, then h3).
 */
export function hitFromRecord(page: RankablePage, query: ParsedQuery): SearchHit {
  return {
    url: page.url,
    title: page.title,
    section: page.section,
    excerpt: '',
    headings: matchingHeadings(page, query).map((heading) => ({
      title: heading.text,
      url: `${page.url}#${heading.id}`,
      excerpt: '',
      path: heading.path,
    })),
  };
}

/**
 * Fills each hit's excerpt and heading snippets from its page's fragment (Pagefind's `data()`);
 * `results[i]` is the result of `hits[i]`. A heading without a sub-result gets an empty snippet.
 * @throws Error (rejected promise) when a fragment cannot be fetched.
 */
export async function fillExcerpts(
  hits: readonly SearchHit[],
  results: readonly PagefindResult[],
): Promise<SearchHit[]> {
  const data = await Promise.all(results.map((result) => result.data()));
  return hits.map((hit, index) => {
    const page = data[index];
    if (!page) return hit;
    const snippets = new Map(page.sub_results.map((sub) => [sub.url.split('#')[1] ?? '', sub.excerpt]));
    return {
      ...hit,
      excerpt: page.excerpt,
      headings: hit.headings.map((heading) => ({
        ...heading,
        excerpt: snippets.get(heading.url.split('#')[1] ?? '') ?? '',
      })),
    };
  });
}
