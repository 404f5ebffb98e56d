/**
 * Local plugin: offline search, used when Algolia is not configured.
 *
 * - Its theme (`theme/`, exposed with `getThemePath`) provides `@theme/SearchBar` (the navbar
 *   button and the DocSearch modal) and `@theme/SearchPage`; the browser code they share lives in
 *   `client/`, and what the build hands the browser (global data, file names and shapes) in
 *   `contract.ts`.
 * - `contentLoaded` adds the search page's route and publishes where the index lives.
 * - Its post-build step (run by the post-build pipeline, see ARCHITECTURE.md, 'The post-build
 *   pipeline') extracts each built page's search record from the page's hast and writes a
 *   Pagefind index to `build/pagefind/`. Pagefind splits the index into small chunks, so a query downloads only
 *   the part it needs. Beside it go `vocabulary.json` (typo correction), `pages.json` (one
 *   small record per page, which the client shows hits from at once) and the section index
 *   (`sections.json` and `terms/`, see sections.ts) that the client ranks with; Pagefind's
 *   fragments give the passages.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { ROUTES, isUnder } from '../../src/lib/routes';
import type { PageStep, ParticipatingPlugin } from '../post-build/types';
import {
  INDEX_DIR,
  MIN_CORRECTED_WORD_LENGTH,
  PAGES_FILE,
  PLUGIN_NAME,
  VOCABULARY_FILE,
  type LocalSearchData,
  type PagesFile,
  type SearchVocabularyFile,
} from './contract';
import { toIndexDocument, type SearchRecord } from './extract';
import { readPage } from './page-step';
import { INTENTS_FILE, SYNONYMS_FILE, readQueryData, writeSectionIndex, type QueryData } from './sections';

/**
 * The search step of the post-build pipeline: each page's records (`page-step.ts`), then, in route
 * order, the Pagefind index, `vocabulary.json` and `pages.json`.
 */
export function searchStep(data: QueryData): PageStep<null, SearchRecord[]> {
  return {
    kind: 'page',
    name: 'search-records',
    readPage,
    pageModule: path.join(__dirname, 'page-step.ts'),
    options: null,
    writeSite(results, { outDir, addCpuMs }) {
      const records = [...results.values()].flat().sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      const engineCpuMs = writeSearchIndex(outDir, records, data);
      addCpuMs(engineCpuMs);
      console.info(
        `[${PLUGIN_NAME}] indexed ${String(records.length)} pages (Pagefind's engine: ${String(engineCpuMs)} ms CPU)`,
      );
    },
  };
}

/** A vocabulary word: a letter, then letters, digits or `_`; from the shortest corrected length to 60. */
const VOCABULARY_WORD = new RegExp(`[a-z][a-z0-9_]{${String(MIN_CORRECTED_WORD_LENGTH - 1)},59}`, 'g');

/**
 * The words of the site, most frequent first, for correcting one typo per query word.
 * Words shorter than {@link MIN_CORRECTED_WORD_LENGTH} are left out: the client never corrects them.
 */
export function buildVocabulary(records: readonly SearchRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const record of records) {
    for (const word of `${record.title} ${record.text}`.toLowerCase().match(VOCABULARY_WORD) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

/** Module and service pages by name. */
export function buildNames(records: readonly SearchRecord[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const record of records) {
    const isReference = isUnder(record.url, ROUTES.modules) || isUnder(record.url, ROUTES.services);
    // The sections' introductions (`intro` pages) name no module or service.
    if (!isReference || record.url.includes('/intro')) continue;
    const slug = record.url.split('/').filter(Boolean).pop();
    if (slug && !(slug in names)) names[slug] = record.url;
  }
  return names;
}

/**
 * Writes the Pagefind index of `records` into `<outDir>/pagefind`, plus the vocabulary the client
 * uses to correct typos, the page records and the section index (with `data`'s synonyms and
 * intents). Indexing runs in a child Node process (see write-index.mjs).
 * @returns the CPU time of Pagefind's engine process in ms, which no parent process counts (0 where
 *   it cannot be read).
 * @throws Error with Pagefind's message when indexing fails.
 */
export function writeSearchIndex(outDir: string, records: readonly SearchRecord[], data: QueryData): number {
  const indexDir = path.join(outDir, INDEX_DIR);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), `${PLUGIN_NAME}-`));
  let engineCpuMs = 0;
  const documentsFile = path.join(tmpDir, 'documents.json');
  try {
    fs.writeFileSync(
      documentsFile,
      JSON.stringify(records.map((record) => ({ url: record.url, content: toIndexDocument(record) }))),
    );
    const result = spawnSync(process.execPath, [path.join(__dirname, 'write-index.mjs'), documentsFile, indexDir], {
      encoding: 'utf8',
    });
    if (result.status !== 0)
      throw new Error(`${PLUGIN_NAME}: indexing failed: ${result.stderr.trim() || `exit ${String(result.status)}`}`);
    engineCpuMs = Number(/pagefind-cpu-ms (\d+)/.exec(result.stdout)?.[1] ?? 0);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
  const vocabulary: SearchVocabularyFile = { words: buildVocabulary(records), names: buildNames(records) };
  fs.writeFileSync(path.join(indexDir, VOCABULARY_FILE), JSON.stringify(vocabulary));
  const pagesFile = buildPagesFile(indexDir, records);
  fs.writeFileSync(path.join(indexDir, PAGES_FILE), JSON.stringify(pagesFile));
  writeSectionIndex(indexDir, pagesFile, data);
  return engineCpuMs;
}

/** Pagefind prefixes each decompressed fragment with this signature. */
const FRAGMENT_SIGNATURE = 'pagefind_dcd';

/**
 * The page records the client ranks with and shows at once (section, title, headings), keyed by
 * Pagefind's page id: the file name of the page's fragment in `<indexDir>/fragment/`, which is
 * the `id` of each search result.
 * @throws Error naming the fragment file when a fragment cannot be read, or naming the page when
 *   an indexed page has no fragment.
 */
export function buildPagesFile(indexDir: string, records: readonly SearchRecord[]): PagesFile {
  const fragmentDir = path.join(indexDir, 'fragment');
  const idByUrl = new Map<string, string>();
  for (const file of fs.readdirSync(fragmentDir)) {
    const text = zlib.gunzipSync(fs.readFileSync(path.join(fragmentDir, file))).toString('utf8');
    if (!text.startsWith(FRAGMENT_SIGNATURE))
      throw new Error(`${PLUGIN_NAME}: ${path.join(fragmentDir, file)} is not a Pagefind fragment`);
    const { url } = JSON.parse(text.slice(FRAGMENT_SIGNATURE.length)) as { url: string };
    idByUrl.set(url, file.replace(/\.pf_fragment$/, ''));
  }
  const sections: string[] = [];
  const pages: PagesFile['pages'] = {};
  for (const record of records) {
    const id = idByUrl.get(record.url);
    if (id === undefined) throw new Error(`${PLUGIN_NAME}: no Pagefind fragment for the page ${record.url}`);
    if (!sections.includes(record.section)) sections.push(record.section);
    const headings = record.headings.map((heading): [string, string, 2 | 3] => [
      heading.id,
      heading.text,
      heading.level,
    ]);
    pages[id] =
      record.names.length > 0
        ? [sections.indexOf(record.section), record.url, record.title, headings, record.names.join(' ')]
        : [sections.indexOf(record.section), record.url, record.title, headings];
  }
  return { sections, pages };
}

/**
 * Docusaurus plugin factory: the theme (`@theme/SearchBar`, `@theme/SearchPage`), the search
 * page's route at `<baseUrl>search`, the global data that says where the index is served, and the
 * index written after the build.
 */
export default function localSearchPlugin(context: { baseUrl: string }): ParticipatingPlugin {
  // The synonyms and intents, checked in loadContent, so a bad entry stops the build (and
  // `npm start`) before any page is rendered; the post-build step writes them into the index.
  let queryData: QueryData | undefined;
  return {
    name: PLUGIN_NAME,
    getPathsToWatch() {
      return [SYNONYMS_FILE, INTENTS_FILE];
    },
    loadContent() {
      queryData = readQueryData();
      return Promise.resolve();
    },
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return path.join(__dirname, 'theme');
    },
    contentLoaded({ actions }) {
      actions.setGlobalData({ bundlePath: `${context.baseUrl}${INDEX_DIR}/` } satisfies LocalSearchData);
      actions.addRoute({
        // ROUTES.search is absolute; the route sits under the site's base URL.
        path: `${context.baseUrl}${ROUTES.search.slice(1)}`,
        component: '@theme/SearchPage',
        exact: true,
      });
      return Promise.resolve();
    },
    postBuildSteps() {
      return [searchStep(queryData ?? readQueryData())];
    },
  };
}
