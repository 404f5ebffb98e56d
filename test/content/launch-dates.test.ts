// @vitest-environment node
/**
 * Release notes are dated on or after everything they cite, per the launch table in
 * data/launch-dates.yml; and the checker itself reports an early citation and a bad table row.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import type { ReleaseMonth } from '../../plugins/catalog/schema';
import { citesPhrase, findEarlyCitations, loadLaunchTable, parseLaunchTable, type Launch } from './launch-dates';

const DATA = path.resolve(__dirname, '../../data');

describe('the launch table in data/launch-dates.yml', () => {
  const launches = loadLaunchTable(path.join(DATA, 'launch-dates.yml'));
  const months = loadCatalog(DATA).releaseMonths;

  it('is valid and lists each launch once', () => {
    const names = launches.map((l) => l.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(launches.length).toBeGreaterThan(50);
  });

  it('is cited by the release notes: every row matches at least one entry', () => {
    const texts = months.flatMap((m) => m.entries.map((e) => `${e.summary} ${e.migration ?? ''}`));
    const unused = launches.filter((l) => !texts.some((t) => l.cited_as.some((p) => citesPhrase(t, p))));
    expect(unused.map((l) => l.name)).toEqual([]);
  });

  it('dates every release entry on or after each launch it cites', () => {
    expect(findEarlyCitations(months, launches)).toEqual([]);
  });
});

const python39: Launch = { name: 'Lambda python3.9 runtime', date: '2021-08-16', cited_as: ['python3.9'] };
const month = (date: string, summary: string): ReleaseMonth => ({
  month: date.slice(0, 7),
  entries: [
    {
      repository: 'terraform-aws-lambda',
      version: 'v0.14.0',
      date,
      kind: 'feature',
      modules: ['lambda'],
      summary,
    },
  ],
});

describe('findEarlyCitations', () => {
  it('reports an entry that cites a runtime before it launched, with file, entry, field and dates', () => {
    const early = month('2021-08-03', 'The runtime validation accepts python3.9, which AWS added this month.');
    expect(findEarlyCitations([early], [python39])).toEqual([
      'data/releases/2021-08.yml: entries[0] (terraform-aws-lambda v0.14.0).date: 2021-08-03 cites "python3.9", but Lambda python3.9 runtime arrived on 2021-08-16',
    ]);
  });

  it('accepts the same entry dated on the launch day or later', () => {
    const onTime = month('2021-08-16', 'The runtime validation accepts python3.9, which AWS added today.');
    expect(findEarlyCitations([onTime], [python39])).toEqual([]);
  });

  it('ignores entries that do not cite the launch', () => {
    expect(
      findEarlyCitations([month('2021-08-03', 'Adds the nodejs14.x runtime to the tested list.')], [python39]),
    ).toEqual([]);
  });
});

describe('citesPhrase', () => {
  it('matches whole words and versions only, ignoring case and line breaks', () => {
    expect(citesPhrase('EKS 1.20 is supported', 'EKS 1.2')).toBe(false);
    expect(citesPhrase('Redis 3.2.6 encryption', 'Redis 3.2')).toBe(true);
    expect(citesPhrase('the new\n  Network Load   Balancer', 'network load balancer')).toBe(true);
    expect(citesPhrase('unt3sted', 't3')).toBe(false);
  });
});

describe('parseLaunchTable', () => {
  it('names the file, the row and the field of a bad row', () => {
    expect(() =>
      parseLaunchTable('data/launch-dates.yml', {
        launches: [{ name: 'Lambda python3.9 runtime', date: '16 August 2021', cited_as: ['python3.9'] }],
      }),
    ).toThrow(/data\/launch-dates\.yml: launches\[0\] \(Lambda python3\.9 runtime\)\.date: /);
  });

  it('rejects a row without phrases', () => {
    expect(() =>
      parseLaunchTable('data/launch-dates.yml', { launches: [{ name: 'Fargate', date: '2017-11-29', cited_as: [] }] }),
    ).toThrow(/launches\[0\] \(Fargate\)\.cited_as: must list at least one phrase/);
  });
});
