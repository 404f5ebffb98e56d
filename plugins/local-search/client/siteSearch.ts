/**
 * One query of the browser's site search, bound to the index this build wrote under `bundlePath`:
 * loads the section index, the page records and the vocabulary on first use (indexLoader.ts) and
 * runs the section search (sectionSearch.ts), the same engine as the docs MCP server's. Kept in
 * its own module so that the search page can import it on demand (see useSiteSearch.ts).
 */
import type { SearchOutcome } from './hits';
import { loadSections, loadVocabulary } from './indexLoader';
import { searchSections } from './sectionSearch';

/**
 * Runs `query` on the index of `bundlePath` (a path ending in `/`): at most `limit` pages, best
 * first. A module or service name typed exactly puts its page first.
 * @param excerpts - true: wait for the hits' passages; false: answer from the page records at
 *   once, with a `withExcerpts` loader on the outcome.
 * @throws Error (rejected promise) naming the file and the HTTP status when the index cannot load.
 */
export async function runSiteSearch(
  bundlePath: string,
  query: string,
  limit: number,
  excerpts: boolean,
): Promise<SearchOutcome> {
  const [sections, vocabulary] = await Promise.all([loadSections(bundlePath), loadVocabulary(bundlePath)]);
  return searchSections(sections, vocabulary, query, limit, {
    excerpts,
    pinned: vocabulary.names.get(query.trim().toLowerCase()),
  });
}
