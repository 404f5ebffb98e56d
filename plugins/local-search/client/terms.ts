/**
 * The terms of the offline search's section index: how text (a page's body, a heading, a title
 * or a query) becomes the terms the index counts. The build (sections.ts) and the browser (the
 * query) share this module, so both sides split text the same way. Free of imports but the stemmer.
 */
import { stem } from './ranking';

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
      out.push({ term: stem(word), word, identifier: /[\d_]/.test(word), part: false });
      continue;
    }
    if (word.length <= MAX_COMPOUND_LENGTH) out.push({ term: word, word, identifier: true, part: false });
    for (const piece of word.split(/[^a-z0-9]+/)) {
      if (piece !== '') out.push({ term: stem(piece), word: piece, identifier: /\d/.test(piece), part: true });
    }
  }
  return out;
}

/** The terms of `text` as strings, in order (see {@link termsOf}). */
export function termList(text: string): string[] {
  return termsOf(text).map((entry) => entry.term);
}

/** How often each term occurs in `text`. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of termList(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
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
