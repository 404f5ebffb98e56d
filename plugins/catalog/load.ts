/**
 * Loads and validates every file in `data/`. Bad input fails loudly: each problem names the file,
 * the entry and the field, and all problems are reported at once. An invalid entry is reported and
 * left out on its own: the other entries of its file still load, so the cross-checks report no
 * reference to them as missing, and a reference to the invalid entry itself is not reported twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';

import { readAvailability } from './availability';
import {
  type AvailabilityTable,
  moduleRepositorySchema,
  releaseMonthSchema,
  serviceCategorySchema,
  type ModuleRepository,
  type ReleaseMonth,
  type ServiceCategory,
} from './schema';

/** Everything in `data/`, validated. Arrays are sorted by file name. */
export interface Catalog {
  repositories: ModuleRepository[];
  serviceCategories: ServiceCategory[];
  releaseMonths: ReleaseMonth[];
  /** `data/availability.yml`, when the data folder has one. */
  availability?: AvailabilityTable;
}

/** Thrown when `data/` has invalid entries; `problems` holds one line per problem. */
export class CatalogError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Invalid data in data/ (${String(problems.length)} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}\n` +
        'Fix each entry named above (`npm run check:data` lists the same problems without building); the schema is plugins/catalog/schema.ts.',
    );
    this.name = 'CatalogError';
  }
}

/** A readable label for an entry in a list: its index plus its name, slug or version. */
function entryLabel(data: unknown, segments: readonly PropertyKey[]): string {
  let node: unknown = data;
  const parts: string[] = [];
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<PropertyKey, unknown>)[segment];
    if (typeof segment === 'number') {
      const record = (node ?? {}) as Record<string, unknown>;
      const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
      const repository = text(record.repository);
      const version = text(record.version);
      const name =
        text(record.name) ?? text(record.slug) ?? (repository && version ? `${repository} ${version}` : undefined);
      parts.push(name === undefined ? `[${String(segment)}]` : `[${String(segment)}] (${name})`);
    } else {
      parts.push(parts.length === 0 ? String(segment) : `.${String(segment)}`);
    }
  }
  return parts.join('');
}

/** One line per zod issue: `file: modules[2] (vpc-app).inputs[0] (name).default: message`. */
export function formatIssues(file: string, data: unknown, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const where = entryLabel(data, issue.path);
    return `${file}: ${where === '' ? '(top level)' : where}: ${issue.message}`;
  });
}

/** The one file extension of data files. */
export const DATA_FILE_EXTENSION = '.yml';

/**
 * Parses every `.yml` file of `data/<sub>`. A file that does not parse is reported, and marked in
 * `skipped` (as `*`) so that references into it are not reported as well.
 *
 * Data files end in `.yml` only: file names are matched against the entries they hold
 * (`data/modules/<repository>.yml`) and every generated page's edit link points at that name. A
 * `.yaml` file is therefore reported, with the name to rename it to, and treated as a file that
 * does not parse. Other files (a README, say) are not data and are left alone.
 */
function readYamlFiles(
  dataDir: string,
  sub: string,
  problems: string[],
  skipped: Map<string, Set<string>>,
): { file: string; data: unknown }[] {
  const dir = path.join(dataDir, sub);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(DATA_FILE_EXTENSION) || name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const file = `data/${sub}/${name}`;
      if (!name.endsWith(DATA_FILE_EXTENSION)) {
        const renamed = `${path.basename(name, '.yaml')}${DATA_FILE_EXTENSION}`;
        problems.push(`${file}: data files end in ${DATA_FILE_EXTENSION}; rename it to data/${sub}/${renamed}`);
        // References to its entries are not reported as missing too (unless the .yml file exists).
        if (!fs.existsSync(path.join(dir, renamed))) skipped.set(`data/${sub}/${renamed}`, new Set(['*']));
        return [];
      }
      try {
        return [{ file, data: parseYaml(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown }];
      } catch (error) {
        problems.push(`${file}: not valid YAML: ${((error as Error).message.split('\n')[0] ?? '').replace(/:$/, '')}`);
        skipped.set(file, new Set(['*']));
        return [];
      }
    });
}

/** One data file after validation: its valid entries, and what its invalid ones were called. */
interface Validated<T> {
  file: string;
  value: T;
  /** The index each kept entry had in the file, so problems point at the line a writer sees. */
  indices: number[];
}

/**
 * Validates each file against `schema`, entry by entry. Every issue goes into `problems`. A file
 * whose top-level fields or list are wrong is dropped; otherwise an invalid entry of its `listKey`
 * list is dropped and the file's other entries load, so references to them stay valid.
 * @param skipped - receives the names (`name` or `slug` field) of dropped entries, and `*` for a
 *   dropped file, keyed by the file, so cross-checks do not report references to them as missing.
 */
function validateAll<T>(
  files: { file: string; data: unknown }[],
  schema: z.ZodObject,
  listKey: string,
  problems: string[],
  skipped: Map<string, Set<string>>,
): Validated<T>[] {
  const elementSchema = (schema.shape[listKey] as z.ZodArray<z.ZodType>).element;
  const envelopeSchema = schema.extend({ [listKey]: z.array(z.unknown()) });
  return files.flatMap(({ file, data }) => {
    const full = schema.safeParse(data);
    if (full.success) {
      const count = ((data as Record<string, unknown[]>)[listKey] ?? []).length;
      return [{ file, value: full.data as T, indices: Array.from({ length: count }, (_, i) => i) }];
    }
    problems.push(...formatIssues(file, data, full.error.issues));
    const names = new Set<string>();
    skipped.set(file, names);
    // An issue outside any single entry (a top-level field, or the list itself) drops the file.
    const inEntry = (issue: z.core.$ZodIssue): boolean =>
      issue.path[0] === listKey && typeof issue.path[1] === 'number';
    const envelope = envelopeSchema.safeParse(data);
    if (!envelope.success || !full.error.issues.every(inEntry)) {
      names.add('*');
      return [];
    }
    const indices: number[] = [];
    const entries = (envelope.data[listKey] as unknown[]).flatMap((entry, index) => {
      const result = elementSchema.safeParse(entry);
      if (result.success) {
        indices.push(index);
        return [result.data];
      }
      const record = (entry ?? {}) as Record<string, unknown>;
      const name = record.name ?? record.slug;
      // An entry whose own name is invalid may be the one any reference into the file meant.
      const nameIsValid = result.error.issues.every((issue) => issue.path[0] !== 'name' && issue.path[0] !== 'slug');
      if (typeof name === 'string' && nameIsValid) names.add(name);
      else names.add('*');
      return [];
    });
    return [{ file, value: { ...envelope.data, [listKey]: entries } as T, indices }];
  });
}

/** Compares `v1.2.3` strings numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.slice(1).split('.').map(Number);
  const pb = b.slice(1).split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Reads, validates and cross-checks `data/`.
 * @param dataDir - absolute path of the data folder.
 * @throws CatalogError listing every problem found.
 */
export function loadCatalog(dataDir: string): Catalog {
  const problems: string[] = [];
  const skipped = new Map<string, Set<string>>();
  const repositories = validateAll<ModuleRepository>(
    readYamlFiles(dataDir, 'modules', problems, skipped),
    moduleRepositorySchema,
    'modules',
    problems,
    skipped,
  );
  const categories = validateAll<ServiceCategory>(
    readYamlFiles(dataDir, 'services', problems, skipped),
    serviceCategorySchema,
    'services',
    problems,
    skipped,
  );
  const months = validateAll<ReleaseMonth>(
    readYamlFiles(dataDir, 'releases', problems, skipped),
    releaseMonthSchema,
    'entries',
    problems,
    skipped,
  );
  /** Whether `repository/module` names a module whose entry or file was already reported invalid. */
  const isReported = (ref: string): boolean => {
    const [repository = '', name = ''] = ref.split('/');
    const names = skipped.get(`data/modules/${repository}.yml`);
    return names !== undefined && (names.has('*') || names.has(name));
  };

  // Modules: file name, one version per repository, unique names, related modules exist.
  const known = new Set<string>();
  for (const { file, value } of repositories) {
    if (path.basename(file, DATA_FILE_EXTENSION) !== value.repository)
      problems.push(`${file}: repository: "${value.repository}" does not match the file name`);
    for (const mod of value.modules) {
      const id = `${value.repository}/${mod.name}`;
      if (known.has(id)) problems.push(`${file}: modules (${mod.name}): listed twice`);
      known.add(id);
    }
    const versions = new Set(value.modules.map((m) => m.version));
    if (versions.size > 1)
      problems.push(
        `${file}: modules: every module of a repository has the repository's version, found ${[...versions].join(', ')}`,
      );
  }
  for (const { file, value, indices } of repositories) {
    value.modules.forEach((mod, index) => {
      mod.related.forEach((rel, relIndex) => {
        if (!known.has(rel) && !isReported(rel))
          problems.push(
            `${file}: modules[${String(indices[index] ?? index)}] (${mod.name}).related[${String(relIndex)}]: no module "${rel}" in data/modules`,
          );
      });
    });
  }

  // Services: file name, unique slugs, combined modules exist.
  for (const { file, value, indices } of categories) {
    if (path.basename(file, DATA_FILE_EXTENSION) !== value.category)
      problems.push(`${file}: category: "${value.category}" does not match the file name`);
    value.services.forEach((service, index) => {
      service.modules.forEach((ref, refIndex) => {
        if (!known.has(ref) && !isReported(ref))
          problems.push(
            `${file}: services[${String(indices[index] ?? index)}] (${service.slug}).modules[${String(refIndex)}]: no module "${ref}" in data/modules`,
          );
      });
    });
  }

  // Releases: file name, dates inside the month, versions rising per repository across months.
  const latest = new Map<string, { version: string; where: string }>();
  for (const { file, value, indices } of months) {
    const monthMatchesFile = path.basename(file, DATA_FILE_EXTENSION) === value.month;
    if (!monthMatchesFile) problems.push(`${file}: month: "${value.month}" does not match the file name`);
    const ordered = value.entries
      .map((entry, index) => ({ entry, index: indices[index] ?? index }))
      .sort((a, b) => a.entry.date.localeCompare(b.entry.date));
    for (const { entry, index } of ordered) {
      const where = `${file}: entries[${String(index)}] (${entry.repository} ${entry.version})`;
      // With the month and the file name at odds, which one is right is unknown: report only that.
      if (monthMatchesFile && !entry.date.startsWith(value.month))
        problems.push(`${where}.date: ${entry.date} is not in ${value.month}`);
      const repoFile = repositories.find((r) => r.value.repository === entry.repository);
      if (repoFile) {
        entry.modules.forEach((name, modIndex) => {
          const ref = `${entry.repository}/${name}`;
          if (!known.has(ref) && !isReported(ref))
            problems.push(
              `${where}.modules[${String(modIndex)}]: no module "${name}" in data/modules/${entry.repository}.yml`,
            );
        });
      }
      const previous = latest.get(entry.repository);
      if (previous && compareVersions(entry.version, previous.version) <= 0) {
        problems.push(`${where}.version: ${entry.version} does not rise above ${previous.version} (${previous.where})`);
      }
      latest.set(entry.repository, { version: entry.version, where: value.month });
    }
  }
  for (const { file, value } of repositories) {
    const released = latest.get(value.repository);
    const current = value.modules[0]?.version;
    if (released && current && compareVersions(current, released.version) < 0) {
      problems.push(
        `${file}: modules: version ${current} is older than release ${released.version} in data/releases/${released.where}.yml`,
      );
    }
  }

  const availability = readAvailability(dataDir);
  problems.push(...availability.problems);

  if (problems.length > 0) throw new CatalogError(problems);
  return {
    ...(availability.table ? { availability: availability.table } : {}),
    repositories: repositories.map((r) => r.value),
    serviceCategories: categories.map((c) => c.value),
    releaseMonths: months.map((m) => m.value),
  };
}
