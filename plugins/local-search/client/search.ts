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
