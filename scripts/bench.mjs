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
 *
 * Environment, all optional:
 * - BENCH_SKIP: comma list of sections to leave out: build, stock, scaling, history, preview,
 *   lighthouse, tasks, search, load. Without `build`, the figures of build/ as it is are used, and the ratio to the stock
 *   site uses the build figures of the previous report.
 * - BENCH_RUNS: cold builds per figure (ours and stock), default 3.
 * - BENCH_STOCK_PAGES: pages of the stock site (default: our build's HTML page count).
 * - BENCH_SCALING: extra page counts, default "0,1000,2000,4000".
 * - BENCH_LIGHTHOUSE_RUNS (default 3) and BENCH_LIGHTHOUSE_PAGES (comma list of sample routes).
 * - BENCH_LOAD_CONNECTIONS (default 50), BENCH_LOAD_SECONDS (default 30), BENCH_LOAD_PORT
 *   (default 3404; `docusaurus serve` gets the next port).
 * - BENCH_OUT: folder for report.md and report.json instead of bench-results/ (for quick tries).
 *
 * A section that fails is reported with its error; the others still run, and the exit code is 1.
 * It is a script, not a test: figures vary with the machine, which the report names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { measureSearch } from './bench-search.mjs';
import { countHtmlPages as countPagesIn, coldBuild, measureBuild as measureBuildOf } from './bench/build.mjs';
import { measureLighthouse, selectPages } from './bench/lighthouse.mjs';
import { measureLastUpdated } from './bench/last-updated.mjs';
import { measureLoad } from './bench/load.mjs';
import { CPU_SLOWDOWN, LONG_TASK_MS, measureLongTasks } from './bench/long-tasks.mjs';
import { measurePageWeights as measurePageWeightsOf } from './bench/page-weights.mjs';
import { measurePreview } from './bench/preview.mjs';
import { SAMPLE_PAGES } from './bench/sample-pages.mjs';
import { measureScaling, parseExtraPages } from './bench/scaling.mjs';
import { measureStockSite } from './bench/stock-site.mjs';

export { coldBuild, SAMPLE_PAGES };

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'build');
const DEFAULT_OUT = path.join(ROOT, 'bench-results');
const OUT = process.env.BENCH_OUT ? path.resolve(process.env.BENCH_OUT) : DEFAULT_OUT;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Sections that BENCH_SKIP can leave out. */
const SECTIONS = ['build', 'stock', 'scaling', 'history', 'preview', 'lighthouse', 'tasks', 'search', 'load'];

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

/** The latest report.json (in the output folder, else in bench-results/) with build figures, if any. */
function previousReport() {
  for (const dir of [OUT, DEFAULT_OUT]) {
    try {
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
      if (report?.build?.wallSeconds) return report;
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

  const build = await section('build', () => {
    console.log(`bench: ${RUNS} cold builds of the site…`);
    return measureBuild(ROOT);
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

  const stockPages = Number(process.env.BENCH_STOCK_PAGES ?? pages);
  const stock = await section('stock', async () => {
    if (!(stockPages >= 1))
      throw new Error('bench: no build/ to count our pages in; build first or set BENCH_STOCK_PAGES');
    console.log(`bench: ${RUNS} cold builds of a stock Docusaurus site with ${stockPages} pages…`);
    const figures = await measureStockSite({ pages: stockPages, runs: RUNS });
    const against = ourBuild
      ? {
          oursFrom: ourBuild.reusedFrom ?? 'this run',
          wall: ourBuild.wallSeconds / figures.build.wallSeconds,
          cpu: ourBuild.cpuSeconds / figures.build.cpuSeconds,
          peakMemory: ourBuild.peakMemoryMiB / figures.build.peakMemoryMiB,
        }
      : null;
    return { ...figures, ratio: against };
  });

  const scaling = await section('scaling', () => measureScaling(parseExtraPages(process.env.BENCH_SCALING)));

  const history = await section('history', () => measureLastUpdated({ runs: RUNS }));

  const preview = await section('preview', () => {
    console.log('bench: live preview (docusaurus start, hot reload)…');
    return measurePreview();
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

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    skipped: [...skip],
    failed: failures,
    build: build ?? null,
    htmlPages: pages,
    pageWeights: weights,
    stock: stock ?? null,
    scaling: scaling ?? null,
    history: history ?? null,
    preview: preview ?? null,
    lighthouse: lighthouse ?? null,
    tasks: tasks ?? null,
    search: search ?? null,
    load: load ?? null,
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
      `\`docusaurus start\` in a temporary copy of the site after \`docusaurus clear\`, timed from spawning it until \`${preview.route}\` answers 200; then that page in Chromium, and ${preview.hotReloadMs.samples.length} edits that each append a paragraph to its Markdown source, timed from the save until the new text is in the page.`,
      '',
      '| Start to first page served | First load in Chromium (to hydration) | Hot reload, median (each edit) |',
      '|---|---|---|',
      `| ${seconds(preview.startToFirstResponseMs / 1000)} | ${ms(preview.firstLoadMs)} | ${ms(preview.hotReloadMs.median)} (${preview.hotReloadMs.samples.map(ms).join(', ')}) |`,
      '',
    ]),
    '## First-load page weight',
    '',
    '| Page | Route | HTML (raw / gzip) | JS (raw / gzip) | CSS (raw / gzip) |',
    '|---|---|---|---|---|',
    ...Object.entries(weights).map(([name, w]) =>
      w
        ? `| ${name} | \`${w.route}\` | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} (${w.js.files} files) | ${kb(w.css.raw)} / ${kb(w.css.gzip)} |`
        : `| ${name} | \`${SAMPLE_PAGES[name]}\` | not built yet | | |`,
    ),
    ...Object.entries(stock?.pageWeights ?? {}).map(([name, w]) =>
      w
        ? `| stock Docusaurus, ${name} | \`${w.route}\` | ${kb(w.html.raw)} / ${kb(w.html.gzip)} | ${kb(w.js.raw)} / ${kb(w.js.gzip)} (${w.js.files} files) | ${kb(w.css.raw)} / ${kb(w.css.gzip)} |`
        : `| stock Docusaurus, ${name} | | not built | | |`,
    ),
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
      `Typed in the modal: each of ${search.typedQueries} relevance-fixture queries typed at 10 keys per second, each in a fresh browser context (nothing cached; hovering the button loads the modal's code, Pagefind and the page records, and the modal is open before the first key). From the last keydown to the frame that painted the final hit list (titles, sections and headings, from the page records), and to the frame that painted the snippets (one fragment request per page shown). Targets: hit list p95 ≤ 50 ms, p50 ≤ 20 ms.`,
      '',
      '| Last key to final hit list, p50 / p95 / max | Last key to snippets painted, p50 / p95 | Downloaded from first hover to first hit list, gzip (all / search files) | Until the snippets, gzip | Page records (pages.json), gzip |',
      '|---|---|---|---|---|',
      `| ${search.typedLatencyMs.p50.toFixed(1)} / ${search.typedLatencyMs.p95.toFixed(1)} / ${search.typedLatencyMs.max.toFixed(1)} ms | ${search.typedSnippetsMs.p50.toFixed(1)} / ${search.typedSnippetsMs.p95.toFixed(1)} ms | ${kb(search.bytesBeforeFirstHit.gzip)} / ${kb(search.indexBytesBeforeFirstHit.gzip)} | ${kb(search.bytesWithSnippets.gzip)} | ${kb(search.pagesFileGzip)} |`,
      '',
      `Slowest typed queries (ms to the hit list): ${search.typedSlowest.map((t) => `"${t.query}" ${t.list.toFixed(1)}`).join(', ')}.`,
      '',
      `Relevance (target: expected page first for ≥ 85% of queries, in the top 5 for ≥ 97%): fixture ${search.relevance.fixture.pairs} pairs, first ${(search.relevance.fixture.top1 * 100).toFixed(1)}%, top 5 ${(search.relevance.fixture.top5 * 100).toFixed(1)}%; held-out ${search.relevance.heldOut.pairs} pairs (never used to tune the ranking), first ${(search.relevance.heldOut.top1 * 100).toFixed(1)}%, top 5 ${(search.relevance.heldOut.top5 * 100).toFixed(1)}%.`,
      '',
      `Engine, over all ${search.queries} fixture queries with the Pagefind bundle initialised: first run (fetching the index chunks of its words) and second run, plus the data of the ${search.pagesPerQuery} pages the modal shows (one fragment request each), which only the snippets wait for.`,
      '',
      '| Engine search, first run, p50 / p95 | With page data, first run, p50 / p95 | Second run p50 / p95 | Index on disk |',
      '|---|---|---|---|',
      `| ${search.latencyBreakdownMs.search.p50.toFixed(1)} ms / ${search.latencyBreakdownMs.search.p95.toFixed(1)} ms | ${search.latencyMs.p50.toFixed(1)} ms / ${search.latencyMs.p95.toFixed(1)} ms | ${search.warmLatencyMs.p50.toFixed(1)} ms / ${search.warmLatencyMs.p95.toFixed(1)} ms | ${(search.index.raw / 1024 / 1024).toFixed(1)} MB in ${search.index.files} files |`,
      '',
      `Floors of a first run with page data, each measured alone over ${search.queries} rounds: the requests without the engine (one index file, then ${search.pagesPerQuery} fragments in parallel, each file new), and the engine without the network (a fresh Pagefind on the main thread, every index and fragment file already in memory).`,
      '',
      '| Requests alone, p50 / p95 | Engine alone, p50 / p95 |',
      '|---|---|',
      `| ${search.requestFloorMs.p50.toFixed(1)} ms / ${search.requestFloorMs.p95.toFixed(1)} ms | ${search.engineFloorMs.p50.toFixed(1)} ms / ${search.engineFloorMs.p95.toFixed(1)} ms |`,
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
  ];
  fs.writeFileSync(path.join(OUT, 'report.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  if (failures.length > 0) {
    console.error(`bench: failed sections: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
