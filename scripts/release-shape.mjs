#!/usr/bin/env node
/**
 * Prints the shape of the release notes in data/releases: entries per month and sentences per
 * summary, each as "count: how many", and the share of releases on each weekday (see
 * test/content/release-shape.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { loadCatalog } = jiti('../plugins/catalog/load.ts');
const { releaseShape, weekdayShares } = jiti('../test/content/release-shape.ts');

const catalog = loadCatalog(path.resolve(import.meta.dirname, '../data'));
const shape = releaseShape(catalog.releaseMonths);
const line = (distribution) => distribution.map(([value, n]) => `${value}: ${n}`).join(', ');
console.log(`${shape.months} months; entries per month (entries: months): ${line(shape.entriesPerMonth)}`);
console.log(
  `${shape.summaries} summaries; sentences per summary (sentences: summaries): ${line(shape.sentencesPerSummary)}`,
);
const shares = weekdayShares(catalog.releaseMonths);
console.log(
  `releases per weekday: ${Object.entries(shares)
    .map(([day, share]) => `${day} ${(share * 100).toFixed(1)} %`)
    .join(', ')}`,
);
