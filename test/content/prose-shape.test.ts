// @vitest-environment node
/**
 * Prose shaped by its subject, not by a template: module and service descriptions vary in sentence
 * count, opening and length; no phrase recurs across a large share of knowledge-base articles; and
 * guide pages name their sections after what the page does rather than sharing one heading.
 * `node scripts/prose-shape.mjs` prints the figures these tests hold and the most widespread phrases.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  descriptionShape,
  headingSpread,
  headingTexts,
  openingSpread,
  phraseSpread,
  proseCorpora,
  proseSentences,
  quantile,
  type Document,
} from './prose-shape';

const { descriptions, articles, guides } = proseCorpora(path.resolve(__dirname, '../..'));

/** Most descriptions that may share one sentence count. */
const MAX_SENTENCE_SHARE = 0.4;
/** Most knowledge-base articles that may share one phrase or sentence opening. */
const MAX_PHRASE_SHARE = 0.1;
/** Most guide pages that may share one section heading. */
const MAX_HEADING_SHARE = 0.05;

describe('module and service descriptions in data/', () => {
  const shape = descriptionShape(descriptions);

  it('vary in sentence count: no one count covers more than 40 % of them', () => {
    const [count, occurrences] = shape.sentences[0] ?? [0, 0];
    const message = `${String(occurrences)} of ${String(shape.total)} descriptions have ${String(count)} sentences`;
    expect(occurrences / shape.total, message).toBeLessThanOrEqual(MAX_SENTENCE_SHARE);
  });

  it('each open with their own first three words', () => {
    expect(shape.sharedOpenings.map(([opening, ids]) => `"${opening}": ${ids.join(', ')}`)).toEqual([]);
  });

  it('vary in length with what there is to say: the middle half spans at least 30 words', () => {
    const [low, high] = [quantile(shape.lengths, 0.25), quantile(shape.lengths, 0.75)];
    expect(high - low, `the middle half runs from ${String(low)} to ${String(high)} words`).toBeGreaterThanOrEqual(30);
  });

  it('vary in length: the longest has at least twice the words of the shortest', () => {
    expect(shape.lengths.at(-1) ?? 0).toBeGreaterThanOrEqual(2 * (shape.lengths[0] ?? 0));
  });
});

describe('knowledge-base articles', () => {
  const limit = Math.floor(articles.length * MAX_PHRASE_SHARE);

  it('share no phrase of three or more words (outside code and names) with more than 10 % of articles', () => {
    const common = phraseSpread(articles, 3).filter((spread) => spread.files.length > limit);
    expect(common.map((spread) => `"${spread.phrase}" in ${String(spread.files.length)} articles`)).toEqual([]);
  });

  it('share no sentence opening of two words (not only function words) with more than 10 % of articles', () => {
    const common = openingSpread(articles, 2).filter((spread) => spread.files.length > limit);
    expect(common.map((spread) => `"${spread.phrase}…" in ${String(spread.files.length)} articles`)).toEqual([]);
  });
});

describe('guide pages', () => {
  it('name their sections after the page: no heading heads more than 5 % of the pages', () => {
    const limit = Math.floor(guides.length * MAX_HEADING_SHARE);
    const common = headingSpread(guides).filter((spread) => spread.files.length > limit);
    expect(common.map((spread) => `"${spread.phrase}" heads ${String(spread.files.length)} pages`)).toEqual([]);
  });
});

describe('the prose measures', () => {
  it('leave code, HTML and names out of phrases and split prose into sentences', () => {
    const docs: Document[] = [
      { file: 'a.md', markdown: 'Run `terraform plan` to verify the change. Terraform reads the AWS provider.' },
      { file: 'b.md', markdown: 'To verify the change, read the plan.\n\n```hcl\nto verify the change\n```' },
      { file: 'c.md', markdown: 'We use Terraform.\n\n<div>to verify the change</div>' },
    ];
    const spread = phraseSpread(docs, 3);
    expect(spread.find((s) => s.phrase === 'to verify the')?.files).toEqual(['a.md', 'b.md']);
    expect(spread.some((s) => s.phrase.includes('terraform') || s.phrase.includes('aws'))).toBe(false);
    expect(proseSentences(docs[0]?.markdown ?? '').map((s) => s.map((w) => w.text).join(' '))).toEqual([
      'Run',
      'to verify the change',
      'Terraform reads the AWS provider',
    ]);
  });

  it('count openings once per document and find shared description openings', () => {
    const docs: Document[] = [
      { file: 'a.md', markdown: 'To verify, run it. To verify, run it again.' },
      { file: 'b.md', markdown: 'Then run it. To verify, look. In the end, stop.' },
    ];
    expect(openingSpread(docs, 2)[0]).toEqual({ phrase: 'to verify', files: ['a.md', 'b.md'] });
    expect(openingSpread(docs, 2).some((spread) => spread.phrase === 'in the')).toBe(false);
    const shape = descriptionShape([
      { id: 'x', text: 'Creates an S3 bucket. It is private.' },
      { id: 'y', text: 'Creates an S3 access point.' },
      { id: 'z', text: 'Builds a VPC with `cidr_block` subnets in three zones.' },
    ]);
    expect(shape.sharedOpenings).toEqual([['creates an s3', ['x', 'y']]]);
    expect(shape.sentences).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(shape.lengths).toEqual([5, 7, 8]);
  });

  it('read the heading texts of depth 2 and 3 only, and count each heading once per page', () => {
    expect(headingTexts('# Title\n\n## Verify\n\ntext\n\n### Check `kubectl`\n\n#### Deep')).toEqual([
      'Verify',
      'Check kubectl',
    ]);
    const spread = headingSpread([
      { file: 'a.md', markdown: '## Verify\n\n## Verify\n\n## Apply' },
      { file: 'b.md', markdown: '## verify' },
    ]);
    expect(spread).toEqual([
      { phrase: 'verify', files: ['a.md', 'b.md'] },
      { phrase: 'apply', files: ['a.md'] },
    ]);
  });

  it('take the nearest-rank quantile of sorted values', () => {
    expect(quantile([80, 90, 100, 110, 120, 130, 140, 150], 0.25)).toBe(90);
    expect(quantile([80, 90, 100, 110, 120, 130, 140, 150], 0.75)).toBe(130);
  });
});
