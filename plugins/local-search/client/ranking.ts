/**
 * Ranking of the offline search. Pagefind finds the pages that hold every query word and scores
 * them by the words in their text; this module re-ranks them with the small page records that
 * the build writes beside the index (`pages.json`: section, title, slug and headings of every
 * page), so that:
 *
 * - a page whose title, slug or headings hold the query ranks above one whose body mentions it;
 * - a page that holds all query words in those fields ranks above one that holds some;
 * - a word the reader has typed past matches whole words (or their plural) only; the word still
 *   being typed may match as a prefix;
 * - a query that is a phrase of the title (a product or service name of two or three words)
 *   ranks that page above pages that hold the same words apart;
 * - a short title that the query covers (the page is about it) ranks above a long one that
 *   merely holds the words;
 * - a section landing page or guide ranks above a knowledge-base answer that matches as well.
 *
 * The records also give each hit its title, section and heading path at once, without waiting
 * for Pagefind's per-page fragments (which only the snippets need).
 */
import type { PageHeading, PageRecord } from '../contract';

/** A page record ready for ranking, with its words split out once. */
export interface RankablePage {
  url: string;
  title: string;
  section: string;
  headings: readonly PageHeading[];
  titleWords: FieldWords;
  slugWords: FieldWords;
  headingWords: readonly FieldWords[];
  /** Every word of every heading, once: a query word in none of them skips the headings. */
  allHeadingWords: FieldWords;
}

/** The words of one field: stems for whole-word matches, as written for prefix matches. */
export interface FieldWords {
  stems: readonly string[];
  raw: readonly string[];
}

function fieldWords(list: readonly string[]): FieldWords {
  return { stems: list.map(stem), raw: list };
}

/** Lower-cases and splits text into words; `.` and `_` stay inside words (`t3.medium`, `for_each`). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_.]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}

/**
 * A word's stem for matching whole words: plurals and `-ing`/`-ed` forms meet their base word
 * (`gateways`, `forking` and `policies` match `gateway`, `fork` and `policy`). Other suffixes
 * stay, so `autoscaler` and `autoscaling` remain different words.
 */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed') && !word.endsWith('eed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** {@link singular}, then without a final `e`, so that `rotate` meets `rotated` and `rotating`. */
export function stem(word: string): string {
  const base = singular(word);
  return base.length > 4 && base.endsWith('e') ? base.slice(0, -1) : base;
}

/** Turns a `pages.json` record into a {@link RankablePage}. */
export function toRankablePage(record: PageRecord, sections: readonly string[]): RankablePage {
  const [sectionIndex, url, title, headings] = record;
  const path = url.replace(/\/$/, '').split('/');
  const slug = path[path.length - 1] ?? '';
  return {
    url,
    title,
    section: sections[sectionIndex] ?? 'Pages',
    headings,
    titleWords: fieldWords(words(title)),
    slugWords: fieldWords(slug.toLowerCase().split(/[-_.]/).filter(Boolean)),
    headingWords: headings.map(([, text]) => fieldWords(words(text))),
    allHeadingWords: fieldWords([...new Set(headings.flatMap(([, text]) => words(text)))]),
  };
}

/** The words of a query, and whether the reader is still typing its last word. */
export interface ParsedQuery {
  /** The stems of the query words (see {@link stem}). */
  words: string[];
  /** The last word as typed, for prefix matches while the reader types it. */
  typing: string;
  /** True unless the query ends with a space: the last word may still be a prefix. */
  lastIsPrefix: boolean;
}

/**
 * Words that join a query rather than name its topic ("taint vs replace", "what is a vpc"). The
 * engine searches without them when other words remain; ranking still counts them in titles.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an the and or vs versus of to in on for with is are be do does how what why when which can should i we my our it as at by from into'.split(
    ' ',
  ),
);

/** The query words the engine must find: all but {@link STOP_WORDS}, unless nothing else is left. */
export function engineWords(queryWords: readonly string[]): string[] {
  const kept = queryWords.filter((word) => !STOP_WORDS.has(word));
  return kept.length > 0 ? kept : [...queryWords];
}

/** Splits a query for ranking. */
export function parseQuery(query: string): ParsedQuery {
  const typed = words(query);
  const lastIsPrefix = !/\s$/.test(query);
  return { words: typed.map(stem), typing: typed[typed.length - 1] ?? '', lastIsPrefix };
}

/**
 * How well the query word `word` (a stem) matches a field: 1 for a whole word (same stem), 0.6
 * when `typing` is set and some word of the field starts with it (the reader is still typing
 * it), 0 otherwise.
 */
function matchIn(word: string, field: FieldWords, typing: string | null): number {
  if (field.stems.includes(word)) return 1;
  if (typing !== null && typing !== '' && field.raw.some((candidate) => candidate.startsWith(typing))) return 0.6;
  return 0;
}

/** Weights of the ranking signals (see {@link scorePage}). */
export const RANKING_WEIGHTS = {
  /** Pagefind's own score, divided by the best score of the query. */
  engine: 1,
  /** Share of the query words in the title or the URL's last segment. */
  name: 2,
  /** Share of the query words in one heading (the best one). */
  heading: 1,
  /** The same, on a FAQ page, whose headings are its questions. */
  faqHeading: 2,
  /** Every query word is in the title or slug. */
  allWords: 1,
  /** The query (two words or more) is a phrase of the title, slug or a heading. */
  phrase: 0.8,
  /** Share of the title's words that the query covers: the page is about the query. */
  titleCoverage: 1,
  /** The title is the query, word for word (stems, in any order): the page is named for it. */
  exactTitle: 1,
  /** A section landing page (a guide's or FAQ's index page). */
  landing: 0.3,
  /** A knowledge-base answer, below a guide or reference page that matches as well. */
  knowledgeBase: -0.3,
} as const;

/** Sections whose index pages are entries of their own (a module, a month, a FAQ), not landing pages. */
const ENTRY_SECTIONS = new Set(['Modules', 'Services', 'Releases', 'Knowledge Base', 'FAQ']);

/** True when the query (two words or more) appears as consecutive words of `field`. */
function isPhraseOf(query: ParsedQuery, field: FieldWords): boolean {
  const needle = query.words;
  if (needle.length < 2) return false;
  for (let start = 0; start + needle.length <= field.stems.length; start += 1) {
    const ok = needle.every((word, i) => {
      if (field.stems[start + i] === word) return true;
      return query.lastIsPrefix && i === needle.length - 1 && (field.raw[start + i] ?? '').startsWith(query.typing);
    });
    if (ok) return true;
  }
  return false;
}

/**
 * Scores one page for a query: Pagefind's score (0 to 1 against the query's best) plus the
 * signals of {@link RANKING_WEIGHTS}. Higher is better.
 */
export function scorePage(page: RankablePage, query: ParsedQuery, engineScore: number): number {
  const { words: queryWords } = query;
  const n = queryWords.length;
  if (n === 0) return engineScore;
  const w = RANKING_WEIGHTS;
  const typingAt = (i: number): string | null => (query.lastIsPrefix && i === n - 1 ? query.typing : null);
  let title = 0;
  let name = 0;
  let named = 0;
  queryWords.forEach((word, i) => {
    const t = matchIn(word, page.titleWords, typingAt(i));
    const best = Math.max(t, matchIn(word, page.slugWords, typingAt(i)));
    title += t;
    name += best;
    if (best > 0) named += 1;
  });
  let heading = 0;
  let headingPhrase = false;
  const inSomeHeading = queryWords.some((word, i) => matchIn(word, page.allHeadingWords, typingAt(i)) > 0);
  for (const headingWords of inSomeHeading ? page.headingWords : []) {
    let sum = 0;
    queryWords.forEach((word, i) => {
      sum += matchIn(word, headingWords, typingAt(i));
    });
    heading = Math.max(heading, sum / n);
    headingPhrase ||= isPhraseOf(query, headingWords);
  }
  const phrase = isPhraseOf(query, page.titleWords) || isPhraseOf(query, page.slugWords) || headingPhrase;
  const titleLength = page.titleWords.stems.length;
  const coverage = titleLength > 0 ? Math.min(1, title / titleLength) : 0;
  // A FAQ page's headings are its entries' questions: they count as much as a title.
  const headingWeight = page.section === 'FAQ' ? w.faqHeading : w.heading;
  const landing = page.url.endsWith('/') && !ENTRY_SECTIONS.has(page.section) ? w.landing : 0;
  const exact = titleLength === n && title === n && new Set(page.titleWords.stems).size === new Set(queryWords).size;
  return (
    w.engine * engineScore +
    w.name * (name / n) +
    headingWeight * heading +
    (named === n ? w.allWords : 0) +
    (phrase ? w.phrase : 0) +
    w.titleCoverage * coverage +
    (exact ? w.exactTitle : 0) +
    (page.section === 'Knowledge Base' ? w.knowledgeBase : landing)
  );
}

/** A heading that matched a query, with the path of headings that leads to it. */
export interface MatchedHeading {
  /** Anchor id, without `#`. */
  id: string;
  text: string;
  /** The h2 above an h3 heading, then the heading itself: `['Inputs', 'vpc_name']`. */
  path: string[];
}

/**
 * The headings of `page` that hold a query word, best first (most query words, then page
 * order), at most `max`.
 */
export function matchingHeadings(page: RankablePage, query: ParsedQuery, max = 3): MatchedHeading[] {
  const n = query.words.length;
  const matched: { heading: MatchedHeading; hits: number; index: number }[] = [];
  let parent: string | null = null;
  page.headings.forEach(([id, text, level], index) => {
    if (level === 2) parent = text;
    let hits = 0;
    const field = page.headingWords[index] ?? { stems: [], raw: [] };
    query.words.forEach((word, i) => {
      hits += matchIn(word, field, query.lastIsPrefix && i === n - 1 ? query.typing : null);
    });
    if (hits > 0) {
      const path = level === 3 && parent !== null ? [parent, text] : [text];
      matched.push({ heading: { id, text, path }, hits, index });
    }
  });
  return matched
    .sort((a, b) => b.hits - a.hits || a.index - b.index)
    .slice(0, max)
    .map(({ heading }) => heading);
}

/** A Pagefind result reduced to what ranking needs. */
export interface EngineResult {
  id: string;
  score: number;
}

/** The page records by Pagefind page id (see pagefind.ts, `toPageIndex`). */
export interface PageLookup {
  get: (id: string) => RankablePage | undefined;
  has: (id: string) => boolean;
}

/**
 * How many of Pagefind's best results are re-ranked; the rest follow in Pagefind's order. A page
 * whose title holds the query words scores high in Pagefind too (the title weighs 10 times the
 * body), so it is among them; ranking every match of a one-letter query would cost more than the
 * whole search.
 */
export const RERANK_WINDOW = 100;

/**
 * Orders Pagefind's results for `query`: each of the best {@link RERANK_WINDOW} results with a
 * page record is scored with {@link scorePage}; results without a record keep their engine
 * score alone. Ties keep Pagefind's order; results past the window follow in Pagefind's order.
 * @param results - Pagefind's results, best first.
 * @param pages - Pagefind page id → rankable page.
 */
export function rankResults<T extends EngineResult>(results: readonly T[], query: ParsedQuery, pages: PageLookup): T[] {
  const best = results.reduce((max, result) => Math.max(max, result.score), 0) || 1;
  const head = results.slice(0, RERANK_WINDOW);
  const ranked = head
    .map((result, index) => {
      const page = pages.get(result.id);
      const engine = result.score / best;
      return { result, index, score: page ? scorePage(page, query, engine) : engine };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ result }) => result);
  return [...ranked, ...results.slice(RERANK_WINDOW)];
}
