// @vitest-environment node
/**
 * Links from hand-written pages to module source on GitHub name modules that data/ lists, so a
 * reader who follows one lands on code that exists; and the checker itself reports a wrong link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import { listMarkdownFiles } from './analyze';
import { describeUnknownModuleLink, findUnknownModuleLinks, parseModuleLink } from './module-links';

const ROOT = path.resolve(__dirname, '../..');
const catalog = loadCatalog(path.join(ROOT, 'data'));

const found = listMarkdownFiles(ROOT, 'docs').flatMap((file) =>
  findUnknownModuleLinks(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), catalog),
);

describe('module links in hand-written pages', () => {
  it('name a module or service that data/ lists', () => {
    expect(found.map(describeUnknownModuleLink)).toEqual([]);
  });
});

describe('the module link check', () => {
  const page = (body: string): string => `---\ntitle: T\n---\n\n## Links\n\n${body}\n`;

  it('reads repository and module path from tree and blob links only', () => {
    expect(parseModuleLink('https://github.com/gruntwork-io/terraform-aws-vpc/tree/v0.22.4/modules/vpc-app/')).toEqual({
      url: 'https://github.com/gruntwork-io/terraform-aws-vpc/tree/v0.22.4/modules/vpc-app/',
      repository: 'terraform-aws-vpc',
      modulePath: 'vpc-app',
    });
    expect(parseModuleLink('https://github.com/gruntwork-io/terraform-aws-vpc/releases')).toBeUndefined();
    expect(parseModuleLink('https://github.com/acme/terraform-aws-vpc/tree/main/modules/vpc-app')).toBeUndefined();
    expect(parseModuleLink('/reference/modules/terraform-aws-vpc/vpc-app/')).toBeUndefined();
  });

  it('reports a library module the repository does not have, naming the page, link and data file', () => {
    const bad = findUnknownModuleLinks(
      'docs/x.md',
      page(
        'See [the module](https://github.com/gruntwork-io/terraform-aws-security/tree/main/modules/iam-password-policy).',
      ),
      catalog,
    );
    expect(bad.map(describeUnknownModuleLink)).toEqual([
      'docs/x.md: link https://github.com/gruntwork-io/terraform-aws-security/tree/main/modules/iam-password-policy: data/modules/terraform-aws-security.yml lists no module "iam-password-policy"',
    ]);
  });

  it('checks Service Catalog links against service source paths, including reference-style links', () => {
    const markdown = page(
      [
        '[good](https://github.com/gruntwork-io/terraform-aws-service-catalog/tree/main/modules/landingzone/account-baseline-app) and [bad][b].',
        '',
        '[b]: https://github.com/gruntwork-io/terraform-aws-service-catalog/blob/main/modules/landingzone/account-baseline-nope/main.tf',
      ].join('\n'),
    );
    expect(findUnknownModuleLinks('docs/y.md', markdown, catalog).map(describeUnknownModuleLink)).toEqual([
      'docs/y.md: link https://github.com/gruntwork-io/terraform-aws-service-catalog/blob/main/modules/landingzone/account-baseline-nope/main.tf: no service in data/services/ has sourcePath "landingzone/account-baseline-nope"',
    ]);
  });

  it('accepts known modules and ignores code blocks and repositories data/ does not describe', () => {
    const markdown = page(
      [
        '[vpc](https://github.com/gruntwork-io/terraform-aws-vpc/tree/main/modules/vpc-app/README.md)',
        '[control tower](https://github.com/gruntwork-io/terraform-aws-control-tower/tree/main/modules/landingzone/anything)',
        '',
        '```text',
        'https://github.com/gruntwork-io/terraform-aws-vpc/tree/main/modules/not-a-module',
        '```',
      ].join('\n'),
    );
    expect(findUnknownModuleLinks('docs/z.md', markdown, catalog)).toEqual([]);
  });
});
