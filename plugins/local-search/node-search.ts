/**
 * The site's search run in Node over a built index: the same Pagefind bundle, vocabulary, page
 * records and ranking code (`client/`) as the browser, so a query ranks exactly as in the search
 * modal. The index is read from a build folder (`file:` URLs, answered from disk) or from a
 * deployed site (`https:`). Used by the relevance test, the benchmark and the docs MCP server
 * (see ARCHITECTURE.md, 'The docs MCP server').
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { SearchOutcome } from './client/hits';
import { toPageIndex, type PageIndex, type PagefindApi } from './client/indexLoader';
import { searchSite, type SearchSiteOptions } from './client/search';
import { fragmentContent, fragmentUrl, loadSectionSearch, searchSections } from './client/sectionSearch';
import { toVocabulary, type Vocabulary } from './client/spelling';
import {
  INDEX_DIR,
  PAGEFIND_ENTRY_FILE,
  PAGES_FILE,
  VOCABULARY_FILE,
  type PagesFile,
  type SearchVocabularyFile,
} from './contract';

/** Where the index is read from. */
export interface IndexSource {
  /** The index folder's URL, ending in `/`: `file:///…/build/pagefind/` or `https://…/pagefind/`. */
  bundleUrl: string;
  /**
   * Reads a file of the index folder as text.
   * @throws Error naming the file when it cannot be read.
   */
  readText: (file: string) => Promise<string>;
  /**
   * Imports the Pagefind bundle's module by URL. The default is this module's `import()`; a
   * caller loaded through a CommonJS transform (jiti) passes Node's native `import()`, which also
   * takes the `data:` URL of a bundle fetched from a deployed site.
   */
  importModule?: (specifier: string) => Promise<unknown>;
}

/** The search of one index. */
export interface NodeSearchEngine {
  /**
   * One query, as the modal runs it: `limit` pages, ranked; with `excerpts`, after their snippets
   * load; with `filters`, only pages whose Pagefind filters match (`{ section: 'Modules' }`).
   * @throws Error (rejected promise) when an index chunk or a fragment cannot be read.
   */
  search: (
    query: string,
    limit: number,
    options?: Pick<SearchSiteOptions, 'excerpts' | 'filters'>,
  ) => Promise<SearchOutcome>;
  /** The site's sections, as hits name them (`Guides`, `Modules`, …), from the page records. */
  sections: readonly string[];
  /** The section of the page at `url` (a permalink, with or without its trailing slash), if indexed. */
  sectionOf: (url: string) => string | undefined;
  /** Module and service names and their pages, from the vocabulary file. */
  vocabulary: Vocabulary;
  /** The page records by Pagefind page id. */
  pages: PageIndex;
}

/** Pagefind's `createInstance`: an engine of its own for one bundle, not the module's singleton. */
interface PagefindModule {
  createInstance: (options: Record<string, unknown>) => PagefindApi;
}

let fileFetchInstalled = false;

/** Lets `fetch` read `file:` URLs, which Pagefind asks for when its bundle is a local folder. */
function installFileFetch(): void {
  if (fileFetchInstalled) return;
  fileFetchInstalled = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:')) return networkFetch(input, init);
    try {
      return Promise.resolve(new Response(fs.readFileSync(fileURLToPath(url.split('?')[0] ?? url))));
    } catch {
      return Promise.resolve(new Response(null, { status: 404 }));
    }
  };
}

/**
 * The {@link IndexSource} of a build folder.
 * @throws Error naming the missing file when the folder has no search index (run `npm run build`).
 */
export function localIndex(buildDir: string): IndexSource {
  const dir = path.join(buildDir, INDEX_DIR);
  for (const file of [PAGEFIND_ENTRY_FILE, VOCABULARY_FILE, PAGES_FILE]) {
    if (!fs.existsSync(path.join(dir, file)))
      throw new Error(`${path.join(dir, file)} is missing: run npm run build first`);
  }
  return {
    bundleUrl: pathToFileURL(dir).href + '/',
    readText: (file) => fs.promises.readFile(path.join(dir, file), 'utf8'),
  };
}

/**
 * Loads the search of an index: the section index (BM25F, client/sectionSearch.ts) when the index
 * has one, else Pagefind's engine with the page records' re-ranking.
 * @throws Error when a file of the index cannot be read or the Pagefind bundle does not load.
 */
export async function loadSearchEngine(source: IndexSource): Promise<NodeSearchEngine> {
  if (source.bundleUrl.startsWith('file:')) installFileFetch();
  const vocabularyFile = JSON.parse(await source.readText(VOCABULARY_FILE)) as SearchVocabularyFile;
  const vocabulary = toVocabulary(vocabularyFile.words, vocabularyFile.names);
  const pagesFile = JSON.parse(await source.readText(PAGES_FILE)) as PagesFile;
  const pages = toPageIndex(pagesFile);
  const bare = (url: string) => url.replace(/\/$/, '');
  const sectionByUrl = new Map(
    Object.values(pagesFile.pages).map(([section, url]) => [bare(url), pagesFile.sections[section] ?? 'Pages']),
  );
  const common = {
    sections: pagesFile.sections,
    sectionOf: (url: string) => sectionByUrl.get(bare(url)),
    vocabulary,
    pages,
  };
  const sectionSearch = await loadSectionSearch({
    readJson: async <T>(file: string) => JSON.parse(await source.readText(file)) as T,
    readFragment: async (id) => {
      const response = await fetch(fragmentUrl(source.bundleUrl, id));
      if (!response.ok) throw new Error(`${fragmentUrl(source.bundleUrl, id)}: HTTP ${String(response.status)}`);
      return fragmentContent(await response.arrayBuffer());
    },
  }).catch(() => undefined);
  if (sectionSearch) {
    return {
      ...common,
      search: (query, limit, options = {}) =>
        searchSections(sectionSearch, vocabulary, query, limit, {
          excerpts: options.excerpts ?? false,
          section: sectionFilter(options.filters),
          pinned: vocabulary.names.get(query.trim().toLowerCase()),
        }),
    };
  }
  const api = await loadPagefindEngine(source);
  return {
    ...common,
    search: (query, limit, options = {}) =>
      searchSite(api, vocabulary, query, limit, {
        pages,
        excerpts: options.excerpts ?? false,
        filters: options.filters,
      }),
  };
}

/** The `section` value of Pagefind-style filters (`{ section: 'Modules' }`), if any. */
function sectionFilter(filters: SearchSiteOptions['filters']): string | string[] | undefined {
  return filters?.section;
}

/**
 * Imports and starts Pagefind's engine for an index without a section index.
 * @throws Error when the Pagefind bundle does not load.
 */
async function loadPagefindEngine(source: IndexSource): Promise<PagefindApi> {
  const importModule = source.importModule ?? ((specifier: string) => import(/* @vite-ignore */ specifier));
  let entry: string;
  if (source.bundleUrl.startsWith('file:')) {
    entry = `${source.bundleUrl}${PAGEFIND_ENTRY_FILE}`;
  } else {
    // A module cannot be imported from https: in Node; import the fetched text instead. Pagefind
    // then finds its other files at `basePath`.
    const code = await source.readText(PAGEFIND_ENTRY_FILE);
    entry = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  }
  const pagefind = (await importModule(entry)) as PagefindModule;
  const api = pagefind.createInstance({ basePath: source.bundleUrl, baseUrl: '/', excerptLength: 24 });
  await api.init();
  return api;
}
