#!/usr/bin/env node
/**
 * Compares the Markdown twins, `llms.txt` and `llms-full.txt` of two builds and sorts every
 * difference into a kind, each with the reason it is not a regression. What fits no kind is
 * printed in full as a possible regression.
 *
 * Usage: node scripts/compare-twins.mjs <old build> <new build> [--show KIND]
 * Exits 1 when a difference fits no kind, or a twin is missing from one side.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { diffLines } from 'diff';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { show: { type: 'string' } } });
const [oldDir, newDir] = positionals.map((dir) => path.resolve(dir));
if (oldDir === undefined || newDir === undefined) {
  console.error('usage: node scripts/compare-twins.mjs <old build> <new build> [--show KIND]');
  process.exit(2);
}

/** Lines without blockquote and list-continuation markers, joined, for comparing text alone. */
const plain = (text) =>
  text
    .split('\n')
    .map((line) => line.replace(/^(> ?)+/, '').trim())
    .filter((line) => line !== '')
    .join(' ');

/** The lines of a text that hold more than blockquote markers and spaces. */
const withoutBlankLines = (text) =>
  text
    .split('\n')
    .filter((line) => line.replace(/[>\s]/g, '') !== '')
    .join('\n');

/**
 * The kinds of difference, in the order they are tried: a name, the reason the difference is not
 * a regression, and whether a (removed, added) pair of hunks is of that kind.
 */
const KINDS = [
  {
    name: 'list-spacing',
    reason:
      'a loose list (the page renders every item as a paragraph): blank lines now separate its items; CommonMark reads both forms as the same loose list',
    test: (removed, added) => withoutBlankLines(removed) === withoutBlankLines(added),
  },
  {
    name: 'code-span-line-break',
    reason:
      'a code span the source broke across two lines: the page renders the line break as a space (as CommonMark does), and so does the twin now',
    test: (removed, added) =>
      /`[^`\n]*\n[^`]*`/.test(removed) && plain(removed).replace(/\s+/g, ' ') === plain(added).replace(/\s+/g, ' '),
  },
  {
    name: 'output-label',
    reason: 'the "Output" line the page shows under each output of a reference page, which the old conversion dropped',
    test: (removed, added) => removed.trim() === '' && /^(\s*Output\s*)+$/.test(added),
  },
];

/** Site paths of every `.md` twin in a build. */
function twins(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/${file.split(path.sep).join('/')}`)
    .sort();
}

/** The (removed, added) pairs of hunks between two texts. */
function hunks(before, after) {
  const pairs = [];
  let removed = '';
  let added = '';
  for (const part of diffLines(before, after)) {
    if (part.removed) removed += part.value;
    else if (part.added) added += part.value;
    else {
      if (removed !== '' || added !== '') pairs.push([removed, added]);
      removed = '';
      added = '';
    }
  }
  if (removed !== '' || added !== '') pairs.push([removed, added]);
  return pairs;
}

const counts = new Map(KINDS.map((kind) => [kind.name, { hunks: 0, files: new Set() }]));
const unclassified = [];
const shown = [];
let identical = 0;

/** Sorts the differences of one file (twin, or a section of llms-full.txt) into kinds. */
function compare(name, before, after) {
  if (before === after) {
    identical += 1;
    return;
  }
  for (const [removed, added] of hunks(before, after)) {
    const kind = KINDS.find((candidate) => candidate.test(removed, added));
    if (kind === undefined) unclassified.push({ name, removed, added });
    else {
      const count = counts.get(kind.name);
      count.hunks += 1;
      count.files.add(name);
      if (values.show === kind.name && shown.length < 20) shown.push({ name, removed, added });
    }
  }
}

const oldTwins = twins(oldDir);
const newTwins = new Set(twins(newDir));
const missing = [
  ...oldTwins.filter((file) => !newTwins.has(file)),
  ...[...newTwins].filter((file) => !oldTwins.includes(file)),
];
for (const file of oldTwins) {
  if (!newTwins.has(file)) continue;
  compare(file, fs.readFileSync(path.join(oldDir, file), 'utf8'), fs.readFileSync(path.join(newDir, file), 'utf8'));
}
compare(
  '/llms.txt',
  fs.readFileSync(path.join(oldDir, 'llms.txt'), 'utf8'),
  fs.readFileSync(path.join(newDir, 'llms.txt'), 'utf8'),
);

/** llms-full.txt by page: each section starts at its H1 and holds its `URL:` line. */
function sections(text) {
  const bySection = new Map();
  for (const section of text.split(/\n(?=# .*\n\nURL: )/))
    bySection.set(/\nURL: (\S+)/.exec(section)?.[1] ?? '', section);
  return bySection;
}
const oldFull = sections(fs.readFileSync(path.join(oldDir, 'llms-full.txt'), 'utf8'));
const newFull = sections(fs.readFileSync(path.join(newDir, 'llms-full.txt'), 'utf8'));
if ([...oldFull.keys()].join('\n') !== [...newFull.keys()].join('\n'))
  missing.push('llms-full.txt: other pages or another order');
for (const [url, section] of oldFull) if (newFull.has(url)) compare(`llms-full.txt ${url}`, section, newFull.get(url));

console.log(
  `${String(oldTwins.length)} twins, llms.txt and ${String(oldFull.size)} sections of llms-full.txt compared; ${String(identical)} identical`,
);
for (const kind of KINDS) {
  const count = counts.get(kind.name);
  console.log(
    `- ${kind.name}: ${String(count.hunks)} differences in ${String(count.files.size)} files: ${kind.reason}`,
  );
}
for (const { name, removed, added } of shown) console.log(`\n${name}\n--- old\n${removed}+++ new\n${added}`);
if (missing.length > 0) console.log(`\nOnly in one build:\n${missing.join('\n')}`);
if (unclassified.length > 0) {
  console.log(`\n${String(unclassified.length)} differences of no known kind (possible regressions):`);
  for (const { name, removed, added } of unclassified.slice(0, 40))
    console.log(`\n${name}\n--- old\n${removed}+++ new\n${added}`);
}
process.exit(missing.length === 0 && unclassified.length === 0 ? 0 : 1);
