/**
 * Search figures for `npm run bench`, measured in Debian's Chromium on the built site:
 * - typed latency: each relevance-fixture query typed into the modal at 10 keys per second, in a
 *   fresh browser context (nothing cached; the modal's code, the section index's description and
 *   the page records load on hover, as for a reader), from the last keydown to the final hit
 *   list painted, and to the snippets painted; then warm: the same queries typed one after the
 *   other in one context (the term shards and fragments earlier queries fetched are cached);
 * - relevance: the share of fixture, held-out and question-fixture queries whose expected page
 *   comes first and in the top 5, with the browser's ranking code run in Node
 *   (test/contract/search-engine.ts);
 * - bytes a reader downloads from first touching the search button to the first hit list (raw,
 *   and gzip as a compressing server would send them), and until the snippets are in;
 * - query latency, p50 and p95, of the engine in Node over the relevance and question fixtures'
 *   queries (ranking, then the passages of the pages the modal shows, MODAL_PAGES_PER_QUERY): a
 *   first pass, which reads the term shards and fragments, and a second with both in memory;
 * - the request floor of a first run: one term shard, then MODAL_PAGES_PER_QUERY fragments in
 *   parallel, with no engine at all;
 * - the size of the index on disk.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';

import { percentile } from './bench/stats.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-config.mjs';

// The modal's page count, the fixtures and the Node search come from the TypeScript sources
// themselves (loaded with jiti, as Docusaurus loads its config).
const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { MODAL_PAGES_PER_QUERY } = jiti('../plugins/local-search/client/adapter.ts');
const { RELEVANCE_PAIRS } = jiti('../test/e2e/fixtures/search-relevance.ts');
const { HELD_OUT_PAIRS } = jiti('../test/e2e/fixtures/search-relevance-held-out.ts');
const { loadNodeSearch, scoreRelevance } = jiti('../test/contract/search-engine.ts');
const { QUESTION_SETS, OUTSIDE_KINDS, answerCase, readOutsideQueries, readQuestions, scoreAnswers } = jiti(
  '../test/contract/questions.ts',
);

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 3290);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The queries of the relevance fixture; `BENCH_TYPED_QUERIES=n` keeps the first n (quick runs). */
function fixtureQueries() {
  const queries = RELEVANCE_PAIRS.map((pair) => pair.query);
  const limit = Number(process.env.BENCH_TYPED_QUERIES ?? queries.length);
  return queries.slice(0, limit);
}

function dirSize(dir) {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = dirSize(file);
      raw += sub.raw;
      gzip += sub.gzip;
      files += sub.files;
    } else {
      const body = fs.readFileSync(file);
      raw += body.length;
      // Pagefind's index files are already compressed; gzip them anyway, as a server would.
      gzip += zlib.gzipSync(body, { level: 6 }).length;
      files += 1;
    }
  }
  return { raw, gzip, files };
}

async function waitForServer(url) {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`bench-search: ${url} did not answer`);
}

/**
 * Records in `window.__searchMarks`, from each keydown, when the modal painted the final hit list
 * (`list`: the frame after the last change to the hits' links and titles, or after the modal's
 * first change when the list stayed the same) and its last change of any kind (`settled`).
 */
async function watchHits(page) {
  await page.evaluate(() => {
    const marks = { key: 0, list: 0, any: 0, settled: 0, signature: '' };
    window.__searchMarks = marks;
    const signature = () =>
      [...document.querySelectorAll('.DocSearch-Hit a')]
        .map((a) => `${a.getAttribute('href')} ${a.querySelector('.DocSearch-Hit-title')?.textContent ?? ''}`)
        .join('\n');
    window.addEventListener(
      'keydown',
      () => {
        marks.key = performance.now();
        marks.list = 0;
        marks.any = 0;
        marks.settled = 0;
      },
      true,
    );
    new MutationObserver(() => {
      const next = signature();
      const listChanged = next !== marks.signature;
      marks.signature = next;
      const first = marks.any === 0;
      marks.any += 1;
      requestAnimationFrame(() => {
        const now = performance.now();
        if (listChanged || (first && marks.list === 0)) marks.list = now;
        marks.settled = now;
      });
    }).observe(document.querySelector('.DocSearch-Modal'), {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/**
 * Types each query into the search modal at 10 keys per second, each in a fresh browser context
 * (empty HTTP cache): the page loads, the button is hovered (which loads the modal's code, the
 * section index's description and the page records, as for a reader) and the modal opens; then the
 * query is typed. For each query, returns the ms from the last keydown to:
 * - `list`: the frame that painted the final hit list (the links and titles of the hits, after the
 *   last change to them; when the last key changed nothing in them, the first change the modal
 *   made after it);
 * - `settled`: the frame after the modal's last change of any kind (snippets filled in),
 * waiting for 700 ms of quiet.
 */
async function measureTypedLatency(browser, queries) {
  const out = [];
  for (const query of queries) {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${ORIGIN}/intro`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await page.locator('.DocSearch-Button').hover();
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Control+KeyK');
      await page.locator('.DocSearch-Input').waitFor();
      await page.waitForLoadState('networkidle');
      await watchHits(page);
      await page.keyboard.type(query, { delay: 100 });
      await page.waitForTimeout(700);
      const marks = await page.evaluate(() => window.__searchMarks);
      if (!(marks.list > marks.key)) throw new Error(`bench-search: the modal did not change after typing "${query}"`);
      out.push({ query, list: marks.list - marks.key, settled: marks.settled - marks.key });
    } finally {
      await context.close();
    }
  }
  return out;
}

/**
 * Types each query into the modal at 10 keys per second, one after the other in one browser
 * context (the index's description, the page records and the vocabulary loaded once; term shards
 * and fragments stay cached between queries), clearing the input between queries. Returns, per
 * query, the ms from the last keydown to the frame that painted the final hit list.
 */
async function measureTypedWarm(browser, queries) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const out = [];
  try {
    await page.goto(`${ORIGIN}/intro`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+KeyK');
    await page.locator('.DocSearch-Input').waitFor();
    await page.locator('.DocSearch-Input').fill('vpc');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await watchHits(page);
    for (const query of queries) {
      await page.locator('.DocSearch-Input').fill('');
      await page.waitForTimeout(300);
      await page.keyboard.type(query, { delay: 100 });
      await page.waitForTimeout(500);
      const marks = await page.evaluate(() => window.__searchMarks);
      // A last key that changed nothing in the list counts as 0 ms (the list was already final).
      out.push({ query, list: marks.list > marks.key ? marks.list - marks.key : 0 });
    }
  } finally {
    await context.close();
  }
  return out;
}

/** The served addresses of the built index's files in `build/pagefind/<dir>/`. */
function pagefindFiles(dir) {
  return fs.readdirSync(path.join(ROOT, 'build/pagefind', dir)).map((file) => `/pagefind/${dir}/${file}`);
}

/** Runs `fn(page)` on a fresh page at /intro once its network is idle, and closes the page. */
async function onSettledPage(browser, fn) {
  const page = await browser.newPage();
  try {
    await page.goto(`${ORIGIN}/intro`);
    await page.waitForLoadState('networkidle');
    return await fn(page);
  } finally {
    await page.close();
  }
}

/**
 * The network floor of a first run: per fixture query, one request for an index file and then
 * `pagesPerQuery` fragment requests in parallel, each file requested once, with no search engine
 * at all. Returns the ms of each pair of rounds.
 */
async function measureRequestFloor(browser, count, pagesPerQuery) {
  const indexFiles = pagefindFiles('terms');
  const fragments = pagefindFiles('fragment');
  return onSettledPage(browser, (page) =>
    page.evaluate(
      async ([indexFiles, fragments, count, pagesPerQuery]) => {
        const get = async (url) => (await fetch(url)).arrayBuffer();
        const out = [];
        for (let i = 0; i < count; i += 1) {
          const started = performance.now();
          await get(indexFiles[i % indexFiles.length]);
          const batch = Array.from(
            { length: pagesPerQuery },
            (_, k) => fragments[(i * pagesPerQuery + k) % fragments.length],
          );
          await Promise.all(batch.map(get));
          out.push(performance.now() - started);
        }
        return out;
      },
      [indexFiles, fragments, count, pagesPerQuery],
    ),
  );
}

/** Measures search on the build in `buildDir`'s site (served from the repo root). */
export async function measureSearch() {
  const server = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'serve',
      '--port',
      String(PORT),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await waitForServer(`${ORIGIN}/`);

    // 1. Bytes from the first hover of the search button to the first hit.
    const page = await browser.newPage();
    await page.goto(`${ORIGIN}/intro`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.locator('.DocSearch-Button').hover();
    await page.keyboard.press('Control+KeyK');
    await page.locator('.DocSearch-Input').fill('vpc');
    await page.locator('.DocSearch-Hit').first().waitFor();
    // Everything fetched in that window, and the search files alone (the rest is link prefetching).
    const sum = async (list) => {
      let raw = 0;
      let gzip = 0;
      for (const response of list) {
        const body = await response.body().catch(() => Buffer.alloc(0));
        raw += body.length;
        gzip += zlib.gzipSync(body, { level: 6 }).length;
      }
      return { raw, gzip, requests: list.length };
    };
    const all = await sum(responses);
    const searchOnly = await sum(responses.filter((r) => r.url().includes('/pagefind/')));
    // Then the snippets: one fragment per page shown.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const withSnippets = await sum(responses);

    // 2. Query latency of the engine in Node over the fixtures (ranking plus the passages of the
    //    pages the modal shows), first pass (reads term shards and fragments) then second.
    const queries = RELEVANCE_PAIRS.map((pair) => pair.query);
    const questions = readQuestions();
    const engineQueries = [...queries, ...questions.map((question) => question.query)];
    const { loadSearchEngine, localIndex } = jiti('../plugins/local-search/node-search.ts');
    const engine = await loadSearchEngine(localIndex(path.join(ROOT, 'build')));
    const pass = async () => {
      const out = [];
      for (const q of engineQueries) {
        const started = performance.now();
        await engine.search(q, MODAL_PAGES_PER_QUERY, { excerpts: true });
        out.push(performance.now() - started);
      }
      return out;
    };
    const runs = { first: await pass(), warm: await pass() };
    const stats = (values) => ({
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      max: Math.max(...values),
    });
    // 3. As a reader meets it: typing each fixture query into the modal at 10 keys per second,
    //    the time from the last keystroke to the last change the modal paints for it.
    const typed = await measureTypedLatency(browser, fixtureQueries());
    const typedList = typed.map((t) => t.list);
    const typedWarm = await measureTypedWarm(browser, fixtureQueries());
    const typedSettled = typed.map((t) => t.settled);
    // 5. Relevance of the ranking, fixture and held-out pairs (the browser's code, in Node).
    const nodeSearch = await loadNodeSearch(path.join(ROOT, 'build'));
    const relevanceOf = async (pairs) => {
      const score = await scoreRelevance(nodeSearch, pairs);
      return {
        pairs: score.pairs,
        top1: score.top1,
        top5: score.top5,
        misses: score.ranked
          .filter((pair) => pair.rank !== 0)
          .map(({ query, expected, rank }) => ({ query, expected, rank })),
      };
    };
    const relevance = { fixture: await relevanceOf(RELEVANCE_PAIRS), heldOut: await relevanceOf(HELD_OUT_PAIRS) };
    // The question fixture, per set (reader, agent, errors, identifiers).
    const answers = [];
    for (const question of questions) answers.push(await answerCase(nodeSearch, question));
    const questionScores = Object.fromEntries(
      Object.keys(QUESTION_SETS).map((set) => [set, scoreAnswers(answers.filter((answer) => answer.set === set))]),
    );
    // The outside query sets, per file and per kind of query over all files.
    const outsideAnswers = [];
    for (const entry of readOutsideQueries()) outsideAnswers.push(await answerCase(nodeSearch, entry));
    const outsideFiles = [...new Set(outsideAnswers.map((answer) => answer.file))];
    const outside = [
      ...outsideFiles.map((file) => [file, scoreAnswers(outsideAnswers.filter((answer) => answer.file === file))]),
      ...OUTSIDE_KINDS.map((kind) => [
        `all, ${kind}`,
        scoreAnswers(outsideAnswers.filter((answer) => answer.kind === kind)),
      ]),
    ];
    // 4. What a first run cannot go below on this machine: its requests alone, and its engine alone.
    const requestFloor = await measureRequestFloor(browser, queries.length, MODAL_PAGES_PER_QUERY);
    return {
      bytesBeforeFirstHit: all,
      indexBytesBeforeFirstHit: searchOnly,
      bytesWithSnippets: withSnippets,
      queries: engineQueries.length,
      latencyMs: stats(runs.first),
      warmLatencyMs: stats(runs.warm),
      typedQueries: typed.length,
      typedLatencyMs: stats(typedList),
      typedSnippetsMs: stats(typedSettled),
      typedWarmLatencyMs: stats(typedWarm.map((t) => t.list)),
      typedWarmSlowest: [...typedWarm].sort((a, b) => b.list - a.list).slice(0, 5),
      typedSlowest: [...typed].sort((a, b) => b.list - a.list).slice(0, 5),
      relevance,
      questions: questionScores,
      outside,
      requestFloorMs: stats(requestFloor),
      pagesPerQuery: MODAL_PAGES_PER_QUERY,
      index: dirSize(path.join(ROOT, 'build/pagefind')),
      pagesFileGzip: zlib.gzipSync(fs.readFileSync(path.join(ROOT, 'build/pagefind/pages.json')), { level: 6 }).length,
      // The section index alone (sections.json and the term shards), gzip as a server sends it.
      sectionIndex: {
        terms: dirSize(path.join(ROOT, 'build/pagefind/terms')),
        sectionsFileGzip: zlib.gzipSync(fs.readFileSync(path.join(ROOT, 'build/pagefind/sections.json')), { level: 6 })
          .length,
      },
    };
  } finally {
    await browser.close();
    server.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureSearch(), null, 2));
}
