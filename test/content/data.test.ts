// @vitest-environment node
/**
 * The real data in data/: it validates, and the pages it generates are exactly the module, service
 * and release paths of the URL contract.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import { GRUNTWORK_INSTALLER_VERSION } from '../../plugins/catalog/render';
import { readContract } from '../contract/built-site';

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

  it('cover every contract path of their section', () => {
    const missing = expected[kind].filter((route) => !generated[kind].includes(route));
    expect(missing).toEqual([]);
  });
});

describe('catalog figures', () => {
  const modules = catalog.repositories.flatMap((r) => r.modules.map((m) => ({ repository: r.repository, m })));

  it('gives every Terraform module at least 3 inputs and 2 outputs', () => {
    const thin = modules.flatMap(({ m }) =>
      m.kind === 'terraform' && (m.inputs.length < 3 || m.outputs.length < 2) ? [m.name] : [],
    );
    expect(thin).toEqual([]);
  });

  it('has the 38 script modules, each with a flag, exit code 0 and an example that runs one of its commands', () => {
    const scripts = modules.flatMap(({ repository, m }) => (m.kind === 'script' ? [{ repository, m }] : []));
    expect(scripts).toHaveLength(38);
    const problems = scripts.flatMap(({ repository, m }) => {
      const where = `${repository}/${m.name}`;
      const found: string[] = [];
      if (m.commands.every((c) => c.flags.length === 0)) found.push(`${where}: no command has a flag`);
      // An install script runs when gruntwork-install installs the module.
      const programs = m.commands.map((c) =>
        c.name === 'install.sh' ? `--module-name '${m.name}'` : (c.name.split(' ')[0] ?? c.name),
      );
      if (!m.examples.some((e) => programs.some((p) => e.code.includes(p))))
        found.push(`${where}: no example runs ${programs.join(' or ')}`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('installs every script module from its own repository at its own version', () => {
    const wrong = modules.flatMap(({ repository, m }) =>
      m.kind !== 'script'
        ? []
        : m.examples.flatMap((e) =>
            [...e.code.matchAll(/--repo\s+'([^']+)'\s+--tag\s+'([^']+)'/g)]
              .filter(([, repo, tag]) => repo?.endsWith(`/${repository}`) === true && tag !== m.version)
              .map(([line]) => `${repository}/${m.name}: ${line}`),
          ),
    );
    expect(wrong).toEqual([]);
  });

  it('bootstraps gruntwork-install in script examples at the release the install sections use', () => {
    const other = modules.flatMap(({ repository, m }) =>
      m.kind !== 'script'
        ? []
        : m.examples.flatMap((e) =>
            [
              ...e.code.matchAll(
                /gruntwork-installer\/(v[\d.]+)\/bootstrap[^|]*\|\s*bash \/dev\/stdin --version (v[\d.]+)/g,
              ),
            ]
              .filter(([, url, flag]) => url !== GRUNTWORK_INSTALLER_VERSION || flag !== GRUNTWORK_INSTALLER_VERSION)
              .map(([line]) => `${repository}/${m.name}: ${line}`),
          ),
    );
    expect(other).toEqual([]);
  });
});
