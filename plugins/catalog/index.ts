/**
 * The docs plugin with the catalog: module and service reference pages and monthly release notes,
 * generated from `data/` into `docs/generated/` (see `layout.ts`) just before the docs are read.
 *
 * {@link catalogDocsPlugin} wraps the site's docs plugin (`plugins/lean-docs`, itself a wrapper of
 * `@docusaurus/plugin-content-docs`), the way Docusaurus's own website wraps the blog plugin for its
 * changelog: its `loadContent` first generates the pages, then lets the docs plugin load `docs/`.
 * Plugins load their content in parallel, so generating anywhere else (another plugin, or at config
 * import) would race the docs plugin or write files whenever the config is merely imported. Its
 * `getPathsToWatch` adds `data/`, so `npm start` regenerates the pages when a data file changes.
 *
 * {@link generateCatalogDocs} writes a manifest next to the pages. A run deletes exactly the files
 * the previous manifest lists and this run did not write, and it never overwrites a file the
 * manifest does not list: a hand-written file at a generated path stops the build (see
 * {@link GeneratedFileConflictError}). Generated files are git-ignored: writers edit the data.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { validateOptions, type LoadedContent } from '@docusaurus/plugin-content-docs';

import { historyState, lastCommitDates, withLastUpdate } from '../git-history';
import { leanDocsPlugin } from '../lean-docs';
import { DATA_FILE_EXTENSION, loadCatalog, type Catalog } from './load';
import { GENERATED_SITE_DIR, MANIFEST_FILE, generatedPaths } from './layout';
import {
  renderModulePage,
  renderReleaseMonth,
  renderReleasesIndex,
  renderRepositoryList,
  renderServicePage,
} from './render';

/** One file a run generates. */
export interface GeneratedFile {
  /** Path relative to the generated folder, with POSIX separators (see `generatedPaths`). */
  path: string;
  content: string;
  /**
   * Site-relative data file it is generated from (`data/modules/terraform-aws-vpc.yml`), or the
   * data folder (`data/releases/`) for a file built from every file of that folder.
   */
  source: string;
  /** The entry of `source` the file renders (`modules[0] (vpc-app)`), when it renders one entry. */
  entry?: string;
}

/** One line of the manifest: a generated file and where it comes from, without its content. */
export type ManifestEntry = Omit<GeneratedFile, 'content'>;

/** What one run did to the generated folder; every path is relative to that folder. */
export interface GenerationReport {
  /** Files written because they were new or their content changed. */
  written: string[];
  /** Files the previous manifest listed that this run did not generate, now deleted. */
  removed: string[];
}

/** The data file of each kind of entry, site-relative. */
const dataFile = {
  modules: (repository: string): string => `data/modules/${repository}${DATA_FILE_EXTENSION}`,
  services: (category: string): string => `data/services/${category}${DATA_FILE_EXTENSION}`,
  releases: (month: string): string => `data/releases/${month}${DATA_FILE_EXTENSION}`,
};

/**
 * Every file generated from `catalog`, in a stable order. Pure.
 * @param dateOf - the last-updated date (`YYYY-MM-DD`) of a site-relative data file, or undefined
 *   when there is none; a page gets the date of the file it comes from.
 */
export function planCatalogFiles(catalog: Catalog, dateOf: (dataFile: string) => string | undefined): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const titles = new Map<string, string>();
  for (const repo of catalog.repositories)
    for (const mod of repo.modules) titles.set(`${repo.repository}/${mod.name}`, mod.title);
  const titleOf = (ref: string): string => titles.get(ref) ?? ref;

  catalog.repositories.forEach((repo, repoIndex) => {
    const source = dataFile.modules(repo.repository);
    files.push({
      path: generatedPaths.repositoryCategory(repo.repository),
      content: `label: ${repo.repository}\nposition: ${String(repoIndex + 1)}\ncollapsed: true\n`,
      source,
    });
    repo.modules.forEach((mod, index) => {
      files.push({
        path: generatedPaths.modulePage(repo.repository, mod.name),
        content: withLastUpdate(renderModulePage(repo, mod, index + 1, titleOf), dateOf(source)),
        source,
        entry: `modules[${String(index)}] (${mod.name})`,
      });
    });
  });
  files.push({
    path: generatedPaths.repositoryList(),
    content: renderRepositoryList(catalog.repositories),
    source: 'data/modules/',
  });

  catalog.serviceCategories.forEach((category, categoryIndex) => {
    const source = dataFile.services(category.category);
    files.push({
      path: generatedPaths.serviceCategory(category.category),
      // Position 1 is the hand-written introduction's.
      content: `label: ${JSON.stringify(category.title)}\nposition: ${String(categoryIndex + 2)}\n`,
      source,
    });
    category.services.forEach((service, index) => {
      files.push({
        path: generatedPaths.servicePage(category.category, service.slug),
        content: withLastUpdate(renderServicePage(category, service, index + 1, titleOf), dateOf(source)),
        source,
        entry: `services[${String(index)}] (${service.slug})`,
      });
    });
  });

  if (catalog.releaseMonths.length > 0) {
    const months = catalog.releaseMonths.map((m) => m.month).sort();
    const newest = months
      .map((month) => dateOf(dataFile.releases(month)))
      .reduce<string | undefined>((a, b) => (a === undefined || (b !== undefined && b > a) ? b : a), undefined);
    files.push({
      path: generatedPaths.releasesIndex(),
      content: withLastUpdate(renderReleasesIndex(catalog.releaseMonths), newest),
      source: 'data/releases/',
    });
    for (const month of catalog.releaseMonths) {
      const at = months.indexOf(month.month);
      files.push({
        path: generatedPaths.releaseMonth(month.month),
        content: withLastUpdate(
          renderReleaseMonth(month, months[at - 1], months[at + 1]),
          dateOf(dataFile.releases(month.month)),
        ),
        source: dataFile.releases(month.month),
      });
    }
  }
  return files;
}

/** Thrown when hand-written files sit where generated files go; `conflicts` has one line each. */
export class GeneratedFileConflictError extends Error {
  constructor(readonly conflicts: readonly string[]) {
    super(
      `Hand-written file${conflicts.length === 1 ? '' : 's'} where the catalog generates pages (${String(conflicts.length)}):\n  - ${conflicts.join('\n  - ')}\n` +
        `${GENERATED_SITE_DIR}/ holds only pages generated from data/, and a build never overwrites a file its manifest ` +
        `(${GENERATED_SITE_DIR}/${MANIFEST_FILE}) does not list. Move each hand-written file elsewhere under docs/, or ` +
        `rename the data entry. If the files are left over from an older build, delete ${GENERATED_SITE_DIR}/ and build again.`,
    );
    this.name = 'GeneratedFileConflictError';
  }
}

/** True for a relative POSIX path that stays inside its folder: no `..`, no empty or `.` segment. */
function isInsidePath(file: string): boolean {
  return (
    file !== '' &&
    !path.posix.isAbsolute(file) &&
    !path.win32.isAbsolute(file) &&
    file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

/**
 * The paths the manifest in `generatedDir` lists (relative to that folder), or an empty set when
 * there is no manifest.
 * @param name - how messages name the manifest (site-relative).
 * @throws Error naming the manifest when it is not JSON of the expected shape, or lists a path that
 *   leaves the generated folder (such a manifest could make a run delete other files).
 */
export function readManifest(generatedDir: string, name = `${GENERATED_SITE_DIR}/${MANIFEST_FILE}`): Set<string> {
  const file = path.join(generatedDir, MANIFEST_FILE);
  if (!fs.existsSync(file)) return new Set();
  const fix = `fix it, or delete ${path.posix.dirname(name)}/ and build again`;
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${name}: not valid JSON (${(error as Error).message}): ${fix}`, { cause: error });
  }
  const files = (data as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) throw new Error(`${name}: files: must be a list of generated files: ${fix}`);
  return new Set(
    files.map((entry: unknown, index) => {
      const listed = (entry as { path?: unknown } | null)?.path;
      if (typeof listed !== 'string' || !isInsidePath(listed) || listed === MANIFEST_FILE)
        throw new Error(
          `${name}: files[${String(index)}].path: must be a path inside the generated folder, found ${JSON.stringify(listed)}: ${fix}`,
        );
      return listed;
    }),
  );
}

/** The manifest's text for `files`: sorted by path, without content, ending in a newline. */
export function manifestText(files: readonly GeneratedFile[]): string {
  const entries: ManifestEntry[] = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path: file, source, entry }) =>
      entry === undefined ? { path: file, source } : { path: file, source, entry },
    );
  const manifest = {
    about:
      'Files generated from data/ by plugins/catalog. The next build deletes listed files it no longer generates; do not edit.',
    files: entries,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Writes `content` to `file` only when it differs, so unchanged pages do not trigger reloads. */
function writeIfChanged(file: string, content: string): boolean {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return true;
}

/** Removes `dir` and its parents while they are empty, stopping at `root` (which stays). */
function removeEmptyFolders(dir: string, root: string): void {
  let current = dir;
  while (current.startsWith(`${root}${path.sep}`) && fs.existsSync(current) && fs.readdirSync(current).length === 0) {
    fs.rmdirSync(current);
    current = path.dirname(current);
  }
}

/**
 * Brings `generatedDir` to exactly `files` plus whatever hand-written files it holds, and writes
 * the manifest. Nothing is written or deleted when a conflict is found.
 *
 * 1. A planned file that exists but is not in the previous manifest is hand-written: the run stops.
 * 2. Planned files are written when new or changed.
 * 3. Files the previous manifest lists and `files` does not are deleted, with folders they leave
 *    empty. Files the manifest never listed are never deleted.
 * 4. The manifest is written (when it changed).
 *
 * @param generatedDir - absolute path of the generated folder; created when missing.
 * @param files - what this run generates, paths relative to `generatedDir`.
 * @param siteDir - absolute path of the site folder, to name files site-relative in errors.
 * @throws GeneratedFileConflictError naming each hand-written file and the data file and entry that
 *   generate its path; Error from {@link readManifest} for a bad manifest, or when `files` lists a
 *   path twice or outside the folder (a bug in the generator).
 */
export function writeGeneratedFiles(
  generatedDir: string,
  files: readonly GeneratedFile[],
  siteDir: string,
): GenerationReport {
  const siteRelative = (file: string): string => path.relative(siteDir, file).split(path.sep).join('/');
  const manifestName = siteRelative(path.join(generatedDir, MANIFEST_FILE));
  const previous = readManifest(generatedDir, manifestName);
  const planned = new Set<string>();
  for (const file of files) {
    if (!isInsidePath(file.path) || file.path === MANIFEST_FILE)
      throw new Error(`catalog: generated path ${JSON.stringify(file.path)} is outside ${siteRelative(generatedDir)}/`);
    if (planned.has(file.path)) throw new Error(`catalog: two generated files at ${file.path}`);
    planned.add(file.path);
  }

  const conflicts = files.flatMap((file) => {
    const target = path.join(generatedDir, file.path);
    if (previous.has(file.path) || !fs.existsSync(target)) return [];
    const from = file.entry === undefined ? file.source : `${file.source}, ${file.entry}`;
    return [
      `${siteRelative(target)} is hand-written (${manifestName} does not list it), and ${from} generates a file at that path`,
    ];
  });
  if (conflicts.length > 0) throw new GeneratedFileConflictError(conflicts);

  const written = files.filter((file) => writeIfChanged(path.join(generatedDir, file.path), file.content));
  const removed = [...previous].filter((file) => !planned.has(file)).sort();
  for (const file of removed) {
    const target = path.join(generatedDir, file);
    if (fs.existsSync(target) && fs.statSync(target).isFile()) fs.rmSync(target);
    removeEmptyFolders(path.dirname(target), generatedDir);
  }
  writeIfChanged(path.join(generatedDir, MANIFEST_FILE), manifestText(files));
  return { written: written.map((file) => file.path), removed };
}

/**
 * Validates `data/` and brings `docs/generated/` up to date with it (see {@link writeGeneratedFiles}).
 * @param siteDir - the site's root folder.
 * @returns the validated catalog.
 * @throws CatalogError (from loadCatalog) naming the file, entry and field of each problem, before
 *   anything is written; GeneratedFileConflictError for a hand-written file at a generated path.
 */
export function generateCatalogDocs(siteDir: string): Catalog {
  const catalog = loadCatalog(path.join(siteDir, 'data'));
  // A generated page was last updated when its data file last changed (no date without history).
  const dates = historyState(siteDir) === 'full' ? lastCommitDates(siteDir, 'data') : new Map<string, string>();
  const dateOf = (file: string): string | undefined => dates.get(path.join(siteDir, file));
  writeGeneratedFiles(path.join(siteDir, GENERATED_SITE_DIR), planCatalogFiles(catalog, dateOf), siteDir);
  return catalog;
}

/**
 * A fingerprint of what generation reads: every data file under `dataDir` (any extension, so a
 * `.yaml` file is noticed), by path and content. Equal fingerprints mean equal generated pages,
 * as long as the git history did not change in between.
 * @returns a hex SHA-256; the empty folder's when `dataDir` does not exist.
 */
export function dataFingerprint(dataDir: string): string {
  const hash = createHash('sha256');
  const files = fs.existsSync(dataDir)
    ? fs
        .readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort()
    : [];
  for (const file of files)
    hash.update(path.relative(dataDir, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * Docusaurus plugin factory: the site's docs plugin (`plugins/lean-docs`, same name, id, options,
 * routes and content) whose `loadContent` first runs {@link generateCatalogDocs}, and which also
 * watches `data/` (`.yaml` files too, so that renaming one is reported at once). In `npm start`, a
 * reload whose data files are unchanged since the last generation (an edited doc, say) skips the
 * generation: the pages are generated once per change of `data/`.
 * @param options - the docs plugin's options, normalized by its `validateOptions`.
 * @throws whatever the docs plugin throws; from `loadContent`, whatever generateCatalogDocs throws.
 */
export async function catalogDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin<LoadedContent>> {
  const docs = await leanDocsPlugin(context, options);
  const { loadContent, getPathsToWatch } = docs;
  if (loadContent === undefined) throw new Error('catalog: the docs plugin has no loadContent to wrap');
  const manifest = path.join(context.siteDir, GENERATED_SITE_DIR, MANIFEST_FILE);
  let generatedFrom: string | undefined;
  return {
    ...docs,
    getPathsToWatch() {
      return [...(getPathsToWatch?.() ?? []), path.join(context.siteDir, 'data/**/*.{yml,yaml}')];
    },
    async loadContent() {
      const fingerprint = dataFingerprint(path.join(context.siteDir, 'data'));
      if (fingerprint !== generatedFrom || !fs.existsSync(manifest)) {
        generateCatalogDocs(context.siteDir);
        generatedFrom = fingerprint;
      }
      return loadContent();
    },
  };
}

/**
 * The factory with the docs plugin's option validator attached, typed as the config's plugin list
 * expects (see `plugins/lean-docs` for why the cast is needed).
 */
const catalogDocs = Object.assign(catalogDocsPlugin, { validateOptions }) as unknown as PluginModule;
export default catalogDocs;
