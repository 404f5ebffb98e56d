/**
 * The site's search run in Node over a built index: the section index, vocabulary, page records
 * and ranking code (`client/`) of the browser, so a query ranks exactly as in the search modal.
 * The index's data files are read from a build folder or from a deployed site, as data only. An
 * index without a section index falls back to Pagefind's engine, which always comes from the
 * installed `pagefind` package, never from the index, so reading a site never runs code the site
 * served. Used by the relevance tests, the benchmark and the docs MCP server (see ARCHITECTURE.md,
 * 'The docs MCP server').
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import type { SearchOutcome } from './client/hits';
import { toPageIndex, type PageIndex, type PagefindApi } from './client/indexLoader';
import { searchSite, type SearchSiteOptions } from './client/search';
import { fragmentContent, loadSectionSearch, searchSections } from './client/sectionSearch';
import { toVocabulary, type Vocabulary } from './client/spelling';
import { INDEX_DIR, PAGES_FILE, VOCABULARY_FILE, type PagesFile, type SearchVocabularyFile } from './contract';

/** The file of an index that names its Pagefind version and languages. */
export const PAGEFIND_META_ENTRY = 'pagefind-entry.json';

/** The most bytes one decompressed index file may hold (the largest is about 1 MB). */
export const MAX_INDEX_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The data files of an index that the engine may ask for: the entry, the metadata, and the
 * index, fragment and filter chunks. Nothing else of the index folder is ever read.
 */
const DATA_FILE =
  /^(pagefind-entry\.json|pagefind\.[A-Za-z0-9_-]+\.pf_meta|(index|fragment|filter)\/[A-Za-z0-9_-]+\.pf_(index|fragment|filter))$/;

/** The engine's WebAssembly, by language (`wasm.en.pagefind`), served from the installed package. */
const WASM_FILE = /^wasm\.([A-Za-z0-9_-]+)\.pagefind$/;

/** Where the index is read from. */
export interface IndexSource {
  /** The index's folder or URL, for messages. */
  label: string;
  /**
   * Reads a file of the index folder (`pages.json`, `index/en_3f2a.pf_index`): data only.
   * @throws Error naming the file when it cannot be read or is too large.
   */
  readFile: (file: string) => Promise<Uint8Array>;
  /**
   * Node's native `import()`, for the installed `pagefind` package and its engine (ES modules).
   * The default is this module's `import()`; a caller loaded through a CommonJS transform (jiti)
   * passes Node's own, which also takes the engine's `data:` URL.
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

/** The parts of the installed `pagefind` package's Node API used here (its `index.d.ts`). */
interface PagefindNodeApi {
  createIndex: (config?: Record<string, unknown>) => Promise<{
    errors: string[];
    index?: {
      addCustomRecord: (record: { url: string; content: string; language: string }) => Promise<{ errors: string[] }>;
      getFiles: () => Promise<{ errors: string[]; files: { path: string; content: Uint8Array }[] }>;
    };
  }>;
  close: () => Promise<unknown>;
}

/** The engine of the installed Pagefind: its version, its module and its WebAssembly by language. */
interface InstalledEngine {
  version: string;
  module: PagefindModule;
  wasm: Map<string, Uint8Array>;
}

const engines = new Map<string, Promise<InstalledEngine>>();

/**
 * The search engine of the installed `pagefind` package for `languages` (Pagefind's WebAssembly
 * names: `en`, `unknown`). The npm package ships no engine file: its binary writes `pagefind.js`
 * and `wasm.<language>.pagefind` beside every index it builds. So the binary indexes one record per
 * language in memory (about 0.1 s, nothing written to disk) and the engine is taken from its
 * output. Loaded once per process and language set.
 * @throws Error when the binary does not start or leaves out an engine file.
 */
function installedEngine(
  languages: readonly string[],
  importModule: (specifier: string) => Promise<unknown>,
): Promise<InstalledEngine> {
  const key = [...languages].sort().join(',');
  let pending = engines.get(key);
  if (!pending) {
    pending = (async () => {
      const pagefind = (await importModule('pagefind')) as PagefindNodeApi;
      try {
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`the installed pagefind does not start: ${errors.join('; ')}`);
        for (const language of languages) {
          await index.addCustomRecord({ url: `/${language}`, content: 'engine', language });
        }
        const { files } = await index.getFiles();
        const byPath = new Map(files.map((file) => [file.path, file.content]));
        const code = byPath.get('pagefind.js');
        const entry = byPath.get(PAGEFIND_META_ENTRY);
        if (!code || !entry) throw new Error('the installed pagefind wrote no pagefind.js or pagefind-entry.json');
        const { version } = JSON.parse(new TextDecoder().decode(entry)) as { version: string };
        const wasm = new Map<string, Uint8Array>();
        for (const [file, content] of byPath) {
          const language = WASM_FILE.exec(file)?.[1];
          if (language !== undefined) wasm.set(language, content);
        }
        const module = (await importModule(
          `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`,
        )) as PagefindModule;
        return { version, module, wasm };
      } finally {
        await pagefind.close();
      }
    })();
    pending.catch(() => engines.delete(key));
    engines.set(key, pending);
  }
  return pending;
}

/**
 * What an index's `pagefind-entry.json` says: the Pagefind version that built it and the
 * WebAssembly language of each of its languages.
 * @throws Error naming the file and the field when it is not JSON or a field is missing.
 */
export function readIndexEntry(bytes: Uint8Array, label: string): { version: string; wasmLanguages: string[] } {
  const where = `${label}${label.endsWith('/') ? '' : '/'}${PAGEFIND_META_ENTRY}`;
  let entry: unknown;
  try {
    entry = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error(`${where} is not JSON: is this a build of the docs site?`);
  }
  const { version, languages } = (entry ?? {}) as { version?: unknown; languages?: unknown };
  if (typeof version !== 'string') throw new Error(`${where}: "version" is missing or not a string`);
  if (typeof languages !== 'object' || languages === null || Object.keys(languages).length === 0)
    throw new Error(`${where}: "languages" is missing or empty`);
  const wasmLanguages = Object.entries(languages).map(([name, language]) => {
    const wasm = (language as { wasm?: unknown } | null)?.wasm ?? 'unknown';
    if (typeof wasm !== 'string' || !/^[A-Za-z0-9_-]+$/.test(wasm))
      throw new Error(`${where}: "languages.${name}.wasm" is not a language name`);
    return wasm;
  });
  return { version, wasmLanguages: [...new Set(wasmLanguages)] };
}

/**
 * A data file of Pagefind as the engine takes it: gzip (as written) is inflated here, at most
 * {@link MAX_INDEX_FILE_BYTES}, so that a hostile file cannot inflate past that; Pagefind passes
 * on data that already starts with its `pagefind_dcd` marker.
 * @throws Error naming the file when it is not gzip or inflates past the cap.
 */
function inflated(file: string, bytes: Uint8Array): Uint8Array {
  if (file.endsWith('.json')) return bytes;
  try {
    return zlib.gunzipSync(bytes, { maxOutputLength: MAX_INDEX_FILE_BYTES });
  } catch (error) {
    throw new Error(`${file} does not inflate to at most ${MAX_INDEX_FILE_BYTES} bytes: ${(error as Error).message}`);
  }
}

/** The index of each engine instance, by the private base path its requests carry. */
const routes = new Map<string, { source: IndexSource; engine: InstalledEngine }>();
/** The scheme of those base paths: never a network address. */
const ROUTE_SCHEME = 'pagefind-index:';
let fetchInstalled = false;

/**
 * Answers the engine's requests (it fetches its files with the global `fetch`) from its
 * {@link IndexSource} and the installed engine's WebAssembly. Other URLs go to the network as
 * before. A file outside {@link DATA_FILE} is a 404.
 */
function installIndexFetch(): void {
  if (fetchInstalled) return;
  fetchInstalled = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(ROUTE_SCHEME)) return networkFetch(input, init);
    const slash = url.indexOf('/', ROUTE_SCHEME.length + 2);
    const route = routes.get(url.slice(0, slash + 1));
    const file = url.slice(slash + 1).split('?', 1)[0] ?? '';
    const language = WASM_FILE.exec(file)?.[1];
    if (route && language !== undefined) {
      const wasm = route.engine.wasm.get(language);
      return new Response(wasm ? Buffer.from(wasm) : null, { status: wasm ? 200 : 404 });
    }
    if (!route || !DATA_FILE.test(file)) return new Response(null, { status: 404 });
    return new Response(Buffer.from(inflated(file, await route.source.readFile(file))));
  };
}

/**
 * The {@link IndexSource} of a build folder.
 * @throws Error naming the missing file when the folder has no search index (run `npm run build`).
 */
export function localIndex(buildDir: string): IndexSource {
  const dir = path.join(buildDir, INDEX_DIR);
  for (const file of [PAGEFIND_META_ENTRY, VOCABULARY_FILE, PAGES_FILE]) {
    if (!fs.existsSync(path.join(dir, file)))
      throw new Error(`${path.join(dir, file)} is missing: run npm run build first`);
  }
  return { label: dir, readFile: (file) => fs.promises.readFile(path.join(dir, file)) };
}

let nextRoute = 0;

/**
 * Loads the search of an index: the section index (BM25F, `client/sectionSearch.ts`) when the
 * index has one, else the installed Pagefind's engine with the page records' re-ranking. Either
 * way the index must have been built by the installed Pagefind: the section search reads
 * Pagefind's fragments, and the fallback runs its engine.
 * @throws Error when a file of the index cannot be read, when the index was built by another
 *   Pagefind version than the installed one (the message names both), or when the installed
 *   engine does not load.
 */
export async function loadSearchEngine(source: IndexSource): Promise<NodeSearchEngine> {
  const importModule = source.importModule ?? ((specifier: string) => import(/* @vite-ignore */ specifier));
  const { version, wasmLanguages } = readIndexEntry(await source.readFile(PAGEFIND_META_ENTRY), source.label);
  const engine = await installedEngine(wasmLanguages, importModule);
  if (engine.version !== version) {
    throw new Error(
      `the index at ${source.label} was built by Pagefind ${version}, but the installed pagefind package is ` +
        `${engine.version}: search it with a checkout whose package-lock.json pins pagefind ${version}, or rebuild the site`,
    );
  }
  const decode = async (file: string) => new TextDecoder().decode(await source.readFile(file));
  const vocabularyFile = JSON.parse(await decode(VOCABULARY_FILE)) as SearchVocabularyFile;
  const vocabulary = toVocabulary(vocabularyFile.words, vocabularyFile.names);
  const pagesFile = JSON.parse(await decode(PAGES_FILE)) as PagesFile;
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
    readJson: async <T>(file: string) => JSON.parse(await decode(file)) as T,
    readFragment: async (id) => {
      const file = `fragment/${id}.pf_fragment`;
      const bytes = inflated(file, await source.readFile(file));
      return fragmentContent(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    },
  }).catch(() => undefined);
  if (sectionSearch) {
    return {
      ...common,
      search: (query, limit, options = {}) =>
        searchSections(sectionSearch, vocabulary, query, limit, {
          excerpts: options.excerpts ?? false,
          section: options.filters?.section,
          pinned: vocabulary.names.get(query.trim().toLowerCase()),
        }),
    };
  }
  installIndexFetch();
  const basePath = `${ROUTE_SCHEME}//${String((nextRoute += 1))}/`;
  routes.set(basePath, { source, engine });
  const api = engine.module.createInstance({ basePath, baseUrl: '/', excerptLength: 24 });
  await api.init();
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
