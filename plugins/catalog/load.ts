/**
 * Loads and validates every file in `data/` (issues 5 and 6). Bad input fails loudly: each
 * problem names the file, the entry and the field, and all problems are reported at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type * as z from 'zod';

import {
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
}

/** Thrown when `data/` has invalid entries; `problems` holds one line per problem. */
export class CatalogError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `Invalid data in data/ (${String(problems.length)} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`,
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

function readYamlFiles(dataDir: string, sub: string, problems: string[]): { file: string; data: unknown }[] {
  const dir = path.join(dataDir, sub);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const file = `data/${sub}/${name}`;
      try {
        return [{ file, data: parseYaml(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown }];
      } catch (error) {
        problems.push(`${file}: not valid YAML: ${(error as Error).message.split('\n')[0] ?? ''}`);
        return [];
      }
    });
}

function validateAll<T>(
  files: { file: string; data: unknown }[],
  schema: z.ZodType<T>,
  problems: string[],
): { file: string; value: T }[] {
  return files.flatMap(({ file, data }) => {
    const result = schema.safeParse(data);
    if (result.success) return [{ file, value: result.data }];
    problems.push(...formatIssues(file, data, result.error.issues));
    return [];
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
  const repositories = validateAll(readYamlFiles(dataDir, 'modules', problems), moduleRepositorySchema, problems);
  const categories = validateAll(readYamlFiles(dataDir, 'services', problems), serviceCategorySchema, problems);
  const months = validateAll(readYamlFiles(dataDir, 'releases', problems), releaseMonthSchema, problems);

  // Modules: file name, one version per repository, unique names, related modules exist.
  const known = new Set<string>();
  for (const { file, value } of repositories) {
    if (path.basename(file, '.yml') !== value.repository)
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
  for (const { file, value } of repositories) {
    value.modules.forEach((mod, index) => {
      mod.related.forEach((rel, relIndex) => {
        if (!known.has(rel))
          problems.push(
            `${file}: modules[${String(index)}] (${mod.name}).related[${String(relIndex)}]: no module "${rel}" in data/modules`,
          );
      });
    });
  }

  // Services: file name, unique slugs, combined modules exist.
  for (const { file, value } of categories) {
    if (path.basename(file, '.yml') !== value.category)
      problems.push(`${file}: category: "${value.category}" does not match the file name`);
    value.services.forEach((service, index) => {
      service.modules.forEach((ref, refIndex) => {
        if (!known.has(ref))
          problems.push(
            `${file}: services[${String(index)}] (${service.slug}).modules[${String(refIndex)}]: no module "${ref}" in data/modules`,
          );
      });
    });
  }

  // Releases: file name, dates inside the month, versions rising per repository across months.
  const latest = new Map<string, { version: string; where: string }>();
  for (const { file, value } of months) {
    if (path.basename(file, '.yml') !== value.month)
      problems.push(`${file}: month: "${value.month}" does not match the file name`);
    const ordered = value.entries
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => a.entry.date.localeCompare(b.entry.date));
    for (const { entry, index } of ordered) {
      const where = `${file}: entries[${String(index)}] (${entry.repository} ${entry.version})`;
      if (!entry.date.startsWith(value.month)) problems.push(`${where}.date: ${entry.date} is not in ${value.month}`);
      const repoFile = repositories.find((r) => r.value.repository === entry.repository);
      if (repoFile) {
        entry.modules.forEach((name, modIndex) => {
          if (!known.has(`${entry.repository}/${name}`))
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

  if (problems.length > 0) throw new CatalogError(problems);
  return {
    repositories: repositories.map((r) => r.value),
    serviceCategories: categories.map((c) => c.value),
    releaseMonths: months.map((m) => m.value),
  };
}
