/**
 * Catalog validation: valid data loads; every kind of bad entry fails with the file, the entry and
 * the field named.
 */
import { describe, expect, it } from 'vitest';

import { CatalogError, compareVersions, loadCatalog } from '../../../plugins/catalog/load';
import { validCategory, validModule, validMonth, validRepository, writeDataDir } from './fixtures';

/** The problems loadCatalog reports for a data folder (fails the test if it does not throw). */
function problemsOf(files: Record<string, unknown>): readonly string[] {
  try {
    loadCatalog(writeDataDir(files));
  } catch (error) {
    if (error instanceof CatalogError) return error.problems;
    throw error;
  }
  throw new Error('expected loadCatalog to throw');
}

describe('loadCatalog', () => {
  it('loads valid modules and releases', () => {
    const catalog = loadCatalog(
      writeDataDir({
        'modules/terraform-aws-vpc.yml': validRepository,
        'releases/2016-06.yml': validMonth('2016-06', 'v0.1.0'),
        'releases/2016-07.yml': validMonth('2016-07', 'v0.1.1'),
      }),
    );
    expect(catalog.repositories[0]?.modules.map((m) => m.name)).toEqual([
      'vpc-app',
      'vpc-flow-logs',
      'persistent-ebs-volume',
    ]);
    expect(catalog.releaseMonths.map((m) => m.month)).toEqual(['2016-06', '2016-07']);
  });

  it('names the file, module and field of a missing field', () => {
    const withoutDescription: Partial<typeof validModule> = { ...validModule };
    delete withoutDescription.description;
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': {
        ...validRepository,
        modules: [withoutDescription, validRepository.modules[1]],
      },
    });
    expect(problems).toContainEqual(
      expect.stringMatching(/^data\/modules\/terraform-aws-vpc\.yml: modules\[0\] \(vpc-app\)\.description: /),
    );
  });

  it('rejects a description under 80 words', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': {
        ...validRepository,
        modules: [{ ...validModule, description: 'Too short.' }, validRepository.modules[1]],
      },
    });
    expect(problems).toContainEqual(
      'data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).description: must have at least 80 words',
    );
  });

  it('rejects an unknown tag, an unknown key and too few inputs', () => {
    const bad = { ...validModule, tags: ['vpc', 'blockchain'], colour: 'blue', inputs: validModule.inputs.slice(0, 2) };
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': { ...validRepository, modules: [bad, validRepository.modules[1]] },
    });
    expect(
      problems.some((p) => p.startsWith('data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).tags[1]:')),
    ).toBe(true);
    expect(problems.some((p) => p.includes('modules[0] (vpc-app)') && p.includes('colour'))).toBe(true);
    expect(problems).toContainEqual(
      'data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).inputs: must list at least 3 inputs',
    );
  });

  it('requires a default exactly when an input is optional', () => {
    const inputs = [
      { ...validModule.inputs[0], required: true, default: '"x"' },
      { ...validModule.inputs[1] },
      { name: 'tags', type: 'map(string)', description: 'Tags to add to every resource.', required: false },
    ];
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': {
        ...validRepository,
        modules: [{ ...validModule, inputs }, validRepository.modules[1]],
      },
    });
    expect(problems).toContainEqual(
      'data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).inputs[0] (vpc_name).default: a required input cannot have a default',
    );
    expect(problems).toContainEqual(
      'data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).inputs[2] (tags).default: an optional input needs a default',
    );
  });

  it('rejects related modules that do not exist and a file named after another repository', () => {
    const problems = problemsOf({
      'modules/terraform-aws-net.yml': {
        ...validRepository,
        modules: [{ ...validModule, related: ['terraform-aws-vpc/nope'] }],
      },
    });
    expect(problems).toContainEqual(
      'data/modules/terraform-aws-net.yml: repository: "terraform-aws-vpc" does not match the file name',
    );
    expect(problems).toContainEqual(
      'data/modules/terraform-aws-net.yml: modules[0] (vpc-app).related[0]: no module "terraform-aws-vpc/nope" in data/modules',
    );
  });

  it('rejects a .yaml data file, naming it and the .yml name to give it', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yaml': validRepository,
      'services/networking.yml': validCategory(['terraform-aws-vpc/vpc-app']),
    });
    // Reported once: the service using one of its modules is not reported as well.
    expect(problems).toEqual([
      'data/modules/terraform-aws-vpc.yaml: data files end in .yml; rename it to data/modules/terraform-aws-vpc.yml',
    ]);
  });

  it('rejects a .yaml file next to its .yml namesake, and still checks references against the .yml file', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': validRepository,
      'modules/terraform-aws-vpc.yaml': validRepository,
      'services/networking.yml': validCategory(['terraform-aws-vpc/nope']),
    });
    expect(problems).toEqual([
      'data/modules/terraform-aws-vpc.yaml: data files end in .yml; rename it to data/modules/terraform-aws-vpc.yml',
      'data/services/networking.yml: services[0] (vpc).modules[0]: no module "terraform-aws-vpc/nope" in data/modules',
    ]);
  });

  it('ignores files that are not YAML', () => {
    const catalog = loadCatalog(
      writeDataDir({ 'modules/terraform-aws-vpc.yml': validRepository, 'modules/README.md': '# Modules\n' }),
    );
    expect(catalog.repositories.map((r) => r.repository)).toEqual(['terraform-aws-vpc']);
  });

  it('rejects YAML that does not parse, naming the file', () => {
    expect(problemsOf({ 'modules/terraform-aws-vpc.yml': 'repository: [unclosed' })[0]).toMatch(
      /^data\/modules\/terraform-aws-vpc\.yml: not valid YAML/,
    );
  });

  it('rejects versions that do not rise from one month to the next', () => {
    const problems = problemsOf({
      'releases/2016-06.yml': validMonth('2016-06', 'v0.2.0'),
      'releases/2016-07.yml': validMonth('2016-07', 'v0.1.9'),
    });
    expect(problems).toContainEqual(
      'data/releases/2016-07.yml: entries[0] (terraform-aws-repo0 v0.1.9).version: v0.1.9 does not rise above v0.2.0 (2016-06)',
    );
  });

  it('requires migration steps for a breaking change, a date inside the month and at least 1 entry', () => {
    const month = validMonth('2016-06', 'v1.0.0');
    const breaking = month.entries.map((e, i) => (i === 0 ? { ...e, kind: 'breaking' } : e));
    const misdated = validMonth('2016-07', 'v1.0.1').entries.map((e, i) =>
      i === 1 ? { ...e, date: '2016-08-01' } : e,
    );
    const problems = problemsOf({
      'releases/2016-06.yml': { ...month, entries: breaking },
      'releases/2016-07.yml': { month: '2016-07', entries: misdated },
      'releases/2016-08.yml': { month: '2016-08', entries: [] },
    });
    expect(problems).toContainEqual(
      'data/releases/2016-06.yml: entries[0] (terraform-aws-repo0 v1.0.0).migration: a breaking change must say what the reader must do (8+ words)',
    );
    expect(problems).toContainEqual(
      'data/releases/2016-07.yml: entries[1] (terraform-aws-repo1 v1.0.1).date: 2016-08-01 is not in 2016-07',
    );
    expect(problems).toContainEqual('data/releases/2016-08.yml: entries: must list at least 1 release');
  });

  it('accepts removed names as inputs, outputs, flags or commands, and rejects anything else', () => {
    const month = validMonth('2016-06', 'v1.0.0');
    const entries = month.entries.map((e, i) =>
      i === 0 ? { ...e, removes: ['aws_region', '--force'] } : i === 1 ? { ...e, removes: ['Bucket Name'] } : e,
    );
    expect(problemsOf({ 'releases/2016-06.yml': { ...month, entries } })).toEqual([
      'data/releases/2016-06.yml: entries[1] (terraform-aws-repo1 v1.0.0).removes[0]: must be an input, output, --flag or command name',
    ]);
  });

  it('reports every problem at once in the error message', () => {
    expect(() => loadCatalog(writeDataDir({ 'releases/2016-06.yml': { month: '2016-6', entries: [] } }))).toThrow(
      /Invalid data in data\/ \(\d+ problems\):\n {2}- data\/releases\/2016-06\.yml: month: must be YYYY-MM/,
    );
  });
});

describe('loadCatalog, one invalid entry', () => {
  const service = validCategory;

  it('is reported alone: services using the valid modules of its file get no false errors', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': {
        ...validRepository,
        modules: [{ ...validModule, description: 'Too short.' }, validRepository.modules[1]],
      },
      'services/networking.yml': service(['terraform-aws-vpc/vpc-flow-logs']),
    });
    expect(problems).toEqual([
      'data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).description: must have at least 80 words',
    ]);
  });

  it('is not reported again as a missing module where it is used', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': {
        ...validRepository,
        modules: [{ ...validModule, description: 'Too short.' }, validRepository.modules[1]],
      },
      'services/networking.yml': service(['terraform-aws-vpc/vpc-app', 'terraform-aws-vpc/nope']),
    });
    expect(problems).toEqual([
      'data/modules/terraform-aws-vpc.yml: modules[0] (vpc-app).description: must have at least 80 words',
      'data/services/networking.yml: services[0] (vpc).modules[1]: no module "terraform-aws-vpc/nope" in data/modules',
    ]);
  });

  it('still lets every other problem of every file be reported at once', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': {
        ...validRepository,
        modules: [
          { ...validModule, tags: ['blockchain'] },
          { ...validRepository.modules[1], related: ['terraform-aws-vpc/gone'] },
        ],
      },
      'services/networking.yml': service(['terraform-aws-vpc/vpc-flow-logs', 'terraform-aws-nat/nat']),
    });
    expect(problems).toEqual([
      expect.stringMatching(/^data\/modules\/terraform-aws-vpc\.yml: modules\[0\] \(vpc-app\)\.tags\[0\]: /),
      'data/modules/terraform-aws-vpc.yml: modules[1] (vpc-flow-logs).related[0]: no module "terraform-aws-vpc/gone" in data/modules',
      'data/services/networking.yml: services[0] (vpc).modules[1]: no module "terraform-aws-nat/nat" in data/modules',
    ]);
  });

  it('in a file whose top level is invalid drops the file, and references to it are not reported twice', () => {
    const problems = problemsOf({
      'modules/terraform-aws-vpc.yml': { ...validRepository, summary: 'Short.' },
      'services/networking.yml': service(['terraform-aws-vpc/vpc-flow-logs']),
    });
    expect(problems).toEqual(['data/modules/terraform-aws-vpc.yml: summary: must have at least 10 words']);
  });
});

describe('compareVersions', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersions('v0.10.0', 'v0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('v1.2.3', 'v1.2.3')).toBe(0);
    expect(compareVersions('v0.1.2', 'v0.1.10')).toBeLessThan(0);
  });
});
