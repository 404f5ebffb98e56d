/**
 * The question fixture (`test/fixtures/questions/*.yml`): questions readers and agents ask, each
 * with the page that answers it and, where one section answers, that section's heading anchor.
 * Written from the pages' content before the ranking was tuned on it. Used by the question test
 * and the search benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

import type { SearchOutcome } from '../../plugins/local-search/client/hits';

/** The fixture's folder. */
export const QUESTIONS_DIR = path.resolve(__dirname, '../fixtures/questions');

/** The fixture's sets, by file name, with the number of cases each must hold. */
export const QUESTION_SETS = { reader: 40, agent: 20, errors: 20, identifiers: 20 } as const;

/** A set of the fixture: reader questions, agent questions, pasted errors or identifiers. */
export type QuestionSet = keyof typeof QUESTION_SETS;

/** One case of the fixture: a query and where its answer lives. */
export interface QuestionCase extends QueryCase {
  set: QuestionSet;
}

/** What every case of a query file holds: the query, the page that answers it, maybe its section. */
export interface QueryCase {
  query: string;
  /** Permalink of the page that answers the query (with or without its trailing slash). */
  expected: string;
  /** Heading anchor (without `#`) of the section that answers, when one section does. */
  anchor?: string;
}

/**
 * Reads a YAML list of cases: each a mapping of `query`, `expected`, maybe `anchor`, and the
 * fields named in `extra`, which come back in `fields` for the caller to check.
 * @throws Error naming the file, the case index and the field when a case is malformed.
 */
function readCases(file: string, extra: readonly string[] = []) {
  const data: unknown = parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file}: expected a list of cases`);
  return data.map((item: unknown, index) => {
    const where = `${file}: case ${String(index + 1)}`;
    if (typeof item !== 'object' || item === null) throw new Error(`${where}: expected a mapping`);
    const { query, expected, anchor, ...rest } = item as Record<string, unknown>;
    const unknown = Object.keys(rest).filter((key) => !extra.includes(key));
    if (unknown.length > 0) throw new Error(`${where}: unknown field ${unknown.join(', ')}`);
    if (typeof query !== 'string' || query.trim() === '') throw new Error(`${where}: field query must be text`);
    if (typeof expected !== 'string' || !expected.startsWith('/'))
      throw new Error(`${where}: field expected must be a permalink starting with /`);
    if (anchor !== undefined && (typeof anchor !== 'string' || anchor === '' || anchor.includes('#')))
      throw new Error(`${where}: field anchor must be a heading id without #`);
    const found: QueryCase = anchor === undefined ? { query, expected } : { query, expected, anchor };
    return { found, fields: rest, where };
  });
}

/**
 * Reads one set of the fixture.
 * @throws Error naming the file, the case index and the field when a case is malformed.
 */
export function readQuestionSet(set: QuestionSet, dir = QUESTIONS_DIR): QuestionCase[] {
  return readCases(path.join(dir, `${set}.yml`)).map(({ found }) => ({ set, ...found }));
}

/** Every set of the fixture, in {@link QUESTION_SETS} order. */
export function readQuestions(dir = QUESTIONS_DIR): QuestionCase[] {
  return (Object.keys(QUESTION_SETS) as QuestionSet[]).flatMap((set) => readQuestionSet(set, dir));
}

/** Where one case landed: page rank (0 first, -1 not in the top 5) and the first hit's anchor. */
export interface Answer {
  rank: number;
  /** The anchor of the section the expected page's hit points at, when it is shown. */
  answeredAnchor?: string;
  total: number;
  shown: string[];
}

/** A fixture case and where it landed. */
export type AnsweredCase = QuestionCase & Answer;

const bare = (url: string): string => url.replace(/\/$/, '');

/** Runs one case with `search` (5 pages, as the modal shows) and records where its page lands. */
export async function answerCase<T extends QueryCase>(
  search: (query: string, limit: number) => Promise<SearchOutcome>,
  question: T,
): Promise<T & Answer> {
  const outcome = await search(question.query, 5);
  const shown = outcome.hits.map((hit) => hit.url);
  const rank = shown.map(bare).indexOf(bare(question.expected));
  const hit = rank >= 0 ? outcome.hits[rank] : undefined;
  const anchorOf = (url: string | undefined) => (url?.includes('#') ? url.split('#')[1] : undefined);
  const answeredAnchor = anchorOf(hit?.answer?.url ?? hit?.headings[0]?.url);
  return { ...question, rank, answeredAnchor, total: outcome.total, shown };
}

/** Shares of a list of answered cases: page first, page in the top 5, anchor right, no hits. */
export function scoreAnswers(answers: readonly (QueryCase & Answer)[]) {
  const n = Math.max(1, answers.length);
  const shownWithAnchor = answers.filter((answer) => answer.anchor !== undefined && answer.rank >= 0);
  return {
    cases: answers.length,
    top1: answers.filter((answer) => answer.rank === 0).length / n,
    top5: answers.filter((answer) => answer.rank >= 0).length / n,
    /**
     * Of the cases with an anchor whose page is shown, the share whose hit points at that anchor;
     * null when no such case.
     */
    anchor:
      shownWithAnchor.length === 0
        ? null
        : shownWithAnchor.filter((answer) => answer.answeredAnchor === answer.anchor).length / shownWithAnchor.length,
    noHits: answers.filter((answer) => answer.total === 0).length,
  };
}

/** The folder of the outside query sets: queries written from the pages by testers who never saw the engine. */
export const OUTSIDE_DIR = path.resolve(__dirname, '../fixtures/outside-queries');

/** The kinds of query in an outside set: short (A), a page by its title (B), mixed (C), agent sentences. */
export const OUTSIDE_KINDS = ['A', 'B', 'C', 'agent'] as const;

/** One case of an outside set. */
export interface OutsideCase extends QueryCase {
  /** The set's file name without `.yml`. */
  file: string;
  kind: (typeof OUTSIDE_KINDS)[number];
}

/**
 * Reads every outside set of `dir`, in file-name order. Each case also names its kind in `set`.
 * @throws Error naming the file, the case index and the field when a case is malformed.
 */
export function readOutsideQueries(dir = OUTSIDE_DIR): OutsideCase[] {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yml'))
    .sort();
  return files.flatMap((name) =>
    readCases(path.join(dir, name), ['set']).map(({ found, fields, where }): OutsideCase => {
      const kind = OUTSIDE_KINDS.find((entry) => entry === fields.set);
      if (kind === undefined) throw new Error(`${where}: field set must be one of ${OUTSIDE_KINDS.join(', ')}`);
      return { file: name.replace(/\.yml$/, ''), kind, ...found };
    }),
  );
}
