// @vitest-environment node
/**
 * Release notes shaped by what changed, not by a template: no one count of entries per month or of
 * sentences per summary covers most of them, every breaking change shows the code to change, and
 * every new module links its reference page. `node scripts/release-shape.mjs` prints the counts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import type { ReleaseMonth } from '../../plugins/catalog/schema';
import { releaseShape, sentenceCount, upgradeGaps, versionOrderProblems, weekdayShares } from './release-shape';

const catalog = loadCatalog(path.resolve(__dirname, '../../data'));
const modules = new Set(
  catalog.repositories.flatMap((repo) => repo.modules.map((module) => `${repo.repository}/${module.name}`)),
);
const hasReference = (repository: string, module: string): boolean => modules.has(`${repository}/${module}`);

/** The share of the most common value of a distribution. */
const topShare = (distribution: [number, number][], total: number): number => (distribution[0]?.[1] ?? 0) / total;

describe('the release notes in data/releases', () => {
  const shape = releaseShape(catalog.releaseMonths);

  it('vary the number of entries per month: no one count covers more than 30 % of the months', () => {
    expect(topShare(shape.entriesPerMonth, shape.months)).toBeLessThanOrEqual(0.3);
  });

  it('vary the length of summaries: no one sentence count covers more than half of them', () => {
    expect(topShare(shape.sentencesPerSummary, shape.summaries)).toBeLessThanOrEqual(0.5);
  });

  it('give every breaking change its code to change, and every new module a link to its page', () => {
    expect(upgradeGaps(catalog.releaseMonths, hasReference)).toEqual([]);
  });

  // A real team's calendar: most releases mid-week, some on Mondays and Fridays, a few at weekends.
  // Gruntwork's 4,200 published releases of 2016 to 2023 fall 14 % on Mondays, 19 to 22 % on each
  // other weekday and 4 % at weekends.
  it('fall on the weekdays real releases do: none over 30 %, each weekday 8 % or more, weekends 1 to 10 %', () => {
    const shares = weekdayShares(catalog.releaseMonths);
    expect(Math.max(...Object.values(shares))).toBeLessThanOrEqual(0.3);
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const) expect(shares[day]).toBeGreaterThanOrEqual(0.08);
    expect(shares.Sat + shares.Sun).toBeGreaterThanOrEqual(0.01);
    expect(shares.Sat + shares.Sun).toBeLessThanOrEqual(0.1);
  });

  it("raise each repository's version with every later release", () => {
    expect(versionOrderProblems(catalog.releaseMonths)).toEqual([]);
  });
});

describe('the shape measures', () => {
  const month = (dates: [string, string][]): ReleaseMonth => ({
    month: '2021-03',
    entries: dates.map(([date, version]) => ({
      repository: 'terraform-aws-vpc',
      version,
      date,
      kind: 'fix',
      modules: ['vpc-app'],
      summary: 'Fixes the routes of the private subnets in every zone.',
    })),
  });

  it('count the weekday shares of release dates', () => {
    const shares = weekdayShares([
      month([
        ['2021-03-01', 'v0.1.0'],
        ['2021-03-02', 'v0.1.1'],
        ['2021-03-06', 'v0.1.2'],
        ['2021-03-09', 'v0.1.3'],
      ]),
    ]);
    expect(shares).toEqual({ Sun: 0, Mon: 0.25, Tue: 0.5, Wed: 0, Thu: 0, Fri: 0, Sat: 0.25 });
  });

  it('name a release whose version does not rise with its date', () => {
    expect(
      versionOrderProblems([
        month([
          ['2021-03-02', 'v0.2.0'],
          ['2021-03-09', 'v0.1.9'],
        ]),
      ]),
    ).toEqual(['terraform-aws-vpc: v0.1.9 (2021-03-09) is not newer than v0.2.0 (2021-03-02)']);
  });

  it('count sentences without mistaking versions, paths or code for sentence ends', () => {
    expect(sentenceCount('Fixes `v0.12.0` in `modules/vpc-app/main.tf` on Ubuntu 18.04.')).toBe(1);
    expect(sentenceCount('Adds an input.\nIt defaults to\nfalse. Set it to true to turn it on.')).toBe(3);
  });

  it('name a breaking change without code and a new module without its link', () => {
    const month: ReleaseMonth = {
      month: '2021-03',
      entries: [
        {
          repository: 'terraform-aws-vpc',
          version: 'v0.14.0',
          date: '2021-03-02',
          kind: 'breaking',
          modules: ['vpc-app'],
          summary: 'The subnets move to a map keyed by availability zone, so their addresses change.',
          migration: 'Move each subnet to its new address with terraform state mv before you apply.',
        },
        {
          repository: 'terraform-aws-vpc',
          version: 'v0.14.1',
          date: '2021-03-09',
          kind: 'new-module',
          modules: ['vpc-flow-logs'],
          summary: 'New module vpc-flow-logs sends the flow logs of a VPC to CloudWatch Logs or S3.',
        },
      ],
    };
    expect(upgradeGaps([month], () => true)).toEqual([
      "data/releases/2021-03.yml: terraform-aws-vpc v0.14.0: a breaking change's migration needs a code block (the HCL before and after, or the command to run)",
      "data/releases/2021-03.yml: terraform-aws-vpc v0.14.1: a new module's summary links its reference page /reference/modules/terraform-aws-vpc/vpc-flow-logs/",
    ]);
  });
});
