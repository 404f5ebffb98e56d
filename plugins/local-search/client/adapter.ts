/**
 * The adapter between the offline search and the DocSearch modal: it answers the modal's
 * `search({requests})` calls in the shape of a hosted search response, so readers get the same
 * modal whichever backend runs.
 */
import type { SearchHit, SearchOutcome } from './hits';
import type { SnippetStore } from './snippets';

/** The hit shape the DocSearch modal renders (the fields it reads). */
export interface DocSearchHit {
  objectID: string;
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'content';
  content: string | null;
  hierarchy: Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;
  _highlightResult: {
    hierarchy: Record<string, { value: string; matchLevel: 'full' | 'none'; matchedWords: string[] }>;
  };
  _snippetResult: {
    content: { value: string; matchLevel: 'full' | 'none' };
    hierarchy: Record<string, { value: string; matchLevel: 'full' | 'none' }>;
  };
  __position?: number;
}

/** One query as the modal sends it. */
export interface DocSearchRequest {
  query?: string;
  indexName?: string;
  hitsPerPage?: number;
  params?: { query?: string; hitsPerPage?: number };
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Hierarchy = DocSearchHit['hierarchy'];

/** Highlight entries for every level, as the modal reads them without checking. */
function highlights(hierarchy: Hierarchy) {
  return Object.fromEntries(
    LEVELS.map((lvl) => [
      lvl,
      { value: hierarchy[lvl] ?? '', matchLevel: 'none' as const, matchedWords: [] as string[] },
    ]),
  );
}

/**
 * Turns page hits into DocSearch hits, as DocSearch's hierarchy records: one `lvl1` hit per page
 * (lvl0 section, lvl1 title) followed by one hit per matching heading, linking to its anchor. A
 * heading with its snippet is a `content` hit (the snippet over the page title); one without is
 * an `lvl2` or `lvl3` hit (the heading over the page title, an h3 under its h2).
 */
export function toDocSearchHits(hits: readonly SearchHit[]): DocSearchHit[] {
  return hits.flatMap((hit, index) => {
    const pageHierarchy: Hierarchy = {
      lvl0: hit.section,
      lvl1: escapeHtml(hit.title),
      lvl2: null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    };
    const page: DocSearchHit = {
      objectID: `${hit.url}#${String(index)}`,
      url: hit.url,
      type: 'lvl1',
      content: null,
      hierarchy: pageHierarchy,
      _highlightResult: { hierarchy: highlights(pageHierarchy) },
      _snippetResult: { content: { value: hit.excerpt, matchLevel: 'full' }, hierarchy: highlights(pageHierarchy) },
    };
    const headings = hit.headings.map((heading): DocSearchHit => {
      const [h2, h3] = (heading.path ?? [heading.title]).map(escapeHtml);
      const hierarchy = { ...pageHierarchy, lvl2: h2 ?? null, lvl3: h3 ?? null };
      const type = heading.excerpt !== '' ? 'content' : h3 === undefined ? 'lvl2' : 'lvl3';
      return {
        objectID: heading.url,
        url: heading.url,
        type,
        content: heading.excerpt !== '' ? heading.excerpt : null,
        hierarchy,
        _highlightResult: { hierarchy: highlights(hierarchy) },
        _snippetResult: { content: { value: heading.excerpt, matchLevel: 'full' }, hierarchy: highlights(hierarchy) },
      };
    });
    return [page, ...headings];
  });
}

/** The response of one request, in the shape the modal reads. */
export function toSearchResponse(outcome: SearchOutcome, hitsPerPage: number) {
  const hits = toDocSearchHits(outcome.hits);
  return {
    hits,
    nbHits: outcome.total,
    nbPages: Math.ceil(outcome.total / Math.max(1, hitsPerPage)),
    page: 0,
    hitsPerPage,
    query: outcome.query,
    params: '',
    processingTimeMS: 0,
    exhaustiveNbHits: true,
  };
}

/** Runs one query and returns the hits of at most `limit` pages. */
export type SiteSearch = (query: string, limit: number) => Promise<SearchOutcome>;

/**
 * Pages the modal shows per query. Their titles and headings show at once from the page records;
 * each page's snippet is one fragment request, and five fit in one round of a browser's six
 * connections per host. Each page brings up to three heading hits; "See all N results" leads to
 * the rest on the search page.
 */
export const MODAL_PAGES_PER_QUERY = 5;

/** Options of {@link createLocalSearchClient}. */
export interface LocalSearchClientOptions {
  /** How many pages to show in the modal (each may add heading hits); {@link MODAL_PAGES_PER_QUERY} by default. */
  pagesPerQuery?: number;
  /**
   * Told whether each query could load the index: `error` when it could not, `null` when it could.
   * The modal cannot keep its own error screen up, so the caller draws it (IndexErrorScreen).
   */
  onIndexStatus?: (error: Error | null) => void;
  /**
   * Where the snippets of each query's hits go when they arrive after the hits (an outcome with
   * `withExcerpts`); the modal's hit component reads them from there.
   */
  snippets?: SnippetStore;
}

/**
 * A search client with the one method the modal calls, `search({requests})`, backed by `search`.
 *
 * It never rejects: a query that cannot load the index answers with no hits and reports the
 * failure to `onIndexStatus`. A rejection would surface as an unhandled promise rejection in the
 * page, since the modal rethrows search errors to nobody.
 */
export function createLocalSearchClient(search: SiteSearch, options: LocalSearchClientOptions = {}) {
  const { pagesPerQuery = MODAL_PAGES_PER_QUERY, onIndexStatus, snippets } = options;
  type Answer = { results: ReturnType<typeof toSearchResponse>[] };
  // Queries run one at a time. One that a newer query overtook while it waited is not run: it
  // answers with the newest query's answer, so a burst of keys costs one search, not a queue.
  let newest: Promise<Answer> = Promise.resolve({ results: [] });
  let lastRun: Promise<unknown> = Promise.resolve();
  let tickets = 0;

  const answer = async (requests: readonly DocSearchRequest[]): Promise<Answer> => {
    const results = await Promise.all(
      requests.map(async (request) => {
        const query = request.query ?? request.params?.query ?? '';
        const hitsPerPage = request.hitsPerPage ?? request.params?.hitsPerPage ?? 20;
        try {
          const outcome = await search(query, pagesPerQuery);
          onIndexStatus?.(null);
          snippets?.follow(outcome.withExcerpts ?? null);
          return toSearchResponse(outcome, hitsPerPage);
        } catch (cause) {
          const message = cause instanceof Error ? cause.message : String(cause);
          onIndexStatus?.(new Error(`The search index could not be loaded: ${message}`, { cause }));
          return toSearchResponse({ query, total: 0, hits: [] }, hitsPerPage);
        }
      }),
    );
    return { results };
  };

  return {
    search({ requests }: { requests: readonly DocSearchRequest[] }): Promise<Answer> {
      tickets += 1;
      const ticket = tickets;
      const result = (async (): Promise<Answer> => {
        for (let running = lastRun; ; running = lastRun) {
          await running.catch(() => undefined);
          if (running === lastRun) break;
        }
        if (ticket !== tickets) return newest;
        const run = answer(requests);
        lastRun = run;
        return run;
      })();
      newest = result;
      return result;
    },
  };
}
