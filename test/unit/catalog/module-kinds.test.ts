/**
 * The two kinds of module entry: a Terraform module (inputs, outputs, resources, usage) and a
 * script module (install, commands, environment, exit codes, examples). Each rule has one case,
 * and every rejection names the file, the entry and the field.
 */
import { describe, expect, it } from 'vitest';

import { CatalogError, loadCatalog } from '../../../plugins/catalog/load';
import { validModule, validRepository, validScript, writeDataDir } from './fixtures';

const FILE = 'data/modules/terraform-aws-vpc.yml';

/** The problems reported for a repository file holding `modules` (fails if it loads). */
function problemsOf(modules: unknown[]): readonly string[] {
  try {
    loadCatalog(writeDataDir({ 'modules/terraform-aws-vpc.yml': { ...validRepository, modules } }));
  } catch (error) {
    if (error instanceof CatalogError) return error.problems;
    throw error;
  }
  throw new Error('expected loadCatalog to throw');
}

/** The one module of a repository file holding `mod` (with no related modules), as loaded. */
function load(mod: Record<string, unknown>) {
  const catalog = loadCatalog(
    writeDataDir({ 'modules/terraform-aws-vpc.yml': { ...validRepository, modules: [{ ...mod, related: [] }] } }),
  );
  return catalog.repositories[0]?.modules[0];
}

const script = (changes: Record<string, unknown>) => ({ ...validScript, ...changes });
const without = (entry: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(entry).filter(([key]) => key !== field));

describe('module kinds', () => {
  it('treats an entry without a kind as a Terraform module', () => {
    expect(load(without(validModule, 'kind'))?.kind).toBe('terraform');
  });

  it('loads a script module with defaults for optional flag fields', () => {
    const mod = load(validScript);
    expect(mod?.kind).toBe('script');
    if (mod?.kind !== 'script') return;
    expect(mod.commands[0]?.flags.map((f) => [f.name, f.required])).toEqual([
      ['--volume-id', true],
      ['--mount-point', false],
      ['--skip-format', false],
    ]);
    expect(mod.install.params).toEqual([]);
  });

  it('rejects an unknown kind', () => {
    expect(problemsOf([{ ...validModule, kind: 'ansible' }])).toContainEqual(
      `${FILE}: modules[0] (vpc-app).kind: kind must be "terraform" or "script"`,
    );
  });

  it.each(['resources', 'inputs', 'outputs', 'usage'])('rejects a script module with Terraform field %s', (field) => {
    const problems = problemsOf([script({ [field]: (validModule as Record<string, unknown>)[field] })]);
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${FILE}: modules\\[0\\] \\(persistent-ebs-volume\\)\\.${field}: a script module has no "${field}"; `,
        ),
      ),
    ]);
  });

  it.each(['resources', 'inputs', 'outputs', 'usage'])('rejects a Terraform module without %s', (field) => {
    expect(problemsOf([without(validModule, field)])).toEqual([
      `${FILE}: modules[0] (vpc-app).${field}: a terraform module needs "${field}"`,
    ]);
  });

  it.each(['install', 'commands', 'environment', 'exitCodes', 'examples'])(
    'rejects a Terraform module with script field %s',
    (field) => {
      const problems = problemsOf([{ ...validModule, [field]: (validScript as Record<string, unknown>)[field] }]);
      expect(problems).toEqual([
        expect.stringMatching(
          new RegExp(`^${FILE}: modules\\[0\\] \\(vpc-app\\)\\.${field}: a terraform module has no "${field}"; `),
        ),
      ]);
    },
  );

  it.each(['install', 'commands', 'environment', 'exitCodes', 'examples'])(
    'rejects a script module without %s',
    (field) => {
      expect(problemsOf([without(validScript, field)])).toEqual([
        `${FILE}: modules[0] (persistent-ebs-volume).${field}: a script module needs "${field}"`,
      ]);
    },
  );
});

describe('Terraform resources', () => {
  it('accepts data sources and an empty list', () => {
    const mod = load({ ...validModule, resources: ['data.aws_iam_policy_document'] });
    expect(mod?.kind === 'terraform' && mod.resources).toEqual(['data.aws_iam_policy_document']);
    expect(load({ ...validModule, resources: [] })?.kind).toBe('terraform');
  });

  it('rejects prose in place of a resource type', () => {
    expect(problemsOf([{ ...validModule, resources: ['None; renders a policy document'] }])).toEqual([
      `${FILE}: modules[0] (vpc-app).resources[0]: must be a Terraform resource type such as aws_vpc, or data.<type> for a data source`,
    ]);
  });
});

describe('script module rules', () => {
  const command = validScript.commands[0];
  if (!command) throw new Error('fixture has no command');
  const withFlags = (flags: unknown[]) => script({ commands: [{ ...command, flags }] });

  it('rejects a required flag with a default, and a required flag without an argument', () => {
    const problems = problemsOf([
      withFlags([
        {
          name: '--volume-id',
          argument: 'VOLUME_ID',
          required: true,
          default: 'vol-1',
          description: 'ID of the EBS volume.',
        },
        { name: '--mount-point', required: true, description: 'Folder where it is mounted.' },
      ]),
    ]);
    expect(problems).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).commands[0] (mount-ebs-volume).flags[0] (--volume-id).default: a required flag cannot have a default`,
      `${FILE}: modules[0] (persistent-ebs-volume).commands[0] (mount-ebs-volume).flags[1] (--mount-point).argument: a required flag needs an argument`,
    ]);
  });

  it('rejects a flag listed twice', () => {
    const flag = { name: '--skip-format', description: 'Never format the volume at all.' };
    expect(problemsOf([withFlags([flag, flag])])).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).commands[0] (mount-ebs-volume).flags: flag "--skip-format" is listed twice`,
    ]);
  });

  it('rejects a flag name without its dashes', () => {
    expect(problemsOf([withFlags([{ name: 'volume-id', description: 'ID of the EBS volume.' }])])).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).commands[0] (mount-ebs-volume).flags[0] (volume-id).name: must be a --flag`,
    ]);
  });

  it('requires exit code 0 among at least two exit codes', () => {
    expect(problemsOf([script({ exitCodes: [{ code: 0, meaning: 'The volume is mounted.' }] })])).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).exitCodes: must list exit code 0 and at least one failure`,
    ]);
    expect(
      problemsOf([
        script({
          exitCodes: [
            { code: 1, meaning: 'Attaching the volume failed.' },
            { code: 2, meaning: 'Mounting the volume failed.' },
          ],
        }),
      ]),
    ).toEqual([`${FILE}: modules[0] (persistent-ebs-volume).exitCodes: must say what exit code 0 means`]);
  });

  it('allows at most two examples', () => {
    const example = validScript.examples[0];
    expect(problemsOf([script({ examples: [example, example, example] })])).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).examples: must list 1 or 2 examples`,
    ]);
  });

  it('requires an example that runs gruntwork-install to bootstrap it, pin the module version and set the token', () => {
    const example = validScript.examples[0];
    const code =
      "gruntwork-install --module-name 'persistent-ebs-volume' --repo 'https://github.com/gruntwork-io/terraform-aws-server' --tag 'v0.1.0'\n";
    expect(problemsOf([script({ examples: [{ ...example, code }] })])).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).examples[0].code: gruntwork-install must pin --tag v0.22.4, the module's version`,
      `${FILE}: modules[0] (persistent-ebs-volume).examples[0].code: the example runs gruntwork-install, so it must first install it with bootstrap-gruntwork-installer.sh`,
      `${FILE}: modules[0] (persistent-ebs-volume).examples[0].code: gruntwork-install reads private repositories with GITHUB_OAUTH_TOKEN; the example must set it`,
    ]);
  });

  it('accepts an example that bootstraps gruntwork-install, sets the token and pins the version', () => {
    const example = validScript.examples[0];
    const code = [
      'export GITHUB_OAUTH_TOKEN="$(cat /run/secrets/github_token)"',
      'curl -LsS https://raw.githubusercontent.com/gruntwork-io/gruntwork-installer/v0.0.38/bootstrap-gruntwork-installer.sh | bash /dev/stdin --version v0.0.38',
      "gruntwork-install --module-name 'persistent-ebs-volume' --repo 'https://github.com/gruntwork-io/terraform-aws-server' --tag 'v0.22.4'",
    ].join('\n');
    expect(load(script({ examples: [{ ...example, code }] }))?.kind).toBe('script');
  });

  it('accepts a release-asset name only for the binary install method', () => {
    expect(problemsOf([script({ install: { ...validScript.install, binary: 'mount-ebs' } })])).toEqual([
      `${FILE}: modules[0] (persistent-ebs-volume).install.binary: only the binary method installs a release asset`,
    ]);
    expect(load(script({ install: { ...validScript.install, method: 'binary', binary: 'mount-ebs' } }))?.kind).toBe(
      'script',
    );
  });
});
