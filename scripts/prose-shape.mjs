#!/usr/bin/env node
/**
 * Prints the shape of the prose that test/content/prose-shape.test.ts holds: sentences per
 * description, shared description openings, description lengths, the most widespread phrases and
 * sentence openings of the knowledge base, and the most shared guide headings.
 * `node scripts/prose-shape.mjs [how many to list, default 15]`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { descriptionShape, headingSpread, openingSpread, phraseSpread, proseCorpora, quantile } = jiti(
  '../test/content/prose-shape.ts',
);

const top = Number(process.argv[2] ?? 15);
const { descriptions, articles, guides } = proseCorpora(path.resolve(import.meta.dirname, '..'));
const shape = descriptionShape(descriptions);
const lengths = shape.lengths;
console.log(
  `${shape.total} descriptions; sentences (sentences: descriptions): ${shape.sentences.map(([v, n]) => `${v}: ${n}`).join(', ')}`,
);
console.log(
  `words: shortest ${lengths[0]}, quartiles ${quantile(lengths, 0.25)} / ${quantile(lengths, 0.5)} / ${quantile(lengths, 0.75)}, longest ${lengths.at(-1)}`,
);
console.log(
  `shared openings: ${shape.sharedOpenings.map(([o, ids]) => `"${o}" (${ids.length})`).join(', ') || 'none'}`,
);
const list = (title, spreads, of) => {
  console.log(`\n${title} (articles of ${of}):`);
  for (const { phrase, files } of spreads.slice(0, top)) console.log(`  ${files.length}  ${phrase}`);
};
list('knowledge-base phrases of three words', phraseSpread(articles, 3), articles.length);
list('knowledge-base sentence openings', openingSpread(articles, 2), articles.length);
console.log(`\nguide headings (pages of ${guides.length}):`);
for (const { phrase, files } of headingSpread(guides).slice(0, top)) console.log(`  ${files.length}  ${phrase}`);
