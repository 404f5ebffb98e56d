/**
 * Generated pages (module and service reference, release notes): the MDX a writer never edits by
 * hand must carry the URL, headings, anchors, tabs, links and escapes the site relies on.
 */
import { describe, expect, it } from 'vitest';

import {
  commandSynopsis,
  escapeMdx,
  installCommand,
  monthLabel,
  moduleSourceUrl,
  renderModulePage,
  renderReleaseMonth,
  renderReleasesIndex,
  summarize,
} from '../../../plugins/catalog/render';
import { moduleRepositorySchema, releaseMonthSchema } from '../../../plugins/catalog/schema';
import { validMonth, validRepository } from './fixtures';

const repo = moduleRepositorySchema.parse(validRepository);
const mod = repo.modules[0];
if (mod?.kind !== 'terraform') throw new Error('fixture has no Terraform module');
const page = renderModulePage(repo, mod, 1, (ref) =>
  ref === 'terraform-aws-vpc/vpc-flow-logs' ? 'VPC flow logs' : ref,
);

describe('renderModulePage', () => {
  it('writes front matter with title, URL, tags and an edit link to the data file', () => {
    expect(page).toMatch(/^---\ntitle: "VPC for applications"\n/);
    // The file lives under docs/generated/, so only the slug keeps the page at its URL.
    expect(page).toContain('slug: "/reference/modules/terraform-aws-vpc/vpc-app/"');
    expect(page).toContain('tags: ["vpc", "networking"]');
    expect(page).toContain(
      'custom_edit_url: "https://github.com/gruntwork-io/docs/edit/master/data/modules/terraform-aws-vpc.yml"',
    );
  });

  it('links the source at the module version', () => {
    expect(moduleSourceUrl('terraform-aws-vpc', mod)).toBe(
      'https://github.com/gruntwork-io/terraform-aws-vpc/tree/v0.22.4/modules/vpc-app',
    );
    expect(page).toContain(
      'sourceUrl="https://github.com/gruntwork-io/terraform-aws-vpc/tree/v0.22.4/modules/vpc-app"',
    );
  });

  it('gives every input and output an h3 with its own anchor, required inputs first', () => {
    expect(page).toContain('### `vpc_name` \\{#input-vpc_name}');
    expect(page).toContain('### `vpc_id` \\{#output-vpc_id}');
    expect(page.indexOf('{#input-cidr_block}')).toBeLessThan(page.indexOf('{#input-num_nat_gateways}'));
    expect(page).toContain('defaultValue={"1"}');
  });

  it('puts usage in Terraform and Terragrunt tabs that share one remembered group', () => {
    expect(page).toContain('<Tabs groupId="iac-tool">');
    expect(page).toContain('<TabItem value="terraform" label="Terraform" default>');
    expect(page).toContain('```hcl title="terragrunt.hcl"');
  });

  it('links related modules to their pages', () => {
    expect(page).toContain(
      '- [VPC flow logs](/reference/modules/terraform-aws-vpc/vpc-flow-logs/) (`terraform-aws-vpc/vpc-flow-logs`)',
    );
  });
});

describe('renderModulePage for a module that creates nothing', () => {
  it('says so, and lists the data sources it reads', () => {
    const computed = renderModulePage(
      repo,
      { ...mod, resources: ['data.aws_iam_policy_document'], related: [] },
      1,
      (ref) => ref,
    );
    expect(computed).toContain('This module creates no resources: it only computes values from its inputs.');
    expect(computed).toContain('The data sources it reads:\n\n- `data.aws_iam_policy_document`');
    expect(computed).not.toContain('The resources this module creates:');
  });
});

describe('renderModulePage for a script module', () => {
  const script = repo.modules[2];
  if (script?.kind !== 'script') throw new Error('fixture has no script module');
  const scriptPage = renderModulePage(repo, script, 3, (ref) => ref);
  const headings = [...scriptPage.matchAll(/^## (.+)$/gm)].map((m) => m[1]);

  it('has the script sections in order and none of a Terraform module', () => {
    expect(headings).toEqual(['Install', 'Commands', 'Environment variables', 'Exit codes', 'Examples']);
    expect(scriptPage).toContain('kind="script"');
  });

  it('installs with gruntwork-install pinned to the version, with the token for a private repository', () => {
    expect(installCommand(repo.repository, script)).toBe(
      "gruntwork-install --module-name 'persistent-ebs-volume' \\\n  --repo 'https://github.com/gruntwork-io/terraform-aws-vpc' \\\n  --tag 'v0.22.4'",
    );
    expect(scriptPage).toContain('export GITHUB_OAUTH_TOKEN=');
    expect(scriptPage).toContain('- `/usr/local/bin/mount-ebs-volume`');
    expect(
      installCommand(repo.repository, {
        ...script,
        install: { ...script.install, method: 'binary', binary: 'ebs-tool', params: [] },
      }),
    ).toMatch(/^gruntwork-install --binary-name 'ebs-tool' /);
  });

  it('gives each command an anchor, a usage line and a flag table', () => {
    const command = script.commands[0];
    if (!command) throw new Error('fixture has no command');
    expect(commandSynopsis(command)).toBe(
      'mount-ebs-volume --volume-id VOLUME_ID [--mount-point PATH] [--skip-format]',
    );
    const long = {
      ...command,
      flags: [...command.flags, { name: '--file-system-type', argument: 'TYPE', required: false, description: 'x' }],
    };
    expect(commandSynopsis(long)).toBe(
      'mount-ebs-volume --volume-id VOLUME_ID [--mount-point PATH] [--skip-format]\n  [--file-system-type TYPE]',
    );
    expect(scriptPage).toContain('### `mount-ebs-volume` \\{#command-mount-ebs-volume}');
    expect(scriptPage).toContain('| `--volume-id` | `VOLUME_ID` | **Required** | ID of the EBS volume to attach. |');
    expect(scriptPage).toContain('| `--mount-point` | `PATH` | `/data` | Folder where the volume is mounted. |');
    expect(scriptPage).toContain('| `--skip-format` | none (a switch) | off |');
  });

  it('says how many commands the module installs, or that its flags belong to its install script', () => {
    expect(scriptPage).toContain('The module installs one command.');
    const command = script.commands[0];
    if (!command) throw new Error('fixture has no command');
    const installScript = renderModulePage(
      repo,
      { ...script, commands: [{ ...command, name: 'install.sh' }] },
      3,
      (r) => r,
    );
    expect(installScript).toContain(
      'The module adds no command of its own: its settings are flags of its install script. gruntwork-install runs `install.sh` once',
    );
    const subcommands = renderModulePage(
      repo,
      {
        ...script,
        commands: [
          { ...command, name: 'ebs mount' },
          { ...command, name: 'ebs unmount' },
        ],
      },
      3,
      (r) => r,
    );
    expect(subcommands).toContain('The module installs `ebs`; these are its subcommands.');
  });

  it('lists environment variables and exit codes, and labels where each example runs', () => {
    expect(scriptPage).toContain('| `AWS_REGION` | No | Region of the volume when --aws-region is not given. |');
    expect(scriptPage).toContain('| 1 | The volume could not be attached or mounted. |');
    expect(scriptPage).toContain('*In EC2 user data.* The instance mounts its volume');
    expect(scriptPage).toContain('```bash title="user-data.sh"');
  });
});

describe('release pages', () => {
  const month = releaseMonthSchema.parse(validMonth('2023-03', 'v0.22.4'));

  it('groups a month by repository with scannable, unique anchors', () => {
    const html = renderReleaseMonth(month, '2023-02', undefined);
    expect(html).toContain('## terraform-aws-repo0');
    expect(html).toContain('### v0.22.4 \\{#terraform-aws-repo0-v0-22-4}');
    expect(html).toContain('slug: "/guides/stay-up-to-date/releases/2023-03/"');
    // Pagination names the doc id of the previous month's page, which is in the generated folder.
    expect(html).toContain('pagination_prev: "generated/guides/stay-up-to-date/releases/2023-02/index"');
    expect(html).not.toContain('pagination_next');
    expect(html).toContain(
      '[Release v0.22.4 of terraform-aws-repo0](https://github.com/gruntwork-io/terraform-aws-repo0/releases/tag/v0.22.4)',
    );
  });

  it('lists months newest first under their year, with counts', () => {
    const older = releaseMonthSchema.parse(validMonth('2022-12', 'v0.1.0'));
    const index = renderReleasesIndex([older, month]);
    expect(index).toContain('slug: "/guides/stay-up-to-date/releases/"');
    expect(index.indexOf('## 2023')).toBeLessThan(index.indexOf('## 2022'));
    expect(index).toContain('- [March 2023](/guides/stay-up-to-date/releases/2023-03/): 6 releases');
    expect(monthLabel('2016-06')).toBe('June 2016');
  });
});

describe('text helpers', () => {
  it('escapes MDX syntax outside inline code only', () => {
    expect(escapeMdx('Use {var} or <b> but keep `map<string>{}`')).toBe(
      'Use \\{var\\} or \\<b\\> but keep `map<string>{}`',
    );
  });

  it('leaves fenced code as written, so a migration can show the HCL to change', () => {
    const migration = [
      'Move the tags into a map {before}:',
      '',
      '```hcl',
      'module "vpc" {',
      '  tags = { Team = "platform" }',
      '}',
      '```',
      '',
      'Then run `terraform plan` <once>.',
    ].join('\n');
    expect(escapeMdx(migration)).toBe(migration.replace('{before}', '\\{before\\}').replace('<once>', '\\<once\\>'));
  });

  it('summarizes to the first sentence, at most 160 characters', () => {
    expect(summarize('First sentence here. Second one.')).toBe('First sentence here.');
    expect(summarize('word '.repeat(60)).length).toBeLessThanOrEqual(160);
  });
});
