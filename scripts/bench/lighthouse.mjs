/**
 * Lighthouse figures (issue item 5) for the sample pages of the built site in build/: the
 * performance, accessibility, best-practices and SEO scores, and FCP, LCP, TBT and CLS.
 *
 * - Lighthouse 12 (the npm package) with its default configuration: mobile form factor, screen
 *   emulation and simulated throttling (slow 4G, 4x CPU slowdown).
 * - Debian's Chromium, started by chrome-launcher with the same flags as the other browser figures.
 * - build/ is served on loopback by a small static server that gzips text files and gives hashed
 *   assets a long cache lifetime, as a production host does (`docusaurus serve` sends everything
 *   uncompressed, which would make the performance figures those of no real deployment).
 * - Each page is audited BENCH_LIGHTHOUSE_RUNS times (default 3); the figures come from the median
 *   run, chosen as Lighthouse's own tooling does (closest to the median FCP and TTI).
 * - One more run per page applies the same throttling for real (`throttlingMethod: 'devtools'`:
 *   4x CPU slowdown, Lighthouse's mobile latency and bandwidth) and records the LCP Chromium
 *   observed, beside the simulated one.
 * - Every request of every run is checked: the report lists any that left loopback.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-config.mjs';
import { ROOT, trackProcess } from './workspace.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { htmlFileFor } = jiti('../../plugins/built-site.ts');

/** Lighthouse categories reported, by their Lighthouse id. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/** The file that answers a URL path in `buildDir`, as a static host resolves it; undefined if none. */
function fileFor(buildDir, urlPath) {
  const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const direct = path.join(buildDir, relative);
  if (!direct.startsWith(buildDir)) return undefined;
  if (fs.existsSync(direct) && fs.statSync(direct).isFile()) return direct;
  return htmlFileFor(buildDir, relative);
}

/**
 * Serves `buildDir` on 127.0.0.1 at a free port, gzipping text when the client accepts it.
 * @param {string} buildDir
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function serveBuild(buildDir) {
  const gzipped = new Map();
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    let file = fileFor(buildDir, pathname);
    let status = 200;
    if (!file) {
      file = path.join(buildDir, '404.html');
      status = 404;
    }
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    let body = fs.readFileSync(file);
    const headers = {
      'Content-Type': type,
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(body, { level: 6 }));
      body = gzipped.get(file);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = body.length;
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isLoopback = (url) => {
  if (!/^(https?|wss?):/.test(url)) return true; // data:, blob:, chrome-extension: and the like
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
};

/**
 * @typedef {object} LighthousePage
 * @property {string} route
 * @property {Record<string, number>} scores 0–100 per category id
 * @property {{ fcpMs: number, lcpMs: number, tbtMs: number, cls: number, lcpObservedMs: number }} metrics
 *   of the median run (simulated throttling), and the LCP observed under applied throttling, ms
 * @property {number[]} performanceScores the performance score of every run, 0–100
 * @property {string[]} warnings Lighthouse's run warnings of the median run
 */

/**
 * Runs Lighthouse on each page of `pages` against the build in `buildDir`.
 * @param {Record<string, string>} pages page name → route
 * @param {object} [options]
 * @param {number} [options.runs] runs per page (the median run is reported)
 * @param {string} [options.buildDir]
 * @returns {Promise<{
 *   lighthouseVersion: string,
 *   chromium: string,
 *   runs: number,
 *   formFactor: string,
 *   throttling: { method: string, rttMs: number, throughputKbps: number, cpuSlowdownMultiplier: number } | null,
 *   benchmarkIndex: number,
 *   pages: Record<string, LighthousePage>,
 *   externalRequests: string[],
 * }>} externalRequests: every URL outside loopback that any run requested (expected empty)
 */
export async function measureLighthouse(pages, { runs = 3, buildDir = path.join(ROOT, 'build') } = {}) {
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`bench: no built site in ${buildDir}; run npm run build first`);
  }
  const server = await serveBuild(buildDir);
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
      handleSIGINT: false, // the benchmark's own handler stops it (it leads its process group)
    });
    if (chrome.process) trackProcess(chrome.process);
    const results = {};
    const external = new Set();
    let last;
    for (const [name, route] of Object.entries(pages)) {
      const lhrs = [];
      for (let i = 0; i < runs; i += 1) {
        const url = `${server.origin}${route}`;
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`bench: Lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`bench: Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
        for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
          if (!isLoopback(item.url)) external.add(item.url);
        }
        lhrs.push(lhr);
      }
      const lhr = computeMedianRun(lhrs);
      last = lhr;
      const applied = await lighthouse(`${server.origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttlingMethod: 'devtools',
      });
      const observed = applied?.lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
      const scores = {};
      for (const category of CATEGORIES) {
        const score = lhr.categories[category]?.score;
        if (typeof score !== 'number') throw new Error(`bench: Lighthouse gave no ${category} score for ${route}`);
        scores[category] = Math.round(score * 100);
      }
      const value = (audit) => lhr.audits[audit]?.numericValue ?? NaN;
      results[name] = {
        route,
        scores,
        metrics: {
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          lcpObservedMs: typeof observed === 'number' ? observed : NaN,
        },
        performanceScores: lhrs.map((run) => Math.round((run.categories.performance?.score ?? NaN) * 100)),
        warnings: lhr.runWarnings,
      };
    }
    return {
      lighthouseVersion: last?.lighthouseVersion ?? '',
      chromium: last?.environment.hostUserAgent ?? '',
      runs,
      formFactor: last?.configSettings.formFactor ?? '',
      throttling: last
        ? {
            method: last.configSettings.throttlingMethod,
            rttMs: last.configSettings.throttling.rttMs,
            throughputKbps: last.configSettings.throttling.throughputKbps,
            cpuSlowdownMultiplier: last.configSettings.throttling.cpuSlowdownMultiplier,
          }
        : null,
      benchmarkIndex: last?.environment.benchmarkIndex ?? NaN,
      pages: results,
      externalRequests: [...external].sort(),
    };
  } finally {
    chrome?.kill();
    await server.close();
  }
}

/**
 * Picks sample pages by route from a comma list (BENCH_LIGHTHOUSE_PAGES), for quick tries.
 * @param {Record<string, string>} pages page name → route
 * @param {string | undefined} routes e.g. "/,/search"; empty keeps every page
 * @returns {Record<string, string>}
 * @throws Error naming a route that is not a sample page.
 */
export function selectPages(pages, routes) {
  if (!routes || routes.trim() === '') return pages;
  const wanted = routes.split(',').map((route) => route.trim());
  for (const route of wanted) {
    if (!Object.values(pages).includes(route)) {
      throw new Error(
        `bench: BENCH_LIGHTHOUSE_PAGES: ${route} is not a sample page (${Object.values(pages).join(', ')})`,
      );
    }
  }
  return Object.fromEntries(Object.entries(pages).filter(([, route]) => wanted.includes(route)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { SAMPLE_PAGES } = await import('./sample-pages.mjs');
  const pages = selectPages(SAMPLE_PAGES, process.env.BENCH_LIGHTHOUSE_PAGES);
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  console.log(JSON.stringify(await measureLighthouse(pages, { runs }), null, 2));
}
