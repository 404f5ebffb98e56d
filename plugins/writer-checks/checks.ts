/**
 * The site's own checks of what writers add, beyond what Docusaurus checks itself. Each check is
 * a pure function from loaded content (or a built folder) to a list of problems; each problem
 * names the file, what is wrong and what to do. The `writer-checks` plugin runs them and stops the
 * build when any problem is found.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';

import { attributes, findAll } from '../post-build/hast';

import { isUnder, ROUTES } from '../../src/lib/routes';

/** A doc as the docs plugin loaded it: the fields the checks read. */
export interface LoadedDoc {
  /** Doc id, for example `discussions/knowledge-base/42`. */
  id: string;
  /** Where the file is, as Docusaurus writes it: `@site/docs/…/42.md`. */
  source: string;
  /** The route the doc is served at, for example `/discussions/knowledge-base/42`. */
  permalink: string;
  frontMatter: Record<string, unknown>;
}

/** A page that has a route, with the file it comes from (docs and `src/pages`). */
export interface RoutedFile {
  route: string;
  /** Site-relative path of the source file, or `@site/…`. */
  source: string;
}

/** Thrown by the plugin when a check finds problems; `problems` holds one line per problem. */
export class WriterCheckError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The site's writer checks found ${String(problems.length)} problem${problems.length === 1 ? '' : 's'}:\n  - ${problems.join('\n  - ')}`,
    );
    this.name = 'WriterCheckError';
  }
}

/** `@site/docs/a.md` → `docs/a.md`: the path a writer sees in their editor. */
export function sitePath(source: string): string {
  return source.replace(/^@site\//, '');
}

/**
 * Front matter keys a doc may carry: those of the Docusaurus 3.10 docs plugin, plus the site's
 * own `exclude_from_sidebar` (keeps a page out of its folder's generated sidebar).
 */
export const DOC_FRONT_MATTER_KEYS: readonly string[] = [
  'id',
  'title',
  'description',
  'slug',
  'tags',
  'keywords',
  'image',
  'sidebar_label',
  'sidebar_position',
  'sidebar_class_name',
  'sidebar_key',
  'sidebar_custom_props',
  'displayed_sidebar',
  'pagination_label',
  'pagination_next',
  'pagination_prev',
  'hide_title',
  'hide_table_of_contents',
  'toc_min_heading_level',
  'toc_max_heading_level',
  'custom_edit_url',
  'parse_number_prefixes',
  'last_update',
  'draft',
  'unlisted',
  'exclude_from_sidebar',
];

/** Levenshtein distance, for "did you mean" hints on misspelt keys. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Front matter keys that no part of the site reads (a misspelt `sidebar_postion` silently does
 * nothing in Docusaurus).
 * @returns one problem per unknown key, with the closest known key when one is 3 edits away or less.
 */
export function findUnknownFrontMatterKeys(
  docs: readonly LoadedDoc[],
  known: readonly string[] = DOC_FRONT_MATTER_KEYS,
): string[] {
  return docs.flatMap((doc) =>
    Object.keys(doc.frontMatter)
      .filter((key) => !known.includes(key))
      .map((key) => {
        const closest = [...known].sort((a, b) => editDistance(key, a) - editDistance(key, b))[0];
        const hint =
          closest !== undefined && editDistance(key, closest) <= 3
            ? `did you mean "${closest}"?`
            : 'remove it, or see CONTRIBUTING.md for the keys a page can use';
        return `${sitePath(doc.source)}: front matter key "${key}" is not a key the site reads: ${hint}`;
      }),
  );
}

/**
 * Knowledge-base articles served at a route outside the URL contract. Article numbers are fixed by
 * old links, so an article may only sit at a number the contract lists.
 * @param contract - every route of the URL contract.
 * @param contractFile - the contract's site-relative path, named in the message.
 */
export function findKnowledgeBaseOutsideContract(
  docs: readonly LoadedDoc[],
  contract: ReadonlySet<string>,
  contractFile: string,
): string[] {
  return docs
    .filter((doc) => isUnder(doc.permalink, ROUTES.knowledgeBase) && !contract.has(doc.permalink))
    .map(
      (doc) =>
        `${sitePath(doc.source)}: knowledge-base article at ${doc.permalink}, which is not in the URL contract (${contractFile}): give the file a number the contract lists, or remove it`,
    );
}

/**
 * Two or more files served at one route: only one of them can be reached. Routes are compared as a
 * static server resolves them, so `/a` and `/a/` are the same route.
 * @returns one problem per route, naming every file.
 */
export function findDuplicateRoutes(files: readonly RoutedFile[]): string[] {
  const byRoute = new Map<string, string[]>();
  for (const { route, source } of files) {
    const key = route.replace(/\/+$/, '') || '/';
    byRoute.set(key, [...(byRoute.get(key) ?? []), sitePath(source)]);
  }
  return [...byRoute.entries()]
    .filter(([, sources]) => sources.length > 1)
    .map(
      ([route, sources]) =>
        `${sources.join(' and ')}: both served at ${route}, so only one can be reached: change the file name or the \`slug\` of all but one`,
    );
}

/**
 * The URLs of a `srcset` attribute, split as the HTML standard splits image candidates (a URL runs
 * to the next whitespace; a comma ends a candidate outside parentheses).
 */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value.charAt(i))) i += 1;
    if (i >= value.length) break;
    let end = i;
    while (end < value.length && !/\s/.test(value.charAt(end))) end += 1;
    let url = value.slice(i, end);
    i = end;
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      let depth = 0;
      while (i < value.length) {
        const ch = value.charAt(i);
        if (ch === '(') depth += 1;
        else if (ch === ')') depth = Math.max(0, depth - 1);
        else if (ch === ',' && depth === 0) break;
        i += 1;
      }
    }
    if (url !== '') urls.push(url);
  }
  return urls;
}

/** Attributes that load or lead to another address, and the elements they count on (any when absent). */
const REFERENCE_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string> | undefined>> = {
  src: undefined,
  href: new Set(['a', 'area', 'link', 'use', 'image']),
  poster: new Set(['video']),
  srcset: new Set(['img', 'source']),
};

/** Whether `value` is an address inside the site (no scheme, not protocol-relative, not only `#…`). */
function isLocal(value: string): boolean {
  return value !== '' && !value.startsWith('#') && !value.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(value);
}

/** The local references of one page's hast, as written: `[attribute, value]`, in document order by attribute. */
export function localReferencesOf(tree: Root): [attribute: string, value: string][] {
  const found = new Map<string, [string, string][]>(Object.keys(REFERENCE_ATTRIBUTES).map((name) => [name, []]));
  for (const element of findAll(tree, () => true)) {
    for (const [name, written] of attributes(element)) {
      const elements = REFERENCE_ATTRIBUTES[name];
      const list = found.get(name);
      if (list === undefined || (elements !== undefined && !elements.has(element.tagName))) continue;
      const raw = written.trim();
      for (const value of name === 'srcset' ? srcsetUrls(raw) : [raw]) if (isLocal(value)) list.push([name, value]);
    }
  }
  return [...found.values()].flat();
}

/** The local references of one page's HTML, as written: `[attribute, value]`. */
export function localReferences(html: string): [attribute: string, value: string][] {
  return localReferencesOf(fromHtml(html));
}

/** Every file under `dir`, as `/`-rooted paths (`/img/a.svg`). */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), rel) : [rel];
  });
}

/** Percent-decodes a path without throwing (a malformed escape stays as written). */
function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Options of {@link findBrokenLocalReferences}. */
export interface LocalReferenceOptions {
  /** The build folder. */
  outDir: string;
  /**
   * Files other plugins write in `postBuild`, which pages may link before they are on disk (the
   * steps run side by side), as site paths such as `/intro.md`.
   */
  plannedFiles?: ReadonlySet<string>;
  /** Every route of the site, as Docusaurus reports them. */
  routes: readonly string[];
  /** Route → source file, to name the file a writer edits; a page without one is named by its HTML file. */
  sources?: ReadonlyMap<string, string>;
}

/** The local references of one built page: its file (`/guides/index.html`) and what it references. */
export interface PageReferences {
  file: string;
  references: readonly [attribute: string, value: string][];
}

/** Options of {@link brokenLocalReferences}: those of {@link findBrokenLocalReferences} and the build's files. */
export interface ResolveOptions extends LocalReferenceOptions {
  /** Every file of the build, as site paths (`/img/a.svg`). */
  files: ReadonlySet<string>;
}

/**
 * Checks the local references of built pages: each must resolve (relative to the page) to a file
 * in the build, a planned file or a route, with or without a trailing slash. Anchors are left to
 * Docusaurus, which checks them itself.
 * @returns one problem per page and missing address, naming the page's route and source file.
 */
export function brokenLocalReferences(
  pages: readonly PageReferences[],
  { outDir, routes, files, sources = new Map(), plannedFiles = new Set() }: ResolveOptions,
): string[] {
  // Each route as served (with or without its trailing slash), by its form without one.
  const routeForm = new Map(routes.map((route) => [route.replace(/\/+$/, '') || '/', route]));
  const routeSet = new Set(routeForm.keys());
  const exists = (pathname: string): boolean => {
    const bare = pathname.replace(/\/+$/, '') || '/';
    return (
      routeSet.has(bare) ||
      files.has(pathname) ||
      plannedFiles.has(pathname) ||
      files.has(`${bare === '/' ? '' : bare}/index.html`) ||
      files.has(`${bare}.html`)
    );
  };
  const problems: string[] = [];
  for (const { file, references } of [...pages].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    const route = file.replace(/(?:\/index)?\.html$/, '') || '/';
    // Relative addresses resolve against the address the page is served at.
    const served = routeForm.get(route) ?? (file.endsWith('/index.html') ? `${route}/`.replace('//', '/') : route);
    const pageUrl = new URL(served, 'http://site.invalid');
    const seen = new Set<string>();
    for (const [attribute, value] of references) {
      const target = decodePath(new URL(value, pageUrl).pathname);
      if (seen.has(value) || exists(target)) continue;
      seen.add(value);
      const source = sources.get(served) ?? sources.get(route);
      const page =
        source === undefined ? `${served} (${path.basename(outDir)}${file})` : `${sitePath(source)} (page ${served})`;
      problems.push(
        `${page}: ${attribute}="${value}" points to ${target}, which is no file and no page of the site: fix the path, or add the file under static/`,
      );
    }
  }
  return problems;
}

/**
 * Reads every HTML page of a build folder and checks each local `src`, `href`, `srcset` and
 * `poster` ({@link brokenLocalReferences}). The build runs the same check on the pages the
 * post-build pipeline has already parsed.
 * @returns one problem per page and missing address, naming the page's route and source file.
 */
export function findBrokenLocalReferences(options: LocalReferenceOptions): string[] {
  const files = listFiles(options.outDir);
  const pages = files
    .filter((name) => name.endsWith('.html'))
    .map((file) => ({ file, references: localReferences(fs.readFileSync(path.join(options.outDir, file), 'utf8')) }));
  return brokenLocalReferences(pages, { ...options, files: new Set(files) });
}
