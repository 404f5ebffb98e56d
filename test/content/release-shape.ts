/**
 * The shape of the release notes: how many entries each month has and how many sentences each
 * summary has. Months shaped by what changed vary; a template shows as one count that nearly every
 * month or summary shares. Sentences are counted by the platform's sentence segmenter
 * (`Intl.Segmenter`) over the summary's text without its code (parsed with remark), so a version
 * such as `v0.12.0` or a path with dots is not a sentence end.
 */
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

import type { ReleaseMonth } from '../../plugins/catalog/schema';

const parser = unified().use(remarkParse).use(remarkGfm);
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The sentences of a Markdown summary's prose (code spans and blocks count as one word). */
export function sentenceCount(markdown: string): number {
  const tree = parser.parse(markdown);
  visit(tree, (node, index, parent) => {
    if ((node.type === 'inlineCode' || node.type === 'code') && parent && index !== undefined) {
      parent.children.splice(index, 1, { type: 'text', value: node.type === 'code' ? ' ' : 'x' } as never);
      return [SKIP, index];
    }
    return undefined;
  });
  let count = 0;
  for (const paragraph of tree.children) {
    const text = toString(paragraph).replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    for (const segment of segmenter.segment(text)) if (segment.segment.trim() !== '') count += 1;
  }
  return count;
}

/** A count and how many months (or summaries) have it, most common first. */
export type Distribution = [value: number, occurrences: number][];

function distribution(values: readonly number[]): Distribution {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

/** Entries per month and sentences per summary, over every month of `months`. */
export function releaseShape(months: readonly ReleaseMonth[]): {
  entriesPerMonth: Distribution;
  sentencesPerSummary: Distribution;
  months: number;
  summaries: number;
} {
  const summaries = months.flatMap((month) => month.entries.map((entry) => sentenceCount(entry.summary)));
  return {
    entriesPerMonth: distribution(months.map((month) => month.entries.length)),
    sentencesPerSummary: distribution(summaries),
    months: months.length,
    summaries: summaries.length,
  };
}
