// @vitest-environment node
/**
 * The cross-check of data/ (see ARCHITECTURE.md, 'Content checks'): every name a release note or
 * a guide writes in code exists in the module reference unless a release removed it, and the
 * checker itself reports each kind of contradiction with both files, the entry and the name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { GENERATED_SITE_DIR } from '../../plugins/catalog/layout';
import { loadCatalog, type Catalog } from '../../plugins/catalog/load';
import type { ReleaseEntry } from '../../plugins/catalog/schema';
import { listMarkdownFiles } from './analyze';
import { classifySpan } from './code-names';
import { findGuideContradictions, findHclContradictions } from './guide-inputs';
import { loadLaunchTable, type Launch } from './launch-dates';
import { indexReference } from './reference-index';
import { findReleaseContradictions } from './release-names';

const ROOT = path.resolve(__dirname, '../..');
const DATA = path.join(ROOT, 'data');
const catalog = loadCatalog(DATA);
const reference = indexReference(catalog);
const releases = catalog.releaseMonths.flatMap((month) => month.entries);

describe('data/ and the guides, against the module reference', () => {
  it('release notes name only inputs, outputs, flags and commands the reference has', async () => {
    const launches = loadLaunchTable(path.join(DATA, 'launch-dates.yml'));
    expect(await findReleaseContradictions(catalog, reference, launches)).toEqual([]);
  }, 60_000);

  it('guides pass only declared inputs to library modules, at versions the reference documents', async () => {
    const files = listMarkdownFiles(ROOT, 'docs').filter((file) => !file.startsWith(`${GENERATED_SITE_DIR}/`));
    const problems: string[] = [];
    for (const file of files)
      problems.push(
        ...(await findGuideContradictions(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), reference, releases)),
      );
    expect(problems).toEqual([]);
  }, 60_000);

  it("the reference's own usage and deploy examples pass only declared inputs", async () => {
    const problems: string[] = [];
    for (const repo of catalog.repositories)
      for (const mod of repo.modules) {
        if (mod.kind === 'script') continue;
        for (const tool of ['terraform', 'terragrunt'] as const)
          problems.push(
            ...(await findHclContradictions(
              `data/modules/${repo.repository}.yml modules (${mod.name}).usage.${tool}`,
              mod.usage[tool],
              reference,
              releases,
            )),
          );
      }
    for (const category of catalog.serviceCategories)
      for (const service of category.services)
        for (const tool of ['terraform', 'terragrunt'] as const)
          problems.push(
            ...(await findHclContradictions(
              `data/services/${category.category}.yml services (${service.slug}).deploy.${tool}`,
              service.deploy[tool],
              reference,
              releases,
            )),
          );
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('classifySpan', () => {
  it('takes snake_case words with a word in them as input or output names', () => {
    expect(classifySpan('access_logs_bucket')).toEqual({ kind: 'name', name: 'access_logs_bucket' });
    expect(classifySpan('error_document_403')).toEqual({ kind: 'name', name: 'error_document_403' });
    expect(classifySpan('use_spot_instances = true')).toEqual({ kind: 'name', name: 'use_spot_instances' });
  });

  it('takes values, families, paths, addresses and Terraform words as values', () => {
    for (const span of [
      'x86_64',
      'fluentd_*',
      'for_each',
      'required_providers',
      's3:GetObject',
      'aws_instance.ebs_block_device',
      'live',
      '"AL2_ARM_64"',
    ])
      expect(classifySpan(span).kind, span).toBe('value');
  });

  it('tells flags, command lines and kebab-case names apart', () => {
    expect(classifySpan('--force')).toEqual({ kind: 'flag', flag: '--force' });
    expect(classifySpan('--aws-profile NAME')).toEqual({ kind: 'flag', flag: '--aws-profile' });
    expect(classifySpan('openvpn-admin revoke --force')).toEqual({
      kind: 'command',
      words: ['openvpn-admin', 'revoke', '--force'],
    });
    expect(classifySpan('git-rebase')).toEqual({ kind: 'kebab', name: 'git-rebase' });
  });
});

/** The real catalog with its release notes replaced by one month of the given entries. */
function withMonth(
  entries: ReleaseEntry[],
  month = '2030-01',
  edit: (copy: Catalog) => void = () => undefined,
): Catalog {
  const copy = structuredClone(catalog);
  copy.releaseMonths = [{ month, entries }];
  edit(copy);
  return copy;
}

const entry = (
  fields: Partial<ReleaseEntry> & Pick<ReleaseEntry, 'repository' | 'version' | 'modules' | 'summary'>,
): ReleaseEntry => ({
  date: '2030-01-10',
  kind: 'feature',
  ...fields,
});

const check = (copy: Catalog, launches: Launch[] = []): Promise<string[]> =>
  findReleaseContradictions(copy, indexReference(copy), launches);

describe('findReleaseContradictions', () => {
  it('reports an input the reference lacks, naming both files, the entry and the name', async () => {
    const copy = withMonth([
      entry({
        repository: 'terraform-aws-load-balancer',
        version: 'v0.26.0',
        modules: ['alb'],
        summary: 'The two access log inputs are combined into `access_logs_bucket`, set to a bucket name.',
      }),
    ]);
    expect(await check(copy)).toEqual([
      'data/releases/2030-01.yml: entries[0] (terraform-aws-load-balancer v0.26.0): names input or output "access_logs_bucket", but data/modules/terraform-aws-load-balancer.yml modules (alb) v0.29.5 declares no such input or output',
    ]);
  });

  it('reports a flag that no command of the script has, and a library command line with one', async () => {
    const copy = withMonth([
      entry({
        repository: 'terraform-aws-openvpn',
        version: 'v0.30.0',
        modules: ['openvpn-admin'],
        summary: 'Revoking honours `--aws-profile`, and `openvpn-admin revoke --force` skips the IAM lookup.',
      }),
    ]);
    expect(await check(copy)).toEqual([
      'data/releases/2030-01.yml: entries[0] (terraform-aws-openvpn v0.30.0): names flag "--aws-profile", but no command of data/modules/terraform-aws-openvpn.yml modules (openvpn-admin) v0.22.1 has it',
      'data/releases/2030-01.yml: entries[0] (terraform-aws-openvpn v0.30.0): runs "openvpn-admin revoke --force", but "openvpn-admin revoke" has no flag "--force" in the reference',
    ]);
  });

  it('accepts resource types, Terraform words, values and commands of other tools', async () => {
    const copy = withMonth([
      entry({
        repository: 'terraform-aws-security',
        version: 'v0.70.0',
        modules: ['private-s3-bucket'],
        summary:
          'Settings move to `aws_s3_bucket_versioning` resources keyed with `for_each`; run `terraform plan -refresh-only` and check `s3:GetObject` in `bucket_policy_statements`.',
      }),
    ]);
    expect(await check(copy)).toEqual([]);
  });

  it('accepts a name that this or a later release removes, and then requires the reference not to list it', async () => {
    const copy = withMonth([
      entry({
        repository: 'terraform-aws-load-balancer',
        version: 'v0.30.0',
        modules: ['alb'],
        summary: 'Access logs are now set with `enable_alb_access_logs` alone, as before.',
      }),
      entry({
        repository: 'terraform-aws-load-balancer',
        version: 'v0.31.0',
        date: '2030-01-20',
        kind: 'breaking',
        modules: ['alb'],
        summary: 'The `enable_alb_access_logs` switch is removed: a bucket name turns logging on.',
        migration: 'Remove `enable_alb_access_logs` from the module call and keep the bucket name input.',
        removes: ['enable_alb_access_logs', 'alb_name'],
      }),
    ]);
    expect(await check(copy)).toEqual([
      'data/releases/2030-01.yml: entries[1] (terraform-aws-load-balancer v0.31.0).removes: removes "enable_alb_access_logs", but data/modules/terraform-aws-load-balancer.yml modules (alb) v0.29.5 still lists it',
      'data/releases/2030-01.yml: entries[1] (terraform-aws-load-balancer v0.31.0).removes: "alb_name" is not written in code in the summary or migration',
      'data/releases/2030-01.yml: entries[1] (terraform-aws-load-balancer v0.31.0).removes: removes "alb_name", but data/modules/terraform-aws-load-balancer.yml modules (alb) v0.29.5 still lists it',
    ]);
  });

  it('reports a module introduced twice and a module whose title cites a later launch', async () => {
    const serverless: Launch = {
      name: 'ElastiCache Serverless',
      date: '2023-11-27',
      cited_as: ['ElastiCache Serverless'],
    };
    const copy = withMonth(
      [
        entry({
          repository: 'terraform-aws-cache',
          version: 'v0.16.0',
          date: '2022-06-07',
          kind: 'new-module',
          modules: ['elastic-cache'],
          summary: 'New module elastic-cache creates a cache for sessions and fragments.',
        }),
        entry({
          repository: 'terraform-aws-cache',
          version: 'v0.16.1',
          date: '2022-06-09',
          kind: 'new-module',
          modules: ['elastic-cache'],
          summary: 'New module elastic-cache creates a cache for sessions and fragments.',
        }),
      ],
      '2022-06',
      (c) => {
        for (const repo of c.repositories)
          for (const mod of repo.modules) if (mod.name === 'elastic-cache') mod.title = 'ElastiCache Serverless cache';
      },
    );
    expect(await check(copy, [serverless])).toEqual([
      'data/releases/2022-06.yml: entries[0] (terraform-aws-cache v0.16.0).date: 2022-06-07 introduces elastic-cache, whose title in data/modules/terraform-aws-cache.yml modules (elastic-cache) is "ElastiCache Serverless cache", but ElastiCache Serverless arrived on 2023-11-27',
      'data/releases/2022-06.yml: entries[1] (terraform-aws-cache v0.16.1).kind: introduces elastic-cache, but data/releases/2022-06.yml: entries[0] (terraform-aws-cache v0.16.0) already lists it',
      'data/releases/2022-06.yml: entries[1] (terraform-aws-cache v0.16.1).date: 2022-06-09 introduces elastic-cache, whose title in data/modules/terraform-aws-cache.yml modules (elastic-cache) is "ElastiCache Serverless cache", but ElastiCache Serverless arrived on 2023-11-27',
    ]);
  });

  it('reports a Service Catalog release newer than the service reference it names', async () => {
    const copy = withMonth([
      entry({
        repository: 'terraform-aws-service-catalog',
        version: 'v0.110.0',
        modules: ['vpc'],
        summary: 'The VPC service tags every subnet with its tier for cost reports.',
      }),
    ]);
    expect(await check(copy)).toEqual([
      'data/releases/2030-01.yml: entries[0] (terraform-aws-service-catalog v0.110.0).version: v0.110.0 is newer than data/services/networking.yml services (virtual-private-cloud-vpc), which documents v0.102.5',
    ]);
  });

  it('checks the arguments of HCL blocks in a migration, and reports a block that does not parse', async () => {
    const copy = withMonth([
      entry({
        repository: 'terraform-aws-load-balancer',
        version: 'v0.30.0',
        kind: 'breaking',
        modules: ['alb'],
        summary: 'The alb module takes the log bucket as one input, shown below for the whole call.',
        migration: [
          'Change the call:',
          '',
          '```hcl',
          'module "alb" {',
          '  source             = "git::git@github.com:gruntwork-io/terraform-aws-load-balancer.git//modules/alb?ref=v0.30.0"',
          '  alb_name           = "public"',
          '  access_logs_bucket = "logs"',
          '}',
          '```',
          '',
          '```hcl',
          'alb_name = ',
          '```',
        ].join('\n'),
      }),
    ]);
    const problems = await check(copy);
    expect(problems[0]).toMatch(
      /^data\/releases\/2030-01\.yml: entries\[0\] \(terraform-aws-load-balancer v0\.30\.0\)\.migration: an hcl block is not valid HCL: /,
    );
    expect(problems.slice(1)).toEqual([
      'data/releases/2030-01.yml: entries[0] (terraform-aws-load-balancer v0.30.0): names input or output "access_logs_bucket", but data/modules/terraform-aws-load-balancer.yml modules (alb) v0.29.5 declares no such input or output',
    ]);
  });
});

describe('findHclContradictions', () => {
  const vpc = (ref: string, body: string): string =>
    `module "vpc" {\n  source = "git::git@github.com:gruntwork-io/terraform-aws-vpc.git//modules/vpc-app?ref=${ref}"\n${body}\n}\n`;

  it('reports an argument the module does not declare and an output it does not have', async () => {
    const code = `${vpc('v0.22.0', '  vpc_name = "dev"\n  vpc_region = "us-east-1"')}\noutput "id" {\n  value = module.vpc.vpc_identifier\n}\n`;
    expect(await findHclContradictions('docs/x.md: hcl block 1', code, reference, releases)).toEqual([
      'docs/x.md: hcl block 1 module "vpc": passes "vpc_region", but data/modules/terraform-aws-vpc.yml modules (vpc-app) v0.22.0 declares no such input',
      'docs/x.md: hcl block 1 module "vpc": reads output "vpc_identifier", but data/modules/terraform-aws-vpc.yml modules (vpc-app) v0.22.0 declares no such output',
    ]);
  });

  it('reports a pin newer than the reference, and accepts an input a release after an older pin removed', async () => {
    expect(
      await findHclContradictions('docs/x.md: hcl block 1', vpc('v0.30.0', '  vpc_name = "dev"'), reference, releases),
    ).toEqual([
      'docs/x.md: hcl block 1 module "vpc": pins v0.30.0, newer than data/modules/terraform-aws-vpc.yml modules (vpc-app), which documents v0.22.0',
    ]);
    expect(
      await findHclContradictions(
        'docs/x.md: hcl block 1',
        vpc('v0.7.0', '  aws_region = "us-east-1"'),
        reference,
        releases,
      ),
    ).toEqual([]);
    expect(
      await findHclContradictions(
        'docs/x.md: hcl block 1',
        vpc('v0.13.0', '  aws_region = "us-east-1"'),
        reference,
        releases,
      ),
    ).toEqual([
      'docs/x.md: hcl block 1 module "vpc": passes "aws_region", but data/modules/terraform-aws-vpc.yml modules (vpc-app) v0.22.0 declares no such input',
    ]);
  });

  it('checks a Terragrunt inputs map against the module its terraform block names, services included', async () => {
    const code = [
      'terraform {',
      '  source = "git::git@github.com:gruntwork-io/terraform-aws-service-catalog.git//modules/networking/vpc?ref=v0.102.5"',
      '}',
      'inputs = {',
      '  vpc_name   = "dev"',
      '  enable_ipv6 = true',
      '}',
    ].join('\n');
    expect(await findHclContradictions('docs/x.md: hcl block 2', code, reference, releases)).toEqual([
      'docs/x.md: hcl block 2 inputs: passes "enable_ipv6", but data/services/networking.yml services (virtual-private-cloud-vpc) v0.102.5 declares no such input',
    ]);
  });

  it('reports a module path data/ does not list', async () => {
    const code =
      'module "x" {\n  source = "git::git@github.com:gruntwork-io/terraform-aws-vpc.git//modules/vpc-core?ref=v0.22.0"\n}\n';
    expect(await findHclContradictions('docs/x.md: hcl block 1', code, reference, releases)).toEqual([
      'docs/x.md: hcl block 1 module "x": source names module "vpc-core", which data/ does not list for terraform-aws-vpc',
    ]);
  });

  it('reports a block that names a library module but does not parse, and ignores other invalid blocks', async () => {
    const broken = vpc('v0.22.0', '  vpc_name = ');
    expect(await findHclContradictions('docs/x.md: hcl block 1', broken, reference, releases)).toEqual([
      expect.stringMatching(/^docs\/x\.md: hcl block 1: not valid HCL, so its inputs cannot be checked: /),
    ]);
    const terraform011 =
      'terragrunt = {\n  terraform {\n    source = "git::git@github.com:acme/modules.git//vpc"\n  }\n}\n';
    expect(await findHclContradictions('docs/x.md: hcl block 1', terraform011, reference, releases)).toEqual([]);
  });

  it('reads the hcl blocks of a page in order', async () => {
    const page = `---\ntitle: T\n---\n\n## Use it\n\n\`\`\`hcl\n${vpc('v0.22.0', '  vpc_name = "a"')}\`\`\`\n\n\`\`\`hcl\n${vpc('v0.22.0', '  vpc_nam = "a"')}\`\`\`\n`;
    expect(await findGuideContradictions('docs/y.md', page, reference, releases)).toEqual([
      'docs/y.md: hcl block 2 module "vpc": passes "vpc_nam", but data/modules/terraform-aws-vpc.yml modules (vpc-app) v0.22.0 declares no such input',
    ]);
  });
});
