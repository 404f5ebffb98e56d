/**
 * Search relevance on the built index: for the relevance fixture and for the held-out pairs (never
 * used to tune the ranking), the expected page must come first for at least 85% of the queries
 * and among the 5 pages the modal shows for at least 97%. The search runs in Node with the
 * browser's own code (search-engine.ts). Needs `npm run build`.
 */
// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';

import { HELD_OUT_PAIRS } from '../e2e/fixtures/search-relevance-held-out';
import { RELEVANCE_PAIRS } from '../e2e/fixtures/search-relevance';
import { BUILD_DIR } from './built-site';
import { loadNodeSearch, scoreRelevance, type NodeSearch } from './search-engine';

/** Share of queries whose expected page is first, and among the first five. */
export const RELEVANCE_TARGETS = { top1: 0.85, top5: 0.97 } as const;

let search: NodeSearch;
beforeAll(async () => {
  search = await loadNodeSearch(BUILD_DIR);
});

describe.each([
  ['relevance fixture', RELEVANCE_PAIRS, 120],
  ['held-out pairs', HELD_OUT_PAIRS, 40],
] as const)('search relevance: %s', (name, pairs, minimum) => {
  it(`has at least ${String(minimum)} pairs, each query once`, () => {
    expect(pairs.length).toBeGreaterThanOrEqual(minimum);
    expect(new Set(pairs.map((pair) => pair.query.toLowerCase())).size).toBe(pairs.length);
  });

  it('puts the expected page first for at least 85% of the queries, and in the top 5 for at least 97%', async () => {
    const score = await scoreRelevance(search, pairs);
    console.info(
      `search relevance, ${name}: ${String(score.pairs)} pairs, first ${(score.top1 * 100).toFixed(1)}%, top 5 ${(score.top5 * 100).toFixed(1)}%`,
    );
    const misses = score.ranked.filter((pair) => pair.rank !== 0).map(({ query, rank }) => ({ query, rank }));
    expect({ top1: score.top1, top5: score.top5, misses }).toEqual({
      top1: expect.toSatisfy((value: number) => value >= RELEVANCE_TARGETS.top1) as unknown,
      top5: expect.toSatisfy((value: number) => value >= RELEVANCE_TARGETS.top5) as unknown,
      misses: expect.any(Array) as unknown,
    });
  }, 60_000);
});

describe('search relevance: the fixtures do not overlap', () => {
  it('keeps the held-out queries out of the relevance fixture', () => {
    const fixture = new Set(RELEVANCE_PAIRS.map((pair) => pair.query.toLowerCase()));
    expect(HELD_OUT_PAIRS.filter((pair) => fixture.has(pair.query.toLowerCase()))).toEqual([]);
  });
});
