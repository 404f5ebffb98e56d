/**
 * The module reference matches its release history: each repository's reference documents the
 * newest version its release notes give, and every versioned default (a Kubernetes or engine
 * version, an image tag, a chart version) was set by a dated release entry that names it.
 */
import type { Catalog } from '../../plugins/catalog/load';
import { compareVersions } from '../../plugins/catalog/load';
import { citesPhrase } from './launch-dates';
import type { DatedEntry } from './availability';

/**
 * Repositories whose reference version differs from the newest version of their release notes.
 * @returns one line per repository, naming the module file, both versions and the month file.
 */
export function findVersionGaps(catalog: Catalog, entries: readonly DatedEntry[]): string[] {
  const newest = new Map<string, DatedEntry>();
  for (const placed of entries) {
    const previous = newest.get(placed.entry.repository);
    if (!previous || compareVersions(placed.entry.version, previous.entry.version) > 0)
      newest.set(placed.entry.repository, placed);
  }
  return catalog.repositories.flatMap((repo) => {
    const release = newest.get(repo.repository);
    const version = repo.modules[0]?.version;
    if (!release || version === undefined || version === release.entry.version) return [];
    return [
      `data/modules/${repo.repository}.yml: modules: the reference documents ${version}, but the newest release note is ${release.entry.version} (${release.where.split(':')[0] ?? ''})`,
    ];
  });
}

/** The version a default holds, when it is a quoted version literal: `"1.25"`, `"v1.25.0"`, `"1.247358.0b252413"`. */
export function defaultVersion(literal: string | undefined): string | undefined {
  return /^"(v?\d+\.\d+(?:\.[0-9a-z]+)?)"$/.exec(literal ?? '')?.[1];
}

/**
 * Versioned defaults no release entry sets: for every input named `*_version` whose default is a
 * version literal, some entry of the module's repository that lists the module must name that
 * version (as a whole word, with or without its `v`).
 * @returns one line per default, naming the module file, the module, the input and the version.
 */
export function findUnannouncedDefaults(catalog: Catalog, entries: readonly DatedEntry[]): string[] {
  const problems: string[] = [];
  for (const repo of catalog.repositories)
    for (const mod of repo.modules) {
      if (mod.kind === 'script') continue;
      const own = entries.filter((p) => p.entry.repository === repo.repository && p.entry.modules.includes(mod.name));
      for (const input of mod.inputs) {
        const version = defaultVersion(input.default);
        if (!input.name.endsWith('_version') || version === undefined) continue;
        const bare = version.replace(/^v/, '');
        const named = own.some(({ entry }) => {
          const text = `${entry.summary} ${entry.migration ?? ''}`;
          return citesPhrase(text, bare) || citesPhrase(text, `v${bare}`);
        });
        if (!named)
          problems.push(
            `data/modules/${repo.repository}.yml: modules (${mod.name}).inputs (${input.name}).default: ${version} is named by no release entry of ${repo.repository} for ${mod.name}`,
          );
      }
    }
  return problems;
}
