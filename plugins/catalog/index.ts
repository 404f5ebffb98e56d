/**
 * Local plugin: the reference and release-note pages generated from `data/` (issues 5 and 6).
 *
 * `generateCatalogDocs` validates the data and writes MDX pages into `docs/`, where the one docs
 * plugin instance picks them up like any other doc. The config calls it once before plugins load
 * (so a cold build sees the pages), and this plugin calls it again in `loadContent` whenever a
 * data file changes during `npm start`. Generated files are git-ignored: writers edit the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

import { historyState, lastCommitDates, withLastUpdate } from '../git-history';
import { loadCatalog, type Catalog } from './load';
import {
  renderModulePage,
  renderReleaseMonth,
  renderReleasesIndex,
  renderRepositoryList,
  renderServicePage,
} from './render';

/** Where generated pages go, relative to the site directory. */
export const GENERATED_DIRS = {
  modules: 'docs/reference/modules',
  services: 'docs/reference/services',
  releases: 'docs/guides/stay-up-to-date/releases',
} as const;

/** File name of the generated repository list that the modules intro page imports. */
export const REPOSITORY_LIST_FILE = '_repository-list.mdx';

/** Writes `content` to `file` only when it differs, so unchanged pages do not trigger reloads. */
function writeIfChanged(file: string, content: string, written: Set<string>): void {
  written.add(path.resolve(file));
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** Removes generated files under `dir` that this run did not write (a module removed from data). */
function removeStale(dir: string, written: Set<string>, isGenerated: (file: string) => boolean): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.resolve(dir, entry.name);
    if (entry.isDirectory()) {
      removeStale(file, written, isGenerated);
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
    } else if (isGenerated(file) && !written.has(file)) {
      fs.rmSync(file);
    }
  }
}

/**
 * Validates `data/` and writes every generated page.
 * @param siteDir - the site's root folder.
 * @returns the validated catalog.
 * @throws CatalogError (from loadCatalog) naming the file, entry and field of each problem.
 */
export function generateCatalogDocs(siteDir: string): Catalog {
  const catalog = loadCatalog(path.join(siteDir, 'data'));
  const written = new Set<string>();
  const titles = new Map<string, string>();
  for (const repo of catalog.repositories)
    for (const mod of repo.modules) titles.set(`${repo.repository}/${mod.name}`, mod.title);
  const titleOf = (ref: string): string => titles.get(ref) ?? ref;
  // A generated page was last updated when its data file last changed (no date without history).
  const dates = historyState(siteDir) === 'full' ? lastCommitDates(siteDir, 'data') : new Map<string, string>();
  const dateOf = (dataFile: string): string | undefined => dates.get(path.join(siteDir, dataFile));

  const modulesDir = path.join(siteDir, GENERATED_DIRS.modules);
  catalog.repositories.forEach((repo, repoIndex) => {
    const repoDir = path.join(modulesDir, repo.repository);
    writeIfChanged(
      path.join(repoDir, '_category_.yml'),
      `label: ${repo.repository}\nposition: ${String(repoIndex + 1)}\ncollapsed: true\n`,
      written,
    );
    repo.modules.forEach((mod, index) => {
      writeIfChanged(
        path.join(repoDir, mod.name, 'index.mdx'),
        withLastUpdate(renderModulePage(repo, mod, index + 1, titleOf), dateOf(`data/modules/${repo.repository}.yml`)),
        written,
      );
    });
  });
  writeIfChanged(path.join(modulesDir, REPOSITORY_LIST_FILE), renderRepositoryList(catalog.repositories), written);
  removeStale(
    modulesDir,
    written,
    (file) => file.includes(`${path.sep}terraform-aws-`) || file.endsWith(REPOSITORY_LIST_FILE),
  );

  const servicesDir = path.join(siteDir, GENERATED_DIRS.services);
  catalog.serviceCategories.forEach((category, categoryIndex) => {
    const dir = path.join(servicesDir, category.category);
    writeIfChanged(
      path.join(dir, '_category_.yml'),
      `label: ${JSON.stringify(category.title)}\nposition: ${String(categoryIndex + 2)}\n`,
      written,
    );
    category.services.forEach((service, index) => {
      writeIfChanged(
        path.join(dir, `${service.slug}.mdx`),
        withLastUpdate(
          renderServicePage(category, service, index + 1, titleOf),
          dateOf(`data/services/${category.category}.yml`),
        ),
        written,
      );
    });
  });
  removeStale(servicesDir, written, (file) => !file.includes(`${path.sep}intro${path.sep}`));

  const releasesDir = path.join(siteDir, GENERATED_DIRS.releases);
  if (catalog.releaseMonths.length > 0) {
    const months = catalog.releaseMonths.map((m) => m.month).sort();
    const newest = months
      .map((month) => dateOf(`data/releases/${month}.yml`))
      .reduce<string | undefined>((a, b) => (a === undefined || (b !== undefined && b > a) ? b : a), undefined);
    writeIfChanged(
      path.join(releasesDir, 'index.mdx'),
      withLastUpdate(renderReleasesIndex(catalog.releaseMonths), newest),
      written,
    );
    for (const month of catalog.releaseMonths) {
      const at = months.indexOf(month.month);
      writeIfChanged(
        path.join(releasesDir, month.month, 'index.mdx'),
        withLastUpdate(
          renderReleaseMonth(month, months[at - 1], months[at + 1]),
          dateOf(`data/releases/${month.month}.yml`),
        ),
        written,
      );
    }
  }
  removeStale(releasesDir, written, () => true);
  return catalog;
}

/** Docusaurus plugin: watches `data/` and regenerates the pages when it changes. */
export default function catalogPlugin(context: { siteDir: string }): Plugin {
  return {
    name: 'catalog-pages',
    getPathsToWatch() {
      return [path.join(context.siteDir, 'data/**/*.{yml,yaml}')];
    },
    loadContent() {
      generateCatalogDocs(context.siteDir);
      return Promise.resolve();
    },
  };
}
