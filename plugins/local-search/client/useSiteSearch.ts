/**
 * The site search as a function of (query, limit), bound to the section index, vocabulary and
 * page records this build wrote (the same engine as the docs MCP server's, client/sectionSearch.ts).
 */
import { useCallback } from 'react';

import { useBundlePath } from './bundlePath';
import type { SearchOutcome } from './hits';
import { runSiteSearch } from './siteSearch';

export { useBundlePath } from './bundlePath';

/** A search function of (query, limit); it rejects when the index cannot load. */
export type SiteSearchFunction = (query: string, limit: number) => Promise<SearchOutcome>;

/**
 * Returns a stable search function whose engine is in the caller's chunk (the modal, which loads
 * on intent).
 * @param excerpts - true: each outcome waits for its hits' snippets; false: it answers from the
 *   page records at once and carries a `withExcerpts` loader (the modal).
 */
export function useSiteSearch(excerpts = true): SiteSearchFunction {
  const bundlePath = useBundlePath();
  return useCallback(
    (query: string, limit: number) => runSiteSearch(bundlePath, query, limit, excerpts),
    [bundlePath, excerpts],
  );
}
