/**
 * The part of Pagefind's browser API (`pagefind.js`, Pagefind 1.x) that the search uses: types
 * only, shared by the index loader, the hits and the Node search.
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
  /** `options.filters` keeps the pages whose filter (such as `section`) has one of the values. */
  search: (
    query: string,
    options?: { filters?: Record<string, string | string[]> },
  ) => Promise<{ results: PagefindResult[] } | null>;
}
