#!/usr/bin/env node
/**
 * `npm run bench`: measures the site and writes bench-results/report.md and report.json.
 *
 * 1. Cold production build: wall time, CPU time (user + system) and peak memory (max RSS), from
 *    GNU time, median of BENCH_RUNS runs (default 3), each after `docusaurus clear`.
 * 2. The number of HTML pages in build/.
 * 3. Page weight of sample pages: the HTML size, and the JS and CSS a first load downloads (the
 *    scripts and stylesheets the HTML references plus the route chunks it preloads), raw and gzip.
 *
 * It is a script, not a test: figures vary with the machine, which the report names.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';

import { measureSearch } from './bench-search.mjs';

// Shared TypeScript helpers, loaded the way Docusaurus loads its config (jiti).
const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { htmlFileFor } = jiti('../plugins/built-site.ts');

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'build');
const OUT = path.join(ROOT, 'bench-results');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DOCUSAURUS = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

/** Sample pages per page type (issue 8). */
export const SAMPLE_PAGES = {
  'doc page': '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
  'module page': '/reference/modules/terraform-aws-vpc/vpc-app/',
  'knowledge-base article': '/discussions/knowledge-base/10',
  'home page': '/',
  'search page': '/search',
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Runs one cold build under GNU time; returns seconds and MiB. */
function coldBuild(siteDir) {
  execFileSync(process.execPath, [DOCUSAURUS, 'clear'], { cwd: siteDir, stdio: 'ignore' });
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, DOCUSAURUS, 'build'], {
    cwd: siteDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(`bench: build failed in ${siteDir}:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-4000)}`);
  }
  const field = (label) => {
    const line = result.stderr.split('\n').find((l) => l.trim().startsWith(label));
    return line ? line.split(': ').pop().trim() : '';
  };
  const wall = field('Elapsed (wall clock) time').split(':').map(Number);
  const wallSeconds = wall.reduce((total, part) => total * 60 + part, 0);
  return {
    wallSeconds,
    cpuSeconds: Number(field('User time (seconds)')) + Number(field('System time (seconds)')),
    peakMemoryMiB: Number(field('Maximum resident set size (kbytes)')) / 1024,
  };
}

/** Median figures of `runs` cold builds. */
export function measureBuild(siteDir, runs = RUNS) {
  const samples = Array.from({ length: runs }, () => coldBuild(siteDir));
  return {
    runs,
    wallSeconds: median(samples.map((s) => s.wallSeconds)),
    cpuSeconds: median(samples.map((s) => s.cpuSeconds)),
    peakMemoryMiB: median(samples.map((s) => s.peakMemoryMiB)),
    samples,
  };
}

/** Every .html file under build/. */
export function countHtmlPages(buildDir = BUILD) {
  let count = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name.endsWith('.html')) count += 1;
    }
  };
  walk(buildDir);
  return count;
}

/**
 * First-load weight of a built page: the HTML, and the JS and CSS files it references or preloads.
 * @returns bytes, raw and gzip (level 9), or null when the page is not in the build.
 */
export function pageWeight(route, buildDir = BUILD) {
  const file = htmlFileFor(buildDir, route);
  if (!file) return null;
  const html = fs.readFileSync(file);
  const $ = cheerio.load(html.toString('utf8'));
  const assets = new Set();
  $('script[src]').each((_, el) => assets.add($(el).attr('src')));
  $('link[rel="preload"][as="script"], link[rel="modulepreload"]').each((_, el) => assets.add($(el).attr('href')));
  $('link[rel="stylesheet"]').each((_, el) => assets.add($(el).attr('href')));
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  for (const href of assets) {
    if (!href || /^https?:/.test(href)) continue;
    const assetPath = path.join(buildDir, href.split('?')[0]);
    if (!fs.existsSync(assetPath)) continue;
    const body = fs.readFileSync(assetPath);
    const kind = href.endsWith('.css') ? 'css' : 'js';
    totals[kind].raw += body.length;
    totals[kind].gzip += zlib.gzipSync(body, { level: 9 }).length;
    totals[kind].files += 1;
  }
  return { route, html: { raw: html.length, gzip: zlib.gzipSync(html, { level: 9 }).length }, ...totals };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  console.log(`bench: ${RUNS} cold builds of the site…`);
  const build = measureBuild(ROOT);
  const pages = countHtmlPages();
  const weights = Object.fromEntries(Object.entries(SAMPLE_PAGES).map(([name, route]) => [name, pageWeight(route)]));
  console.log('bench: search in Chromium…');
  const search = await measureSearch();
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    build,
    htmlPages: pages,
    pageWeights: weights,
    search,
  };
  fs.writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);

  const lines = [
    '# Benchmark report',
    '',
    `Measured ${report.date} on ${report.machine}.`,
    '',
    '## Cold production build',
    '',
    `Median of ${build.runs} runs, each after \`docusaurus clear\`.`,
    '',
    '| Wall time | CPU time | Peak memory | HTML pages |',
    '|---|---|---|---|',
    `| ${build.wallSeconds.toFixed(1)} s | ${build.cpuSeconds.toFixed(1)} s | ${build.peakMemoryMiB.toFixed(0)} MiB | ${pages} |`,
    '',
    '## First-load page weight',
    '',
    '| Page | Route | HTML (raw / gzip) | JS (raw / gzip) | CSS (raw / gzip) |',
    '|---|---|---|---|---|',
    ...Object.entries(weights).map(([name, w]) =>
      w
        ? `| ${name} | \`${w.route}\` | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} (${w.js.files} files) | ${kb(w.css.raw)} / ${kb(w.css.gzip)} |`
        : `| ${name} | \`${SAMPLE_PAGES[name]}\` | not built yet | | |`,
    ),
    '',
    '## Search (offline index, Chromium)',
    '',
    '| Query latency p50 / p95 | Downloaded from first hover to first hit (all / index files), gzip | Index on disk |',
    '|---|---|---|',
    `| ${search.latencyMs.p50.toFixed(1)} ms / ${search.latencyMs.p95.toFixed(1)} ms over ${search.queries} queries | ${kb(search.bytesBeforeFirstHit.gzip)} / ${kb(search.indexBytesBeforeFirstHit.gzip)} | ${(search.index.raw / 1024 / 1024).toFixed(1)} MB in ${search.index.files} files |`,
    '',
  ];
  fs.writeFileSync(path.join(OUT, 'report.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
