/**
 * The offline search over the section index (see sections.ts for how the build writes it): turns
 * a query into weighted terms, fetches only the term shards those terms live in, ranks pages by
 * their best section with BM25F (bm25f.ts), and gives each hit the section that answers and that
 * section's sentences holding the query's words (its passage, from the page's Pagefind fragment).
 */
import {
  PAGES_FILE,
  SECTIONS_FILE,
  termShardFile,
  type PageRecord,
  type PagesFile,
  type SectionIntent,
  type SectionsFile,
  type TermShard,
} from '../contract';
import {
  BM25F,
  QUERY_WEIGHTS,
  rankPages,
  sectionStats,
  withSectionPriors,
  type QueryTerm,
  type RankedPage,
  type SectionStats,
} from './bm25f';
import type { SearchHit, SearchOutcome } from './hits';
import { matchingHeadings, parseQuery, toRankablePage } from './ranking';
import { correctQuery, hasPrefix, withinOneEdit, type Vocabulary } from './spelling';
import { QUESTION_WORDS, shardOf, termsOf } from './terms';

/**
 * A query with at least this many words and identifiers besides question words is a sentence,
 * in which identifiers weigh as words (see {@link planQuery}).
 */
export const SENTENCE_WORDS = 6;

/** How many completions of the word being typed are searched at most. */
export const MAX_COMPLETIONS = 3;

/** The longest passage, in characters (whole sentences up to this length). */
export const MAX_PASSAGE_CHARS = 600;

/** Pagefind prefixes each decompressed fragment with this signature. */
const FRAGMENT_SIGNATURE = 'pagefind_dcd';

/**
 * The text content of a Pagefind fragment file's bytes (gzip, as Pagefind writes it, or already
 * decompressed by the server). Uses the platform's DecompressionStream (browsers, Node 18+).
 * @throws Error (rejected promise) when the bytes are not a fragment.
 */
export async function fragmentContent(bytes: ArrayBuffer): Promise<string> {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const text = gzip
    ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
    : new TextDecoder().decode(bytes);
  if (!text.startsWith(FRAGMENT_SIGNATURE)) throw new Error('not a Pagefind fragment');
  const data = JSON.parse(text.slice(FRAGMENT_SIGNATURE.length)) as { content?: unknown };
  return typeof data.content === 'string' ? data.content : '';
}

/** The URL of a page's Pagefind fragment under the bundle path (`/pagefind/`). */
export const fragmentUrl = (bundlePath: string, id: string): string => `${bundlePath}fragment/${id}.pf_fragment`;

/**
 * A {@link SectionSource} that fetches the index from `bundlePath` (a URL or path ending in `/`).
 * @throws Error (rejected promise) naming the file and the HTTP status when a file cannot be fetched.
 */
export function fetchSource(bundlePath: string, fetchFile: typeof fetch = (...args) => fetch(...args)): SectionSource {
  const get = async (file: string): Promise<Response> => {
    const response = await fetchFile(`${bundlePath}${file}`);
    if (!response.ok) throw new Error(`${file}: HTTP ${String(response.status)}`);
    return response;
  };
  return {
    readJson: async <T>(file: string) => (await (await get(file)).json()) as T,
    readFragment: async (id) => fragmentContent(await (await get(`fragment/${id}.pf_fragment`)).arrayBuffer()),
  };
}

/** What the section search reads: the index's files, loaded on demand and cached. */
export interface SectionSource {
  /** Reads a file of the index folder as JSON (`sections.json`, `pages.json`, a term shard). */
  readJson: <T>(file: string) => Promise<T>;
  /** Reads the text content of a page's Pagefind fragment, by page id. */
  readFragment: (id: string) => Promise<string>;
}

/** A loaded section index. */
export interface SectionSearch {
  stats: SectionStats;
  pages: PagesFile;
  /** The shard `n` (cached once loaded; a failed load is retried next time). */
  shard: (n: number) => Promise<TermShard>;
  /** The words of a page's fragment content (cached). */
  fragmentWords: (id: string) => Promise<string[]>;
}

/**
 * Loads the section index's description and page records from `source`; term shards and
 * fragments load as queries need them.
 * @throws Error (rejected promise) when `sections.json` or `pages.json` cannot be read, or when
 *   `sections.json` has no `shardStarts` list of one term per shard (an index written by an
 *   older build, whose shards are cut another way).
 */
export async function loadSectionSearch(source: SectionSource): Promise<SectionSearch> {
  const [file, pages] = await Promise.all([
    source.readJson<SectionsFile>(SECTIONS_FILE),
    source.readJson<PagesFile>(PAGES_FILE),
  ]);
  const starts: unknown = (file as Partial<SectionsFile>).shardStarts;
  if (!Array.isArray(starts) || starts.length !== file.shards || !starts.every((term) => typeof term === 'string'))
    throw new Error(
      `${SECTIONS_FILE}: shardStarts must list the first term of each of its ${String(file.shards)} shards`,
    );
  const shards = new Map<number, Promise<TermShard>>();
  const fragments = new Map<string, Promise<string[]>>();
  return {
    stats: sectionStats(file),
    pages,
    shard(n) {
      let pending = shards.get(n);
      if (!pending) {
        pending = source.readJson<TermShard>(termShardFile(n));
        pending.catch(() => shards.delete(n));
        shards.set(n, pending);
      }
      return pending;
    },
    fragmentWords(id) {
      let pending = fragments.get(id);
      if (!pending) {
        pending = source.readFragment(id).then((text) => text.split(/\s+/).filter(Boolean));
        pending.catch(() => fragments.delete(id));
        if (fragments.size > 200) fragments.clear();
        fragments.set(id, pending);
      }
      return pending;
    },
  };
}

async function postingsOf(search: SectionSearch, term: string): Promise<number[] | undefined> {
  const shard = await search.shard(shardOfTerm(search, term));
  return Object.hasOwn(shard, term) ? shard[term] : undefined;
}

const shardOfTerm = (search: SectionSearch, term: string): number => shardOf(term, search.stats.file.shardStarts);

/** The words of the vocabulary that start with `prefix`, most frequent first, at most `max`. */
function completions(vocabulary: Vocabulary, prefix: string, max: number): string[] {
  const found: string[] = [];
  for (const word of vocabulary.byFrequency) {
    if (word !== prefix && word.startsWith(prefix)) found.push(word);
    if (found.length >= max) break;
  }
  return found;
}

/** The weighted terms of a query, with their postings; terms the site lacks are corrected or left out. */
export interface QueryPlan {
  terms: QueryTerm[];
  /** The query as searched (after corrections), for "results for …". */
  query: string;
  corrected: boolean;
}

/**
 * Turns a query into weighted terms (see bm25f.ts, QUERY_WEIGHTS): question words are left out
 * when other words remain; identifiers weigh double, except in a sentence ({@link SENTENCE_WORDS});
 * a word the index lacks is replaced by the most frequent vocabulary word one edit away, or left
 * out; the word being typed (no space after it), unless it is already a term of the site, also
 * searches its most frequent completions; a synonym or acronym adds its words. Never throws on
 * any query.
 */
export async function planQuery(search: SectionSearch, vocabulary: Vocabulary, query: string): Promise<QueryPlan> {
  const all = termsOf(query);
  const isQuestionWord = (entry: (typeof all)[number]) =>
    !entry.part && !entry.identifier && QUESTION_WORDS.has(entry.word);
  const content = all.filter((entry) => !isQuestionWord(entry));
  const chosen = content.length > 0 ? content : all;
  const questionTerms = new Set(content.length > 0 ? all.filter(isQuestionWord).map((entry) => entry.term) : []);
  const lastIsPrefix = !/\s$/.test(query) && all.length > 0;
  // In a sentence, an identifier is mostly context (the module or input the asker is working
  // with), not what is searched for: it weighs as a word.
  const sentence = chosen.filter((entry) => !entry.part).length >= SENTENCE_WORDS;
  const lastWord = all[all.length - 1]?.word;
  const weights = new Map<string, number>();
  const shown: string[] = [];
  let corrected = false;
  const add = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  // Start every shard the typed terms need at once; the loop below then reads them in order.
  await Promise.all(chosen.map((entry) => postingsOf(search, entry.term)));
  for (const entry of chosen) {
    const weight = entry.part
      ? QUERY_WEIGHTS.part
      : entry.identifier && !sentence
        ? QUERY_WEIGHTS.identifier
        : QUERY_WEIGHTS.word;
    let term = entry.term;
    if ((await postingsOf(search, term)) === undefined && !entry.identifier && !entry.part) {
      const typing = lastIsPrefix && entry.word === lastWord && hasPrefix(vocabulary, entry.word);
      const fix = typing ? undefined : correctQuery(entry.word, vocabulary);
      const candidate = fix?.kind === 'ok' && fix.corrected ? fix.query : undefined;
      if (candidate !== undefined && withinOneEdit(entry.word, candidate)) {
        term = termsOf(candidate)[0]?.term ?? term;
        corrected = true;
      }
    }
    add(term, weight);
    if (!entry.part) shown.push(term === entry.term ? entry.word : term);
    const synonym = Object.hasOwn(search.stats.file.synonyms, entry.word)
      ? search.stats.file.synonyms[entry.word]
      : undefined;
    if (synonym !== undefined) for (const extra of termsOf(synonym)) add(extra.term, QUERY_WEIGHTS.synonym);
  }
  // A last word that is already a term of the site is taken as written (`default vpc` is no
  // search for `vpc_id`); another is completed.
  const lastTerm = all[all.length - 1]?.term ?? '';
  if (
    lastIsPrefix &&
    lastWord !== undefined &&
    lastWord.length >= 2 &&
    /^[a-z][a-z0-9_]*$/.test(lastWord) &&
    (await postingsOf(search, lastTerm)) === undefined
  ) {
    for (const word of completions(vocabulary, lastWord, MAX_COMPLETIONS)) {
      // The completion whole: its parts are other words (`vpc_name` is no search for `name`).
      for (const extra of termsOf(word)) if (!extra.part) add(extra.term, QUERY_WEIGHTS.completion);
    }
  }
  for (const term of questionTerms) if (!weights.has(term)) weights.set(term, -QUERY_WEIGHTS.question);
  const terms: QueryTerm[] = [];
  await Promise.all(
    [...weights].map(async ([term, weight]) => {
      const postings = await postingsOf(search, term);
      if (postings === undefined) return;
      terms.push(weight < 0 ? { term, weight: -weight, postings, finds: false } : { term, weight, postings });
    }),
  );
  terms.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  return { terms, query: shown.join(' '), corrected };
}

/**
 * The section priors of a query: the fixed ones ({@link BM25F}'s `sectionPrior`), plus the prior of
 * each intent the query holds: at least `atLeast` of its words, each a group of forms written as
 * they are typed (`release releases released`), in any order ("which release added keep-warm"
 * holds `release` and `added`; "when adding an account" holds only `when`). An intent's prior
 * replaces the section's fixed one.
 */
export function sectionPriorsFor(
  query: string,
  intents: Readonly<Record<string, SectionIntent>>,
  fixed: Readonly<Record<string, number>> = BM25F.sectionPrior,
): Record<string, number> {
  const words = new Set(termsOf(query).map((entry) => entry.word));
  const priors: Record<string, number> = { ...fixed };
  for (const [section, intent] of Object.entries(intents)) {
    const held = intent.words.filter((forms) => forms.split(' ').some((form) => words.has(form))).length;
    if (held >= intent.atLeast) priors[section] = intent.prior;
  }
  return priors;
}

/** Options of {@link searchSections}. */
export interface SectionSearchOptions {
  /** Keeps pages of these sections only (`Guides`, `Modules`, …). */
  section?: string | readonly string[];
  /** true (the default): wait for the passages; false: answer at once with `withExcerpts`. */
  excerpts?: boolean;
  /** A module or service page to put first (a name typed exactly), by permalink. */
  pinned?: string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const bare = (url: string): string => url.replace(/\/$/, '');

/** The passage of a section: plain text and HTML with `<mark>` around the words that matched. */
export interface Passage {
  text: string;
  html: string;
}

/**
 * The passage of a section's words: the sentence holding the most distinct matched terms (the
 * earliest on a tie), then the sentences after it while they fit in `maxChars`. A sentence ends
 * at a word ending in `.`, `?` or `!`. A first sentence longer than `maxChars` is cut at a word.
 */
export function passageOf(
  words: readonly string[],
  matched: ReadonlySet<string>,
  maxChars = MAX_PASSAGE_CHARS,
): Passage {
  const sentences: string[][] = [];
  let current: string[] = [];
  for (const word of words) {
    current.push(word);
    if (/[.?!]$/.test(word)) {
      sentences.push(current);
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current);
  const hits = (sentence: readonly string[]) =>
    new Set(sentence.flatMap((word) => termsOf(word).map((entry) => entry.term)).filter((term) => matched.has(term)))
      .size;
  let best = 0;
  let bestHits = -1;
  sentences.forEach((sentence, index) => {
    const count = hits(sentence);
    if (count > bestHits) {
      best = index;
      bestHits = count;
    }
  });
  const chosen: string[] = [];
  let length = 0;
  for (const sentence of sentences.slice(best)) {
    for (const word of sentence) {
      if (length + word.length + 1 > maxChars && chosen.length > 0) break;
      chosen.push(word);
      length += word.length + 1;
    }
    if (length >= maxChars * 0.6) break;
  }
  const marked = chosen.map((word) =>
    termsOf(word).some((entry) => matched.has(entry.term)) ? `<mark>${escapeHtml(word)}</mark>` : escapeHtml(word),
  );
  return { text: chosen.join(' '), html: marked.join(' ') };
}

/** The word range [start, end) of section `section` in its page's fragment content. */
function sectionRange(file: SectionsFile, section: number): [number, number] {
  const start = file.start[section] ?? 0;
  const next = section + 1 < file.page.length && file.page[section + 1] === file.page[section];
  return [start, next ? (file.start[section + 1] ?? Infinity) : Infinity];
}

/** The hit of a ranked page, without its passage: title, section, answering heading, matching headings. */
function hitOf(search: SectionSearch, ranked: RankedPage, record: PageRecord, query: string): SearchHit {
  const page = toRankablePage(record, search.pages.sections);
  const heading = ranked.heading >= 0 ? record[3][ranked.heading] : undefined;
  const answerUrl = heading ? `${page.url}#${heading[0]}` : page.url;
  const headings = matchingHeadings(page, parseQuery(query)).map((match) => ({
    title: match.text,
    url: `${page.url}#${match.id}`,
    excerpt: '',
    path: match.path,
  }));
  if (heading && !headings.some((match) => match.url === answerUrl)) {
    const parent =
      heading[2] === 3 ? [...record[3].slice(0, ranked.heading)].reverse().find((entry) => entry[2] === 2) : undefined;
    headings.unshift({
      title: heading[1],
      url: answerUrl,
      excerpt: '',
      path: parent ? [parent[1], heading[1]] : [heading[1]],
    });
  } else if (heading) {
    const at = headings.findIndex((match) => match.url === answerUrl);
    headings.unshift(...headings.splice(at, 1));
  }
  return {
    url: page.url,
    title: page.title,
    section: page.section,
    excerpt: '',
    headings: headings.slice(0, 3),
    answer: { url: answerUrl, heading: heading?.[1] ?? page.title, passage: '' },
  };
}

/**
 * Runs a query on the section index: at most `limit` pages, best first, each with the section
 * that answers. With `excerpts` (the default) the passages are filled in before it resolves;
 * without, the outcome carries `withExcerpts`. A query whose words the site lacks answers with
 * no hits.
 * @throws Error (rejected promise) when a term shard or a fragment cannot be read.
 */
export async function searchSections(
  search: SectionSearch,
  vocabulary: Vocabulary,
  query: string,
  limit: number,
  options: SectionSearchOptions = {},
): Promise<SearchOutcome> {
  const trimmed = query.trim();
  if (trimmed === '') return { query: trimmed, total: 0, hits: [] };
  const plan = await planQuery(search, vocabulary, query);
  const { file } = search.stats;
  const sections = options.section === undefined ? undefined : new Set([options.section].flat());
  const recordOf = (page: number): PageRecord | undefined => {
    const id = file.pageIds[page];
    return id !== undefined && Object.hasOwn(search.pages.pages, id) ? search.pages.pages[id] : undefined;
  };
  const keep = sections
    ? (page: number) => sections.has(search.pages.sections[recordOf(page)?.[0] ?? -1] ?? '')
    : undefined;
  const priors = { ...BM25F, sectionPrior: sectionPriorsFor(trimmed, file.intents ?? {}) };
  let ranked = withSectionPriors(
    rankPages(search.stats, plan.terms, recordOf, keep),
    (page) => {
      const record = recordOf(page);
      return record === undefined ? undefined : search.pages.sections[record[0]];
    },
    priors,
  );
  if (options.pinned !== undefined) {
    const at = ranked.findIndex((entry) => bare(recordOf(entry.page)?.[1] ?? '') === bare(options.pinned ?? ''));
    if (at > 0) ranked = [ranked[at] as RankedPage, ...ranked.slice(0, at), ...ranked.slice(at + 1)];
  }
  const top = ranked.slice(0, limit);
  const searched = plan.corrected ? plan.query : trimmed;
  const hits = top.flatMap((entry) => {
    const record = recordOf(entry.page);
    return record ? [hitOf(search, entry, record, searched)] : [];
  });
  const outcome: SearchOutcome = { query: searched, corrected: plan.corrected, total: ranked.length, hits };
  // Question words count where other words found a section, but a passage neither marks them nor
  // picks its sentence by them ("the", "how" are in every sentence).
  const questionTerms = new Set(plan.terms.filter((term) => term.finds === false).map((term) => term.term));
  const withExcerpts = async (): Promise<SearchHit[]> => {
    const words = await Promise.all(top.map((entry) => search.fragmentWords(file.pageIds[entry.page] ?? '')));
    return hits.map((hit, index) => {
      const entry = top[index];
      if (!entry) return hit;
      const [start, end] = sectionRange(file, entry.section);
      const matched = new Set(entry.matched.filter((term) => !questionTerms.has(term)));
      const passage = passageOf((words[index] ?? []).slice(start, end), matched);
      return {
        ...hit,
        excerpt: passage.html,
        answer: hit.answer ? { ...hit.answer, passage: passage.text } : hit.answer,
        headings: hit.headings.map((heading) =>
          heading.url === hit.answer?.url ? { ...heading, excerpt: passage.html } : heading,
        ),
      };
    });
  };
  if (options.excerpts ?? true) return { ...outcome, hits: await withExcerpts() };
  return { ...outcome, withExcerpts };
}
