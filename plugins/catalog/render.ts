/**
 * Renders validated catalog data as MDX doc pages (issues 5 and 6). Headings are real Markdown
 * headings, so they reach the table of contents and the search index. Components used here are
 * registered once in `src/theme/MDXComponents.tsx`.
 */
import type {
  ModuleEntry,
  ModuleInput,
  ModuleOutput,
  ModuleRepository,
  ReleaseEntry,
  ReleaseMonth,
  ServiceCategory,
  ServiceEntry,
} from './schema';

import { EDIT_URL_BASE, GITHUB_ORG_URL } from '../../src/site-constants';
import { RELEASES_FEED_PATH } from '../markdown-twins/contract';

// Generated pages' "Edit this page" links point at their data file, under the site's edit base.
const ORG = GITHUB_ORG_URL.replace(/\/$/, '');

/** The module's source address (issue 6): `<org>/<repository>/tree/<version>/modules/<module>`. */
export function moduleSourceUrl(repository: string, mod: Pick<ModuleEntry, 'name' | 'version'>): string {
  return `${ORG}/${repository}/tree/${mod.version}/modules/${mod.name}`;
}

/** The address of a release on the source host. */
export function releaseUrl(entry: Pick<ReleaseEntry, 'repository' | 'version'>): string {
  return `${ORG}/${entry.repository}/releases/tag/${entry.version}`;
}

/** The permalink of a module page. */
export function modulePermalink(ref: string): string {
  return `/reference/modules/${ref}/`;
}

/** Escapes prose for MDX: `{`, `}`, `<` and `>` outside inline code become character escapes. */
export function escapeMdx(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/([{}<>])/g, '\\$1')))
    .join('');
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

/** The MDX page of one module. */
export function renderModulePage(
  repo: ModuleRepository,
  mod: ModuleEntry,
  position: number,
  titleOf: ModuleTitleLookup,
): string {
  const source = moduleSourceUrl(repo.repository, mod);
  const sections = [
    frontMatter({
      title: mod.title,
      sidebar_label: mod.name,
      sidebar_position: position,
      description: summarize(mod.description),
      tags: mod.tags,
      custom_edit_url: `${EDIT_URL_BASE}data/modules/${repo.repository}.yml`,
    }),
    `<ModuleHeader repository="${repo.repository}" module="${mod.name}" version="${mod.version}" kind="${mod.kind}" sourceUrl="${source}" />`,
    paragraphs(mod.description),
    '## Usage',
    mod.kind === 'script'
      ? 'This module is a script that runs on a server or a CI machine. The examples install it where a real deployment would.'
      : `Pin the module to a release with \`?ref=${mod.version}\` and set its required inputs.`,
    usageTabs('iac-tool', [
      { value: 'terraform', label: 'Terraform', code: mod.usage.terraform, file: 'main.tf' },
      { value: 'terragrunt', label: 'Terragrunt', code: mod.usage.terragrunt, file: 'terragrunt.hcl' },
    ]),
    inputsSection(mod.inputs),
    outputsSection(mod.outputs),
    '## Resources',
    mod.kind === 'script' ? 'What the script touches when it runs:' : 'The resources this module creates:',
    mod.resources.map((r) => `- \`${r}\``).join('\n'),
  ];
  if (mod.related.length > 0) {
    sections.push(
      '## Related modules',
      mod.related.map((ref) => `- [${escapeMdx(titleOf(ref))}](${modulePermalink(ref)}) (\`${ref}\`)`).join('\n'),
    );
  }
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
      sidebar_label: label,
      description: `What changed in the Gruntwork library in ${label}: ${String(month.entries.length)} releases across ${String(byRepo.size)} repositories.`,
      custom_edit_url: `${EDIT_URL_BASE}data/releases/${month.month}.yml`,
      pagination_prev: previous ? `guides/stay-up-to-date/releases/${previous}/index` : undefined,
      pagination_next: next ? `guides/stay-up-to-date/releases/${next}/index` : undefined,
    }),
    `${String(month.entries.length)} releases in ${String(byRepo.size)} repositories${breaking > 0 ? `, ${String(breaking)} with breaking changes. Read those first: each says what you must do before you upgrade` : ', none of them breaking'}. See [all months](/guides/stay-up-to-date/releases/).`,
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
      description: 'Every month of Gruntwork library releases, newest first, with the breaking changes called out.',
      custom_edit_url: `${EDIT_URL_BASE}data/releases/`,
    }),
    `Each month lists the releases of the library's repositories, grouped by repository, with breaking changes marked and the steps they need. ${String(months.length)} months and ${String(total)} releases so far. To upgrade several versions at once, read every month in between, oldest first.`,
    `[Subscribe to the release notes](pathname://${RELEASES_FEED_PATH}) (an Atom feed) to see each new month in your feed reader.`,
  ];
  for (const [year, list] of years) {
    sections.push(`## ${year}`);
    sections.push(
      list
        .map((m) => {
          const breaking = m.entries.filter((e) => e.kind === 'breaking').length;
          return `- [${monthLabel(m.month)}](/guides/stay-up-to-date/releases/${m.month}/): ${String(m.entries.length)} releases${breaking > 0 ? `, ${String(breaking)} breaking` : ''}`;
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
