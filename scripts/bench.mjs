#!/usr/bin/env node
/**
 * `npm run bench`: measures the site and writes bench-results/report.md and report.json.
 *
 * 1. Cold production build: wall time, CPU time (user + system) and peak memory (max RSS), from
 *    GNU time, median of BENCH_RUNS runs (default 3), each after `docusaurus clear`. Beside it, the
 *    same figures for a stock Docusaurus site with as many generated pages (bench/stock-site.mjs),
 *    the engine's floor, and our time as a ratio to it.
 * 2. The number of HTML pages in build/.
 * 3. Scaling: one cold build of a temporary copy of the site plus 1,000, 2,000 and 4,000 generated
 *    pages, with the slope in ms per page (bench/scaling.mjs).
 * 4. Live preview: `npm start` to the first page served, and hot reload of a doc edit
 *    (bench/preview.mjs).
 * 5. Page weight of sample pages, in Chromium: the HTML, and the JS and CSS a first visit downloads
 *    (the scripts in the HTML plus the route chunks loaded before hydration), raw and gzip.
 * 6. Lighthouse scores and metrics of the sample pages, mobile preset (bench/lighthouse.mjs).
 * 6b. Long tasks of the sample pages' first load, from Chromium traces, in CPU time
 *    (bench/long-tasks.mjs; BENCH_TASK_RUNS loads per page, default 5).
 * 7. Search in Chromium (bench-search.mjs).
 * 3b. Last-updated dates: cold builds of a full and of a shallow clone of HEAD; the difference is
 *    what reading git history costs, as a share of the build (bench/last-updated.mjs). The shallow
 *    builds are checked to show no date and to print one warning.
 * 8. Load test of the production server: autocannon, 50 connections for 30 s, against nginx and
 *    against `docusaurus serve` over the same mix of 500 pages and their assets (bench/load.mjs).
 * 9. The docs MCP server on build/: start time, `search_docs` latency over the relevance and question fixtures,
 *    and the size of `read_page` for the largest page (bench/mcp.mjs).
 *
 * Environment, all optional:
 * - BENCH_SKIP: comma list of sections to leave out: build, stock, scaling, history, preview, compression,
 *   edits, lighthouse, tasks, search, load, mcp. Without `build`, the figures of build/ as it is are used, and the ratio to the stock
 *   site uses the build figures of the previous report.
 * - BENCH_RUNS: cold builds per figure (ours and stock), default 3.
 * - BENCH_STOCK_PAGES: pages of the stock site (default: our build's HTML page count).
 * - BENCH_SCALING: extra page counts, default "0,1000,2000,4000".
 * - BENCH_LIGHTHOUSE_RUNS (default 3) and BENCH_LIGHTHOUSE_PAGES (comma list of sample routes).
 * - BENCH_LOAD_CONNECTIONS (default 50), BENCH_LOAD_SECONDS (default 30), BENCH_LOAD_PORT
 *   (default 3404; `docusaurus serve` gets the next port).
 * - BENCH_MCP_STARTS: starts of the MCP server timed (default 5).
 * - BENCH_OUT: folder for report.md and report.json instead of bench-results/ (for quick tries).
 *
 * A section that fails is reported with its error; the others still run, and the exit code is 1.
 * It is a script, not a test: figures vary with the machine, which the report names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { measureSearch } from './bench-search.mjs';
import {
  countHtmlPages as countPagesIn,
  coldBuild,
  measureBuild as measureBuildOf,
  summarizeBuilds,
} from './bench/build.mjs';
import { measureLighthouse, selectPages } from './bench/lighthouse.mjs';
import { measureLastUpdated } from './bench/last-updated.mjs';
import { LEVELS as COMPRESSION_LEVELS, measureCompression } from './bench/compression.mjs';
import { measureEditsAgainstStock } from './bench/edits.mjs';
import { measureLoad } from './bench/load.mjs';
import { CPU_SLOWDOWN, LONG_TASK_MS, measureLongTasks } from './bench/long-tasks.mjs';
import { measureMcp } from './bench/mcp.mjs';
import { measurePageWeights as measurePageWeightsOf } from './bench/page-weights.mjs';
import { precacheOf } from './bench/precache.mjs';
import { measurePreview } from './bench/preview.mjs';
import { SAMPLE_PAGES } from './bench/sample-pages.mjs';
import { measureScaling, parseExtraPages } from './bench/scaling.mjs';
import { createStockSite, stockFigures } from './bench/stock-site.mjs';
import { removeTempDir } from './bench/workspace.mjs';

export { coldBuild, SAMPLE_PAGES };

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'build');
const DEFAULT_OUT = path.join(ROOT, 'bench-results');
const OUT = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : DEFAULT_OUT;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Sections that BENCH_SKIP can leave out. */
const SECTIONS = [
  'build',
  'stock',
  'scaling',
  'history',
  'preview',
  'compression',
  'edits',
  'lighthouse',
  'tasks',
  'search',
  'load',
  'mcp',
];

/**
 * Median figures of `runs` cold builds of `siteDir` (see bench/build.mjs).
 * @returns {{ runs: number, wallSeconds: number, cpuSeconds: number, peakMemoryMiB: number, samples: object[] }}
 *   times in s, memory in MiB
 */
export function measureBuild(siteDir, runs = RUNS) {
  return measureBuildOf(siteDir, runs);
}

/** Every .html file under build/. */
export function countHtmlPages(buildDir = BUILD) {
  return countPagesIn(buildDir);
}

/**
 * First-load weight of each sample page of build/ (bench/page-weights.mjs).
 * @returns {Promise<Record<string, object | null>>} page name → weight, null when not built
 */
export function measurePageWeights(pages = SAMPLE_PAGES, buildDir = BUILD) {
  return measurePageWeightsOf(pages, buildDir);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** The sections named in BENCH_SKIP; throws on an unknown name. */
function skippedSections() {
  const names = (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!SECTIONS.includes(name))
      throw new Error(`bench: BENCH_SKIP: unknown section "${name}" (${SECTIONS.join(', ')})`);
  }
  return new Set(names);
}

/**
 * The latest report.json (in the output folder, else in bench-results/), if any: its page weights
 * and precache are shown beside this run's, and its build figures stand in when the build is
 * skipped (when it has them).
 */
function previousReport() {
  for (const dir of [OUT, DEFAULT_OUT]) {
    try {
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
      if (report?.build?.wallSeconds || report?.pageWeights) return report;
    } catch {
      // none here
    }
  }
  return null;
}

const seconds = (value) => `${value.toFixed(1)} s`;
const ms = (value) => `${Math.round(value)} ms`;
const mib = (value) => `${value.toFixed(0)} MiB`;
const ratio = (ours, stock) => `${(ours / stock).toFixed(2)}×`;

/** Names of the build phases in the report, in order (see bench/phase-timer-plugin.cjs). */
const PHASE_LABELS = {
  config: 'Config and plugin set-up',
  loadContent: 'Load content (loadContent, contentLoaded)',
  bundle: 'Bundles, client and server in parallel',
  clientBundle: '… client bundle (wall)',
  serverBundle: '… server bundle (wall)',
  staticGeneration: 'Static generation (server render of every page)',
  postBuild: 'Post-build (all plugins, then the broken-link check)',
};

/**
 * Markdown rows of the phase table: each phase's median wall and CPU time for this site and the
 * stock site, and the wall ratio; then this site's post-build steps.
 */
function phaseRows(ours, stock) {
  const span = (value) =>
    value ? `${seconds(value.wallSeconds)}${value.cpuSeconds === null ? '' : ` / ${seconds(value.cpuSeconds)}`}` : '';
  const rows = Object.entries(PHASE_LABELS).map(([name, label]) => {
    const a = ours?.[name];
    const b = stock?.[name];
    const r = a && b && b.wallSeconds > 0.05 ? ratio(a.wallSeconds, b.wallSeconds) : '';
    return `| ${label} | ${span(a)} | ${span(b)} | ${r} |`;
  });
  const steps = Object.entries(ours?.postBuildSteps ?? {}).map(
    ([name, value]) => `| … post-build step \`${name}\` | ${span(value)} | | |`,
  );
  return [...rows, ...steps];
}

/**
 * Markdown lines of the edits section: per edit, the files of build/ that differ after it and the
 * build after it beside the cold build, ours and stock.
 */
function editLines(edits) {
  const row = (site, figures) => {
    const cold = figures.cold;
    return figures.edits.map(
      (edit) =>
        `| ${site} | ${edit.edit} (\`${edit.target}\`) | ${edit.changed.length} | ${seconds(edit.build.wallSeconds)} / ${seconds(edit.build.cpuSeconds)} | ${(edit.build.wallSeconds / cold.wallSeconds).toFixed(2)} of ${seconds(cold.wallSeconds)} |`,
    );
  };
  const lists = edits.ours.edits.map((edit) => [
    `Files of build/ that differ after our ${edit.edit} edit (${edit.changed.length}):`,
    '',
    ...edit.changed.slice(0, 40).map(({ file, change }) => `- ${change}: \`${file}\``),
    ...(edit.changed.length > 40 ? [`- … and ${edit.changed.length - 40} more`] : []),
    '',
  ]);
  return [
    `On a temporary copy of the site and on the stock site: a cold build, then each edit in turn and a build keeping the caches (\`node_modules/.cache\`). Files compared by content. Budget for our one-page edit: ${edits.budget} files (${edits.withinBudget ? 'met' : 'NOT met'}).`,
    '',
    '| Site | Edit | Files of build/ changed | Build after the edit, wall / CPU | Share of the cold build (wall) |',
    '|---|---|---|---|---|',
    ...row('ours', edits.ours),
    ...row('stock', edits.stock),
    '',
    ...lists.flat(),
  ];
}

/** Markdown lines of a section that was skipped or failed; null when it has figures. */
function missing(section) {
  if (section === undefined) return ['Skipped (BENCH_SKIP).', ''];
  if (section?.error) return [`Failed: ${section.error.split('\n')[0]}`, ''];
  return null;
}

async function main() {
  const skip = skippedSections();
  fs.mkdirSync(OUT, { recursive: true });
  const failures = [];
  /** Runs one section; a failure is recorded and the benchmark goes on. */
  const section = async (name, run) => {
    if (skip.has(name)) return undefined;
    try {
      return await run();
    } catch (error) {
      console.error(`bench: the ${name} section failed: ${error.stack ?? error.message}`);
      failures.push(name);
      return { error: error.message };
    }
  };

  // Our builds and the stock site's alternate (ours, stock, ours, …) so that a machine that speeds up
  // or slows down over the run weighs on both alike.
  const stockPagesWanted = () => {
    const count = Number(process.env.BENCH_STOCK_PAGES ?? (fs.existsSync(BUILD) ? countHtmlPages() : NaN));
    if (!(count >= 1)) throw new Error('bench: no build/ to count our pages in; build first or set BENCH_STOCK_PAGES');
    return count;
  };
  let stockSite = null;
  if (!skip.has('stock')) {
    try {
      stockSite = createStockSite({ pages: stockPagesWanted() });
    } catch (error) {
      console.error(`bench: the stock section failed: ${error.stack ?? error.message}`);
      failures.push('stock');
    }
  }
  const ourSamples = [];
  const stockSamples = [];
  const build = await section('build', async () => {
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`bench: cold build ${run} of ${RUNS} of the site…`);
      ourSamples.push(coldBuild(ROOT));
      if (stockSite) {
        console.log(`bench: cold build ${run} of ${RUNS} of a stock Docusaurus site with ${stockSite.pages} pages…`);
        stockSamples.push(coldBuild(stockSite.dir));
      }
    }
    return summarizeBuilds(ourSamples);
  });
  // Without a fresh build, the ratio to the stock site uses the previous report's figures.
  const previous = previousReport();
  const ourBuild =
    build && !build.error
      ? build
      : previous?.build?.wallSeconds
        ? { ...previous.build, reusedFrom: previous.date }
        : null;
  const pages = fs.existsSync(BUILD) ? countHtmlPages() : null;
  const weights = pages ? await measurePageWeights() : {};
  // The service worker's precache of a first visit (plugins/offline), from the build's sw.js.
  const precache = pages && fs.existsSync(path.join(BUILD, 'sw.js')) ? precacheOf(BUILD) : null;

  const stock = stockSite
    ? await section('stock', async () => {
        try {
          // With the build section skipped, the stock site is built here on its own.
          while (stockSamples.length < RUNS) stockSamples.push(coldBuild(stockSite.dir));
          const figures = await stockFigures(stockSite, summarizeBuilds(stockSamples));
          const against = ourBuild
            ? {
                oursFrom: ourBuild.reusedFrom ?? 'this run',
                wall: ourBuild.wallSeconds / figures.build.wallSeconds,
                cpu: ourBuild.cpuSeconds / figures.build.cpuSeconds,
                peakMemory: ourBuild.peakMemoryMiB / figures.build.peakMemoryMiB,
              }
            : null;
          return { ...figures, ratio: against };
        } finally {
          removeTempDir(stockSite.dir);
        }
      })
    : skip.has('stock')
      ? undefined
      : { error: 'the stock site could not be written' };

  const scaling = await section('scaling', () => measureScaling(parseExtraPages(process.env.BENCH_SCALING)));

  const history = await section('history', () => measureLastUpdated({ runs: RUNS }));

  const preview = await section('preview', () => {
    console.log('bench: live preview (docusaurus start, hot reload)…');
    return measurePreview();
  });

  const compression = await section('compression', () => {
    console.log('bench: precompression levels by kind of file…');
    return measureCompression(BUILD);
  });

  // Which files of build/ one edit changes, and the build after it; the run fails (exit 1) when a
  // one-page edit changes more files than the budget.
  const edits = await section('edits', async () => {
    const figures = await measureEditsAgainstStock(stockPagesWanted());
    if (!figures.withinBudget) failures.push('edits (a one-page edit changed more files than the budget)');
    return figures;
  });

  const lighthouse = await section('lighthouse', () => {
    const lighthousePages = selectPages(SAMPLE_PAGES, process.env.BENCH_LIGHTHOUSE_PAGES);
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    console.log(`bench: Lighthouse, ${runs} runs of ${Object.keys(lighthousePages).length} pages…`);
    return measureLighthouse(lighthousePages, { runs });
  });

  const tasks = await section('tasks', () => {
    console.log('bench: long tasks of the sample pages (Chromium traces)…');
    return measureLongTasks(SAMPLE_PAGES, { buildDir: BUILD, runs: Number(process.env.BENCH_TASK_RUNS ?? 5) });
  });

  const search = await section('search', () => {
    console.log('bench: search in Chromium…');
    return measureSearch();
  });

  const load = await section('load', () => measureLoad(BUILD));

  const mcp = await section('mcp', () => {
    console.log('bench: the docs MCP server…');
    return measureMcp(BUILD);
  });

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    skipped: [...skip],
    failed: failures,
    build: build ?? null,
    htmlPages: pages,
    pageWeights: weights,
    precache,
    stock: stock ?? null,
    scaling: scaling ?? null,
    history: history ?? null,
    preview: preview ?? null,
    compression: compression ?? null,
    edits: edits ?? null,
    lighthouse: lighthouse ?? null,
    tasks: tasks ?? null,
    search: search ?? null,
    load: load ?? null,
    mcp: mcp ?? null,
  };
  fs.writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);

  // Other work on the machine during our builds stretches wall times (CPU times much less).
  const cores = os.cpus().length;
  const builds = [
    ...(build?.samples ?? []),
    ...(stock?.build?.samples ?? []),
    ...(scaling?.points ?? []),
    ...(history?.full?.samples ?? []),
    ...(history?.shallow?.samples ?? []),
  ].filter((b) => typeof b?.otherCpuSeconds === 'number' && b.wallSeconds > 0);
  const busiest = Math.max(0, ...builds.map((b) => b.otherCpuSeconds / (b.wallSeconds * cores)));

  const lines = [
    '# Benchmark report',
    '',
    `Measured ${report.date} on ${report.machine}.`,
    '',
    ...(busiest > 0.1
      ? [
          `Other processes kept up to ${(busiest * 100).toFixed(0)} % of the machine's ${cores} cores busy during a build: wall times are longer than on an idle machine (CPU times much less so).`,
          '',
        ]
      : []),
    ...(failures.length > 0 ? [`Failed sections: ${failures.join(', ')} (errors in report.json).`, ''] : []),
    '## Cold production build',
    '',
    ...(missing(build) ?? [
      `Median of ${build.runs} runs, each after \`docusaurus clear\`.`,
      '',
      '| Wall time | CPU time | Peak memory | HTML pages |',
      '|---|---|---|---|',
      `| ${build.wallSeconds.toFixed(1)} s | ${build.cpuSeconds.toFixed(1)} s | ${build.peakMemoryMiB.toFixed(0)} MiB | ${pages} |`,
      '',
    ]),
    '## Engine floor: stock Docusaurus',
    '',
    ...(missing(stock) ?? [
      `A stock Docusaurus 3.10 site (preset-classic, docs at \`/\` with one autogenerated sidebar, \`future: { v4: true, faster: true }\`, no custom plugins, themes or swizzles) with ${stock.pages} generated Markdown pages of our docs' mean size (${kb(stock.markdown.ours.meanBytes)} over ${stock.markdown.ours.files} files; generated mean ${kb(stock.markdown.generatedMeanBytes)}): headings, paragraphs, a list and an \`hcl\` block. Built the same way as ours: median of ${stock.build.runs} cold builds.`,
      '',
      '| Site | HTML pages | Wall time | CPU time | Peak memory |',
      '|---|---|---|---|---|',
      ...(ourBuild
        ? [
            `| This site${ourBuild.reusedFrom ? ` (from the report of ${ourBuild.reusedFrom})` : ''} | ${ourBuild.reusedFrom ? (previous?.htmlPages ?? '?') : pages} | ${seconds(ourBuild.wallSeconds)} | ${seconds(ourBuild.cpuSeconds)} | ${mib(ourBuild.peakMemoryMiB)} |`,
          ]
        : []),
      `| Stock Docusaurus | ${stock.htmlPages} | ${seconds(stock.build.wallSeconds)} | ${seconds(stock.build.cpuSeconds)} | ${mib(stock.build.peakMemoryMiB)} |`,
      ...(stock.ratio
        ? [
            `| **Ratio, this site ÷ stock** | | **${ratio(ourBuild.wallSeconds, stock.build.wallSeconds)}** | ${ratio(ourBuild.cpuSeconds, stock.build.cpuSeconds)} | ${ratio(ourBuild.peakMemoryMiB, stock.build.peakMemoryMiB)} |`,
          ]
        : ['| Ratio | | no build figures of this site to compare | | |']),
      '',
      ...(ourBuild?.phases || stock.build.phases
        ? [
            `Phases, median of the same builds (wall / CPU; the CPU time of a phase is the whole build process's, bundler and render worker threads included; the client and server bundles overlap, so they have wall time only):`,
            '',
            '| Phase | This site | Stock Docusaurus | Wall ratio |',
            '|---|---|---|---|',
            ...phaseRows(ourBuild?.phases, stock.build.phases),
            '',
          ]
        : []),
    ]),
    '## Last-updated dates',
    '',
    ...(missing(history) ?? [
      `Median of ${history.full.runs} cold builds each, alternating between two temporary clones of HEAD: a full clone, whose pages show the date of their last commit (docs from Docusaurus's git reader, generated pages from their data file's history), and a shallow clone (\`git clone --depth 1\`), which shows none. The difference is what the dates cost. Target: under 10 % of the build.`,
      '',
      '| Clone | Wall time | CPU time | Pages with a date | Sitemap lastmod | Warnings printed |',
      '|---|---|---|---|---|---|',
      `| Full history | ${seconds(history.full.wallSeconds)} | ${seconds(history.full.cpuSeconds)} | ${history.fullDates.pagesWithDate} | ${history.fullDates.sitemapLastmods} | |`,
      `| Shallow | ${seconds(history.shallow.wallSeconds)} | ${seconds(history.shallow.cpuSeconds)} | ${history.shallowDates.pagesWithDate} | ${history.shallowDates.sitemapLastmods} | ${history.shallowWarnings.join(', ')} |`,
      '',
      history.otherWarnings.length > 0
        ? `Other warnings of the shallow builds: ${history.otherWarnings.map((line) => `\`${line}\``).join('; ')}.`
        : 'The shallow builds printed no other warning.',
      '',
      `Cost of the dates: **${seconds(history.costSeconds)}**, ${(history.costShare * 100).toFixed(1)} % of the full clone's build (wall; CPU ${seconds(history.full.cpuSeconds - history.shallow.cpuSeconds)}).`,
      '',
    ]),
    '## Build-time scaling',
    '',
    ...(missing(scaling) ?? [
      `One cold build per row of a temporary copy of the site plus generated pages (same generator as the stock site, ${kb(scaling.pageBytes)} mean, in a sidebar of their own); each build includes the Pagefind indexing of postBuild. The slope is the least-squares fit over all rows; the per-segment slopes show a bend.`,
      '',
      '| Extra pages | HTML pages | Wall time | CPU time | Peak memory | Wall / CPU slope from the row above |',
      '|---|---|---|---|---|---|',
      ...scaling.points.map((point, i) => {
        const segment = i > 0 ? scaling.segments[i - 1] : null;
        return `| ${point.extraPages} | ${point.htmlPages} | ${seconds(point.wallSeconds)} | ${seconds(point.cpuSeconds)} | ${mib(point.peakMemoryMiB)} | ${segment ? `${segment.msPerPage.toFixed(1)} / ${segment.cpuMsPerPage.toFixed(1)} ms per page` : ''} |`;
      }),
      '',
      'First-load JS of the sample pages in each build (gzip, measured in Chromium as in "First-load page weight"): what every reader pays, whatever the page count.',
      '',
      `| Extra pages | ${Object.keys(SAMPLE_PAGES).join(' | ')} |`,
      `|---|${Object.keys(SAMPLE_PAGES)
        .map(() => '---|')
        .join('')}`,
      ...scaling.points.map(
        (point) =>
          `| ${point.extraPages} | ${Object.keys(SAMPLE_PAGES)
            .map((name) => {
              const bytes = point.firstLoadJsGzip?.[name];
              const base = scaling.points[0]?.firstLoadJsGzip?.[name];
              if (typeof bytes !== 'number') return 'not built';
              const delta =
                typeof base === 'number' && point !== scaling.points[0]
                  ? ` (${bytes >= base ? '+' : ''}${kb(bytes - base)})`
                  : '';
              return `${kb(bytes)}${delta}`;
            })
            .join(' | ')} |`,
      ),
      '',
      ...(scaling.fit
        ? [
            `Slope: **${scaling.fit.msPerPage.toFixed(1)} ms per extra page** of wall time (R² = ${scaling.fit.r2.toFixed(3)}), ${scaling.fit.cpuMsPerPage.toFixed(1)} ms per page of CPU time.${scaling.segments.length >= 2 ? ` The last segment's wall slope is ${(scaling.segments.at(-1).msPerPage / scaling.segments[0].msPerPage).toFixed(2)}× the first's.` : ''}`,
            '',
          ]
        : []),
    ]),
    '## Live preview',
    '',
    ...(missing(preview) ?? [
      `\`docusaurus start\` in a temporary copy of the site after \`docusaurus clear\`, timed from spawning it until \`${preview.route}\` answers 200, then until that page shows its article in Chromium (pages are compiled when first opened); then ${preview.hotReloadMs.samples.length} edits that each append a paragraph to its Markdown source, timed from the save until the new text is in the page, and ${preview.dataReloadMs.samples.length} edits of a module's description in its data file, timed until the generated page \`${preview.dataReloadMs.route}\` shows it. Targets: first page ≤ 12 s, Markdown edit ≤ 1 s, data edit ≤ 3 s.`,
      '',
      '| Start to first response | Start to first page rendered | Hot reload of a Markdown edit, median (each) | Reload of a data edit, median (each) |',
      '|---|---|---|---|',
      `| ${seconds(preview.startToFirstResponseMs / 1000)} | ${seconds(preview.startToRenderedMs / 1000)} | ${ms(preview.hotReloadMs.median)} (${preview.hotReloadMs.samples.map(ms).join(', ')}) | ${ms(preview.dataReloadMs.median)} (${preview.dataReloadMs.samples.map(ms).join(', ')}) |`,
      '',
    ]),
    '## What one edit changes',
    '',
    ...(missing(edits) ?? editLines(edits)),
    '## Precompression levels',
    '',
    ...(missing(compression) ?? [
      'Every text file of 1 KB or more in build/, by kind: the total size at each level, and the CPU time one core spends compressing them (a sample of up to 8 MB per kind, scaled). `npm run precompress` (the nginx deploy step; the build compresses nothing) uses Brotli 10 for `assets/`, 6 for its large on-demand library chunks and for the rest, gzip 9 for all (`compressionLevels` in plugins/static-hosting/compress.ts).',
      '',
      `| Kind | Files | Raw | ${COMPRESSION_LEVELS.map(([name]) => name).join(' | ')} |`,
      `|---|---|---|${COMPRESSION_LEVELS.map(() => '---').join('|')}|`,
      ...compression.map(
        (row) =>
          `| ${row.kind} | ${row.files} | ${kb(row.rawBytes)} | ${COMPRESSION_LEVELS.map(([name]) => `${kb(row.levels[name].bytes)}, ${seconds(row.levels[name].cpuSeconds)}`).join(' | ')} |`,
      ),
      '',
    ]),
    '## First-load page weight',
    '',
    `JS gzip in the previous report${previous?.date ? ` (${previous.date})` : ''} is beside this run's, for comparison.`,
    '',
    '| Page | Route | HTML (raw / gzip) | JS (raw / gzip) | JS gzip, previous report | CSS (raw / gzip) |',
    '|---|---|---|---|---|---|',
    ...Object.entries(weights).map(([name, w]) => {
      const before = previous?.pageWeights?.[name]?.js?.gzip;
      const beforeCell =
        typeof before === 'number'
          ? `${kb(before)} (${w && w.js.gzip >= before ? '+' : ''}${w ? kb(w.js.gzip - before) : ''})`
          : 'none';
      return w
        ? `| ${name} | \`${w.route}\` | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} (${w.js.files} files) | ${beforeCell} | ${kb(w.css.raw)} / ${kb(w.css.gzip)} |`
        : `| ${name} | \`${SAMPLE_PAGES[name]}\` | not built yet | | | |`;
    }),
    ...Object.entries(stock?.pageWeights ?? {}).map(([name, w]) =>
      w
        ? `| stock Docusaurus, ${name} | \`${w.route}\` | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} (${w.js.files} files) | | ${kb(w.css.raw)} / ${kb(w.css.gzip)} |`
        : `| stock Docusaurus, ${name} | | not built | | | |`,
    ),
    '',
    precache
      ? `Service worker precache on a first visit (the files the home page loads, fetched by the worker once the page is idle; not in the JS figures above): ${precache.files.length} files, ${kb(precache.bytes)} as stored, ${kb(precache.gzip)} gzip (budget: under 1,000,000 bytes as stored). Previous report: ${previous?.precache ? `${kb(previous.precache.bytes)} as stored, ${kb(previous.precache.gzip)} gzip` : 'no service worker'}.`
      : 'No service worker in this build (no `sw.js`).',
    '',
    '## Lighthouse',
    '',
    ...(missing(lighthouse) ?? [
      `Lighthouse ${lighthouse.lighthouseVersion}, default (mobile) settings: ${lighthouse.formFactor} form factor, ${lighthouse.throttling.method}d throttling (${lighthouse.throttling.rttMs} ms RTT, ${(lighthouse.throttling.throughputKbps / 1024).toFixed(1)} Mbit/s, ${lighthouse.throttling.cpuSlowdownMultiplier}× CPU slowdown), in Debian's Chromium; build/ served gzip-compressed on loopback. Figures of the median of ${lighthouse.runs} runs per page (closest to the median FCP and TTI); Lighthouse's benchmark index of this machine: ${Math.round(lighthouse.benchmarkIndex)}. Requests outside loopback: ${lighthouse.externalRequests.length === 0 ? 'none' : lighthouse.externalRequests.join(', ')}.`,
      '',
      '| Page | Route | Performance | Accessibility | Best practices | SEO | FCP | LCP | LCP observed, throttling applied | TBT | CLS |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...Object.entries(lighthouse.pages).map(
        ([name, p]) =>
          `| ${name} | \`${p.route}\` | ${p.scores.performance} | ${p.scores.accessibility} | ${p.scores['best-practices']} | ${p.scores.seo} | ${seconds(p.metrics.fcpMs / 1000)} | ${seconds(p.metrics.lcpMs / 1000)} | ${seconds(p.metrics.lcpObservedMs / 1000)} | ${ms(p.metrics.tbtMs)} | ${p.metrics.cls.toFixed(3)} |`,
      ),
      '',
    ]),
    '## Long tasks after load',
    '',
    ...(missing(tasks) ?? [
      `Chromium traces of each sample page's first load (Lighthouse's mobile viewport, no throttling, as Lighthouse records its own), read in main-thread CPU time; a task is long when ${CPU_SLOWDOWN}× its CPU time (Lighthouse's mobile slowdown) exceeds ${LONG_TASK_MS} ms, and blocks for the excess, as in TBT. Medians of ${Object.values(tasks)[0]?.runs ?? '?'} loads; the long tasks listed are those of the median load.`,
      '',
      `| Page | Main-thread CPU time | Blocking after FCP (×${CPU_SLOWDOWN}) | Long tasks after FCP | Long tasks (CPU ms: what ran) |`,
      '|---|---|---|---|---|',
      ...Object.entries(tasks).map(
        ([name, t]) =>
          `| ${name} | ${ms(t.mainThreadMs)} | ${ms(t.blockingAfterFcpMs)} | ${t.longTasksAfterFcp} | ${t.longTasks.map((task) => `${task.afterFcp ? '' : '(before FCP) '}${task.threadMs.toFixed(1)}: ${task.what}`).join('; ') || 'none'} |`,
      ),
      '',
    ]),
    '## Search (offline index, Chromium)',
    '',
    ...(missing(search) ?? [
      `Typed in the modal: each of ${search.typedQueries} relevance-fixture queries typed at 10 keys per second. Fresh: each in a new browser context (nothing cached; hovering the button loads the modal's code, the section index's description and the page records, and the modal is open before the first key). Warm: one after the other in one context (term shards and fragments of earlier queries cached). From the last keydown to the frame that painted the final hit list (titles, sections and headings, from the page records), and, fresh, to the frame that painted the passages (one fragment request per page shown). Targets: warm hit list p95 ≤ 50 ms.`,
      '',
      '| Warm: last key to final hit list, p50 / p95 / max | Fresh: last key to final hit list, p50 / p95 / max | Fresh: last key to passages painted, p50 / p95 | Downloaded from first hover to first hit list, gzip (all / search files) | Until the passages, gzip | Page records (pages.json), gzip |',
      '|---|---|---|---|---|---|',
      `| ${search.typedWarmLatencyMs.p50.toFixed(1)} / ${search.typedWarmLatencyMs.p95.toFixed(1)} / ${search.typedWarmLatencyMs.max.toFixed(1)} ms | ${search.typedLatencyMs.p50.toFixed(1)} / ${search.typedLatencyMs.p95.toFixed(1)} / ${search.typedLatencyMs.max.toFixed(1)} ms | ${search.typedSnippetsMs.p50.toFixed(1)} / ${search.typedSnippetsMs.p95.toFixed(1)} ms | ${kb(search.bytesBeforeFirstHit.gzip)} / ${kb(search.indexBytesBeforeFirstHit.gzip)} | ${kb(search.bytesWithSnippets.gzip)} | ${kb(search.pagesFileGzip)} |`,
      '',
      `Slowest typed queries (ms to the hit list): fresh ${search.typedSlowest.map((t) => `"${t.query}" ${t.list.toFixed(1)}`).join(', ')}; warm ${search.typedWarmSlowest.map((t) => `"${t.query}" ${t.list.toFixed(1)}`).join(', ')}.`,
      '',
      `Relevance (targets: relevance fixture first ≥ 85%, top 5 ≥ 97%; question fixture first ≥ 90%, top 5 ≥ 97.5%, no query without hits), the browser's ranking code run in Node:`,
      '',
      '| Fixture | Cases | First | Top 5 | Answering anchor right | Without hits |',
      '|---|---|---|---|---|---|',
      ...[
        ['Relevance fixture', search.relevance.fixture],
        ['Held-out pairs (never used to tune)', search.relevance.heldOut],
      ].map(
        ([name, score]) =>
          `| ${name} | ${score.pairs} | ${(score.top1 * 100).toFixed(1)}% | ${(score.top5 * 100).toFixed(1)}% | – | – |`,
      ),
      ...Object.entries(search.questions).map(
        ([set, score]) =>
          `| Questions: ${set} | ${score.cases} | ${(score.top1 * 100).toFixed(1)}% | ${(score.top5 * 100).toFixed(1)}% | ${score.anchor === null ? '–' : `${(score.anchor * 100).toFixed(1)}%`} | ${score.noHits} |`,
      ),
      ...(search.outside ?? []).map(
        ([name, score]) =>
          `| Outside queries: ${name} | ${score.cases} | ${(score.top1 * 100).toFixed(1)}% | ${(score.top5 * 100).toFixed(1)}% | – | ${score.noHits} |`,
      ),
      '',
      `Outside queries: sets of 100 written by testers from the pages without seeing the search code (test/fixtures/outside-queries; A short queries, B a page by its title, C questions, errors, inputs and releases, agent sentences). Before the ranking changes of 2026-11-29 (commit 3a513fd) they scored first / top 5: dev 89% / 98%, check 88% / 100%, final 79% / 96%, final2 85% / 97%.`,
      '',
      `For comparison, the question fixture on the ranking before the section index (Pagefind, every word required; commit e1cbd4e): reader 50.0% / 62.5% with 5 queries without hits, agent 80.0% / 80.0% (1), errors 95.0% / 95.0% (1), identifiers 85.0% / 100.0% (0).`,
      '',
      `Engine in Node, over ${search.queries} queries (relevance and question fixtures): ranking plus the passages of the ${search.pagesPerQuery} pages the modal shows; first pass (reads term shards and fragments from disk), then a second with both in memory.`,
      '',
      '| First pass p50 / p95 | Second pass p50 / p95 | Index on disk | Section index, gzip (term shards / sections.json) |',
      '|---|---|---|---|',
      `| ${search.latencyMs.p50.toFixed(1)} ms / ${search.latencyMs.p95.toFixed(1)} ms | ${search.warmLatencyMs.p50.toFixed(1)} ms / ${search.warmLatencyMs.p95.toFixed(1)} ms | ${(search.index.raw / 1024 / 1024).toFixed(1)} MB in ${search.index.files} files, ${kb(search.index.gzip)} gzip | ${kb(search.sectionIndex.terms.gzip)} in ${search.sectionIndex.terms.files} files / ${kb(search.sectionIndex.sectionsFileGzip)} |`,
      '',
      `Request floor of a first query, over ${search.queries} rounds: one term shard, then ${search.pagesPerQuery} fragments in parallel, each file new, no engine: ${search.requestFloorMs.p50.toFixed(1)} ms / ${search.requestFloorMs.p95.toFixed(1)} ms (p50 / p95).`,
      '',
    ]),
    '## Load test of the production server',
    '',
    ...(missing(load) ?? [
      `autocannon on 127.0.0.1, ${load.connections} connections for ${load.durationSeconds} s per server, each request one address picked at random from ${load.pages} contract pages and the ${load.assets} scripts, stylesheets and images they load, with \`Accept-Encoding: gzip, deflate, br\`. nginx runs deploy/nginx.conf (precompressed files); \`docusaurus serve\` compresses nothing.`,
      '',
      '| Server | Requests/s | Latency p50 / p99 | Bytes/s | Requests | Errors | Non-2xx | Status codes |',
      '|---|---|---|---|---|---|---|---|',
      ...Object.entries(load.servers).map(
        ([name, r]) =>
          `| ${name} | ${Math.round(r.requestsPerSecond)} | ${r.latencyMs.p50} ms / ${r.latencyMs.p99} ms | ${(r.bytesPerSecond / 1024 / 1024).toFixed(1)} MiB/s | ${r.requests} | ${r.errors + r.timeouts} | ${r.non2xx} | ${Object.entries(
            r.statusCodes,
          )
            .map(([code, count]) => `${code}: ${count}`)
            .join(', ')} |`,
      ),
      '',
    ]),
    '## Docs MCP server',
    '',
    ...(missing(mcp) ?? [
      `\`node scripts/mcp.mjs --site build\` driven by the MCP SDK's client over stdio. Start: from spawning the server to the end of the MCP handshake (the search index loaded), median of ${mcp.starts} starts, with the server's CPU time (user + system) at that moment. Search: each of the ${mcp.queries} relevance- and question-fixture queries through \`search_docs\` (5 hits with passages), from the call to the answer, in one server: first pass, then the same queries again.`,
      '',
      '| Start, wall (each) | Start, CPU | search_docs, first pass, p50 / p95 / max (CPU per query) | Second pass, p50 / p95 (CPU per query) | read_page of the largest page |',
      '|---|---|---|---|---|',
      `| ${ms(mcp.startMs.median)} (${mcp.startMs.samples.map(ms).join(', ')}) | ${ms(mcp.startCpuMs.median)} | ${mcp.searchMs.first.p50.toFixed(1)} / ${mcp.searchMs.first.p95.toFixed(1)} / ${mcp.searchMs.first.max.toFixed(1)} ms (${mcp.searchMs.first.cpuMsPerQuery.toFixed(1)} ms) | ${mcp.searchMs.second.p50.toFixed(1)} / ${mcp.searchMs.second.p95.toFixed(1)} ms (${mcp.searchMs.second.cpuMsPerQuery.toFixed(1)} ms) | ${kb(mcp.largestPage.returnedBytes)} (\`${mcp.largestPage.path}\`, ${ms(mcp.largestPage.readMs)}) |`,
      '',
    ]),
  ];
  fs.writeFileSync(path.join(OUT, 'report.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  if (failures.length > 0) {
    console.error(`bench: failed sections: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
