#!/usr/bin/env node
/**
 * Compares what readers see on every page of two built sites: the text of each `index.html`'s
 * `<main>` element (all of them, in order, whitespace collapsed), read with cheerio. Use it to
 * prove that a change to how the site is built leaves the pages as they were: build before the
 * change, copy `build/` away, build after, and compare the two folders.
 *
 * Usage: node scripts/compare-main-text.mjs <dirA> <dirB>
 * Prints one line per page whose text differs (`differs: <path>`, with the first differing words),
 * and per page found in only one folder (`only in <dir>: <path>`); paths are relative to the
 * folders. Exits 0 when every page is the same, 1 when any differs, 2 on a usage error.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

/** Every `index.html` below `dir`, as paths relative to it with `/` separators, sorted. */
function indexPages(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The text of every `<main>` of an HTML file, whitespace collapsed ('' when it has none). */
function mainText(file) {
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  return $('main')
    .map((_, element) => $(element).text())
    .get()
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short view of where two texts part: some words of each from the first differing character. */
function firstDifference(a, b) {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const from = Math.max(0, at - 30);
  return `…${a.slice(from, at + 50)}… / …${b.slice(from, at + 50)}…`;
}

const [dirA, dirB] = process.argv.slice(2);
if (dirA === undefined || dirB === undefined) {
  console.error('Usage: node scripts/compare-main-text.mjs <dirA> <dirB>');
  process.exit(2);
}
for (const dir of [dirA, dirB]) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.error(`compare-main-text: ${dir} is not a folder`);
    process.exit(2);
  }
}

const pagesA = indexPages(dirA);
const pagesB = new Set(indexPages(dirB));
let differences = 0;
for (const page of pagesA) {
  if (!pagesB.has(page)) {
    console.log(`only in ${dirA}: ${page}`);
    differences += 1;
    continue;
  }
  pagesB.delete(page);
  const textA = mainText(path.join(dirA, page));
  const textB = mainText(path.join(dirB, page));
  if (textA !== textB) {
    console.log(`differs: ${page}\n  ${firstDifference(textA, textB)}`);
    differences += 1;
  }
}
for (const page of pagesB) {
  console.log(`only in ${dirB}: ${page}`);
  differences += 1;
}
console.error(
  `compare-main-text: ${String(pagesA.length)} pages in ${dirA}; ${differences === 0 ? 'no differences' : `${String(differences)} differ`}.`,
);
process.exit(differences === 0 ? 0 : 1);
