/**
 * The spelling corrector of the offline search: which query words it corrects, keeps or rejects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { correctQuery, hasPrefix, toVocabulary, withinOneEdit } from '@site/plugins/local-search/client/spelling';

/** Most frequent first: `gateway` wins over `getaway` when both are one edit away. */
const vocabulary = toVocabulary(['terraform', 'gateway', 'subnet', 'terragrunt', 'dependency', 'gateways', 'getaway']);

describe('withinOneEdit', () => {
  it.each([
    ['gateway', 'gatway', true],
    ['gateway', 'gaetway', true],
    ['gateway', 'gatewayy', true],
    ['gateway', 'gateway', true],
    ['gateway', 'gatewya', true],
    ['gateway', 'getaway', false],
    ['gateway', 'gtwy', false],
  ])('%s vs %s within one edit: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
  });
});

describe('correctQuery', () => {
  it('corrects a misspelt word to the most frequent site word one edit away', () => {
    expect(correctQuery('nat gatway', vocabulary)).toEqual({ kind: 'ok', query: 'nat gateway', corrected: true });
    expect(correctQuery('subnte', vocabulary)).toEqual({ kind: 'ok', query: 'subnet', corrected: true });
  });

  it('reports a word that is not within one edit of any site word as unmatched', () => {
    expect(correctQuery('xyzzyplugh', vocabulary)).toEqual({ kind: 'unmatched' });
    expect(correctQuery('subnet xyzzyplugh', vocabulary)).toEqual({ kind: 'unmatched' });
  });

  it('keeps a word that is already right, short, or the start of a site word', () => {
    expect(correctQuery('terraform subnet', vocabulary)).toEqual({
      kind: 'ok',
      query: 'terraform subnet',
      corrected: false,
    });
    expect(correctQuery('eks', vocabulary)).toEqual({ kind: 'ok', query: 'eks', corrected: false });
    expect(correctQuery('terrag', vocabulary)).toEqual({ kind: 'ok', query: 'terrag', corrected: false });
    expect(hasPrefix(vocabulary, 'depend')).toBe(true);
    expect(hasPrefix(vocabulary, 'dependx')).toBe(false);
  });

  it('ignores case: the query comes back in lower case, corrected or not', () => {
    expect(correctQuery('Terraform GATWAY', vocabulary)).toEqual({
      kind: 'ok',
      query: 'terraform gateway',
      corrected: true,
    });
  });

  it('answers an empty or blank query with an empty query and no correction', () => {
    expect(correctQuery('', vocabulary)).toEqual({ kind: 'ok', query: '', corrected: false });
    expect(correctQuery('  / ', vocabulary)).toEqual({ kind: 'ok', query: '', corrected: false });
  });

  it('never throws on any string, and answers only with words of the query or of the site', () => {
    const word = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary-ascii' }),
      // A lone surrogate, and letters whose lower case is longer or not ASCII.
      fc.constantFrom('\uD800', 'İstanbul', 'STRAẞE', 'ǅungla'),
      fc.constantFrom(...vocabulary.byFrequency),
      fc.string({
        unit: fc.constantFrom('a', 'b', 'e', 'n', 't', 'G', 'A', 'W', 'Y', '_', '0', '3'),
        minLength: 4,
        maxLength: 10,
      }),
    );
    const query = fc
      .tuple(fc.array(word, { maxLength: 5 }), fc.constantFrom(' ', '  ', '-', '/', '.'))
      .map(([words, separator]) => words.join(separator));
    fc.assert(
      fc.property(query, (typed) => {
        const correction = correctQuery(typed, vocabulary);
        if (correction.kind === 'unmatched') return;
        const typedWords = typed.toLowerCase().split(/[^a-z0-9_.]+/);
        const answered = correction.query === '' ? [] : correction.query.split(' ');
        expect(answered.filter((w) => !typedWords.includes(w) && !vocabulary.known.has(w))).toEqual([]);
      }),
    );
  });
});
