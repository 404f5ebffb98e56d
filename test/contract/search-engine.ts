/**
 * The site's search, run in Node on the built index: the same Pagefind bundle, vocabulary, page
 * records and ranking code as the browser, with Pagefind's file requests answered from
 * `build/pagefind/`. Used by the relevance test and the benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { SearchOutcome } from '../../plugins/local-search/client/hits';
import { toPageIndex, type PagefindApi } from '../../plugins/local-search/client/indexLoader';
import { searchSite } from '../../plugins/local-search/client/search';
import { toVocabulary } from '../../plugins/local-search/client/spelling';
import {
  INDEX_DIR,
  PAGEFIND_ENTRY_FILE,
  PAGES_FILE,
  VOCABULARY_FILE,
  type PagesFile,
  type SearchVocabularyFile,
} from '../../plugins/local-search/contract';
import type { RelevancePair } from '../e2e/fixtures/search-relevance';

/** Runs one query as the modal does: `limit` pages, ranked, without waiting for snippets. */
export type NodeSearch = (query: string, limit: number) => Promise<SearchOutcome>;

let fetchPatched = false;

/** Lets `fetch` read `file:` URLs, as Pagefind asks for its files next to its own module. */
function patchFetchForFiles(): void {
  if (fetchPatched) return;
  fetchPatched = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:')) return networkFetch(input, init);
    try {
      return Promise.resolve(new Response(fs.readFileSync(fileURLToPath(url.split('?')[0] ?? url))));
    } catch {
      return Promise.resolve(new Response(null, { status: 404 }));
    }
  };
}

/**
 * Loads the search of the build in `buildDir`.
 * @throws Error naming the missing file when the build has no search index (run `npm run build`).
 */
export async function loadNodeSearch(buildDir: string): Promise<NodeSearch> {
  const dir = path.join(buildDir, INDEX_DIR);
  for (const file of [PAGEFIND_ENTRY_FILE, VOCABULARY_FILE, PAGES_FILE]) {
    if (!fs.existsSync(path.join(dir, file)))
      throw new Error(`${path.join(dir, file)} is missing: run npm run build first`);
  }
  patchFetchForFiles();
  const api = (await import(/* @vite-ignore */ pathToFileURL(path.join(dir, PAGEFIND_ENTRY_FILE)).href)) as PagefindApi;
  await api.options({ noWorker: true, excerptLength: 24, baseUrl: '/' });
  await api.init();
  const vocabularyFile = JSON.parse(fs.readFileSync(path.join(dir, VOCABULARY_FILE), 'utf8')) as SearchVocabularyFile;
  const vocabulary = toVocabulary(vocabularyFile.words, vocabularyFile.names);
  const pages = toPageIndex(JSON.parse(fs.readFileSync(path.join(dir, PAGES_FILE), 'utf8')) as PagesFile);
  return (query, limit) => searchSite(api, vocabulary, query, limit, { pages, excerpts: false });
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
