// @vitest-environment node
/**
 * No release entry announces as new an input, output, flag or feature that an earlier entry of
 * the same module already introduced; and the checker itself reports a repeat and accepts a
 * removed name that comes back.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import type { ReleaseEntry } from '../../plugins/catalog/schema';
import { announcements, findRepeatedAnnouncements, sentences } from './announcements';
import { indexReference } from './reference-index';
import { placedEntries, type PlacedEntry } from './release-names';

const catalog = loadCatalog(path.resolve(__dirname, '../../data'));

describe('the release notes in data/releases', () => {
  it('announce each input, output, flag and feature of a module as new once', () => {
    expect(findRepeatedAnnouncements(placedEntries(catalog), indexReference(catalog))).toEqual([]);
  });
});

const reference = indexReference(catalog);
const place = (version: string, date: string, summary: string, extra: Partial<ReleaseEntry> = {}): PlacedEntry => ({
  entry: {
    repository: 'terraform-aws-cache',
    version,
    date,
    kind: 'feature',
    modules: ['memcached'],
    summary,
    ...extra,
  },
  where: `data/releases/${date.slice(0, 7)}.yml: entries[0] (terraform-aws-cache ${version})`,
});

describe('findRepeatedAnnouncements', () => {
  it('reports an input announced again years later, naming both entries', () => {
    const first = place('v0.3.0', '2017-04-11', 'Adds `az_mode`, which spreads the nodes over zones.');
    const again = place('v0.10.0', '2020-03-10', 'The memcached module adds `az_mode` for zone outages.');
    expect(findRepeatedAnnouncements([first, again], reference)).toEqual([
      'data/releases/2020-03.yml: entries[0] (terraform-aws-cache v0.10.0): announces "az_mode" for memcached as new, but data/releases/2017-04.yml: entries[0] (terraform-aws-cache v0.3.0) already did',
    ]);
  });

  it('accepts a later sentence that changes the input, and a name removed in between', () => {
    const first = place('v0.3.0', '2017-04-11', 'Adds `az_mode`, which spreads the nodes over zones.');
    const change = place('v0.4.0', '2017-06-01', '`az_mode` now defaults to cross-az.');
    const removed = place('v0.5.0', '2018-01-09', 'Drops `az_mode`.', {
      kind: 'breaking',
      removes: ['az_mode'],
      migration: 'Remove az_mode from every module block before you upgrade.',
    });
    const back = place('v0.6.0', '2019-01-08', 'Adds `az_mode` back.');
    expect(findRepeatedAnnouncements([first, change, removed, back], reference)).toEqual([]);
  });

  it('reports a feature added twice with "adds a"', () => {
    const a = { repository: 'terraform-aws-vpc', modules: ['vpc-app'] };
    const first: PlacedEntry = {
      ...place('v0.3.0', '2017-08-16', 'vpc-app adds a DynamoDB gateway endpoint to the route tables.'),
      entry: {
        ...place('v0.3.0', '2017-08-16', 'vpc-app adds a DynamoDB gateway endpoint to the route tables.').entry,
        ...a,
      },
    };
    const again: PlacedEntry = {
      ...place('v0.12.0', '2020-07-30', 'vpc-app adds a DynamoDB gateway endpoint next to the S3 one.'),
      entry: {
        ...place('v0.12.0', '2020-07-30', 'vpc-app adds a DynamoDB gateway endpoint next to the S3 one.').entry,
        ...a,
      },
    };
    expect(findRepeatedAnnouncements([first, again], reference)).toEqual([
      'data/releases/2020-07.yml: entries[0] (terraform-aws-cache v0.12.0): announces "dynamodb gateway endpoint" for vpc-app as new, but data/releases/2017-08.yml: entries[0] (terraform-aws-cache v0.3.0) already did',
    ]);
  });
});

describe('sentences and announcements', () => {
  it('split prose at sentence ends but not inside code, and keep each sentence its spans', () => {
    expect(sentences('Adds `v0.1.2` and `a.b`. Then `c` changes.')).toEqual([
      { text: 'Adds v0.1.2 and a.b.', spans: ['v0.1.2', 'a.b'] },
      { text: 'Then c changes.', spans: ['c'] },
    ]);
  });

  it('take only names the module declares, and skip sentences about an existing name', () => {
    const declares = (n: string): boolean => n === 'az_mode';
    expect(announcements('Adds `az_mode` and `other_name`.', declares).names).toEqual(new Set(['az_mode']));
    expect(announcements('`az_mode` now defaults to cross-az.', declares).names).toEqual(new Set());
  });
});
