/**
 * The Pagefind bundle path the local-search plugin publishes in its global data, on its own so that
 * the navbar's search button can read it without the search code (which loads on intent).
 */
import { usePluginData } from '@docusaurus/useGlobalData';

import { PLUGIN_NAME, type LocalSearchData } from '../contract';

/** The bundle path published by the local-search plugin in its global data (`/pagefind/`). */
export function useBundlePath(): string {
  return (usePluginData(PLUGIN_NAME) as LocalSearchData).bundlePath;
}
