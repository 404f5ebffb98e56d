/**
 * Nothing is used before Terraform or its provider could do it. `data/availability.yml` dates the
 * first release that had each resource type, data source, argument and Terraform language feature
 * the content names; this module finds what a piece of content names and compares dates:
 *
 * - A release entry names a resource type or data source in inline code (`aws_lb`,
 *   `data.aws_ami`), in an HCL block (`resource "aws_lb" "x"`), or by one of a row's `cited_as`
 *   phrases; it names an argument when an HCL resource block sets it; it uses a language feature
 *   when an HCL block holds it (`moved`, `import`, `check`, `removed`, `for_each` or `count` on a
 *   `module`, `optional(...)` in a type, `provider::` functions...). The entry must be dated on or
 *   after each of their rows.
 * - A module's reference describes the module at its latest release: the resources it lists,
 *   the language features of its usage example, optional object attributes in its input types
 *   and the Kubernetes version it defaults to must be available on that release's date.
 * - Every resource type and data source that `data/` or the docs name has a row, or is listed in
 *   `pending` (so the table cannot silently lag).
 *
 * Markdown is read with remark and HCL with HashiCorp's parser (`@cdktf/hcl2json`), through
 * `code-names.ts`.
 */
import { parse as parseHcl } from '@cdktf/hcl2json';

import type { Catalog } from '../../plugins/catalog/load';
import type { AvailabilityRow, AvailabilityTable, ReleaseEntry } from '../../plugins/catalog/schema';
import { HCL_LANGUAGES, markdownCode } from './code-names';
import { citesPhrase } from './launch-dates';

/** Provider prefixes of resource types (a type is `<provider>_<name>`). */
const PROVIDERS = 'aws|kubernetes|helm|tls|null|random|local|time|template|external|cloudinit|terraform';
/**
 * A resource type or data source written in inline code: `aws_lb`, `data.aws_ami`,
 * `data.external`. Only AWS types are taken without `data.`: in prose, `kubernetes_groups` or
 * `terraform_version` are more often arguments or settings than types, which HCL blocks name.
 */
const TYPE = new RegExp(`^data\\.(?:${PROVIDERS})_[a-z0-9_]+$|^data\\.(?:external|http)$|^aws_[a-z0-9_]+$`);

/** What one piece of content names. */
export interface Names {
  /** Resource types and `data.` sources. */
  types: Set<string>;
  /** `type.argument` for each top-level argument an HCL resource block sets. */
  arguments: Set<string>;
  /** `terraform:<feature>` for each language feature an HCL block uses. */
  features: Set<string>;
  /** One line per HCL block that does not parse. */
  unparsed: string[];
}

const emptyNames = (): Names => ({ types: new Set(), arguments: new Set(), features: new Set(), unparsed: [] });

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const bodies = (value: unknown): Json[] => (Array.isArray(value) ? value : [value]).filter(isRecord);

/** Every string in a parsed HCL value, where hcl2json keeps expressions (`${optional(string)}`). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isRecord(value)) return Object.values(value).flatMap(strings);
  return [];
}

/** Top-level HCL blocks that are language features of their own, by block type. */
const FEATURE_BLOCKS: Record<string, string> = {
  moved: 'terraform:moved-block',
  import: 'terraform:import-block',
  check: 'terraform:check-block',
  removed: 'terraform:removed-block',
  data: 'terraform:data-block',
};

/** The language features one resource, data or module body uses. */
function bodyFeatures(body: Json, kind: 'resource' | 'data' | 'module', into: Set<string>): void {
  if (kind === 'module') {
    if ('for_each' in body) into.add('terraform:module-for-each');
    if ('count' in body) into.add('terraform:module-count');
    if ('depends_on' in body) into.add('terraform:module-depends-on');
    return;
  }
  if (kind === 'resource' && 'for_each' in body) into.add('terraform:resource-for-each');
  if ('dynamic' in body) into.add('terraform:dynamic-block');
  for (const lifecycle of bodies(body.lifecycle)) {
    if ('replace_triggered_by' in lifecycle) into.add('terraform:replace-triggered-by');
    if ('precondition' in lifecycle || 'postcondition' in lifecycle) into.add('terraform:precondition');
  }
}

/**
 * What one HCL block names.
 * @param file - used in the parser's messages.
 * @returns the names; a block that does not parse adds one line to `unparsed` and nothing else.
 */
export async function hclNames(file: string, code: string): Promise<Names> {
  const names = emptyNames();
  let json: Json;
  try {
    json = (await parseHcl(file, code)) as Json;
  } catch (error) {
    names.unparsed.push(
      `${file}: an hcl block is not valid HCL: ${error instanceof Error ? error.message : String(error)}`,
    );
    return names;
  }
  for (const [block, feature] of Object.entries(FEATURE_BLOCKS)) if (block in json) names.features.add(feature);
  for (const kind of ['resource', 'data'] as const) {
    const types = isRecord(json[kind]) ? json[kind] : {};
    for (const [type, instances] of Object.entries(types)) {
      names.types.add(kind === 'data' ? `data.${type}` : type);
      if (!isRecord(instances)) continue;
      for (const body of Object.values(instances).flatMap(bodies)) {
        bodyFeatures(body, kind, names.features);
        if (kind === 'resource') for (const argument of Object.keys(body)) names.arguments.add(`${type}.${argument}`);
      }
    }
  }
  const modules = isRecord(json.module) ? json.module : {};
  for (const body of Object.values(modules).flatMap(bodies)) bodyFeatures(body, 'module', names.features);
  const variables = isRecord(json.variable) ? json.variable : {};
  for (const body of Object.values(variables).flatMap(bodies)) {
    if ('validation' in body) names.features.add('terraform:variable-validation');
    if ('sensitive' in body) names.features.add('terraform:sensitive-variable');
    if ('nullable' in body) names.features.add('terraform:nullable-variable');
    if (typeof body.type === 'string' && /\boptional\(/.test(body.type))
      names.features.add('terraform:optional-attributes');
  }
  if (strings(json).some((text) => text.includes('provider::'))) names.features.add('terraform:provider-functions');
  return names;
}

/**
 * What a Markdown text names: resource types in inline code and everything its HCL blocks name.
 * @param file - where the text is, for parser messages.
 * @param isModuleName - whether a snake_case word is an input or output of the library (such as
 *   `aws_region`), which inline code then means instead of a resource type.
 */
export async function markdownNames(
  file: string,
  markdown: string,
  isModuleName: (name: string) => boolean,
): Promise<Names> {
  const names = emptyNames();
  const { spans, blocks } = markdownCode(markdown);
  for (const span of spans) {
    const text = span.trim();
    if (TYPE.test(text) && !isModuleName(text)) names.types.add(text);
  }
  for (const block of blocks) {
    if (!HCL_LANGUAGES.has(block.lang)) continue;
    const found = await hclNames(file, block.value);
    for (const key of ['types', 'arguments', 'features'] as const) for (const n of found[key]) names[key].add(n);
    names.unparsed.push(...found.unparsed);
  }
  return names;
}

/** The rows of a table by id. */
export function rowsById(table: AvailabilityTable): Map<string, AvailabilityRow> {
  return new Map(table.features.map((row) => [row.id, row]));
}

/**
 * The table's id for a name: prose often names a data source without `data.`
 * (`aws_availability_zones`), so a name the table lacks resolves to `data.<name>` when the table
 * has that.
 */
export function resolveId(name: string, known: (id: string) => boolean): string {
  return known(name) || name.startsWith('data.') || !known(`data.${name}`) ? name : `data.${name}`;
}

/** `Terraform 0.7.1 on 2016-08-19` or `AWS provider 1.1.0 on 2017-10-16`, for messages. */
function arrival(row: AvailabilityRow): string {
  const who = row.provider === 'terraform' ? 'Terraform' : `the ${row.provider} provider`;
  return `${who} ${row.version} on ${row.date}`;
}

/** One release entry with where it is written, as `release-names.ts` places it. */
export interface DatedEntry {
  entry: ReleaseEntry;
  /** `data/releases/2016-08.yml: entries[2] (terraform-aws-cache v0.1.0)` */
  where: string;
}

/**
 * Every release entry dated before something it names.
 * @returns one line per early use, naming the file, the entry, the identifier (or phrase) and both
 *   dates; empty when every entry is dated on or after all it names.
 */
export async function findEarlyUses(
  entries: readonly DatedEntry[],
  table: AvailabilityTable,
  isModuleName: (name: string) => boolean,
): Promise<string[]> {
  const rows = rowsById(table);
  const problems: string[] = [];
  for (const { entry, where } of entries) {
    const text = `${entry.summary}\n\n${entry.migration ?? ''}`;
    const names = await markdownNames(where, text, isModuleName);
    const named = [...names.types, ...names.arguments, ...names.features].map((id) =>
      resolveId(id, (k) => rows.has(k)),
    );
    for (const id of named) {
      const row = rows.get(id);
      if (row && entry.date < row.date)
        problems.push(`${where}.date: ${entry.date} names ${id}, which arrived in ${arrival(row)}`);
    }
    for (const row of table.features) {
      if (named.includes(row.id)) continue;
      const phrase = row.cited_as?.find((p) => citesPhrase(text, p));
      if (phrase !== undefined && entry.date < row.date)
        problems.push(
          `${where}.date: ${entry.date} says "${phrase}", which needs ${row.id}, which arrived in ${arrival(row)}`,
        );
    }
  }
  return problems;
}

/** The date of each repository's latest release entry, and where it is written. */
export function latestReleases(entries: readonly DatedEntry[]): Map<string, DatedEntry> {
  const latest = new Map<string, DatedEntry>();
  for (const placed of entries) {
    const previous = latest.get(placed.entry.repository);
    if (!previous || placed.entry.date >= previous.entry.date) latest.set(placed.entry.repository, placed);
  }
  return latest;
}

/**
 * Every module whose reference names something that did not exist on the date of its
 * repository's latest release: a resource it lists, a language feature of its usage example, or a
 * Kubernetes version an input defaults to (an input whose name ends in `kubernetes_version`).
 * @returns one line per problem, naming the module file, the module, the identifier and both dates.
 */
export async function findEarlyReference(
  catalog: Catalog,
  entries: readonly DatedEntry[],
  table: AvailabilityTable,
): Promise<string[]> {
  const rows = rowsById(table);
  const eks = new Map(table.eks.map((e) => [e.version, e.date]));
  const latest = latestReleases(entries);
  const problems: string[] = [];
  for (const repo of catalog.repositories) {
    const release = latest.get(repo.repository);
    if (!release) continue;
    const date = release.entry.date;
    const at = `its latest release ${release.entry.version} (${release.where.split(':')[0] ?? ''}) is dated ${date}`;
    for (const mod of repo.modules) {
      if (mod.kind === 'script') continue;
      const where = `data/modules/${repo.repository}.yml: modules (${mod.name})`;
      const usage = await hclNames(`${where}.usage.terraform`, mod.usage.terraform);
      const typed = mod.inputs.some((input) => /\boptional\(/.test(input.type))
        ? ['terraform:optional-attributes']
        : [];
      for (const id of [...mod.resources, ...usage.features, ...typed]) {
        const row = rows.get(id);
        if (row && date < row.date) problems.push(`${where}: uses ${id}, which arrived in ${arrival(row)}, but ${at}`);
      }
      for (const input of mod.inputs) {
        if (!input.name.endsWith('kubernetes_version') || input.default === undefined) continue;
        const version = /^"(\d+\.\d+)"$/.exec(input.default)?.[1];
        if (version === undefined) continue;
        const ga = eks.get(version);
        if (ga === undefined)
          problems.push(
            `${where}.inputs (${input.name}).default: Kubernetes ${version} has no EKS date in data/availability.yml`,
          );
        else if (date < ga)
          problems.push(
            `${where}.inputs (${input.name}).default: Kubernetes ${version} reached EKS on ${ga}, but ${at}`,
          );
      }
    }
  }
  return problems;
}

/** Where one identifier is named, for the coverage check. */
export interface Naming {
  id: string;
  /** The file, and the entry or module when there is one. */
  where: string;
}

/**
 * Identifiers the content names that the table neither dates nor lists as pending.
 * @returns one line per identifier, naming where it is first named.
 */
export function findUncovered(namings: readonly Naming[], table: AvailabilityTable): string[] {
  const known = new Set([...table.features.map((row) => row.id), ...table.pending]);
  const first = new Map<string, string>();
  for (const { id: name, where } of namings) {
    const id = resolveId(name, (k) => known.has(k));
    if (!known.has(id) && !first.has(id)) first.set(id, where);
  }
  return [...first].map(
    ([id, where]) => `${where}: names ${id}, which data/availability.yml neither dates (features) nor lists as pending`,
  );
}
