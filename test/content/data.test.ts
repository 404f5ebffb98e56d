// @vitest-environment node
/**
 * The real data in data/ (issues 5 and 6): it validates, and the pages it generates are exactly
 * the module, service and release paths of the URL contract. A section still in the contract's
 * pending list only has to stay inside the contract.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import { readContract } from '../contract/built-site';
import { pendingSectionOf } from '../contract/pending';

const catalog = loadCatalog(path.resolve(__dirname, '../../data'));
const contract = readContract();

const generated = {
  modules: catalog.repositories.flatMap((r) => r.modules.map((m) => `/reference/modules/${r.repository}/${m.name}/`)),
  services: catalog.serviceCategories.flatMap((c) =>
    c.services.map((s) => `/reference/services/${c.category}/${s.slug}`),
  ),
  releases: [
    ...(catalog.releaseMonths.length > 0 ? ['/guides/stay-up-to-date/releases/'] : []),
    ...catalog.releaseMonths.map((m) => `/guides/stay-up-to-date/releases/${m.month}/`),
  ],
};
const expected = {
  modules: contract.filter((r) => /^\/reference\/modules\/terraform-aws-/.test(r)),
  services: contract.filter((r) => r.startsWith('/reference/services/') && !r.startsWith('/reference/services/intro/')),
  releases: contract.filter((r) => r.startsWith('/guides/stay-up-to-date/releases/')),
};

describe.each(['modules', 'services', 'releases'] as const)('generated %s pages', (kind) => {
  it('are all paths of the URL contract', () => {
    expect(generated[kind].filter((route) => !contract.includes(route))).toEqual([]);
  });

  it('cover every contract path of their section unless the section is pending', () => {
    const missing = expected[kind].filter((route) => !generated[kind].includes(route) && !pendingSectionOf(route));
    expect(missing).toEqual([]);
  });
});

describe('catalog figures', () => {
  it('gives every module at least 3 inputs and 2 outputs', () => {
    const thin = catalog.repositories.flatMap((r) =>
      r.modules.filter((m) => m.inputs.length < 3 || m.outputs.length < 2).map((m) => m.name),
    );
    expect(thin).toEqual([]);
  });
});
