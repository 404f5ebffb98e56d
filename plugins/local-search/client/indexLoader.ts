/**
 * The index loader of the offline search: loads the section index, the vocabulary file and the
 * page records file from the site's own origin on first use, once per bundle path. A load that
 * fails is forgotten, so the next query tries again.
 */
import { PAGES_FILE, VOCABULARY_FILE, type PagesFile, type SearchVocabularyFile } from '../contract';
import { toRankablePage, type PageLookup, type RankablePage } from './ranking';
import { fetchSource, loadSectionSearch, type SectionSearch } from './sectionSearch';
import { toVocabulary, type Vocabulary } from './spelling';

export type { PagefindApi, PagefindResult, PagefindResultData, PagefindSubResult } from './pagefind';

/** Caches one pending load per bundle path, and drops it when it fails. */
function once<T>(cache: Map<string, Promise<T>>, bundlePath: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(bundlePath);
  if (!pending) {
    pending = load();
    pending.catch(() => cache.delete(bundlePath));
    cache.set(bundlePath, pending);
  }
  return pending;
}

/** Fetches `<bundlePath><file>` as JSON of type `T` (unchecked: the build wrote it). */
async function fetchJson<T>(bundlePath: string, file: string): Promise<T> {
  const response = await fetch(`${bundlePath}${file}`);
  if (!response.ok) throw new Error(`${file}: HTTP ${String(response.status)}`);
  return (await response.json()) as T;
}

const vocabularies = new Map<string, Promise<Vocabulary>>();

/**
 * Loads `<bundlePath>vocabulary.json` once.
 * @throws Error (rejected promise) naming the file and the HTTP status when it cannot be fetched.
 */
export function loadVocabulary(bundlePath: string): Promise<Vocabulary> {
  return once(vocabularies, bundlePath, async () => {
    const file = await fetchJson<SearchVocabularyFile>(bundlePath, VOCABULARY_FILE);
    return toVocabulary(file.words, file.names);
  });
}

/** The page records by Pagefind page id, ready for ranking. */
export type PageIndex = PageLookup;

/**
 * Builds a {@link PageIndex} from the page records file. Each record is split into words the
 * first time a query needs it, so that loading the file costs no more than parsing it.
 */
export function toPageIndex(file: PagesFile): PageIndex {
  const ready = new Map<string, RankablePage>();
  return {
    has: (id) => Object.hasOwn(file.pages, id),
    get(id) {
      let page = ready.get(id);
      const record = Object.hasOwn(file.pages, id) ? file.pages[id] : undefined;
      if (!page && record) {
        page = toRankablePage(record, file.sections);
        ready.set(id, page);
      }
      return page;
    },
  };
}

const pageIndexes = new Map<string, Promise<PageIndex>>();

/**
 * Loads `<bundlePath>pages.json` once: one small record per page (section, title, headings), so
 * that hits can be ranked and shown before any page fragment loads.
 * @throws Error (rejected promise) naming the file and the HTTP status when it cannot be fetched.
 */
export function loadPageIndex(bundlePath: string): Promise<PageIndex> {
  return once(pageIndexes, bundlePath, async () => toPageIndex(await fetchJson<PagesFile>(bundlePath, PAGES_FILE)));
}

const sectionIndexes = new Map<string, Promise<SectionSearch>>();

/**
 * Loads the section index of `<bundlePath>` once (`sections.json` and `pages.json`; term shards
 * and fragments load as queries need them).
 * @throws Error (rejected promise) naming the file and the HTTP status when it cannot be fetched.
 */
export function loadSections(bundlePath: string): Promise<SectionSearch> {
  return once(sectionIndexes, bundlePath, () => loadSectionSearch(fetchSource(bundlePath)));
}
