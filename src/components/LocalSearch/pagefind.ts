/**
 * The browser side of the offline search (issue 3): loads the Pagefind bundle from the site's own
 * origin on first use, runs queries, and retries a query with one typo corrected when it finds
 * nothing.
 */

/** A sub-result: a heading of a page that matched. */
export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
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
  /** HTML with `<mark>` around matched words. */
  excerpt: string;
  headings: PagefindSubResult[];
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

/**
 * Runs a query. Words are first checked against the site's vocabulary: one typo per word is
 * corrected, and a word that matches nothing gives no results. Pagefind then matches the words,
 * the last one as a prefix while the reader types.
 * @param limit - how many hits to load (each loads a small fragment file).
 */
export async function searchSite(
  api: PagefindApi,
  vocabulary: Vocabulary,
  query: string,
  limit: number,
): Promise<SearchOutcome> {
  const trimmed = query.trim();
  if (trimmed === '') return { query: trimmed, total: 0, hits: [] };
  const correction = correctQuery(trimmed, vocabulary);
  if (correction.kind === 'unmatched') return { query: trimmed, total: 0, hits: [] };
  const results = (await api.search(correction.query))?.results ?? [];
  // A module or service name typed exactly puts that page first, when it is among the top results.
  const pinned = vocabulary.names.get(trimmed.toLowerCase());
  let hits = await toHits(results, pinned ? Math.max(limit, PIN_WINDOW) : limit);
  if (pinned) {
    const bare = (url: string): string => url.replace(/\/$/, '');
    const at = hits.findIndex((hit) => bare(hit.url) === bare(pinned));
    if (at > 0) hits = [hits[at] as SearchHit, ...hits.slice(0, at), ...hits.slice(at + 1)];
    hits = hits.slice(0, limit);
  }
  return { query: correction.query, corrected: correction.corrected, total: results.length, hits };
}
