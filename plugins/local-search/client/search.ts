/**
 * One query of the offline search, from the words the reader typed to the hits shown: spelling
 * correction (spelling.ts), the Pagefind search, the re-ranking with the page records
 * (ranking.ts) and the hits (hits.ts).
 */
import { fillExcerpts, hitFromRecord, hitsFromFragments, type SearchHit, type SearchOutcome } from './hits';
import type { PageIndex, PagefindApi, PagefindResult } from './indexLoader';
import { engineWords, parseQuery, rankResults } from './ranking';
import { correctQuery, type Vocabulary } from './spelling';

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
  /**
   * Pagefind filters every search of the query keeps to, such as `{ section: 'Modules' }` (the
   * index files each page's section and tags as filters).
   */
  filters?: Record<string, string | string[]>;
}

/** Pagefind's search, with the query's filters when it has some. */
function engineSearch(api: PagefindApi, filters: SearchSiteOptions['filters'], term: string) {
  return filters ? api.search(term, { filters }) : api.search(term);
}

const bare = (url: string): string => url.replace(/\/$/, '');

/**
 * A hyphenated module or service name typed as one word of a longer query ("which inputs does
 * vpc-app take"), as `[name, permalink]`. Quotes, backticks and punctuation around the word are
 * ignored. One-word names (`rds`, `lambda`, `metrics`) are also common words, so inside a longer
 * query they name nothing; a name typed as the whole query is looked up directly.
 */
export function nameInQuery(query: string, names: ReadonlyMap<string, string>): [string, string] | undefined {
  for (const token of query.toLowerCase().split(/\s+/)) {
    const name = token.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
    const url = name.includes('-') ? names.get(name) : undefined;
    if (url !== undefined) return [name, url];
  }
  return undefined;
}

/**
 * Adds the page of a name typed inside a longer query to Pagefind's `results` when they lack it
 * (the page does not hold the query's other words), found by a search for the name alone and
 * scored as the query's best match; the ranking then places it. Returns `results` unchanged when
 * the query names nothing or the page is already there.
 */
async function withNamedPage(
  search: (term: string) => ReturnType<PagefindApi['search']>,
  query: string,
  names: ReadonlyMap<string, string>,
  pages: PageIndex,
  results: PagefindResult[],
): Promise<PagefindResult[]> {
  const named = nameInQuery(query, names);
  if (!named) return results;
  const [name, url] = named;
  const isNamed = (result: PagefindResult) => bare(pages.get(result.id)?.url ?? '') === bare(url);
  if (results.some(isNamed)) return results;
  const page = ((await search(name.split('-').join(' ')))?.results ?? []).find(isNamed);
  if (!page) return results;
  return [{ ...page, score: Math.max(page.score, ...results.map((result) => result.score)) }, ...results];
}

/** Moves the page at `url` first when it is among `items`. */
function pinFirst<T>(items: T[], urlOf: (item: T) => string | undefined, url: string): T[] {
  const at = items.findIndex((item) => {
    const itemUrl = urlOf(item);
    return itemUrl !== undefined && bare(itemUrl) === bare(url);
  });
  return at > 0 ? [items[at] as T, ...items.slice(0, at), ...items.slice(at + 1)] : items;
}

/**
 * Runs a query. Words are first checked against the site's vocabulary: one typo per word is
 * corrected, and a word that matches nothing gives no results. Pagefind then finds the pages that
 * hold every word (the last one as a prefix while the reader types). With page records
 * (`options.pages`), the results are re-ranked by title, slug, headings and section and shown
 * from the records; a module or service name typed exactly puts its page first, and a hyphenated
 * name inside a longer query brings its page among the results (see {@link nameInQuery}).
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
  const search = (term: string) => engineSearch(api, options.filters, term);
  const words = engineWords(searched.query.split(' '));
  let results = (await search(words.join(' ')))?.results ?? [];
  if (results.length === 0 && words.length > 1) {
    // Pagefind wants every word on the page. When that finds nothing, leave out the words that
    // match no page on their own ("vs", a misspelt filler word) and search with the rest.
    const found = await Promise.all(words.map(async (word) => ((await search(word))?.results.length ?? 0) > 0));
    const kept = words.filter((_, i) => found[i]);
    if (kept.length > 0 && kept.length < words.length) {
      searched = { query: kept.join(' '), corrected: true };
      results = (await search(engineWords(kept).join(' ')))?.results ?? [];
    }
  }
  const pinned = vocabulary.names.get(trimmed.toLowerCase());
  const { pages, excerpts = true } = options;
  if (pages && !pinned) results = await withNamedPage(search, trimmed, vocabulary.names, pages, results);
  const outcome = { ...searched, total: results.length };

  if (!pages) {
    // Without records: Pagefind's order, hits from the fragments.
    let hits = await hitsFromFragments(results, pinned ? Math.max(limit, PIN_WINDOW) : limit);
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
    if (page) hits.push(hitFromRecord(page, parsed));
    else missing.push(result);
  }
  // A page without a record (an index newer than its records) still shows, from its fragment.
  if (missing.length > 0) hits.push(...(await hitsFromFragments(missing, missing.length)));
  const shown = top.filter((result) => pages.has(result.id));
  const withExcerpts = () => fillExcerpts(hits, shown);
  if (excerpts) return { ...outcome, hits: await withExcerpts() };
  return { ...outcome, hits, withExcerpts };
}
