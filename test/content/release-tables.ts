/**
 * Guides that tabulate "the first release of each repository with X" must agree with the release
 * notes in data/releases. The first breaking release whose text cites the phrase (for example
 * `Terraform 0.12`) is the release a reader must reach, so the guide's table must name it.
 */
import matter from 'gray-matter';
import type { Table, TableCell } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import type { ReleaseMonth } from '../../plugins/catalog/schema';
import { citesPhrase } from './launch-dates';

/** One row of a guide's table: the repository and the version the guide names for it. */
export interface TableRow {
  repository: string;
  version: string;
}

const cellText = (cell: TableCell | undefined): string => {
  let text = '';
  if (cell)
    visit(cell, (node) => {
      if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
    });
  return text.trim();
};

/**
 * Reads the rows of every GFM table in a Markdown page whose first column names a
 * `terraform-aws-*` repository and whose last column is a version such as `v0.7.0`.
 * Other rows (a header, a repository described in words) are skipped.
 */
export function readVersionTable(markdown: string): TableRow[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(matter(markdown).content);
  const rows: TableRow[] = [];
  visit(tree, 'table', (table: Table) => {
    for (const row of table.children) {
      const repository = cellText(row.children[0]);
      const version = cellText(row.children[row.children.length - 1]);
      if (/^terraform-aws-[a-z-]+$/.test(repository) && /^v\d+\.\d+\.\d+$/.test(version))
        rows.push({ repository, version });
    }
  });
  return rows;
}

/**
 * The first breaking release of each repository whose summary or migration cites `phrase`,
 * in date order, keyed by repository.
 */
export function firstBreakingReleases(months: readonly ReleaseMonth[], phrase: string): Map<string, string> {
  const entries = months
    .flatMap((m) => m.entries)
    .filter((e) => e.kind === 'breaking' && citesPhrase(`${e.summary} ${e.migration ?? ''}`, phrase))
    .sort((a, b) => a.date.localeCompare(b.date));
  const first = new Map<string, string>();
  for (const entry of entries) if (!first.has(entry.repository)) first.set(entry.repository, entry.version);
  return first;
}

/**
 * Every row of a guide's table that disagrees with the release notes.
 * @param page - path of the guide, for messages.
 * @returns one line per disagreement; rows for repositories without a citing release are not checked.
 */
export function findTableMismatches(
  page: string,
  rows: readonly TableRow[],
  months: readonly ReleaseMonth[],
  phrase: string,
): string[] {
  const first = firstBreakingReleases(months, phrase);
  return rows.flatMap((row) => {
    const expected = first.get(row.repository);
    return expected !== undefined && expected !== row.version
      ? [
          `${page}: ${row.repository} is listed at ${row.version}, but the release notes give ${expected} as its first release for ${phrase}`,
        ]
      : [];
  });
}
