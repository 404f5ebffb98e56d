/**
 * What the local-search plugin hands from build time to the browser: its name (the global-data
 * key), the global data it publishes, and the files it writes beside the Pagefind index with their
 * record shapes. The plugin (in Node) and the search UI (in the browser) both import this module,
 * so it must stay free of imports and side effects.
 */

/** The plugin's name, which is also the key of its global data (`usePluginData(PLUGIN_NAME)`). */
export const PLUGIN_NAME = 'local-search';

/** Global data the plugin publishes for the browser. */
export interface LocalSearchData {
  /** Base path of the Pagefind bundle and its companion files, with a trailing `/`: `/pagefind/`. */
  bundlePath: string;
}

/** The folder, under the build output and the site's base URL, that holds the index. */
export const INDEX_DIR = 'pagefind';

/** The Pagefind bundle's entry module, in {@link INDEX_DIR}. */
export const PAGEFIND_ENTRY_FILE = 'pagefind.js';

/** The vocabulary file ({@link SearchVocabularyFile}), in {@link INDEX_DIR}. */
export const VOCABULARY_FILE = 'vocabulary.json';

/**
 * The attribute that names a page for search under its code name: a reference page's header
 * carries `data-search-name="terraform-aws-eks/modules/eks-cluster-control-plane"`, and the index
 * counts that name with the page's title, so a module or service named as code names it (its
 * repository and folder) finds its page.
 */
export const SEARCH_NAME_ATTRIBUTE = 'data-search-name';

/** The page records file ({@link PagesFile}), in {@link INDEX_DIR}. */
export const PAGES_FILE = 'pages.json';

/**
 * Words shorter than this are never spelling-corrected, so the vocabulary leaves them out.
 * Counted in characters.
 */
export const MIN_CORRECTED_WORD_LENGTH = 4;

/** The content of {@link VOCABULARY_FILE}: what the browser checks and corrects queries with. */
export interface SearchVocabularyFile {
  /** The site's words of at least {@link MIN_CORRECTED_WORD_LENGTH} characters, most frequent first. */
  words: string[];
  /** Module and service names (their slugs) → permalink, so a name typed exactly comes first. */
  names: Record<string, string>;
}

/** One heading of a page record: anchor id (without `#`), text and level (2 for h2, 3 for h3). */
export type PageHeading = [id: string, text: string, level: 2 | 3];

/**
 * One page record of {@link PAGES_FILE}: section index, permalink, title, h2 and h3 headings, and
 * the page's code names ({@link SEARCH_NAME_ATTRIBUTE}, space-separated), on pages that have any.
 */
export type PageRecord = [section: number, url: string, title: string, headings: PageHeading[], names?: string];

/** The content of {@link PAGES_FILE}: one small record per indexed page. */
export interface PagesFile {
  /** Section names; records point into this list. */
  sections: string[];
  /** Pagefind page id (its fragment's file name without extension) → record. */
  pages: Record<string, PageRecord>;
}

/** The section index's description file ({@link SectionsFile}), in {@link INDEX_DIR}. */
export const SECTIONS_FILE = 'sections.json';

/** The folder of the section index's term shards ({@link TermShard}), in {@link INDEX_DIR}. */
export const TERMS_DIR = 'terms';

/** The file of shard `n` of the section index, relative to {@link INDEX_DIR}. */
export const termShardFile = (n: number): string => `${TERMS_DIR}/${String(n)}.json`;

/**
 * The content of {@link SECTIONS_FILE}: the sections the index counts terms in (a page's text
 * before its first h2 or h3, then one section per h2 or h3), as parallel lists, and the statistics
 * BM25F needs.
 */
export interface SectionsFile {
  /** Number of term shard files ({@link termShardFile}). */
  shards: number;
  /**
   * The first term of each shard, in sorted order (one per shard; the first is ''): each shard
   * holds the terms from its start up to the next shard's (client/terms.ts, `shardOf`).
   */
  shardStarts: string[];
  /** Pagefind page ids (keys of {@link PagesFile}); sections point into this list. */
  pageIds: string[];
  /** Per section: its page, as an index into {@link pageIds}. */
  page: number[];
  /** Per section: its heading, as an index into the page record's headings; -1 for the text before the first. */
  heading: number[];
  /** Per section: the number of terms in its body. */
  length: number[];
  /** Per section: the word offset in the page's fragment content where the section begins. */
  start: number[];
  /** Synonyms and acronyms: a query term → the words it also searches for (from synonyms.json). */
  synonyms: Record<string, string>;
  /**
   * Query intents, by search section (from intents.json): a query holding at least `atLeast` of
   * the `words` asks for that section's pages, which get `prior` added to their score instead of
   * the section's fixed prior. Missing in an index written before intents existed.
   */
  intents?: Record<string, SectionIntent>;
}

/** One query intent of {@link SectionsFile.intents}. */
export interface SectionIntent {
  /** Each a word's forms as typed, space-separated (`release releases released`). */
  words: string[];
  atLeast: number;
  prior: number;
}

/**
 * One term shard: term → postings, as a flat list of pairs `[section delta, count, …]` where each
 * section index is the previous one plus the delta (the first is the index itself) and the count
 * is how often the term occurs in that section's body.
 */
export type TermShard = Record<string, number[]>;
