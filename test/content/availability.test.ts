// @vitest-environment node
/**
 * Nothing in the release notes or the module reference is used before Terraform or its provider
 * had it, per data/availability.yml; the table dates every resource type the content names; and
 * the checker itself reports an early use, an early reference and a missing row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { parseAvailability } from '../../plugins/catalog/availability';
import { loadCatalog, type Catalog } from '../../plugins/catalog/load';
import type { AvailabilityTable, ReleaseEntry } from '../../plugins/catalog/schema';
import { listMarkdownFiles } from './analyze';
import {
  findEarlyReference,
  findEarlyUses,
  findUncovered,
  hclNames,
  markdownNames,
  type DatedEntry,
  type Naming,
} from './availability';
import { placedEntries } from './release-names';

const ROOT = path.resolve(__dirname, '../..');
const catalog = loadCatalog(path.join(ROOT, 'data'));
const table = catalog.availability as AvailabilityTable;

/** Inputs and outputs of every module and service: inline code naming one means it, not a resource type. */
const moduleNames = new Set(
  [
    ...catalog.repositories.flatMap((repo) =>
      repo.modules.flatMap((mod) => (mod.kind === 'script' ? [] : [...mod.inputs, ...mod.outputs])),
    ),
    ...catalog.serviceCategories.flatMap((c) => c.services.flatMap((s) => [...s.inputs, ...s.outputs])),
  ].map((field) => field.name),
);
const isModuleName = (name: string): boolean => moduleNames.has(name);

/** Everything data/ and the docs name, with where. */
async function allNamings(): Promise<Naming[]> {
  const namings: Naming[] = [];
  for (const repo of catalog.repositories)
    for (const mod of repo.modules) {
      if (mod.kind === 'script') continue;
      const where = `data/modules/${repo.repository}.yml: modules (${mod.name})`;
      for (const id of mod.resources) namings.push({ id, where: `${where}.resources` });
      for (const id of (await hclNames(where, mod.usage.terraform)).types)
        namings.push({ id, where: `${where}.usage` });
    }
  for (const { entry, where } of placedEntries(catalog)) {
    const names = await markdownNames(where, `${entry.summary}\n\n${entry.migration ?? ''}`, isModuleName);
    for (const id of names.types) namings.push({ id, where });
  }
  // docs/generated is built from data/, which is scanned above.
  for (const file of listMarkdownFiles(ROOT, 'docs').filter((f) => !f.startsWith('docs/generated/'))) {
    const names = await markdownNames(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), isModuleName);
    for (const id of names.types) namings.push({ id, where: file });
  }
  return namings;
}

describe('data/availability.yml against the release notes and the reference', () => {
  it('dates every release entry on or after everything it names', async () => {
    expect(await findEarlyUses(placedEntries(catalog), table, isModuleName)).toEqual([]);
  });

  it("dates each module's latest release on or after the resources, features and Kubernetes version of its reference", async () => {
    expect(await findEarlyReference(catalog, placedEntries(catalog), table)).toEqual([]);
  });

  // Parses every HCL block of the docs with the WebAssembly HCL parser: seconds on a busy machine.
  it('dates or lists as pending every resource type and data source that data/ and the docs name', async () => {
    expect(findUncovered(await allNamings(), table)).toEqual([]);
  }, 120_000);

  it('keeps the pending list from growing: each entry there is a row still to trace to a changelog', () => {
    expect(table.pending.length).toBeLessThanOrEqual(PENDING_CEILING);
  });
});

/** How many identifiers wait for their changelog line; lower it as rows move to `features`. */
const PENDING_CEILING = 24;

const entry = (date: string, summary: string, migration?: string): DatedEntry => {
  const release: ReleaseEntry = {
    repository: 'terraform-aws-load-balancer',
    version: 'v0.5.0',
    date,
    kind: 'feature',
    modules: ['alb'],
    summary,
    ...(migration === undefined ? {} : { migration }),
  };
  return {
    entry: release,
    where: `data/releases/${date.slice(0, 7)}.yml: entries[0] (terraform-aws-load-balancer v0.5.0)`,
  };
};

const small: AvailabilityTable = {
  features: [
    {
      id: 'aws_lb',
      provider: 'aws',
      version: '1.1.0',
      date: '2017-10-16',
      source: 'hashicorp/terraform-provider-aws CHANGELOG.md "## 1.1.0 (October 16, 2017)"',
      cited_as: ['Network Load Balancer'],
    },
    {
      id: 'terraform:moved-block',
      provider: 'terraform',
      version: '1.1.0',
      date: '2021-12-08',
      source: 'hashicorp/terraform CHANGELOG.md (v1.1 branch) "## 1.1.0 (December 08, 2021)"',
    },
  ],
  pending: ['aws_eks_node_group'],
  eks: [{ version: '1.25', date: '2023-02-21', source: 'Amazon EKS User Guide, Kubernetes version calendar' }],
};

describe('findEarlyUses', () => {
  it('reports a resource type in inline code and a phrase before they arrived, with file, entry and dates', async () => {
    expect(
      await findEarlyUses(
        [entry('2017-10-03', 'alb now creates `aws_lb`.'), entry('2017-10-05', 'Adds a Network Load Balancer.')],
        small,
        () => false,
      ),
    ).toEqual([
      'data/releases/2017-10.yml: entries[0] (terraform-aws-load-balancer v0.5.0).date: 2017-10-03 names aws_lb, which arrived in the aws provider 1.1.0 on 2017-10-16',
      'data/releases/2017-10.yml: entries[0] (terraform-aws-load-balancer v0.5.0).date: 2017-10-05 says "Network Load Balancer", which needs aws_lb, which arrived in the aws provider 1.1.0 on 2017-10-16',
    ]);
  });

  it('reports a language feature of an HCL block, and accepts the same entry dated after it', async () => {
    const migration = 'Add this block:\n\n```hcl\nmoved {\n  from = aws_lb.alb\n  to   = aws_lb.this\n}\n```';
    expect(
      await findEarlyUses([entry('2021-11-30', 'Renames the load balancer.', migration)], small, () => false),
    ).toEqual([
      'data/releases/2021-11.yml: entries[0] (terraform-aws-load-balancer v0.5.0).date: 2021-11-30 names terraform:moved-block, which arrived in Terraform 1.1.0 on 2021-12-08',
    ]);
    expect(
      await findEarlyUses([entry('2021-12-14', 'Renames the load balancer.', migration)], small, () => false),
    ).toEqual([]);
  });

  it('takes a module input written like a resource type for the input', async () => {
    expect(await findEarlyUses([entry('2017-10-03', 'Sets `aws_lb`.')], small, (n) => n === 'aws_lb')).toEqual([]);
  });
});

describe('findEarlyReference and findUncovered', () => {
  const withEks = (kubernetesDefault: string, resources: string[]): Catalog =>
    ({
      repositories: [
        {
          repository: 'terraform-aws-eks',
          summary: 'x',
          modules: [
            {
              kind: 'terraform',
              name: 'eks-cluster-control-plane',
              resources,
              inputs: [
                {
                  name: 'kubernetes_version',
                  type: 'string',
                  description: 'x',
                  required: false,
                  default: kubernetesDefault,
                },
              ],
              usage: { terraform: 'module "eks" {\n  source = "x"\n}\n', terragrunt: 'x' },
            },
          ],
        },
      ],
    }) as unknown as Catalog;
  const latest: DatedEntry[] = [
    {
      entry: {
        repository: 'terraform-aws-eks',
        version: 'v0.56.3',
        date: '2023-03-07',
        kind: 'fix',
        modules: ['eks-cluster-control-plane'],
        summary: 'x',
      },
      where: 'data/releases/2023-03.yml: entries[1] (terraform-aws-eks v0.56.3)',
    },
  ];

  it('reports a Kubernetes default newer than the latest release, and one with no EKS date', async () => {
    expect(await findEarlyReference(withEks('"1.25"', []), latest, small)).toEqual([]);
    expect(await findEarlyReference(withEks('"1.28"', []), latest, small)).toEqual([
      'data/modules/terraform-aws-eks.yml: modules (eks-cluster-control-plane).inputs (kubernetes_version).default: Kubernetes 1.28 has no EKS date in data/availability.yml',
    ]);
    const later = {
      ...small,
      eks: [...small.eks, { version: '1.28', date: '2023-09-26', source: 'Amazon EKS User Guide' }],
    };
    expect(await findEarlyReference(withEks('"1.28"', []), latest, later)).toEqual([
      'data/modules/terraform-aws-eks.yml: modules (eks-cluster-control-plane).inputs (kubernetes_version).default: Kubernetes 1.28 reached EKS on 2023-09-26, but its latest release v0.56.3 (data/releases/2023-03.yml) is dated 2023-03-07',
    ]);
  });

  it('names an identifier the table neither dates nor lists as pending, once, where it is first named', () => {
    expect(
      findUncovered(
        [
          { id: 'aws_lb', where: 'docs/a.md' },
          { id: 'aws_eks_node_group', where: 'docs/a.md' },
          { id: 'aws_msk_cluster', where: 'data/modules/terraform-aws-messaging.yml: modules (msk).resources' },
          { id: 'aws_msk_cluster', where: 'docs/b.md' },
        ],
        small,
      ),
    ).toEqual([
      'data/modules/terraform-aws-messaging.yml: modules (msk).resources: names aws_msk_cluster, which data/availability.yml neither dates (features) nor lists as pending',
    ]);
  });
});

describe('parseAvailability', () => {
  it('names the file, the row and the field of a bad row, and a row listed twice', () => {
    const bad = parseAvailability('data/availability.yml', {
      features: [{ ...small.features[0], date: '16 October 2017' }],
      pending: [],
      eks: small.eks,
    });
    expect(bad.problems).toEqual([
      expect.stringMatching(/^data\/availability\.yml: features\[0\] \(aws_lb\)\.date: /) as unknown as string,
    ]);
    const twice = parseAvailability('data/availability.yml', {
      features: [small.features[0], small.features[0]],
      pending: ['aws_lb'],
      eks: small.eks,
    });
    expect(twice.problems).toEqual([
      'data/availability.yml: features[1] (aws_lb).id: listed twice',
      'data/availability.yml: pending[0]: "aws_lb" is also dated in features; drop it from pending',
    ]);
  });
});
