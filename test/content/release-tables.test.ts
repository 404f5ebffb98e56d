// @vitest-environment node
/**
 * Version tables in the upgrade guides agree with the release notes in data/releases; and the
 * checker reports a row that names the wrong release.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import type { ReleaseMonth } from '../../plugins/catalog/schema';
import { findTableMismatches, readVersionTable } from './release-tables';

const ROOT = path.resolve(__dirname, '../..');
const TABLE = 'docs/guides/stay-up-to-date/terraform/terraform-12/version-compatibility-table.md';

describe('the Terraform 0.12 version compatibility table', () => {
  const rows = readVersionTable(fs.readFileSync(path.join(ROOT, TABLE), 'utf8'));

  it('lists the library repositories', () => {
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it('names, for each repository, its first release that requires Terraform 0.12', () => {
    const months = loadCatalog(path.join(ROOT, 'data')).releaseMonths;
    expect(findTableMismatches(TABLE, rows, months, 'Terraform 0.12')).toEqual([]);
  });
});

describe('findTableMismatches', () => {
  const months: ReleaseMonth[] = [
    {
      month: '2019-06',
      entries: [
        {
          repository: 'terraform-aws-vpc',
          version: 'v0.7.0',
          date: '2019-06-06',
          kind: 'breaking',
          modules: ['vpc-app'],
          summary: 'All VPC modules are now written for Terraform 0.12, with typed variables.',
          migration: 'Upgrade Terraform to 0.12 and run terraform 0.12upgrade in every folder.',
        },
      ],
    },
  ];

  it('reports a row that names an earlier release than the release notes', () => {
    const rows = readVersionTable('| Repository | First |\n|---|---|\n| [terraform-aws-vpc](https://x) | v0.6.0 |\n');
    expect(rows).toEqual([{ repository: 'terraform-aws-vpc', version: 'v0.6.0' }]);
    expect(findTableMismatches('guide.md', rows, months, 'Terraform 0.12')).toEqual([
      'guide.md: terraform-aws-vpc is listed at v0.6.0, but the release notes give v0.7.0 as its first release for Terraform 0.12',
    ]);
  });

  it('accepts the matching row and ignores repositories the notes do not cover', () => {
    const rows = readVersionTable(
      '| Repository | First |\n|---|---|\n| terraform-aws-vpc | v0.7.0 |\n| terraform-aws-asg | v0.1.0 |\n',
    );
    expect(findTableMismatches('guide.md', rows, months, 'Terraform 0.12')).toEqual([]);
  });
});
