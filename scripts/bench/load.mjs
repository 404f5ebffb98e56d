/**
 * Load test of the production server: autocannon against nginx (deploy/nginx.conf) on 127.0.0.1,
 * and the same run against `docusaurus serve` for comparison.
 *
 * The mix: 500 contract paths spread evenly over routes.txt, plus every script, stylesheet and
 * image those pages load (from their HTML, parsed with cheerio). Each request picks one address
 * of the mix at random (a fixed seed, so both servers get the same sequence), with a browser's
 * `Accept-Encoding: gzip, deflate, br`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import autocannon from 'autocannon';
import * as cheerio from 'cheerio';

import { startNginx } from '../nginx-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { precompressBuild } = jiti('../../plugins/static-hosting/compress.ts');

/** Pages in the mix. */
export const LOAD_PAGES = 500;

/**
 * The addresses of the mix: `pages` contract paths spread evenly over routes.txt, then the
 * same-origin scripts, stylesheets and images of those pages, each once.
 * @returns {{ pages: string[], assets: string[] }}
 */
export function loadMix(buildDir, pages = LOAD_PAGES) {
  const routes = fs
    .readFileSync(path.join(ROOT, 'test/contract/routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const step = routes.length / pages;
  const chosen = Array.from({ length: Math.min(pages, routes.length) }, (_, i) => routes[Math.floor(i * step)]);
  const assets = new Set();
  for (const route of chosen) {
    const file = path.join(buildDir, route.replace(/\/$/, ''), 'index.html');
    if (!fs.existsSync(file)) throw new Error(`bench: load: ${route} is not built (${file})`);
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    $('script[src], link[rel="stylesheet"][href], link[rel="preload"][href], img[src]').each((_, element) => {
      const address = $(element).attr('src') ?? $(element).attr('href') ?? '';
      if (address.startsWith('/') && !address.startsWith('//')) assets.add(address.split('#')[0]);
    });
  }
  return { pages: chosen, assets: [...assets].sort() };
}

/** A small seeded PRNG (mulberry32), so every run and server gets the same request order. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One autocannon run against `origin` over `addresses`.
 * @returns {Promise<{ requestsPerSecond: number, latencyMs: { p50: number, p99: number, average: number },
 *   bytesPerSecond: number, requests: number, errors: number, timeouts: number, non2xx: number,
 *   statusCodes: Record<string, number> }>}
 */
export async function runLoad(origin, addresses, { connections = 50, durationSeconds = 30 } = {}) {
  const next = random(42);
  const result = await autocannon({
    url: origin,
    connections,
    duration: durationSeconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: addresses[Math.floor(next() * addresses.length)] }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average },
    bytesPerSecond: result.throughput.average,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])),
  };
}

/** Starts `docusaurus serve` over `buildDir` on 127.0.0.1:`port`; resolves once it answers. */
async function docusaurusServe(buildDir, port) {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'serve',
      '--dir',
      buildDir,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error('bench: load: docusaurus serve did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    },
  };
}

/**
 * The load test: the same mix against nginx and against `docusaurus serve`, one after the other.
 * Ports: BENCH_LOAD_PORT (default 3404) and the next one.
 * @returns {Promise<object>} the mix's size and each server's figures (see {@link runLoad}).
 */
export async function measureLoad(buildDir = path.join(ROOT, 'build'), options = {}) {
  const { pages, assets } = loadMix(buildDir);
  const addresses = [...pages, ...assets];
  const port = Number(process.env.BENCH_LOAD_PORT ?? 3404);
  const settings = {
    connections: options.connections ?? Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50),
    durationSeconds: options.durationSeconds ?? Number(process.env.BENCH_LOAD_SECONDS ?? 30),
  };
  const servers = {};
  for (const [name, start] of [
    // nginx serves the precompressed twins the nginx deploy step (`npm run precompress`) writes.
    [
      'nginx',
      async () => {
        await precompressBuild(buildDir, ROOT);
        return startNginx({ buildDir, port });
      },
    ],
    ['docusaurus serve', () => docusaurusServe(buildDir, port + 1)],
  ]) {
    const server = await start();
    try {
      console.log(
        `bench: load test of ${name}, ${settings.connections} connections for ${settings.durationSeconds} s…`,
      );
      servers[name] = await runLoad(server.url, addresses, settings);
    } finally {
      await server.stop();
    }
  }
  return { pages: pages.length, assets: assets.length, ...settings, servers };
}
