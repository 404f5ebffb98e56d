/**
 * Questions find their answers: every case of the question fixture (test/fixtures/questions) is
 * run through the site's own search on the built index, as the modal and the MCP server run it.
 * The expected page must come first for at least 90% of the cases and among the five shown for at
 * least 97.5%, and no query may end without hits. Needs `npm run build`.
 */
// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';

import { BUILD_DIR } from './built-site';
import { QUESTION_SETS, answerCase, readQuestions, scoreAnswers, type AnsweredCase } from './questions';
import { loadNodeSearch } from './search-engine';

/** Targets on the whole fixture: share of cases with the page first, and in the top 5. */
export const QUESTION_TARGETS = { top1: 0.9, top5: 0.975, anchor: 0.85 } as const;

const questions = readQuestions();
let answers: AnsweredCase[] = [];

beforeAll(async () => {
  const search = await loadNodeSearch(BUILD_DIR);
  answers = [];
  for (const question of questions) answers.push(await answerCase(search, question));
  for (const set of Object.keys(QUESTION_SETS)) {
    const score = scoreAnswers(answers.filter((answer) => answer.set === set));
    console.info(
      `questions, ${set}: ${String(score.cases)} cases, first ${(score.top1 * 100).toFixed(1)}%, top 5 ${(score.top5 * 100).toFixed(1)}%, anchor ${score.anchor === null ? '–' : `${(score.anchor * 100).toFixed(1)}%`}, no hits ${String(score.noHits)}`,
    );
  }
}, 120_000);

describe('question fixture', () => {
  it.each(Object.entries(QUESTION_SETS))('has at least %s cases in its %s set, each query once', (set, minimum) => {
    const cases = questions.filter((question) => question.set === set);
    expect(cases.length).toBeGreaterThanOrEqual(minimum);
    expect(new Set(cases.map((question) => question.query.toLowerCase())).size).toBe(cases.length);
  });
});

describe('questions find their answers', () => {
  it('gives every query at least one hit', () => {
    expect(answers.filter((answer) => answer.total === 0).map((answer) => answer.query)).toEqual([]);
  });

  it(`puts the expected page first for at least ${String(QUESTION_TARGETS.top1 * 100)}% of the cases and in the top 5 for at least ${String(QUESTION_TARGETS.top5 * 100)}%`, () => {
    const { top1, top5 } = scoreAnswers(answers);
    const misses = answers
      .filter((answer) => answer.rank !== 0)
      .map(({ set, query, rank, shown }) => ({ set, query, rank, first: shown[0] }));
    expect({ top1, top5, misses }).toEqual({
      top1: expect.toSatisfy((value: number) => value >= QUESTION_TARGETS.top1) as unknown,
      top5: expect.toSatisfy((value: number) => value >= QUESTION_TARGETS.top5) as unknown,
      misses: expect.any(Array) as unknown,
    });
  });

  it(`points the expected page's hit at the answering section for at least ${String(QUESTION_TARGETS.anchor * 100)}% of the cases that name one`, () => {
    const { anchor } = scoreAnswers(answers);
    const wrong = answers
      .filter((answer) => answer.anchor !== undefined && answer.rank >= 0 && answer.answeredAnchor !== answer.anchor)
      .map(({ query, anchor: expected, answeredAnchor }) => ({ query, expected, answeredAnchor }));
    expect({ anchor, wrong }).toEqual({
      anchor: expect.toSatisfy((value: number | null) => value !== null && value >= QUESTION_TARGETS.anchor) as unknown,
      wrong: expect.any(Array) as unknown,
    });
  });
});
