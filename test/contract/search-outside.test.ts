/**
 * The outside query sets (test/fixtures/outside-queries): queries testers wrote from the pages
 * without seeing the search code, run through the site's own search on the built index. Every
 * query finds something, and no set falls below the floors under the figures first measured on
 * them (see plugins/local-search/README.md). Needs `npm run build`.
 */
// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { BUILD_DIR } from './built-site';
import { answerCase, readOutsideQueries, scoreAnswers, type Answer, type OutsideCase } from './questions';
import { loadNodeSearch } from './search-engine';

/** Floors on each set: the page first, and among the five shown. */
const FLOORS = { top1: 0.8, top5: 0.97 } as const;

const cases = readOutsideQueries();
const files = [...new Set(cases.map((entry) => entry.file))];
let answers: (OutsideCase & Answer)[] = [];

beforeAll(async () => {
  const search = await loadNodeSearch(BUILD_DIR);
  answers = [];
  for (const entry of cases) answers.push(await answerCase(search, entry));
  for (const file of files) {
    const score = scoreAnswers(answers.filter((answer) => answer.file === file));
    console.info(
      `outside set ${file}: ${String(score.cases)} cases, first ${(score.top1 * 100).toFixed(1)}%, top 5 ${(score.top5 * 100).toFixed(1)}%, no hits ${String(score.noHits)}`,
    );
  }
}, 120_000);

describe('outside query sets', () => {
  it('hold at least three sets of 100 cases, each expecting a page the build has', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(cases.filter((entry) => entry.file === file).length).toBe(100);
    const missing = cases.filter((entry) => {
      const page = path.join(BUILD_DIR, entry.expected.replace(/\/$/, ''), 'index.html');
      return !fs.existsSync(page);
    });
    expect(missing.map((entry) => `${entry.file}: ${entry.expected}`)).toEqual([]);
  });

  it('gives every query at least one hit', () => {
    expect(answers.filter((answer) => answer.total === 0).map((answer) => answer.query)).toEqual([]);
  });

  it.each(files)(
    `set %s: the expected page first for at least ${String(FLOORS.top1 * 100)}% of the cases and in the top 5 for at least ${String(FLOORS.top5 * 100)}%`,
    (file) => {
      const score = scoreAnswers(answers.filter((answer) => answer.file === file));
      const misses = answers
        .filter((answer) => answer.file === file && answer.rank !== 0)
        .map(({ kind, query, rank }) => ({ kind, query, rank }));
      expect({ top1: score.top1, top5: score.top5, misses }).toEqual({
        top1: expect.toSatisfy((value: number) => value >= FLOORS.top1) as unknown,
        top5: expect.toSatisfy((value: number) => value >= FLOORS.top5) as unknown,
        misses: expect.any(Array) as unknown,
      });
    },
  );
});
