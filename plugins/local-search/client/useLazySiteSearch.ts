/**
 * The site search for a page that may never search (the search page opened without a query): the
 * engine's code is not in the page's chunk; the first query fetches it (siteSearch.ts) as a chunk
 * of its own. This module imports the engine only through `import()`, so nothing that imports it
 * carries the engine.
 */
import { useCallback } from 'react';

import { useBundlePath } from './bundlePath';
import type { SiteSearchFunction } from './useSiteSearch';

/**
 * Returns a stable search function of (query, limit) whose outcomes carry their hits' snippets;
 * it rejects when the engine's chunk or the index cannot load.
 */
export function useLazySiteSearch(): SiteSearchFunction {
  const bundlePath = useBundlePath();
  return useCallback(
    async (query: string, limit: number) =>
      (await import('./siteSearch')).runSiteSearch(bundlePath, query, limit, true),
    [bundlePath],
  );
}
