/**
 * Where the catalog's generated files go. Everything generated from `data/` lives in one folder
 * inside the docs plugin's content folder, `docs/generated/`, next to a manifest that lists it; no
 * generated file sits among hand-written pages. Below that folder each page's path mirrors its URL
 * (`reference/modules/<repository>/<module>/index.mdx` is served at
 * `/reference/modules/<repository>/<module>/`), and each page's `slug` front matter sets that URL.
 *
 * The folder name has no leading `_`: the docs plugin's default `exclude` patterns skip `_*`
 * folders, which would hide the pages from a config that kept the defaults.
 *
 * This module has no side effects and imports no Node module, so the renderer, the generator, the
 * release feed and tests can all share it.
 */
import { ROUTES } from '../../src/lib/routes';

/** The docs plugin's content folder (its `path` option), relative to the site folder. */
export const DOCS_DIR = 'docs';

/** The folder of generated files, relative to the docs folder. Doc ids of generated pages start with it. */
export const GENERATED_DIR = 'generated';

/** The folder of generated files, relative to the site folder. */
export const GENERATED_SITE_DIR = `${DOCS_DIR}/${GENERATED_DIR}`;

/** File name of the manifest, in the generated folder. */
export const MANIFEST_FILE = 'manifest.json';

/**
 * File name of the generated repository list that the modules intro page imports. The leading `_`
 * keeps it from being a page of its own (the docs `exclude` option skips `_*.mdx`).
 */
export const REPOSITORY_LIST_FILE = '_repository-list.mdx';

/** `/reference/modules/` → `reference/modules`: a route prefix as a folder below the generated folder. */
function folderOf(route: string): string {
  return route.replace(/^\/+|\/+$/g, '');
}

/** The folders of each kind of generated page, relative to the generated folder (POSIX separators). */
export const GENERATED_FOLDERS = {
  modules: folderOf(ROUTES.modules),
  services: folderOf(ROUTES.services),
  releases: folderOf(ROUTES.releases),
} as const;

/**
 * The path of every generated file, relative to the generated folder, with POSIX separators. Names
 * are the data's own (repository, module, category and service slugs, `YYYY-MM` months), which
 * the schema restricts to lower-case kebab-case, so no escaping is needed.
 */
export const generatedPaths = {
  /** The `_category_.yml` that labels and orders a repository's modules in the modules sidebar. */
  repositoryCategory: (repository: string): string => `${GENERATED_FOLDERS.modules}/${repository}/_category_.yml`,
  /** A module's page. */
  modulePage: (repository: string, module: string): string =>
    `${GENERATED_FOLDERS.modules}/${repository}/${module}/index.mdx`,
  /** The list of repositories and modules that the modules intro page imports. */
  repositoryList: (): string => `${GENERATED_FOLDERS.modules}/${REPOSITORY_LIST_FILE}`,
  /** The `_category_.yml` that labels and orders a service category in the services sidebar. */
  serviceCategory: (category: string): string => `${GENERATED_FOLDERS.services}/${category}/_category_.yml`,
  /** A service's page. */
  servicePage: (category: string, slug: string): string => `${GENERATED_FOLDERS.services}/${category}/${slug}.mdx`,
  /** The index of all release-note months. */
  releasesIndex: (): string => `${GENERATED_FOLDERS.releases}/index.mdx`,
  /** One month of release notes (`YYYY-MM`). */
  releaseMonth: (month: string): string => `${GENERATED_FOLDERS.releases}/${month}/index.mdx`,
} as const;

/**
 * The doc id the docs plugin gives a generated page: its path from the docs folder without the
 * extension, `generated/guides/stay-up-to-date/releases/2023-03/index` for
 * `guides/stay-up-to-date/releases/2023-03/index.mdx`.
 * @param file - the page's path relative to the generated folder, as {@link generatedPaths} gives it.
 */
export function generatedDocId(file: string): string {
  return `${GENERATED_DIR}/${file.replace(/\.mdx?$/, '')}`;
}
