/**
 * The terms of the offline search's section index: how text (a page's body, a heading, a title
 * or a query) becomes the terms the index counts. The build (sections.ts) and the browser (the
 * query) share this module, so both sides split text the same way. Free of imports but the stemmer.
 */
import { stem } from './ranking';

/**
 * Words that shape a question rather than name its topic (`how do I`, `what should`, `my`, and
 * `input` or `output` in "which input sets …", which name the kind of answer a reference page
 * holds under every module): a query does not require them when other words remain; they only
 * add to the sections other words found.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or vs versus of to in on for with is are be been being do does did done how what why when ' +
    'where which who whom whose can could should would will shall may might must i me my mine we us our ours ' +
    'you your yours it its as at by from into this that these those there here so if then than just also ' +
    'about after before while any some all each every am was were has have had having get gets got getting ' +
    'keep keeps kept want wants need needs let lets way ways thing things really actually please ' +
    'input inputs output outputs'
  ).split(' '),
);

/** A run of letters and digits, possibly joined by `_ . - : /` (`aws_lb_listener`, `v0.26.0`, `us-east-1`). */
const WORD = /[a-z0-9][a-z0-9_.:/-]*/g;

/** Separator characters a word may end with (a sentence's full stop, a flag's trailing `-`). */
const TRAILING = /[_.:/-]+$/;

/** Compounds longer than this (URLs, long ARNs) are kept only as their parts. Counted in characters. */
export const MAX_COMPOUND_LENGTH = 64;

/** One term of a text, with whether it is an identifier (a compound, or a word holding a digit or `_`). */
export interface Term {
  term: string;
  /** The word as written (lower case), before stemming. */
  word: string;
  identifier: boolean;
  /** True for a part of a compound (`acm` of `upload-to-acm`), which also counts as the compound. */
  part: boolean;
}

/**
 * The terms of `text`, in order. A plain word gives its stem ({@link stem}: `gateways` →
 * `gateway`). A compound of words joined by `_ . - : /` gives the compound as written (lower case,
 * unstemmed: `enable_execute_command`, `upload-to-acm`, `v0.26.0`) and then each of its parts,
 * stemmed, so that `upload-to-acm` is found by `upload to acm` and by `--upload-to-acm` alike.
 */
export function termsOf(text: string): Term[] {
  const out: Term[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(TRAILING, '');
    if (word === '') continue;
    if (!/[_.:/-]/.test(word)) {
      out.push({
        term: stem(word),
        word,
        identifier: /_/.test(word) || (/\d/.test(word) && /[a-z]/.test(word)),
        part: false,
      });
      continue;
    }
    if (word.length <= MAX_COMPOUND_LENGTH) out.push({ term: word, word, identifier: true, part: false });
    for (const segment of segmentsOf(word)) out.push({ term: segment, word: segment, identifier: true, part: true });
    for (const version of versionsOf(word)) {
      if (version !== word) out.push({ term: version, word: version, identifier: true, part: true });
    }
    for (const piece of word.split(/[^a-z0-9]+/)) {
      if (piece !== '') out.push({ term: stem(piece), word: piece, identifier: /\d/.test(piece), part: true });
    }
  }
  return out;
}

/**
 * The named segments of a path, URL or ARN (`modules/services/eks-core-services`,
 * `github.com:gruntwork-io/terraform-aws-eks.git`): the pieces between `/` and `:` that are
 * compounds themselves (`eks-core-services`, `gruntwork-io`), so that a module named on its own
 * finds the path that holds it. A path's plain words are its parts already.
 */
function segmentsOf(word: string): string[] {
  if (!/[/:]/.test(word)) return [];
  const found = new Set<string>();
  for (const raw of word.split(/[/:]+/)) {
    const segment = raw.replace(TRAILING, '').replace(/\.git$/, '');
    if (/[_.-]/.test(segment) && segment.length <= MAX_COMPOUND_LENGTH && segment !== word) found.add(segment);
  }
  return [...found];
}

/** A version number in a compound: two to four dot-separated numbers, maybe after a `v`. */
const VERSION = /(?<![a-z0-9.])v?(\d{1,4}(?:\.\d{1,4}){1,3})(?![0-9])/g;

/**
 * The version numbers a compound holds, as the forms a reader may type: `v0.38.0` and `cis-1.5.0`
 * hold `0.38.0` and `1.5.0` (without the `v`) and their release line `0.38` and `1.5` (major.minor,
 * as "CIS 1.5" names CIS 1.5.0). Semantic Versioning 2.0.0 (semver.org) numbers releases
 * MAJOR.MINOR.PATCH.
 */
function versionsOf(word: string): string[] {
  const found = new Set<string>();
  for (const match of word.matchAll(VERSION)) {
    const version = match[1] ?? '';
    found.add(version);
    const numbers = version.split('.');
    if (numbers.length >= 3) found.add(numbers.slice(0, 2).join('.'));
  }
  return [...found];
}

/** The terms of `text` as strings, in order (see {@link termsOf}). */
export function termList(text: string): string[] {
  return termsOf(text).map((entry) => entry.term);
}

/**
 * The shard a term's postings live in. The shards hold contiguous ranges of the index's terms in
 * sorted order (UTF-16 code units, as `<` compares strings): `starts[n]` is the first term of shard
 * `n`, and a term lives in the last shard whose first term is not after it (shard 0 when it sorts
 * before every start). Terms that share a prefix so share a shard: the word a reader is typing
 * (`cid`, `cidr`, `cidr_block`) mostly finds its postings in a shard an earlier keystroke already
 * loaded. The build (sections.ts) and the browser must agree on it. Binary search, O(log shards).
 */
export function shardOf(term: string, starts: readonly string[]): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? '') <= term) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}
