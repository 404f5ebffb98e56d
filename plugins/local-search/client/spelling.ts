/**
 * The spelling corrector of the offline search: checks each query word against the site's words
 * (the vocabulary file the plugin writes) and corrects one typo per word, so that `gatway` finds
 * the pages about gateways. Pure functions; the vocabulary is loaded by indexLoader.ts.
 */
import { MIN_CORRECTED_WORD_LENGTH } from '../contract';

/** True when two words are within one edit (insert, delete, substitute or swap two neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The site's words: by frequency (for corrections) and sorted (for prefix look-ups). */
export interface Vocabulary {
  byFrequency: readonly string[];
  sorted: readonly string[];
  known: ReadonlySet<string>;
  /** Module and service names → permalink. */
  names: ReadonlyMap<string, string>;
}

/**
 * Builds a {@link Vocabulary} from the words (most frequent first) and the reference names that
 * the build writes to the vocabulary file.
 */
export function toVocabulary(byFrequency: readonly string[], names: Record<string, string> = {}): Vocabulary {
  return {
    byFrequency,
    sorted: [...byFrequency].sort(),
    known: new Set(byFrequency),
    names: new Map(Object.entries(names)),
  };
}

/** True when some vocabulary word starts with `prefix` (binary search). */
export function hasPrefix(vocabulary: Vocabulary, prefix: string): boolean {
  const list = vocabulary.sorted;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((list[mid] ?? '') < prefix) low = mid + 1;
    else high = mid;
  }
  return (list[low] ?? '').startsWith(prefix);
}

/**
 * The outcome of checking a query against the vocabulary: `ok` with the lower-cased words to
 * search (joined by single spaces) and whether any was corrected, or `unmatched` when a word
 * matches nothing on the site.
 */
export type Correction = { kind: 'ok'; query: string; corrected: boolean } | { kind: 'unmatched' };

/**
 * Checks each word of `query` against the site's words. The query is lower-cased and split on
 * anything but letters, digits, `_` and `.`. A word that is short, known, or the start of a known
 * word (the reader is still typing) stays. Another word is replaced by the most frequent word one
 * edit away; when there is none, nothing on the site can match and the query is unmatched. An
 * empty query is `ok` with an empty query. Never throws.
 */
export function correctQuery(query: string, vocabulary: Vocabulary): Correction {
  const all = query
    .toLowerCase()
    .split(/[^a-z0-9_.]+/)
    .filter(Boolean);
  // Single letters (the "i" and "o" of "i/o") match nothing on their own; drop them.
  const words = all.length > 1 ? all.filter((word) => word.length > 1) : all;
  const corrected: string[] = [];
  let changed = false;
  for (const word of words) {
    if (
      word.length < MIN_CORRECTED_WORD_LENGTH ||
      !/^[a-z][a-z0-9_]*$/.test(word) ||
      vocabulary.known.has(word) ||
      hasPrefix(vocabulary, word)
    ) {
      corrected.push(word);
      continue;
    }
    const candidate = vocabulary.byFrequency.find((entry) => withinOneEdit(word, entry));
    if (candidate === undefined) return { kind: 'unmatched' };
    corrected.push(candidate);
    changed = true;
  }
  return { kind: 'ok', query: corrected.join(' '), corrected: changed };
}
