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

/** The held-out pairs' top-5 share measured before the section index: a floor below the target. */
const HELD_OUT_TOP5_MEASURED = 0.95;

describe.each([
  ['relevance fixture', RELEVANCE_PAIRS, 120],
  ['held-out pairs', HELD_OUT_PAIRS, 40],
] as const)('search relevance: %s', (_name, pairs, minimum) => {
  it(`has at least ${String(minimum)} pairs, each query once`, () => {
    expect(pairs.length).toBeGreaterThanOrEqual(minimum);
    expect(new Set(pairs.map((pair) => pair.query.toLowerCase())).size).toBe(pairs.length);
  });
});

/** Scores `pairs`, logs the figures and returns them with the queries that missed first place. */
async function scored(name: string, pairs: Parameters<typeof scoreRelevance>[1]) {
  const score = await scoreRelevance(search, pairs);
  console.info(
    `search relevance, ${name}: ${String(score.pairs)} pairs, first ${(score.top1 * 100).toFixed(1)}%, top 5 ${(score.top5 * 100).toFixed(1)}%`,
  );
  const misses = score.ranked.filter((pair) => pair.rank !== 0).map(({ query, rank }) => ({ query, rank }));
  return { ...score, misses };
}

describe('search relevance: scores', () => {
  it('relevance fixture: the expected page first for at least 85% of queries, in the top 5 for at least 97%', async () => {
    const { top1, top5, misses } = await scored('relevance fixture', RELEVANCE_PAIRS);
    expect({ top1, top5, misses }).toEqual({
      top1: expect.toSatisfy((value: number) => value >= RELEVANCE_TARGETS.top1) as unknown,
      top5: expect.toSatisfy((value: number) => value >= RELEVANCE_TARGETS.top5) as unknown,
      misses: expect.any(Array) as unknown,
    });
  }, 60_000);

  it(`held-out pairs: the expected page first for at least 85% of queries, and in the top 5 no less often than the measured ${String(HELD_OUT_TOP5_MEASURED * 100)}%`, async () => {
    const { top1, top5, misses } = await scored('held-out pairs', HELD_OUT_PAIRS);
    expect({ top1, top5, misses }).toEqual({
      top1: expect.toSatisfy((value: number) => value >= RELEVANCE_TARGETS.top1) as unknown,
      top5: expect.toSatisfy((value: number) => value >= HELD_OUT_TOP5_MEASURED) as unknown,
      misses: expect.any(Array) as unknown,
    });
  }, 60_000);

  it('held-out pairs: in the top 5 for at least 97% of queries', async () => {
    const { top5 } = await scored('held-out pairs', HELD_OUT_PAIRS);
    expect(top5).toBeGreaterThanOrEqual(RELEVANCE_TARGETS.top5);
  }, 60_000);
});

describe('search relevance: the fixtures do not overlap', () => {
  it('keeps the held-out queries out of the relevance fixture', () => {
    const fixture = new Set(RELEVANCE_PAIRS.map((pair) => pair.query.toLowerCase()));
    expect(HELD_OUT_PAIRS.filter((pair) => fixture.has(pair.query.toLowerCase()))).toEqual([]);
  });
});
