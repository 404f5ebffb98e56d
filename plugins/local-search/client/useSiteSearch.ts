/**
 * The site search as a function of (query, limit), bound to the Pagefind bundle, vocabulary and
 * page records this build wrote.
 */
import { useCallback } from 'react';

import { useBundlePath } from './bundlePath';
import type { SearchOutcome } from './hits';
import { loadPageIndex, loadPagefind, loadVocabulary } from './indexLoader';
import { searchSite } from './search';

export { useBundlePath } from './bundlePath';

/**
 * Returns a stable search function of (query, limit); it rejects when the index cannot load.
 * @param excerpts - true: each outcome waits for its hits' snippets (the /search page); false:
 *   it answers from the page records at once and carries a `withExcerpts` loader (the modal).
 */
export function useSiteSearch(excerpts = true): (query: string, limit: number) => Promise<SearchOutcome> {
  const bundlePath = useBundlePath();
  return useCallback(
    async (query: string, limit: number) => {
      const [api, vocabulary, pages] = await Promise.all([
        loadPagefind(bundlePath),
        loadVocabulary(bundlePath),
        loadPageIndex(bundlePath),
      ]);
      return searchSite(api, vocabulary, query, limit, { pages, excerpts });
    },
    [bundlePath, excerpts],
  );
}
