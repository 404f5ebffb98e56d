/**
 * The site search as a function of (query, limit), bound to the Pagefind bundle this build wrote.
 */
import { useCallback } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';

import { loadPagefind, loadVocabulary, searchSite, type SearchOutcome } from './pagefind';

/** Global data of the local-search plugin. */
interface LocalSearchData {
  bundlePath: string;
}

/** The bundle path published by the local-search plugin (`/pagefind/`). */
export function useBundlePath(): string {
  return (usePluginData('local-search') as LocalSearchData).bundlePath;
}

/** Returns a stable search function; it rejects when the index cannot load. */
export function useSiteSearch(): (query: string, limit: number) => Promise<SearchOutcome> {
  const bundlePath = useBundlePath();
  return useCallback(
    async (query: string, limit: number) => {
      const [api, vocabulary] = await Promise.all([loadPagefind(bundlePath), loadVocabulary(bundlePath)]);
      return searchSite(api, vocabulary, query, limit);
    },
    [bundlePath],
  );
}
