/**
 * The browser side of the offline search: loads the Pagefind bundle and the page records from the
 * site's own origin on first use, corrects one typo per query word, runs queries, and ranks and
 * shows their results with the page records (see ranking.ts).
 */
import {
  engineWords,
  matchingHeadings,
  parseQuery,
  rankResults,
  toRankablePage,
  type PageLookup,
  type PagesFile,
  type RankablePage,
} from './ranking';

/** A sub-result: a heading of a page that matched. */
export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

/** A heading hit: its text, its link, its heading path and (once loaded) its snippet. */
export interface SearchHeadingHit extends PagefindSubResult {
  /** The h2 above an h3, then the heading: `['Inputs', 'vpc_name']`. */
  path?: string[];
}

/** The data of one matching page, as Pagefind returns it. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string; section?: string };
  sub_results: PagefindSubResult[];
}

/** One matching page; its data loads on demand. */
export interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<PagefindResultData>;
}

/** The part of the Pagefind API this site uses. */
export interface PagefindApi {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** A page hit ready to show: title, section, excerpt and matching headings. */
export interface SearchHit {
  url: string;
  title: string;
  section: string;
  /** HTML with `<mark>` around matched words; empty until the page's fragment is loaded. */
  excerpt: string;
  headings: SearchHeadingHit[];
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

/** Loads the bundle; separate so tests can inject a fake. */
export type PagefindLoader = () => Promise<PagefindApi>;

const cache = new Map<string, Promise<PagefindApi>>();

/**
 * Loads `<bundlePath>pagefind.js` once per bundle path.
 * @throws Error (rejected promise) when the bundle cannot be fetched, for example in `npm start`.
 */
export function loadPagefind(bundlePath: string): Promise<PagefindApi> {
  let pending = cache.get(bundlePath);
  if (!pending) {
    pending = (async () => {
      const api = (await import(/* webpackIgnore: true */ `${bundlePath}pagefind.js`)) as PagefindApi;
      await api.options({ excerptLength: 24 });
      await api.init();
      return api;
    })();
    pending.catch(() => cache.delete(bundlePath));
    cache.set(bundlePath, pending);
  }
  return pending;
}

/** Pagefind keeps page URLs with a trailing slash for folders; the site's permalinks do not always. */
export function toPermalink(url: string): string {
  return url.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
}

/** True when two words are within one edit (insert, delete, substitute or swap two neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The site's words: by frequency (for corrections) and sorted (for prefix look-ups). */
export interface Vocabulary {
  byFrequency: readonly string[];
  sorted: readonly string[];
  known: ReadonlySet<string>;
  /** Module and service names → permalink. */
  names: ReadonlyMap<string, string>;
}

/**
 * Builds a {@link Vocabulary} from the words (most frequent first) and the reference names that
 * the build writes to `vocabulary.json`.
 */
export function toVocabulary(byFrequency: readonly string[], names: Record<string, string> = {}): Vocabulary {
  return {
    byFrequency,
    sorted: [...byFrequency].sort(),
    known: new Set(byFrequency),
    names: new Map(Object.entries(names)),
  };
}

/** True when some vocabulary word starts with `prefix` (binary search). */
export function hasPrefix(vocabulary: Vocabulary, prefix: string): boolean {
  const list = vocabulary.sorted;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((list[mid] ?? '') < prefix) low = mid + 1;
    else high = mid;
  }
  return (list[low] ?? '').startsWith(prefix);
}

/** The outcome of checking a query against the vocabulary. */
export type Correction = { kind: 'ok'; query: string; corrected: boolean } | { kind: 'unmatched' };

/**
 * Checks each word of `query` against the site's words. A word that is short, known, or the start
 * of a known word (the reader is still typing) stays. Another word is replaced by the most frequent
 * word one edit away; when there is none, nothing on the site can match and the query is unmatched.
 */
export function correctQuery(query: string, vocabulary: Vocabulary): Correction {
  const all = query
    .toLowerCase()
    .split(/[^a-z0-9_.]+/)
    .filter(Boolean);
  // Single letters (the "i" and "o" of "i/o") match nothing on their own; drop them.
  const words = all.length > 1 ? all.filter((word) => word.length > 1) : all;
  const corrected: string[] = [];
  let changed = false;
  for (const word of words) {
    if (
      word.length < 4 ||
      !/^[a-z][a-z0-9_]*$/.test(word) ||
      vocabulary.known.has(word) ||
      hasPrefix(vocabulary, word)
    ) {
      corrected.push(word);
      continue;
    }
    const candidate = vocabulary.byFrequency.find((entry) => withinOneEdit(word, entry));
    if (candidate === undefined) return { kind: 'unmatched' };
    corrected.push(candidate);
    changed = true;
  }
  return { kind: 'ok', query: corrected.join(' '), corrected: changed };
}

const vocabularies = new Map<string, Promise<Vocabulary>>();

/** Loads `<bundlePath>vocabulary.json` once. */
export function loadVocabulary(bundlePath: string): Promise<Vocabulary> {
  let pending = vocabularies.get(bundlePath);
  if (!pending) {
    pending = fetch(`${bundlePath}vocabulary.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`vocabulary.json: HTTP ${String(response.status)}`);
        return response.json() as Promise<{ words: string[]; names: Record<string, string> }>;
      })
      .then((file) => toVocabulary(file.words, file.names));
    pending.catch(() => vocabularies.delete(bundlePath));
    vocabularies.set(bundlePath, pending);
  }
  return pending;
}

/** The page records by Pagefind page id, ready for ranking. */
export type PageIndex = PageLookup;

/**
 * Builds a {@link PageIndex} from the `pages.json` file. Each record is split into words the
 * first time a query needs it, so that loading the file costs no more than parsing it.
 */
export function toPageIndex(file: PagesFile): PageIndex {
  const ready = new Map<string, RankablePage>();
  return {
    has: (id) => Object.hasOwn(file.pages, id),
    get(id) {
      let page = ready.get(id);
      const record = Object.hasOwn(file.pages, id) ? file.pages[id] : undefined;
      if (!page && record) {
        page = toRankablePage(record, file.sections);
        ready.set(id, page);
      }
      return page;
    },
  };
}

const pageIndexes = new Map<string, Promise<PageIndex>>();

/**
 * Loads `<bundlePath>pages.json` once: one small record per page (section, title, headings), so
 * that hits can be ranked and shown before any page fragment loads.
 * @throws Error (rejected promise) naming the file and the HTTP status when it cannot be fetched.
 */
export function loadPageIndex(bundlePath: string): Promise<PageIndex> {
  let pending = pageIndexes.get(bundlePath);
  if (!pending) {
    pending = fetch(`${bundlePath}pages.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`pages.json: HTTP ${String(response.status)}`);
        return response.json() as Promise<PagesFile>;
      })
      .then(toPageIndex);
    pending.catch(() => pageIndexes.delete(bundlePath));
    pageIndexes.set(bundlePath, pending);
  }
  return pending;
}

async function toHits(results: readonly PagefindResult[], limit: number): Promise<SearchHit[]> {
  const data = await Promise.all(results.slice(0, limit).map((result) => result.data()));
  return data.map((d) => ({
    url: toPermalink(d.url),
    title: d.meta.title ?? d.url,
    section: d.meta.section ?? 'Pages',
    excerpt: d.excerpt,
    headings: d.sub_results
      .filter((sub) => sub.url.includes('#'))
      .slice(0, 3)
      .map((sub) => ({ ...sub, url: toPermalink(sub.url.split('#')[0] ?? '') + '#' + (sub.url.split('#')[1] ?? '') })),
  }));
}

/** How many top results are searched for an exactly typed module or service name. */
export const PIN_WINDOW = 20;

/** Options of {@link searchSite}. */
export interface SearchSiteOptions {
  /**
   * The page records. With them, results are re-ranked (ranking.ts) and hits come from the
   * records at once; without them, hits come from Pagefind's fragments in its own order.
   */
  pages?: PageIndex;
  /**
   * With `pages`: false answers with the hits alone (empty excerpts) and a `withExcerpts` loader;
   * true (the default) waits for the excerpts.
   */
  excerpts?: boolean;
}

const bare = (url: string): string => url.replace(/\/$/, '');

/** Moves the page at `url` first when it is among `items`. */
function pinFirst<T>(items: T[], urlOf: (item: T) => string | undefined, url: string): T[] {
  const at = items.findIndex((item) => {
    const itemUrl = urlOf(item);
    return itemUrl !== undefined && bare(itemUrl) === bare(url);
  });
  return at > 0 ? [items[at] as T, ...items.slice(0, at), ...items.slice(at + 1)] : items;
}

/** Fills each hit's excerpt and heading snippets from its page's fragment (Pagefind's `data()`). */
async function fillExcerpts(hits: readonly SearchHit[], results: readonly PagefindResult[]): Promise<SearchHit[]> {
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

/**
 * Runs a query. Words are first checked against the site's vocabulary: one typo per word is
 * corrected, and a word that matches nothing gives no results. Pagefind then finds the pages that
 * hold every word (the last one as a prefix while the reader types). With page records
 * (`options.pages`), the results are re-ranked by title, slug, headings and section and shown
 * from the records; a module or service name typed exactly puts its page first.
 * @param limit - how many hits to return.
 * @throws Error (rejected promise) when an index chunk or a fragment cannot be fetched.
 */
export async function searchSite(
  api: PagefindApi,
  vocabulary: Vocabulary,
  query: string,
  limit: number,
  options: SearchSiteOptions = {},
): Promise<SearchOutcome> {
  const trimmed = query.trim();
  if (trimmed === '') return { query: trimmed, total: 0, hits: [] };
  const correction = correctQuery(trimmed, vocabulary);
  if (correction.kind === 'unmatched') return { query: trimmed, total: 0, hits: [] };
  let searched = { query: correction.query, corrected: correction.corrected };
  const words = engineWords(searched.query.split(' '));
  let results = (await api.search(words.join(' ')))?.results ?? [];
  if (results.length === 0 && words.length > 1) {
    // Pagefind wants every word on the page. When that finds nothing, leave out the words that
    // match no page on their own ("vs", a misspelt filler word) and search with the rest.
    const found = await Promise.all(words.map(async (word) => ((await api.search(word))?.results.length ?? 0) > 0));
    const kept = words.filter((_, i) => found[i]);
    if (kept.length > 0 && kept.length < words.length) {
      searched = { query: kept.join(' '), corrected: true };
      results = (await api.search(engineWords(kept).join(' ')))?.results ?? [];
    }
  }
  const pinned = vocabulary.names.get(trimmed.toLowerCase());
  const outcome = { ...searched, total: results.length };
  const { pages, excerpts = true } = options;

  if (!pages) {
    // Without records: Pagefind's order, hits from the fragments.
    let hits = await toHits(results, pinned ? Math.max(limit, PIN_WINDOW) : limit);
    if (pinned) hits = pinFirst(hits, (hit) => hit.url, pinned).slice(0, limit);
    return { ...outcome, hits };
  }

  // Keep the reader's trailing space: it says the last word is complete.
  const parsed = parseQuery(searched.corrected ? searched.query : query.trimStart());
  let ranked = rankResults(results, parsed, pages);
  if (pinned) ranked = pinFirst(ranked, (result) => pages.get(result.id)?.url, pinned);
  const top = ranked.slice(0, limit);
  const hits: SearchHit[] = [];
  const missing: PagefindResult[] = [];
  for (const result of top) {
    const page = pages.get(result.id);
    if (!page) {
      missing.push(result);
      continue;
    }
    hits.push({
      url: page.url,
      title: page.title,
      section: page.section,
      excerpt: '',
      headings: matchingHeadings(page, parsed).map((heading) => ({
        title: heading.text,
        url: `${page.url}#${heading.id}`,
        excerpt: '',
        path: heading.path,
      })),
    });
  }
  // A page without a record (an index newer than its records) still shows, from its fragment.
  if (missing.length > 0) hits.push(...(await toHits(missing, missing.length)));
  const shown = top.filter((result) => pages.has(result.id));
  const withExcerpts = () => fillExcerpts(hits, shown);
  if (excerpts) return { ...outcome, hits: await withExcerpts() };
  return { ...outcome, hits, withExcerpts };
}
