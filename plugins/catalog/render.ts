/**
 * Renders validated catalog data as MDX doc pages: module and service reference pages and monthly
 * release notes. Headings are real Markdown headings, so they reach the table of contents and the
 * search index. Components used here are registered once in `src/theme/MDXComponents.tsx`.
 *
 * Every page sets its URL with `slug` front matter, since the file lives in the generated folder
 * rather than at the path of its URL (see `layout.ts`).
 */
import type {
  ModuleEntry,
  ModuleInput,
  ModuleOutput,
  ModuleRepository,
  ReleaseEntry,
  ReleaseMonth,
  ScriptCommand,
  ScriptExample,
  ScriptModuleEntry,
  ServiceCategory,
  ServiceEntry,
  TerraformModuleEntry,
} from './schema';

import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import { ROUTES, releaseMonthUrl } from '../../src/lib/routes';
import { EDIT_URL_BASE } from '../../site-config';
import { GITHUB_ORG_URL, PUBLIC_REPOS } from '../../src/site-constants';
import { generatedDocId, generatedPaths } from './layout';

// Generated pages' "Edit this page" links point at their data file, under the site's edit base.
const ORG = GITHUB_ORG_URL.replace(/\/$/, '');

/** The module's source address: `<org>/<repository>/tree/<version>/modules/<module>`. */
export function moduleSourceUrl(repository: string, mod: Pick<ModuleEntry, 'name' | 'version'>): string {
  return `${ORG}/${repository}/tree/${mod.version}/modules/${mod.name}`;
}

/** The address of a release on the source host. */
export function releaseUrl(entry: Pick<ReleaseEntry, 'repository' | 'version'>): string {
  return `${ORG}/${entry.repository}/releases/tag/${entry.version}`;
}

/** The permalink of a module page, given as `repository/module`: `/reference/modules/<repository>/<module>/`. */
export function modulePermalink(ref: string): string {
  return `${ROUTES.modules}${ref}/`;
}

/** The permalink of a service page: `/reference/services/<category>/<slug>` (no trailing slash). */
export function servicePermalink(category: string, slug: string): string {
  return `${ROUTES.services}${category}/${slug}`;
}

const markdownParser = unified().use(remarkParse).use(remarkGfm);

/** Characters MDX reads as the start of an expression or a tag. */
const MDX_SPECIAL = /[{}<>]/g;
const HAS_MDX_SPECIAL = /[{}<>]/;

/**
 * Escapes Markdown for MDX: `{`, `}`, `<` and `>` become character escapes (`\{`) everywhere except
 * in code, which MDX shows as written: inline code spans and fenced or indented code blocks. Code is
 * found by parsing the text with remark (CommonMark and GFM), so a fence holding HCL such as
 * `tags = { Name = "x" }` is left alone and prose around it is escaped. Everything else is kept
 * byte for byte. Never throws.
 */
export function escapeMdx(text: string): string {
  if (!HAS_MDX_SPECIAL.test(text)) return text;
  const code: [number, number][] = [];
  visit(markdownParser.parse(text), (node) => {
    if ((node.type === 'code' || node.type === 'inlineCode') && node.position?.start.offset !== undefined) {
      code.push([node.position.start.offset, node.position.end.offset ?? node.position.start.offset]);
    }
  });
  let result = '';
  let from = 0;
  for (const [start, end] of code.sort((a, b) => a[0] - b[0])) {
    result += text.slice(from, start).replace(MDX_SPECIAL, '\\$&') + text.slice(start, end);
    from = end;
  }
  return result + text.slice(from).replace(MDX_SPECIAL, '\\$&');
}

/** An explicit heading id. MDX 2+ needs the opening brace escaped: `\{#id}`. */
export function headingId(id: string): string {
  return `\\{#${id}}`;
}

/** A YAML-safe double-quoted scalar for front matter. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** A JS string literal for a JSX attribute. */
function jsx(value: string): string {
  return `{${JSON.stringify(value)}}`;
}

/** The first sentence of a description, at most 160 characters, for the meta description. */
export function summarize(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157).replace(/\s+\S*$/, '')}...`;
}

/** Paragraphs of a multi-line description, escaped. */
function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => escapeMdx(p.replace(/\s*\n\s*/g, ' ')))
    .join('\n\n');
}

function fence(code: string, title: string): string {
  return ['```hcl title="' + title + '"', code.trimEnd(), '```'].join('\n');
}

function frontMatter(fields: Record<string, string | number | readonly string[] | undefined>): string {
  const lines = Object.entries(fields).flatMap(([key, value]) => {
    if (value === undefined) return [];
    if (typeof value === 'number') return [`${key}: ${String(value)}`];
    if (typeof value === 'string') return [`${key}: ${yamlString(value)}`];
    return [`${key}: [${value.map((v) => yamlString(v)).join(', ')}]`];
  });
  return ['---', ...lines, '---', ''].join('\n');
}

function inputsSection(inputs: readonly ModuleInput[]): string {
  const required = inputs.filter((i) => i.required);
  const optional = inputs.filter((i) => !i.required);
  const entry = (input: ModuleInput): string =>
    [
      `### \`${input.name}\` ${headingId(`input-${input.name.replace(/^--/, '')}`)}`,
      '',
      `<ReferenceEntry kind="input" type=${jsx(input.type)} required={${String(input.required)}}${input.default === undefined ? '' : ` defaultValue=${jsx(input.default)}`} />`,
      '',
      escapeMdx(input.description.trim()),
    ].join('\n');
  return [
    '## Inputs',
    '',
    `${String(required.length)} required and ${String(optional.length)} optional. Each input has its own anchor, so you can link to it.`,
    '',
    ...[...required, ...optional].map(entry),
  ].join('\n\n');
}

function outputsSection(outputs: readonly ModuleOutput[]): string {
  return [
    '## Outputs',
    '',
    ...outputs.map((output) =>
      [
        `### \`${output.name}\` ${headingId(`output-${output.name}`)}`,
        '',
        '<ReferenceEntry kind="output" />',
        '',
        escapeMdx(output.description.trim()),
      ].join('\n'),
    ),
  ].join('\n\n');
}

function usageTabs(
  groupId: string,
  tabs: readonly { value: string; label: string; code: string; file: string }[],
): string {
  return [
    `<Tabs groupId="${groupId}">`,
    ...tabs.map((tab, index) =>
      [
        `<TabItem value="${tab.value}" label="${tab.label}"${index === 0 ? ' default' : ''}>`,
        '',
        fence(tab.code, tab.file),
        '',
        '</TabItem>',
      ].join('\n'),
    ),
    '</Tabs>',
  ].join('\n');
}

/** Title of a module given as `repository/module`, looked up in the catalog. */
export type ModuleTitleLookup = (ref: string) => string;

/** The MDX page of one module, in the layout of its kind. */
export function renderModulePage(
  repo: ModuleRepository,
  mod: ModuleEntry,
  position: number,
  titleOf: ModuleTitleLookup,
): string {
  return mod.kind === 'script'
    ? renderScriptModulePage(repo, mod, position, titleOf)
    : renderTerraformModulePage(repo, mod, position, titleOf);
}

/** Front matter, header and description: the top of every module page. */
function moduleIntro(repo: ModuleRepository, mod: ModuleEntry, position: number): string[] {
  return [
    frontMatter({
      title: mod.title,
      slug: modulePermalink(`${repo.repository}/${mod.name}`),
      sidebar_label: mod.name,
      sidebar_position: position,
      description: summarize(mod.description),
      tags: mod.tags,
      custom_edit_url: `${EDIT_URL_BASE}data/modules/${repo.repository}.yml`,
    }),
    `<ModuleHeader repository="${repo.repository}" module="${mod.name}" version="${mod.version}" kind="${mod.kind}" sourceUrl="${moduleSourceUrl(repo.repository, mod)}" />`,
    paragraphs(mod.description),
  ];
}

function relatedSection(mod: ModuleEntry, titleOf: ModuleTitleLookup): string[] {
  if (mod.related.length === 0) return [];
  return [
    '## Related modules',
    mod.related.map((ref) => `- [${escapeMdx(titleOf(ref))}](${modulePermalink(ref)}) (\`${ref}\`)`).join('\n'),
  ];
}

/** The resources section: what the module creates, what it only reads, or that it creates nothing. */
function resourcesSection(resources: readonly string[]): string[] {
  const created = resources.filter((r) => !r.startsWith('data.'));
  const read = resources.filter((r) => r.startsWith('data.'));
  const list = (items: readonly string[]): string => items.map((r) => `- \`${r}\``).join('\n');
  return [
    '## Resources',
    created.length > 0
      ? `The resources this module creates:\n\n${list(created)}`
      : 'This module creates no resources: it only computes values from its inputs.',
    ...(read.length > 0 ? [`The data sources it reads:\n\n${list(read)}`] : []),
  ];
}

/** The MDX page of a Terraform module: usage, inputs, outputs, resources. */
export function renderTerraformModulePage(
  repo: ModuleRepository,
  mod: TerraformModuleEntry,
  position: number,
  titleOf: ModuleTitleLookup,
): string {
  const sections = [
    ...moduleIntro(repo, mod, position),
    '## Usage',
    `Pin the module to a release with \`?ref=${mod.version}\` and set its required inputs.`,
    usageTabs('iac-tool', [
      { value: 'terraform', label: 'Terraform', code: mod.usage.terraform, file: 'main.tf' },
      { value: 'terragrunt', label: 'Terragrunt', code: mod.usage.terragrunt, file: 'terragrunt.hcl' },
    ]),
    inputsSection(mod.inputs),
    outputsSection(mod.outputs),
    ...resourcesSection(mod.resources),
    ...relatedSection(mod, titleOf),
  ];
  return `${sections.join('\n\n')}\n`;
}

/** A fenced code block with a language and a file name. */
function codeBlock(language: string, code: string, title?: string): string {
  return [`\`\`\`${language}${title === undefined ? '' : ` title="${title}"`}`, code.trimEnd(), '```'].join('\n');
}

/** A Markdown table cell: pipes escaped, line breaks flattened, MDX escaped. */
function cell(text: string): string {
  return escapeMdx(text.replace(/\s+/g, ' ').trim()).replace(/\|/g, '\\|');
}

/** The gruntwork-install command line of a script module, one option per line. */
export function installCommand(repository: string, mod: ScriptModuleEntry): string {
  const what =
    mod.install.method === 'binary'
      ? `--binary-name '${mod.install.binary ?? mod.name}'`
      : `--module-name '${mod.name}'`;
  const lines = [
    `gruntwork-install ${what}`,
    `--repo '${ORG}/${repository}'`,
    `--tag '${mod.version}'`,
    ...mod.install.params.map((p) => `--module-param '${p.name}=${p.value}'`),
  ];
  return lines.join(' \\\n  ');
}

/** The gruntwork-installer release the install instructions and examples bootstrap. */
export const GRUNTWORK_INSTALLER_VERSION = 'v0.0.38';

/** The command that installs gruntwork-install (and fetch) on a machine, at that release. */
export const BOOTSTRAP_GRUNTWORK_INSTALLER = `curl -LsS https://raw.githubusercontent.com/gruntwork-io/gruntwork-installer/${GRUNTWORK_INSTALLER_VERSION}/bootstrap-gruntwork-installer.sh \\\n  | bash /dev/stdin --version ${GRUNTWORK_INSTALLER_VERSION}`;

/** Whether gruntwork-install needs a GitHub token to read the repository. */
function isPrivate(repository: string): boolean {
  return !PUBLIC_REPOS.includes(repository);
}

function installSection(repo: ModuleRepository, mod: ScriptModuleEntry): string[] {
  const token = isPrivate(repo.repository)
    ? `${repo.repository} is a private repository, so gruntwork-install needs a GitHub token that can read it in \`GITHUB_OAUTH_TOKEN\`. Use a machine user's token in CI and pass it to Packer or user data from a secret store, never from the code.`
    : `${repo.repository} is public, so gruntwork-install needs no token.`;
  const script = [
    ...(isPrivate(repo.repository) ? ['export GITHUB_OAUTH_TOKEN="(a token that can read the repository)"'] : []),
    '# gruntwork-install itself, once per machine',
    BOOTSTRAP_GRUNTWORK_INSTALLER,
    installCommand(repo.repository, mod),
  ].join('\n');
  const sections = [
    '## Install',
    `Install it with [gruntwork-install](https://github.com/gruntwork-io/gruntwork-installer), pinned to release ${mod.version}. ${token}`,
    codeBlock('bash', script),
  ];
  if (mod.install.params.length > 0) {
    sections.push(
      'Options of the install script, passed with `--module-param`:',
      [
        '| Parameter | Value above | What it sets |',
        '|---|---|---|',
        ...mod.install.params.map((p) => `| \`${p.name}\` | \`${p.value}\` | ${cell(p.description)} |`),
      ].join('\n'),
    );
  }
  const installed = mod.install.installs.map((entry) => {
    const [file = entry, note] = entry.split(/ \((.*)\)$/);
    return `- \`${file}\`${note === undefined ? '' : ` (${escapeMdx(note)})`}`;
  });
  sections.push(`It installs:\n\n${installed.join('\n')}`);
  if (mod.install.requires.length > 0) {
    sections.push(`It needs:\n\n${mod.install.requires.map((r) => `- ${escapeMdx(r)}`).join('\n')}`);
  }
  return sections;
}

/** Longest line of a usage block, in characters, before it wraps. */
const SYNOPSIS_WIDTH = 76;

/**
 * The usage of a command: required flags with their arguments, optional ones in brackets. Lines
 * wrap between flags at 76 characters, continuation lines indented by two spaces.
 */
export function commandSynopsis(command: ScriptCommand): string {
  const flag = (f: ScriptCommand['flags'][number]): string =>
    f.argument === undefined ? f.name : `${f.name} ${f.argument}`;
  const parts = [
    ...command.flags.filter((f) => f.required).map(flag),
    ...command.flags.filter((f) => !f.required).map((f) => `[${flag(f)}]`),
  ];
  const lines = [command.name];
  for (const part of parts) {
    const last = lines[lines.length - 1] ?? '';
    if (last.length + 1 + part.length <= SYNOPSIS_WIDTH) lines[lines.length - 1] = `${last} ${part}`;
    else lines.push(`  ${part}`);
  }
  return lines.join('\n');
}

/** The Default cell of a flag: Required, its default, off for a switch, or not set. */
function flagDefault(flag: ScriptCommand['flags'][number]): string {
  if (flag.required) return '**Required**';
  if (flag.default !== undefined) return `\`${flag.default.replace(/\|/g, '\\|')}\``;
  return flag.argument === undefined ? 'off' : 'not set';
}

/** An anchor for a command heading: `openvpn-admin request` becomes `command-openvpn-admin-request`. */
function commandAnchor(command: ScriptCommand): string {
  return `command-${command.name.replace(/[ .]/g, '-')}`;
}

/** The name of a module's install script when it is documented as a command. */
export const INSTALL_SCRIPT = 'install.sh';

function commandsIntro(commands: readonly ScriptCommand[]): string {
  const installed = commands.filter((c) => c.name !== INSTALL_SCRIPT);
  const script = commands.length > installed.length;
  const programs = [...new Set(installed.map((c) => c.name.split(' ')[0] ?? c.name))];
  const what =
    installed.length === 0
      ? 'The module adds no command of its own: its settings are flags of its install script.'
      : programs.length === 1 && installed.some((c) => c.name.includes(' '))
        ? `The module installs \`${programs[0] ?? ''}\`; ${installed.length === 1 ? 'this is the subcommand you run' : 'these are its subcommands'}.`
        : `The module installs ${installed.length === 1 ? 'one command' : `${String(installed.length)} commands`}.`;
  const params = script
    ? ' gruntwork-install runs `install.sh` once and passes each `--module-param name=value` to it as `--name value`.'
    : '';
  return `${what}${params} Required flags come first in each usage line; optional ones are in brackets.`;
}

function commandsSection(commands: readonly ScriptCommand[]): string[] {
  return [
    '## Commands',
    commandsIntro(commands),
    ...commands.map((command) => {
      const parts = [
        `### \`${command.name}\` ${headingId(commandAnchor(command))}`,
        paragraphs(command.description),
        codeBlock('text', commandSynopsis(command)),
      ];
      if (command.flags.length === 0) {
        parts.push('It takes no flags.');
      } else {
        parts.push(
          [
            '| Flag | Argument | Default | Description |',
            '|---|---|---|---|',
            ...command.flags.map(
              (f) =>
                `| \`${f.name}\` | ${f.argument === undefined ? 'none (a switch)' : `\`${f.argument}\``} | ${flagDefault(f)} | ${cell(f.description)} |`,
            ),
          ].join('\n'),
        );
      }
      return parts.join('\n\n');
    }),
  ];
}

function environmentSection(mod: ScriptModuleEntry): string[] {
  if (mod.environment.length === 0) {
    return ['## Environment variables', 'It reads no environment variables: every setting is a flag.'];
  }
  return [
    '## Environment variables',
    'It reads these environment variables:',
    [
      '| Variable | Required | What it sets |',
      '|---|---|---|',
      ...mod.environment.map((e) => `| \`${e.name}\` | ${e.required ? 'Yes' : 'No'} | ${cell(e.description)} |`),
    ].join('\n'),
  ];
}

function exitCodesSection(mod: ScriptModuleEntry): string[] {
  return [
    '## Exit codes',
    [
      '| Code | Meaning |',
      '|---|---|',
      ...[...mod.exitCodes].sort((a, b) => a.code - b.code).map((e) => `| ${String(e.code)} | ${cell(e.meaning)} |`),
    ].join('\n'),
  ];
}

const EXAMPLE_CONTEXT_LABELS: Record<ScriptExample['context'], string> = {
  ci: 'In a CI job',
  packer: 'In a Packer build',
  'user-data': 'In EC2 user data',
  docker: 'In a Docker image',
  shell: 'From a shell',
};

function examplesSection(examples: readonly ScriptExample[]): string[] {
  return [
    '## Examples',
    ...examples.map((example) =>
      [
        `### ${escapeMdx(example.title)}`,
        `*${EXAMPLE_CONTEXT_LABELS[example.context]}.* ${paragraphs(example.description)}`,
        codeBlock(example.language, example.code, example.file),
      ].join('\n\n'),
    ),
  ];
}

/** The MDX page of a script module: install, commands and flags, environment, exit codes, examples. */
export function renderScriptModulePage(
  repo: ModuleRepository,
  mod: ScriptModuleEntry,
  position: number,
  titleOf: ModuleTitleLookup,
): string {
  const sections = [
    ...moduleIntro(repo, mod, position),
    ...installSection(repo, mod),
    ...commandsSection(mod.commands),
    ...environmentSection(mod),
    ...exitCodesSection(mod),
    ...examplesSection(mod.examples),
    ...relatedSection(mod, titleOf),
  ];
  return `${sections.join('\n\n')}\n`;
}

/** The MDX page of one service. */
export function renderServicePage(
  category: ServiceCategory,
  service: ServiceEntry,
  position: number,
  titleOf: ModuleTitleLookup,
): string {
  const source = `${ORG}/terraform-aws-service-catalog/tree/${service.version}/modules/${service.sourcePath}`;
  const sections = [
    frontMatter({
      title: service.title,
      slug: servicePermalink(category.category, service.slug),
      sidebar_position: position,
      description: summarize(service.description),
      tags: service.tags,
      custom_edit_url: `${EDIT_URL_BASE}data/services/${category.category}.yml`,
    }),
    `<ModuleHeader repository="terraform-aws-service-catalog" module="${service.sourcePath}" version="${service.version}" kind="service" sourceUrl="${source}" />`,
    paragraphs(service.description),
    '## Modules it combines',
    'The service wires these library modules together with production defaults:',
    service.modules.map((ref) => `- [${escapeMdx(titleOf(ref))}](${modulePermalink(ref)}) (\`${ref}\`)`).join('\n'),
    '## Deploy it',
    `Pin the service to a release with \`?ref=${service.version}\`. Most teams deploy it with Terragrunt from an infrastructure-live repository; plain Terraform works too.`,
    usageTabs('iac-tool', [
      { value: 'terragrunt', label: 'Terragrunt', code: service.deploy.terragrunt, file: 'terragrunt.hcl' },
      { value: 'terraform', label: 'Terraform', code: service.deploy.terraform, file: 'main.tf' },
    ]),
    inputsSection(service.inputs),
    outputsSection(service.outputs),
  ];
  return `${sections.join('\n\n')}\n`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2023-03` as `March 2023`. */
export function monthLabel(month: string): string {
  const [year, mm] = month.split('-');
  return `${MONTH_NAMES[Number(mm) - 1] ?? mm ?? ''} ${year ?? ''}`;
}

const KIND_LABELS: Record<ReleaseEntry['kind'], string> = {
  'new-module': 'New module',
  feature: 'Feature',
  fix: 'Fix',
  breaking: 'Breaking change',
};

/** An anchor-safe id for a release heading, unique within a month. */
function releaseAnchor(entry: ReleaseEntry): string {
  return `${entry.repository}-${entry.version.replace(/\./g, '-')}`;
}

/** The MDX page of one month of release notes, grouped by repository. */
export function renderReleaseMonth(
  month: ReleaseMonth,
  previous: string | undefined,
  next: string | undefined,
): string {
  const byRepo = new Map<string, ReleaseEntry[]>();
  for (const entry of [...month.entries].sort(
    (a, b) => a.repository.localeCompare(b.repository) || a.date.localeCompare(b.date),
  )) {
    const list = byRepo.get(entry.repository) ?? [];
    list.push(entry);
    byRepo.set(entry.repository, list);
  }
  const breaking = month.entries.filter((e) => e.kind === 'breaking').length;
  const label = monthLabel(month.month);
  const sections = [
    frontMatter({
      title: `Release notes: ${label}`,
      slug: releaseMonthUrl(month.month),
      sidebar_label: label,
      description: `What changed in the Gruntwork library in ${label}: ${String(month.entries.length)} releases across ${String(byRepo.size)} repositories.`,
      custom_edit_url: `${EDIT_URL_BASE}data/releases/${month.month}.yml`,
      pagination_prev: previous ? generatedDocId(generatedPaths.releaseMonth(previous)) : undefined,
      pagination_next: next ? generatedDocId(generatedPaths.releaseMonth(next)) : undefined,
    }),
    `${String(month.entries.length)} releases in ${String(byRepo.size)} repositories${breaking > 0 ? `, ${String(breaking)} with breaking changes. Read those first: each says what you must do before you upgrade` : ', none of them breaking'}. See [all months](${ROUTES.releases}).`,
  ];
  for (const [repository, entries] of byRepo) {
    sections.push(`## ${repository}`);
    for (const entry of entries) {
      const modules = entry.modules.map((m) => `\`${m}\``).join(', ');
      const parts = [
        `### ${entry.version} ${headingId(releaseAnchor(entry))}`,
        `<ReleaseMeta kind="${entry.kind}" kindLabel="${KIND_LABELS[entry.kind]}" date="${entry.date}" />`,
        `**Modules:** ${modules}`,
        escapeMdx(entry.summary.trim()),
      ];
      if (entry.kind === 'breaking' && entry.migration) {
        parts.push([':::warning[What you must do]', '', escapeMdx(entry.migration.trim()), '', ':::'].join('\n'));
      }
      parts.push(`[Release ${entry.version} of ${repository}](${releaseUrl(entry)})`);
      sections.push(parts.join('\n\n'));
    }
  }
  return `${sections.join('\n\n')}\n`;
}

/** The releases index: months newest first, grouped by year, with a count for each month. */
export function renderReleasesIndex(months: readonly ReleaseMonth[]): string {
  const sorted = [...months].sort((a, b) => b.month.localeCompare(a.month));
  const total = months.reduce((sum, m) => sum + m.entries.length, 0);
  const years = new Map<string, ReleaseMonth[]>();
  for (const month of sorted) {
    const year = month.month.slice(0, 4);
    const list = years.get(year) ?? [];
    list.push(month);
    years.set(year, list);
  }
  const sections = [
    frontMatter({
      title: 'Release notes',
      slug: ROUTES.releases,
      description: 'Every month of Gruntwork library releases, newest first, with the breaking changes called out.',
      custom_edit_url: `${EDIT_URL_BASE}data/releases/`,
    }),
    `Each month lists the releases of the library's repositories, grouped by repository, with breaking changes marked and the steps they need. ${String(months.length)} months and ${String(total)} releases so far. To upgrade several versions at once, read every month in between, oldest first.`,
    `[Subscribe to the release notes](pathname://${ROUTES.releasesFeed}) (an Atom feed) to see each new month in your feed reader.`,
  ];
  for (const [year, list] of years) {
    sections.push(`## ${year}`);
    sections.push(
      list
        .map((m) => {
          const breaking = m.entries.filter((e) => e.kind === 'breaking').length;
          return `- [${monthLabel(m.month)}](${releaseMonthUrl(m.month)}): ${String(m.entries.length)} releases${breaking > 0 ? `, ${String(breaking)} breaking` : ''}`;
        })
        .join('\n'),
    );
  }
  return `${sections.join('\n\n')}\n`;
}

/** A Markdown list of repositories and their modules, for the modules intro page. */
export function renderRepositoryList(repositories: readonly ModuleRepository[]): string {
  return `${repositories
    .map((repo) =>
      [
        `### ${repo.repository}`,
        '',
        escapeMdx(repo.summary.trim()),
        '',
        repo.modules
          .map((m) => `- [${escapeMdx(m.title)}](${modulePermalink(`${repo.repository}/${m.name}`)}) (\`${m.name}\`)`)
          .join('\n'),
      ].join('\n'),
    )
    .join('\n\n')}\n`;
}
