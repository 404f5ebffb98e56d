/**
 * The cross-check of release notes against the module reference (see ARCHITECTURE.md, 'Content
 * checks'). For each release entry of a repository that `data/` documents, every name it writes in
 * code (classified by `code-names.ts`) must exist in the reference of the modules the entry lists,
 * unless this or a later release removes or renames it (`removes`); a removed name must then be
 * gone from the reference. Besides: a module's first release is its `new-module` entry, a
 * service's reference is not older than a Service Catalog release that names it, and an entry
 * that introduces a module whose reference title cites an AWS launch (`data/launch-dates.yml`) is
 * not dated before that launch. (Input descriptions are not compared with launch dates: they
 * describe the input as it is at the reference's version, which may be later than the entry.)
 */
import type { Catalog } from '../../plugins/catalog/load';
import { compareVersions } from '../../plugins/catalog/load';
import type { ReleaseEntry } from '../../plugins/catalog/schema';
import {
  classifySpan,
  HCL_LANGUAGES,
  hclUses,
  HclSyntaxError,
  markdownCode,
  shellCommands,
  type CodeName,
} from './code-names';
import { citesPhrase, type Launch } from './launch-dates';
import {
  declaresCommand,
  declaresFlag,
  declaresName,
  parseLibrarySource,
  type ReferenceIndex,
  type ReferenceModule,
} from './reference-index';

/** One release entry with where it is written. */
export interface PlacedEntry {
  entry: ReleaseEntry;
  /** `data/releases/2022-06.yml: entries[7] (terraform-aws-load-balancer v0.26.0)` */
  where: string;
}

/** One name an entry writes in code, with the modules it must belong to. */
export interface Mention {
  code: CodeName;
  /** The text it came from, for messages. */
  text: string;
  /** The modules whose reference must declare it; the entry's own modules unless code names another. */
  modules: ReferenceModule[];
}

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'console']);

/** The entries of every month in release order, each placed in its file. */
export function placedEntries(catalog: Catalog): PlacedEntry[] {
  return catalog.releaseMonths.flatMap((month) =>
    month.entries.map((entry, index) => ({
      entry,
      where: `data/releases/${month.month}.yml: entries[${String(index)}] (${entry.repository} ${entry.version})`,
    })),
  );
}

/**
 * Everything an entry names in code: its summary's and migration's inline code, the arguments and
 * module outputs of its HCL blocks, and the command lines of its shell blocks.
 * @returns the mentions, and one problem per HCL block that does not parse.
 */
export async function entryMentions(
  placed: PlacedEntry,
  reference: ReferenceIndex,
): Promise<{ mentions: Mention[]; problems: string[] }> {
  const { entry, where } = placed;
  const repository = reference.get(entry.repository);
  const own = entry.modules.flatMap((name) => {
    const mod = repository?.get(name);
    return mod ? [mod] : [];
  });
  const mentions: Mention[] = [];
  const problems: string[] = [];
  for (const field of ['summary', 'migration'] as const) {
    const text = entry[field];
    if (text === undefined) continue;
    const { spans, blocks } = markdownCode(text);
    for (const span of spans) mentions.push({ code: classifySpan(span), text: span, modules: own });
    for (const block of blocks) {
      if (SHELL_LANGUAGES.has(block.lang))
        for (const words of shellCommands(block.value))
          mentions.push({ code: { kind: 'command', words }, text: words.join(' '), modules: own });
      if (!HCL_LANGUAGES.has(block.lang)) continue;
      try {
        for (const use of await hclUses(where, block.value)) {
          const library = use.source === undefined ? undefined : parseLibrarySource(use.source);
          const target = library ? reference.get(library.repository)?.get(library.module) : undefined;
          const modules = library ? (target ? [target] : []) : own;
          for (const name of use.inputs) mentions.push({ code: { kind: 'name', name }, text: name, modules });
          for (const name of use.outputs) mentions.push({ code: { kind: 'name', name }, text: name, modules });
        }
      } catch (error) {
        if (!(error instanceof HclSyntaxError)) throw error;
        problems.push(`${where}.${field}: an hcl block is not valid HCL: ${error.message}`);
      }
    }
  }
  return { mentions, problems };
}

/** The word a mention is known by, for `removes` and messages. */
function mentionName(code: CodeName): string | undefined {
  switch (code.kind) {
    case 'name':
    case 'kebab':
      return code.name;
    case 'flag':
      return code.flag;
    case 'command':
      return code.words[0];
    case 'value':
      return undefined;
  }
}

/** The script commands of a repository's reference, longest name first. */
function scriptCommands(modules: readonly ReferenceModule[]): { name: string; flags: Set<string> }[] {
  return modules
    .flatMap((mod) => [...mod.commands].map(([name, flags]) => ({ name, flags })))
    .sort((a, b) => b.name.length - a.name.length);
}

/**
 * What is wrong with one mention, or undefined when the reference agrees.
 * @param all - every module of the entry's repository.
 */
function checkMention(mention: Mention, all: readonly ReferenceModule[]): string | undefined {
  const { code, modules } = mention;
  const listed = modules.map((m) => `${m.where} ${m.version}`).join(', ');
  switch (code.kind) {
    case 'value':
      return undefined;
    case 'name': {
      const terraform = modules.filter((m) => m.kind !== 'script');
      if (terraform.length === 0 || terraform.some((m) => declaresName(m, code.name))) return undefined;
      // A name with a provider prefix that no module declares is a resource type (`aws_s3_bucket`).
      if (/^(?:aws|kubernetes|helm|null|random|tls|local|time)_/.test(code.name)) return undefined;
      const elsewhere = all.filter((m) => !modules.includes(m) && declaresName(m, code.name)).map((m) => m.name);
      return `names input or output "${code.name}", but ${listed} declares no such input or output${
        elsewhere.length > 0 ? ` (${elsewhere.join(', ')} does, which the entry does not list)` : ''
      }`;
    }
    case 'flag': {
      const ownScripts = modules.filter((m) => m.kind === 'script');
      const scripts = ownScripts.length > 0 ? ownScripts : all.filter((m) => m.kind === 'script');
      if (scripts.length === 0 || scripts.some((m) => declaresFlag(m, code.flag))) return undefined;
      return `names flag "${code.flag}", but no command of ${scripts.map((m) => `${m.where} ${m.version}`).join(', ')} has it`;
    }
    case 'command': {
      const line = code.words.join(' ');
      const command = scriptCommands(all).find((c) => line === c.name || line.startsWith(`${c.name} `));
      if (!command) {
        // A library command with a subcommand the reference lacks; other tools are not checked.
        const head = code.words[0] ?? '';
        const owner = all.find((m) => declaresCommand(m, head));
        return owner ? `runs "${line}", but ${owner.where} ${owner.version} has no such command` : undefined;
      }
      const unknown = code.words.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0] ?? w);
      const missing = unknown.filter((flag) => !command.flags.has(flag));
      return missing.length > 0
        ? `runs "${line}", but "${command.name}" has no flag ${missing.map((f) => `"${f}"`).join(', ')} in the reference`
        : undefined;
    }
    case 'kebab': {
      if (all.some((m) => m.name === code.name || declaresCommand(m, code.name))) return undefined;
      const scripts = modules.filter((m) => m.kind === 'script');
      if (scripts.length === 0) return undefined;
      return `names command or module "${code.name}", but ${scripts.map((m) => `${m.where} ${m.version}`).join(', ')} has no such command and the repository no such module`;
    }
  }
}

/** Whether a module's reference still lists `name` as an input, output, flag or command. */
function stillListed(mod: ReferenceModule, name: string): boolean {
  return name.startsWith('--') ? declaresFlag(mod, name) : declaresName(mod, name) || declaresCommand(mod, name);
}

/**
 * Every contradiction between the release notes and the reference.
 * @param catalog - the loaded `data/` (its loader has already checked that versions rise month by
 *   month and that no module's reference is older than its last release).
 * @param reference - the same catalog, indexed.
 * @param launches - the launch table of `data/launch-dates.yml`.
 * @returns one line per contradiction, naming the release file and entry, the name, and the
 *   reference file and module; empty when they agree.
 */
export async function findReleaseContradictions(
  catalog: Catalog,
  reference: ReferenceIndex,
  launches: readonly Launch[],
): Promise<string[]> {
  const problems: string[] = [];
  const placed = placedEntries(catalog);
  const mentionsOf = new Map<PlacedEntry, Mention[]>();
  for (const p of placed) {
    const result = await entryMentions(p, reference);
    mentionsOf.set(p, result.mentions);
    problems.push(...result.problems);
  }
  const named = (p: PlacedEntry, name: string): boolean =>
    (mentionsOf.get(p) ?? []).some((m) => mentionName(m.code) === name);
  /** Whether this entry or a later one of the same repository removes `name`. */
  const removedFrom = (p: PlacedEntry, name: string): boolean =>
    placed.some(
      (q) =>
        q.entry.repository === p.entry.repository &&
        compareVersions(q.entry.version, p.entry.version) >= 0 &&
        (q.entry.removes ?? []).includes(name),
    );
  const firstListing = new Map<string, PlacedEntry>();

  for (const p of placed) {
    const { entry, where } = p;
    for (const name of entry.modules) {
      const key = `${entry.repository}/${name}`;
      if (!firstListing.has(key)) firstListing.set(key, p);
    }
    const repository = reference.get(entry.repository);
    if (!repository) continue; // A repository data/ does not document (terraform-aws-cis-service-catalog).
    const all = [...repository.values()];
    const own = entry.modules.flatMap((name) => {
      const mod = repository.get(name);
      return mod ? [mod] : [];
    });

    for (const mod of own)
      if (mod.kind === 'service' && compareVersions(entry.version, mod.version) > 0)
        problems.push(`${where}.version: ${entry.version} is newer than ${mod.where}, which documents ${mod.version}`);

    for (const mention of mentionsOf.get(p) ?? []) {
      const name = mentionName(mention.code);
      if (name !== undefined && removedFrom(p, name)) continue;
      const problem = checkMention(mention, all);
      if (problem !== undefined) problems.push(`${where}: ${problem}`);
    }

    for (const name of entry.removes ?? []) {
      if (!named(p, name))
        problems.push(`${where}.removes: "${name}" is not written in code in the summary or migration`);
      const laterMention = placed.some(
        (q) =>
          q.entry.repository === entry.repository &&
          compareVersions(q.entry.version, entry.version) > 0 &&
          !(q.entry.removes ?? []).includes(name) &&
          named(q, name),
      );
      if (laterMention) continue;
      for (const mod of own)
        if (stillListed(mod, name))
          problems.push(`${where}.removes: removes "${name}", but ${mod.where} ${mod.version} still lists it`);
    }

    if (entry.kind === 'new-module')
      for (const mod of own) {
        const first = firstListing.get(`${entry.repository}/${mod.name}`);
        if (first && first !== p)
          problems.push(`${where}.kind: introduces ${mod.name}, but ${first.where} already lists it`);
        for (const launch of launches) {
          const phrase = launch.cited_as.find((c) => citesPhrase(mod.title, c));
          if (phrase !== undefined && entry.date < launch.date)
            problems.push(
              `${where}.date: ${entry.date} introduces ${mod.name}, whose title in ${mod.where} is "${mod.title}", but ${launch.name} arrived on ${launch.date}`,
            );
        }
      }
  }
  return [...new Set(problems)];
}
