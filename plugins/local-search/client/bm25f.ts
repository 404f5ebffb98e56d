/**
 * Ranking of the offline search: BM25F over three fields of every section of every page (the
 * page's title, the section's heading, the section's body), as defined by S. Robertson and
 * H. Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", Foundations and Trends
 * in Information Retrieval 3(4), 2009, section 3.5 (BM25F, "simple BM25F" with a per-field
 * length normalisation and one saturation per term).
 *
 * For a query term t and a section s, the fields' counts are weighted and normalised first:
 *
 *     tf(t, s) = Σ_f  w_f · count(t, f, s) / (1 − b_f + b_f · length(f, s) / avgLength(f))
 *
 * and the section scores Σ_t q_t · idf(t) · tf(t, s) / (k1 + tf(t, s)), with
 * idf(t) = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5)) over the N sections, df(t) the sections that
 * hold t, and q_t the query term's weight (identifiers weigh more; see {@link QUERY_WEIGHTS}).
 * A page scores as its best section plus a small share of its others (`spread`), plus how much of
 * the query's weight the page holds (`coverage`) and how well its title matches (`titleCoverage`).
 *
 * The title field is the page's title, its URL slug and its code names; an h3 section's heading
 * field also holds its parent h2 (`parentHeading`), as a release's `v0.38.0` sits under its
 * repository; in both fields a compound's parts count less than words (`part`).
 *
 * Every section that holds any query term is a candidate, so a page that holds most of the
 * rarer terms ranks even when no page holds them all.
 */
import type { PageRecord, SectionsFile } from '../contract';
import { QUESTION_WORDS, termsOf } from './terms';

/** BM25F parameters: field weights w_f, length normalisation b_f, and the saturation k1. */
export interface Bm25fParameters {
  k1: number;
  weight: { title: number; heading: number; body: number };
  b: { title: number; heading: number; body: number };
  /** Share of a page's other sections' scores added to its best section's score. */
  spread: number;
  /**
   * Weight of the page's coverage of the query: the share of the query's idf-weighted terms that
   * any of its sections holds, added to the page score, so that a page holding the rarer terms
   * of a long question between its sections ranks above one section holding a few.
   */
  coverage: number;
  /**
   * Weight of how well the page title and the query match: the distinct terms they share (title
   * without question words; query words and identifiers) divided by the square root of the
   * product of their counts (Salton's cosine of two sets). A page named for the query ("Network
   * ACLs" for `network acls`) ranks above pages that mention it under another name, and a
   * one-word title ("Bastion") does not beat a fuller one ("Deploy a bastion host") for
   * `deploy bastion`. BM25F scores how much a page says about the query's terms, not how much of
   * the page's name the query is; this adds the latter.
   */
  titleCoverage: number;
  /**
   * Weight of a compound's part in the title and heading fields, relative to a word written on
   * its own: `vpc` in the heading `vpc_name` is weaker evidence of a section about VPCs than
   * `vpc` in "Default VPCs".
   */
  part: number;
  /** Weight of an h3 section's parent h2 heading in its heading field (as DocSearch's lvl2 over lvl3). */
  parentHeading: number;
  /**
   * Query-independent evidence: an amount added to the score of every page of a search section
   * (`Modules`, `Services`, as `pages.json` names them), in the manner of N. Craswell,
   * S. Robertson, H. Zaragoza and M. Taylor, "Relevance weighting for query independent
   * evidence", SIGIR 2005. Reference pages hold dozens of short input and output sections whose
   * identifier headings BM25F's length normalisation favours, so they outrank the guide or
   * knowledge-base page that answers a question; the prior offsets that.
   */
  sectionPrior: Readonly<Record<string, number>>;
}

/**
 * The parameters in use, chosen on the question and relevance fixtures (the grid tried is in the
 * benchmark report's search section).
 */
export const BM25F: Bm25fParameters = {
  k1: 6,
  weight: { title: 10, heading: 20, body: 1 },
  b: { title: 0.3, heading: 0.3, body: 0.75 },
  spread: 0.02,
  coverage: 2,
  titleCoverage: 4,
  part: 0.3,
  parentHeading: 1,
  sectionPrior: { Modules: -2, Services: -2 },
};

/** Weights q_t of query terms by kind. */
export const QUERY_WEIGHTS = {
  /** A plain word. */
  word: 1,
  /** An identifier: a compound (`enable_execute_command`, `v0.26.0`) or a word with a digit or `_`. */
  identifier: 2,
  /** A part of a compound typed in the query (`acm` of `--upload-to-acm`): the compound carries it. */
  part: 0.5,
  /** A word a synonym or acronym adds (see synonyms.json). */
  synonym: 0.6,
  /** A completion of the word the reader is still typing. */
  completion: 0.5,
  /** A question word (`what`, `is`): counts where other words found a section (`What is Kubernetes?`). */
  question: 0.6,
} as const;

/** A weighted query term and its postings (flat `[section delta, count, …]`, see TermShard). */
export interface QueryTerm {
  term: string;
  weight: number;
  postings: readonly number[];
  /** False for a question word: it adds to sections other terms found, and finds none itself. */
  finds?: boolean;
}

/** The statistics of the section index that do not depend on the query. */
export interface SectionStats {
  file: SectionsFile;
  /** Average body length (terms) of a section. */
  averageBody: number;
}

/** Builds the {@link SectionStats} of a sections file. */
export function sectionStats(file: SectionsFile): SectionStats {
  const total = file.length.reduce((sum, length) => sum + length, 0);
  return { file, averageBody: total / Math.max(1, file.length.length) };
}

/** Average field lengths of headings and titles, in terms: fixed, as the browser holds no totals. */
const AVERAGE_HEADING = 4;
const AVERAGE_TITLE = 6;

/** A page's best section for a query, and the page's score. */
export interface RankedPage {
  /** Index into the sections file's `pageIds`. */
  page: number;
  score: number;
  /** The best section: index into the sections file's lists. */
  section: number;
  /** The page record's heading of the best section, -1 for the text before the first heading. */
  heading: number;
  /** The query terms the page holds (the ones that scored). */
  matched: string[];
}

/** The terms of a field and how often each occurs, with their total (the field's length in terms). */
interface FieldCounts {
  counts: Map<string, number>;
  length: number;
}

function fieldCounts(text: string, part = BM25F.part): FieldCounts {
  const counts = new Map<string, number>();
  for (const entry of termsOf(text)) counts.set(entry.term, (counts.get(entry.term) ?? 0) + (entry.part ? part : 1));
  return { counts, length: sumOf(counts) };
}

/**
 * The fields of one page record that ranking reads, counted once per record (the records are
 * loaded once, and every keystroke of a query ranks many of the same sections again): the title
 * field (see {@link titleField}), the title's own terms, and each heading's terms, counted the
 * first time a section under that heading is ranked.
 */
interface RecordFields {
  title: FieldCounts;
  /** The distinct terms of the page's title, without question words (`a`, `the`, `how`). */
  titleTerms: Set<string>;
  headings: (FieldCounts | undefined)[];
}

const recordFields = new WeakMap<PageRecord, RecordFields>();

function fieldsOf(record: PageRecord): RecordFields {
  let fields = recordFields.get(record);
  if (fields === undefined) {
    const titleTerms = new Set(
      termsOf(record[2])
        .filter((entry) => entry.identifier || entry.part || !QUESTION_WORDS.has(entry.word))
        .map((entry) => entry.term),
    );
    fields = { title: fieldCounts(titleField(record)), titleTerms, headings: [] };
    recordFields.set(record, fields);
  }
  return fields;
}

/** The empty heading field of the text before a page's first heading. */
const NO_HEADING: FieldCounts = { counts: new Map(), length: 0 };

/** The terms of heading `index` of a record (-1: no heading, an empty field). */
function headingOf(record: PageRecord, fields: RecordFields, index: number): FieldCounts {
  if (index < 0) return NO_HEADING;
  let heading = fields.headings[index];
  if (heading === undefined) {
    heading = fieldCounts(record[3][index]?.[1] ?? '');
    const parent = BM25F.parentHeading > 0 ? parentOf(record, index) : undefined;
    if (parent !== undefined) {
      const above = fieldCounts(parent);
      for (const [term, count] of above.counts)
        heading.counts.set(term, (heading.counts.get(term) ?? 0) + BM25F.parentHeading * count);
      heading.length += BM25F.parentHeading * above.length;
    }
    fields.headings[index] = heading;
  }
  return heading;
}

/** The text of the h2 an h3 heading of a record sits under, if any. */
function parentOf(record: PageRecord, index: number): string | undefined {
  const headings = record[3];
  if (headings[index]?.[2] !== 3) return undefined;
  for (let at = index - 1; at >= 0; at -= 1) if (headings[at]?.[2] === 2) return headings[at]?.[1];
  return undefined;
}

/**
 * Ranks the pages for a query: BM25F over the sections that hold any of `terms`, pages by their
 * best section. `recordOf` gives a page record by its index in the sections file (for the title
 * and headings); `keep` can leave pages out (a section filter). Best first; ties keep page order.
 */
export function rankPages(
  stats: SectionStats,
  terms: readonly QueryTerm[],
  recordOf: (page: number) => PageRecord | undefined,
  keep: (page: number) => boolean = () => true,
  parameters: Bm25fParameters = BM25F,
): RankedPage[] {
  const { file } = stats;
  const n = file.page.length;
  const { k1, weight, b } = parameters;
  // Body counts of each candidate section, per query term.
  const bodies = new Map<number, Float64Array>();
  const idf = terms.map((entry) => {
    const df = entry.postings.length / 2;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const finders = terms.filter((entry) => entry.finds !== false);
  terms.forEach((entry, t) => {
    if (entry.finds === false && finders.length > 0) return;
    let section = 0;
    for (let i = 0; i + 1 < entry.postings.length; i += 2) {
      section += entry.postings[i] ?? 0;
      if (!keep(file.page[section] ?? -1)) continue;
      let counts = bodies.get(section);
      if (counts === undefined) {
        counts = new Float64Array(terms.length);
        bodies.set(section, counts);
      }
      counts[t] = entry.postings[i + 1] ?? 0;
    }
  });
  terms.forEach((entry, t) => {
    if (entry.finds !== false || finders.length === 0) return;
    let section = 0;
    for (let i = 0; i + 1 < entry.postings.length; i += 2) {
      section += entry.postings[i] ?? 0;
      const counts = bodies.get(section);
      if (counts) counts[t] = entry.postings[i + 1] ?? 0;
    }
  });
  // A term string given twice counts once, as its first entry (its weight is the last entry's).
  const firstOf = terms.map((entry) => terms.findIndex((other) => other.term === entry.term));
  // Per page: its best section's score, the sum of its other sections' scores, and the query
  // terms it holds (indices into `terms`, in the order they were first found, with a flag each).
  const pages = new Map<number, { best: number; section: number; rest: number; held: Uint8Array; matched: number[] }>();
  for (const [section, body] of bodies) {
    const page = file.page[section] ?? -1;
    const record = recordOf(page);
    if (record === undefined) continue;
    const fields = fieldsOf(record);
    const headingField = headingOf(record, fields, file.heading[section] ?? -1);
    const title = fields.title.counts;
    const heading = headingField.counts;
    const titleNorm = 1 - b.title + (b.title * fields.title.length) / AVERAGE_TITLE;
    const headingNorm = 1 - b.heading + (b.heading * Math.max(1, headingField.length)) / AVERAGE_HEADING;
    const bodyNorm = 1 - b.body + (b.body * (file.length[section] ?? 0)) / stats.averageBody;
    let current = pages.get(page);
    const first = current === undefined;
    if (current === undefined) {
      current = { best: 0, section, rest: 0, held: new Uint8Array(terms.length), matched: [] };
      pages.set(page, current);
    }
    let score = 0;
    for (let t = 0; t < terms.length; t += 1) {
      const entry = terms[t] as QueryTerm;
      const tf =
        (weight.title * (title.get(entry.term) ?? 0)) / titleNorm +
        (weight.heading * (heading.get(entry.term) ?? 0)) / headingNorm +
        (weight.body * (body[t] ?? 0)) / bodyNorm;
      if (tf <= 0) continue;
      const held = firstOf[t] ?? t;
      if (current.held[held] === 0) {
        current.held[held] = 1;
        current.matched.push(held);
      }
      score += entry.weight * (idf[t] ?? 0) * (tf / (k1 + tf));
    }
    if (first) current.best = score;
    else if (score > current.best) {
      current.rest += current.best;
      current.best = score;
      current.section = section;
    } else current.rest += score;
  }
  const termWeight = new Map(terms.map((entry, t) => [entry.term, entry.weight * (idf[t] ?? 0)]));
  let totalWeight = 0;
  for (const value of termWeight.values()) totalWeight += value;
  const coverageOf = (matched: readonly number[]): number => {
    let sum = 0;
    for (const t of matched) sum += termWeight.get(terms[t]?.term ?? '') ?? 0;
    return totalWeight > 0 ? sum / totalWeight : 0;
  };
  const queryTerms = new Set(terms.map((entry) => entry.term));
  const querySize = Math.max(1, terms.filter((entry) => entry.finds !== false && entry.weight >= 1).length);
  const titleShare = (page: number): number => {
    const record = recordOf(page);
    if (record === undefined) return 0;
    const title = fieldsOf(record).titleTerms;
    let held = 0;
    for (const term of title) if (queryTerms.has(term)) held += 1;
    return title.size === 0 ? 0 : held / Math.sqrt(title.size * querySize);
  };
  return [...pages]
    .map(([page, entry]) => ({
      page,
      score:
        entry.best +
        parameters.spread * entry.rest +
        parameters.coverage * coverageOf(entry.matched) +
        parameters.titleCoverage * titleShare(page),
      section: entry.section,
      heading: file.heading[entry.section] ?? -1,
      matched: entry.matched.map((t) => terms[t]?.term ?? ''),
    }))
    .sort((x, y) => y.score - x.score || x.page - y.page);
}

/**
 * Adds each page's section prior ({@link Bm25fParameters.sectionPrior}) to its score and sorts
 * again, best first (ties keep page order). `sectionOf` names a page's search section.
 */
export function withSectionPriors(
  ranked: readonly RankedPage[],
  sectionOf: (page: number) => string | undefined,
  parameters: Bm25fParameters = BM25F,
): RankedPage[] {
  const prior = (page: number): number => {
    const section = sectionOf(page);
    return section !== undefined && Object.hasOwn(parameters.sectionPrior, section)
      ? (parameters.sectionPrior[section] ?? 0)
      : 0;
  };
  return ranked
    .map((entry) => ({ ...entry, score: entry.score + prior(entry.page) }))
    .sort((x, y) => y.score - x.score || x.page - y.page);
}

/**
 * The text of a page's title field: its title, the last segment of its URL as one compound term
 * (`ecs-service-with-alb`), and its code names (`terraform-aws-ecs/modules/ecs-service`), so that
 * a module or service named in a query as readers or code name it matches its page.
 */
function titleField(record: PageRecord): string {
  const slug = record[1].replace(/\/$/, '').split('/').pop() ?? '';
  const title = /[-_.]/.test(slug) ? `${record[2]} ${slug}` : record[2];
  return record[4] === undefined ? title : `${title} ${record[4]}`;
}

function sumOf(counts: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}
