/**
 * The section index of the offline search: splits each indexed page into sections (the text
 * before its first h2 or h3, then one section per h2 or h3) and writes, beside the Pagefind
 * bundle, the term statistics the browser ranks sections with (BM25F, client/bm25f.ts).
 *
 * Sections are cut from the text Pagefind stored for each page (its fragment: the content as
 * words, and the word offset of every heading anchor), so that the passages the browser later
 * shows, taken from the same fragment, line up with the sections ranked here word for word.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import {
  PLUGIN_NAME,
  SECTIONS_FILE,
  TERMS_DIR,
  termShardFile,
  type PagesFile,
  type SectionIntent,
  type SectionsFile,
  type TermShard,
} from './contract';
import { shardOf, termList } from './client/terms';
import { SECTION_OF_AREA } from './extract';

/** A heading anchor as Pagefind records it in a fragment: tag name, id, text and word offset. */
export interface FragmentAnchor {
  element: string;
  id: string;
  text: string;
  location: number;
}

/** The part of a Pagefind fragment the section index reads. */
export interface Fragment {
  url: string;
  /** The page's text; words are separated by white space, and anchors count words. */
  content: string;
  anchors: FragmentAnchor[];
}

/** One section of a page: the heading that opens it (-1 before the first) and its words. */
export interface PageSection {
  /** Index into the page record's headings, or -1 for the text before the first heading. */
  heading: number;
  /** Word offset in the fragment content where the section begins. */
  start: number;
  /** The section's text (its heading's words included). */
  text: string;
}

/**
 * Splits a page's fragment into sections at its h2 and h3 anchors that are headings of the page
 * record (`headingIds`, in page order). An anchor of another element (an element with an id
 * inside the text) does not cut. Sections without words are left out.
 */
export function splitSections(fragment: Fragment, headingIds: readonly string[]): PageSection[] {
  const words = fragment.content.split(/\s+/).filter(Boolean);
  const position = new Map(headingIds.map((id, index) => [id, index]));
  const cuts = fragment.anchors
    .filter((anchor) => (anchor.element === 'h2' || anchor.element === 'h3') && position.has(anchor.id))
    .map((anchor) => ({ heading: position.get(anchor.id) ?? -1, start: anchor.location }))
    .sort((a, b) => a.start - b.start);
  const starts = [{ heading: -1, start: 0 }, ...cuts];
  return starts
    .map((cut, index) => ({
      heading: cut.heading,
      start: cut.start,
      text: words.slice(cut.start, starts[index + 1]?.start ?? words.length).join(' '),
    }))
    .filter((section) => section.text !== '');
}

/**
 * Number of term shard files (fewer when the index has fewer terms): a query of a few words
 * fetches a few files of some 3 KB (gzip).
 */
export const TERM_SHARDS = 256;

/**
 * Cuts the sorted terms into at most `shards` contiguous ranges of about equal size, and returns
 * the first term of each range (the first is '', so that every term has a shard). A term's size
 * is the bytes its entry takes in the shard's JSON. Greedy: a range ends before the term that
 * would take it past its share, the bytes still to place divided by the ranges still to fill; so
 * a term larger than a share fills a range alone.
 * @param terms - [term, postings] pairs in sorted order (UTF-16 code units).
 */
export function shardStarts(terms: readonly (readonly [string, readonly number[]])[], shards: number): string[] {
  const sizes = terms.map(([term, list]) => JSON.stringify(term).length + JSON.stringify(list).length + 2);
  let left = sizes.reduce((sum, size) => sum + size, 0);
  const starts = [''];
  let filled = 0;
  terms.forEach(([term], index) => {
    const size = sizes[index] ?? 0;
    const share = (left + filled) / Math.max(1, shards - starts.length + 1);
    if (filled > 0 && filled + size > share && starts.length < shards) {
      starts.push(term);
      filled = 0;
    }
    filled += size;
    left -= size;
  });
  return starts;
}

/** The section index of a set of pages, ready to be written. */
export interface SectionIndex {
  file: SectionsFile;
  shards: TermShard[];
}

/**
 * Builds the section index of the pages of `pagesFile` from their fragments.
 * @param fragments - Pagefind page id → the page's fragment.
 * @param synonyms - query term → the words it also searches for.
 * @param intents - query intents by search section (see {@link SectionIntent}).
 * @throws Error naming the page when a page of `pagesFile` has no fragment.
 */
export function buildSectionIndex(
  pagesFile: PagesFile,
  fragments: ReadonlyMap<string, Fragment>,
  synonyms: Record<string, string>,
  intents: Record<string, SectionIntent> = {},
): SectionIndex {
  const file: SectionsFile = {
    shards: 0,
    shardStarts: [],
    pageIds: [],
    page: [],
    heading: [],
    length: [],
    start: [],
    synonyms,
    intents,
  };
  const postings = new Map<string, number[]>();
  const last = new Map<string, number>();
  for (const [id, record] of Object.entries(pagesFile.pages)) {
    const fragment = fragments.get(id);
    if (fragment === undefined) throw new Error(`${PLUGIN_NAME}: no Pagefind fragment for the page ${record[1]}`);
    const pageIndex = file.pageIds.push(id) - 1;
    for (const section of splitSections(
      fragment,
      record[3].map(([headingId]) => headingId),
    )) {
      const sectionIndex = file.page.push(pageIndex) - 1;
      file.heading.push(section.heading);
      file.start.push(section.start);
      const terms = termList(section.text);
      file.length.push(terms.length);
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, count] of counts) {
        let list = postings.get(term);
        if (list === undefined) {
          list = [];
          postings.set(term, list);
        }
        list.push(sectionIndex - (last.get(term) ?? 0), count);
        last.set(term, sectionIndex);
      }
    }
  }
  const sorted = [...postings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  file.shardStarts = shardStarts(sorted, TERM_SHARDS);
  file.shards = file.shardStarts.length;
  const shards: TermShard[] = Array.from({ length: file.shards }, () => ({}));
  for (const [term, list] of sorted) {
    const shard = shards[shardOf(term, file.shardStarts)];
    if (shard) shard[term] = list;
  }
  return { file, shards };
}

/** Pagefind prefixes each decompressed fragment with this signature. */
export const FRAGMENT_SIGNATURE = 'pagefind_dcd';

/**
 * Reads every fragment of a Pagefind index folder, by page id (the fragment's file name without
 * extension).
 * @throws Error naming the file when a fragment is not a Pagefind fragment.
 */
export function readFragments(indexDir: string): Map<string, Fragment> {
  const fragmentDir = path.join(indexDir, 'fragment');
  const fragments = new Map<string, Fragment>();
  for (const name of fs.readdirSync(fragmentDir)) {
    const file = path.join(fragmentDir, name);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    if (!text.startsWith(FRAGMENT_SIGNATURE)) throw new Error(`${PLUGIN_NAME}: ${file} is not a Pagefind fragment`);
    fragments.set(name.replace(/\.pf_fragment$/, ''), JSON.parse(text.slice(FRAGMENT_SIGNATURE.length)) as Fragment);
  }
  return fragments;
}

/** The synonyms file of the plugin (query term → the words it also searches for). */
export const SYNONYMS_FILE = path.join(__dirname, 'synonyms.json');

/**
 * Reads and checks the synonyms file.
 * @throws Error naming the file and the entry when an entry is not a lower-case word mapped to text.
 */
export function readSynonyms(file = SYNONYMS_FILE): Record<string, string> {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${file}: expected an object of term → words`);
  for (const [term, words] of Object.entries(data)) {
    if (!/^[a-z0-9]+$/.test(term)) throw new Error(`${file}: the term "${term}" must be one lower-case word`);
    if (typeof words !== 'string' || words.trim() === '')
      throw new Error(`${file}: the entry "${term}" must map to words`);
  }
  return data as Record<string, string>;
}

/** The query intents file of the plugin (search section → the words that ask for it, see {@link SectionIntent}). */
export const INTENTS_FILE = path.join(__dirname, 'intents.json');

/**
 * Reads and checks the query intents file.
 * @param sections - the search sections an intent may name.
 * @throws Error naming the file, the section and the field when an entry is malformed or names
 *   a section the site does not have.
 */
export function readIntents(sections: readonly string[], file = INTENTS_FILE): Record<string, SectionIntent> {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${file}: expected an object of search section → intent`);
  for (const [section, intent] of Object.entries(data as Record<string, unknown>)) {
    const where = `${file}: "${section}"`;
    if (!sections.includes(section)) throw new Error(`${where}: not a search section (${sections.join(', ')})`);
    if (typeof intent !== 'object' || intent === null) throw new Error(`${where}: expected { words, atLeast, prior }`);
    const { words, atLeast, prior, ...rest } = intent as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw new Error(`${where}: unknown field ${Object.keys(rest).join(', ')}`);
    if (
      !Array.isArray(words) ||
      words.length === 0 ||
      !words.every((word) => typeof word === 'string' && /^[a-z]+( [a-z]+)*$/.test(word))
    )
      throw new Error(`${where}: field words must list lower-case words (a word's forms separated by spaces)`);
    if (typeof atLeast !== 'number' || !Number.isInteger(atLeast) || atLeast < 1 || atLeast > words.length)
      throw new Error(`${where}: field atLeast must be a whole number from 1 to the number of words`);
    if (typeof prior !== 'number' || !Number.isFinite(prior)) throw new Error(`${where}: field prior must be a number`);
  }
  return data as Record<string, SectionIntent>;
}

/** The query data the section index carries: synonyms and intents, read from the plugin's files. */
export interface QueryData {
  synonyms: Record<string, string>;
  intents: Record<string, SectionIntent>;
}

/**
 * Reads and checks the plugin's query data files (see {@link readSynonyms}, {@link readIntents}).
 * @throws Error naming the file and the entry when either file is malformed.
 */
export function readQueryData(): QueryData {
  return { synonyms: readSynonyms(), intents: readIntents(Object.values(SECTION_OF_AREA)) };
}

/**
 * Writes the section index of the Pagefind index in `indexDir` (its pages file and fragments):
 * {@link SECTIONS_FILE} and the term shards under {@link TERMS_DIR}, with `data`'s synonyms and
 * intents in the former.
 * @throws Error naming the file when a fragment cannot be read.
 */
export function writeSectionIndex(indexDir: string, pagesFile: PagesFile, data: QueryData): void {
  const { file, shards } = buildSectionIndex(pagesFile, readFragments(indexDir), data.synonyms, data.intents);
  fs.mkdirSync(path.join(indexDir, TERMS_DIR), { recursive: true });
  shards.forEach((shard, n) => {
    fs.writeFileSync(path.join(indexDir, termShardFile(n)), JSON.stringify(shard));
  });
  fs.writeFileSync(path.join(indexDir, SECTIONS_FILE), JSON.stringify(file));
}
