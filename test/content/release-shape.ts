/**
 * The shape of the release notes: how many entries each month has, how many sentences each
 * summary has, and on which weekdays releases fall. Months shaped by what changed vary; a template shows as one count that nearly every
 * month or summary shares. Sentences are counted by the platform's sentence segmenter
 * (`Intl.Segmenter`) over the summary's text without its code (parsed with remark), so a version
 * such as `v0.12.0` or a path with dots is not a sentence end.
 */
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

import { compareVersions } from '../../plugins/catalog/load';
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

/** How often each value occurs in `values`, most common first (ties by value). */
export function distribution(values: readonly number[]): Distribution {
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

/** True when the Markdown holds a fenced or indented code block (found by remark, not by text). */
export function hasCodeBlock(markdown: string): boolean {
  let found = false;
  visit(parser.parse(markdown), 'code', () => {
    found = true;
  });
  return found;
}

/** The URLs of the links of a Markdown text (found by remark). */
export function linkUrls(markdown: string): string[] {
  const urls: string[] = [];
  visit(parser.parse(markdown), 'link', (node) => {
    urls.push(node.url);
  });
  return urls;
}

/**
 * What a reader upgrading needs and does not find: a breaking entry whose `migration` has no code
 * block (the HCL to change or the command to run), and a new-module entry that does not link the
 * reference page of a module it introduces (only modules with a page, that is of a repository
 * `hasReference` knows). Each problem names the month file, the entry and what is missing.
 */
export function upgradeGaps(
  months: readonly ReleaseMonth[],
  hasReference: (repository: string, module: string) => boolean,
): string[] {
  const problems: string[] = [];
  for (const month of months) {
    for (const entry of month.entries) {
      const where = `data/releases/${month.month}.yml: ${entry.repository} ${entry.version}`;
      if (entry.kind === 'breaking' && !hasCodeBlock(entry.migration ?? ''))
        problems.push(
          `${where}: a breaking change's migration needs a code block (the HCL before and after, or the command to run)`,
        );
      if (entry.kind === 'new-module') {
        const links = linkUrls(entry.summary);
        for (const module of entry.modules) {
          const page = `/reference/modules/${entry.repository}/${module}/`;
          if (hasReference(entry.repository, module) && !links.includes(page))
            problems.push(`${where}: a new module's summary links its reference page ${page}`);
        }
      }
    }
  }
  return problems;
}

/** Weekday names in `Date.getUTCDay()` order. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The share of release entries dated on each weekday (0 to 1), over every month of `months`. */
export function weekdayShares(months: readonly ReleaseMonth[]): Record<(typeof WEEKDAYS)[number], number> {
  const dates = months.flatMap((month) => month.entries.map((entry) => entry.date));
  const shares = Object.fromEntries(WEEKDAYS.map((day) => [day, 0])) as Record<(typeof WEEKDAYS)[number], number>;
  for (const date of dates) {
    const day = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
    if (day !== undefined) shares[day] += 1 / dates.length;
  }
  return shares;
}

/**
 * Releases of one repository whose version does not rise with their date: sorted by date (and,
 * on the same day, by version), each version must be higher than the one before.
 * @returns one line per out-of-order release, naming both releases and their dates.
 */
export function versionOrderProblems(months: readonly ReleaseMonth[]): string[] {
  const byRepository = new Map<string, { version: string; date: string }[]>();
  for (const month of months)
    for (const entry of month.entries) {
      const list = byRepository.get(entry.repository) ?? [];
      list.push({ version: entry.version, date: entry.date });
      byRepository.set(entry.repository, list);
    }
  const problems: string[] = [];
  for (const [repository, releases] of byRepository) {
    releases.sort((a, b) => a.date.localeCompare(b.date) || compareVersions(a.version, b.version));
    releases.forEach((release, index) => {
      const previous = releases[index - 1];
      if (previous && compareVersions(release.version, previous.version) <= 0)
        problems.push(
          `${repository}: ${release.version} (${release.date}) is not newer than ${previous.version} (${previous.date})`,
        );
    });
  }
  return problems;
}
