// @vitest-environment node
/**
 * The module reference matches its history: each repository documents the newest version of its
 * release notes, and each versioned default was set by a dated entry.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog, type Catalog } from '../../plugins/catalog/load';
import type { DatedEntry } from './availability';
import { defaultVersion, findUnannouncedDefaults, findVersionGaps } from './reference-history';
import { placedEntries } from './release-names';

const catalog = loadCatalog(path.resolve(__dirname, '../../data'));

describe('the module reference against the release notes', () => {
  it('documents each repository at the newest version of its release notes', () => {
    expect(findVersionGaps(catalog, placedEntries(catalog))).toEqual([]);
  });

  it('has every versioned default named by a release entry of its module', () => {
    expect(findUnannouncedDefaults(catalog, placedEntries(catalog))).toEqual([]);
  });
});

const small = (version: string, kubernetes: string): Catalog =>
  ({
    repositories: [
      {
        repository: 'terraform-aws-eks',
        modules: [
          {
            kind: 'terraform',
            name: 'eks-cluster-control-plane',
            version,
            inputs: [{ name: 'kubernetes_version', type: 'string', required: false, default: kubernetes }],
          },
        ],
      },
    ],
  }) as unknown as Catalog;
const notes: DatedEntry[] = [
  {
    entry: {
      repository: 'terraform-aws-eks',
      version: 'v0.56.0',
      date: '2023-03-02',
      kind: 'feature',
      modules: ['eks-cluster-control-plane'],
      summary: 'New clusters start on EKS 1.25.',
    },
    where: 'data/releases/2023-03.yml: entries[0] (terraform-aws-eks v0.56.0)',
  },
];

describe('findVersionGaps and findUnannouncedDefaults', () => {
  it('report a reference ahead of its notes, and a default no entry names', () => {
    expect(findVersionGaps(small('v0.56.3', '"1.25"'), notes)).toEqual([
      'data/modules/terraform-aws-eks.yml: modules: the reference documents v0.56.3, but the newest release note is v0.56.0 (data/releases/2023-03.yml)',
    ]);
    expect(findUnannouncedDefaults(small('v0.56.0', '"1.25"'), notes)).toEqual([]);
    expect(findUnannouncedDefaults(small('v0.56.0', '"1.28"'), notes)).toEqual([
      'data/modules/terraform-aws-eks.yml: modules (eks-cluster-control-plane).inputs (kubernetes_version).default: 1.28 is named by no release entry of terraform-aws-eks for eks-cluster-control-plane',
    ]);
  });

  it('read only quoted version literals as versions', () => {
    expect(defaultVersion('"v1.25.0"')).toBe('v1.25.0');
    expect(defaultVersion('"1.247358.0b252413"')).toBe('1.247358.0b252413');
    expect(defaultVersion('"prod"')).toBeUndefined();
    expect(defaultVersion('1.25')).toBeUndefined();
  });
});
