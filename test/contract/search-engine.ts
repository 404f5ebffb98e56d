/**
 * The site's search, run in Node on the built index with the browser's own code
 * (plugins/local-search/node-search.ts). Used by the relevance test and the benchmark.
 */
import type { SearchOutcome } from '../../plugins/local-search/client/hits';
import { loadSearchEngine, localIndex } from '../../plugins/local-search/node-search';
import type { RelevancePair } from '../e2e/fixtures/search-relevance';

/** Runs one query as the modal does: `limit` pages, ranked, without waiting for snippets. */
export type NodeSearch = (query: string, limit: number) => Promise<SearchOutcome>;

/**
 * Loads the search of the build in `buildDir`.
 * @throws Error naming the missing file when the build has no search index (run `npm run build`).
 */
export async function loadNodeSearch(buildDir: string): Promise<NodeSearch> {
  const engine = await loadSearchEngine(localIndex(buildDir));
  return (query, limit) => engine.search(query, limit);
}

/** Where each pair's expected page ranked: 0 is first, -1 not in the first `limit`. */
export interface RankedPair extends RelevancePair {
  rank: number;
  /** The URLs shown, best first. */
  shown: string[];
}

/** Relevance scores of a set of pairs: share of pairs with the expected page first and in the top 5. */
export interface RelevanceScore {
  pairs: number;
  top1: number;
  top5: number;
  ranked: RankedPair[];
}

const bare = (url: string): string => url.replace(/\/$/, '');

/** Runs every pair's query and scores where its expected page lands among the first 5 hits. */
export async function scoreRelevance(search: NodeSearch, pairs: readonly RelevancePair[]): Promise<RelevanceScore> {
  const ranked: RankedPair[] = [];
  for (const pair of pairs) {
    const outcome = await search(pair.query, 5);
    const shown = outcome.hits.map((hit) => hit.url);
    ranked.push({ ...pair, rank: shown.map(bare).indexOf(bare(pair.expected)), shown });
  }
  return {
    pairs: pairs.length,
    top1: ranked.filter((pair) => pair.rank === 0).length / pairs.length,
    top5: ranked.filter((pair) => pair.rank >= 0).length / pairs.length,
    ranked,
  };
}
