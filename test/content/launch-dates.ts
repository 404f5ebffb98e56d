/**
 * Release notes must not cite something before it existed. `data/launch-dates.yml` lists the day
 * each AWS launch, tool release or public event that the notes mention became available, with the
 * phrases that name it; a release entry whose text names one of them must be dated on or after
 * that day.
 */
import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';

import type { ReleaseMonth } from '../../plugins/catalog/schema';

/** One row of the launch table. */
export const launchSchema = z.strictObject({
  /** What launched, for error messages. */
  name: z.string().trim().min(3),
  /** First day of general availability (or public disclosure), `YYYY-MM-DD`. */
  date: z.iso.date(),
  /** Phrases that name the launch in a release note, matched case-insensitively as whole words. */
  cited_as: z.array(z.string().trim().min(2)).min(1, 'must list at least one phrase'),
});

/** The whole file: `launches`, oldest first or in any order. */
export const launchTableSchema = z.strictObject({ launches: z.array(launchSchema).min(1) });

export type Launch = z.infer<typeof launchSchema>;

/**
 * Reads and validates the launch table.
 * @param file - path of the YAML file; error messages name it as given.
 * @returns the rows, in file order.
 * @throws Error naming the file, the row (`launches[3] (Terraform 0.12)`) and the field of every
 *   problem, when the YAML does not parse or a row is invalid.
 */
export function loadLaunchTable(file: string): Launch[] {
  let data: unknown;
  try {
    data = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseLaunchTable(file, data);
}

/**
 * Validates already-parsed launch-table data (see {@link loadLaunchTable}).
 * @throws Error with one line per problem, each naming the file, row and field.
 */
export function parseLaunchTable(file: string, data: unknown): Launch[] {
  const result = launchTableSchema.safeParse(data);
  if (result.success) return result.data.launches;
  const rows = (data as { launches?: unknown } | null)?.launches;
  const problems = result.error.issues.map((issue) => {
    const [top, index, ...rest] = issue.path;
    let where = issue.path.map(String).join('.');
    if (top === 'launches' && typeof index === 'number') {
      const row: unknown = Array.isArray(rows) ? rows[index] : undefined;
      const name = (row as { name?: unknown } | undefined)?.name;
      where = `launches[${String(index)}]${typeof name === 'string' ? ` (${name})` : ''}${rest.length > 0 ? `.${rest.map(String).join('.')}` : ''}`;
    }
    return `${file}: ${where || '(root)'}: ${issue.message}`;
  });
  throw new Error(`Invalid launch table:\n  - ${problems.join('\n  - ')}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` names `phrase`: case-insensitive, and not inside a longer word or version
 * (`EKS 1.2` does not match `EKS 1.20`; `Redis 3.2` matches `Redis 3.2.6`).
 */
export function citesPhrase(text: string, phrase: string): boolean {
  const pattern = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(phrase)}(?![A-Za-z0-9])`, 'i');
  return pattern.test(text.replace(/\s+/g, ' '));
}

/**
 * Every release entry that cites a launch before the launch's date.
 * @param months - validated release months, as the catalog loads them.
 * @param launches - rows of the launch table.
 * @returns one line per early citation, naming the month file, the entry, the phrase and both
 *   dates; empty when every citation is on or after its launch.
 */
export function findEarlyCitations(months: readonly ReleaseMonth[], launches: readonly Launch[]): string[] {
  return months.flatMap((month) =>
    month.entries.flatMap((entry, index) => {
      const text = `${entry.summary} ${entry.migration ?? ''}`;
      return launches.flatMap((launch) => {
        const phrase = launch.cited_as.find((p) => citesPhrase(text, p));
        return phrase !== undefined && entry.date < launch.date
          ? [
              `data/releases/${month.month}.yml: entries[${String(index)}] (${entry.repository} ${entry.version}).date: ${entry.date} cites "${phrase}", but ${launch.name} arrived on ${launch.date}`,
            ]
          : [];
      });
    }),
  );
}
