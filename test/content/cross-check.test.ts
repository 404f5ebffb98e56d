// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import { loadLaunchTable } from './launch-dates';
import { indexReference } from './reference-index';
import { findReleaseContradictions } from './release-names';

const DATA = path.resolve(__dirname, '../../data');

describe('release notes against the reference', () => {
  it('agree', async () => {
    const catalog = loadCatalog(DATA);
    const problems = await findReleaseContradictions(catalog, indexReference(catalog), loadLaunchTable(path.join(DATA, 'launch-dates.yml')));
    expect(problems).toEqual([]);
  }, 60_000);
});
import fs from 'node:fs';
import { listMarkdownFiles } from './analyze';
import { findGuideContradictions, findHclContradictions } from './guide-inputs';
import { GENERATED_SITE_DIR } from '../../plugins/catalog/layout';
describe('guides', () => {
  it('agree', async () => {
    const ROOT = path.resolve(__dirname, '../..');
    const catalog = loadCatalog(DATA);
    const ref = indexReference(catalog);
    const releases = catalog.releaseMonths.flatMap((m) => m.entries);
    const problems: string[] = [];
    for (const file of listMarkdownFiles(ROOT, 'docs').filter((f) => !f.startsWith(`${GENERATED_SITE_DIR}/`)))
      problems.push(...(await findGuideContradictions(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ref, releases)));
    for (const repo of catalog.repositories) for (const m of repo.modules) if (m.kind !== 'script') for (const k of ['terraform', 'terragrunt'] as const)
      problems.push(...(await findHclContradictions(`data/modules/${repo.repository}.yml modules (${m.name}).usage.${k}`, m.usage[k], ref, releases)));
    for (const c of catalog.serviceCategories) for (const s of c.services) for (const k of ['terraform', 'terragrunt'] as const)
      problems.push(...(await findHclContradictions(`data/services/${c.category}.yml services (${s.slug}).deploy.${k}`, s.deploy[k], ref, releases)));
    expect(problems).toEqual([]);
  }, 120_000);
});
