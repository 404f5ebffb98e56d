/**
 * The site search as a function of (query, limit), bound to the section index, vocabulary and
 * page records this build wrote (the same engine as the docs MCP server's, client/sectionSearch.ts).
 */
import { useCallback } from 'react';

import { useBundlePath } from './bundlePath';
import type { SearchOutcome } from './hits';
import { loadSections, loadVocabulary } from './indexLoader';
import { searchSections } from './sectionSearch';

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
      const [sections, vocabulary] = await Promise.all([loadSections(bundlePath), loadVocabulary(bundlePath)]);
      return searchSections(sections, vocabulary, query, limit, {
        excerpts,
        pinned: vocabulary.names.get(query.trim().toLowerCase()),
      });
    },
    [bundlePath, excerpts],
  );
}
