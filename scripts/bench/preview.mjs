/**
 * Live preview (issue item 3), in a temporary copy of the repository (docs/ of the repository is
 * never touched):
 * - start: ms from spawning `docusaurus start` (after `docusaurus clear`) until a GET of a doc page
 *   answers 200 (the dev server holds requests until the first compilation is done);
 * - first load: ms from opening that page in Chromium until its article's title is shown (pages are
 *   compiled when first opened, see plugins/preview), and start to rendered, the two together;
 * - hot reload: ms from appending a paragraph with a unique marker to the doc's source file until
 *   the marker is in the open page's DOM; median of 3 edits;
 * - data reload: the same for a data file, whose generated module page shows the marker in its
 *   description; median of 3 edits.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import YAML from 'yaml';

import { DOCUSAURUS } from './build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-config.mjs';
import { median } from './stats.mjs';
import { copyRepo, removeTempDir, stopProcessGroup, trackProcess } from './workspace.mjs';

/** The doc page the preview figures use (the doc page of the sample pages). */
export const PREVIEW_ROUTE = '/guides/build-it-yourself/vpc/core-concepts/cidr-notation';

/** The module page the data reload opens, and the data file and module entry it comes from. */
export const PREVIEW_DATA = {
  route: '/reference/modules/terraform-aws-vpc/vpc-app/',
  file: 'data/modules/terraform-aws-vpc.yml',
  module: 'vpc-app',
};

const PORT = Number(process.env.BENCH_PREVIEW_PORT ?? 3291);
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 10 * 60 * 1000;
const RELOAD_TIMEOUT_MS = 2 * 60 * 1000;
const EDITS = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when nothing listens on host:port; rejects naming the port otherwise. */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: HOST });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`bench: port ${port} is in use; set BENCH_PREVIEW_PORT to a free port`));
    });
    socket.once('error', () => resolve());
  });
}

/** The Markdown source of a doc route under `<siteDir>/docs`. */
function sourceFileOf(siteDir, route) {
  const base = path.join(siteDir, 'docs', route.replace(/^\/|\/$/g, ''));
  const candidates = [`${base}.md`, `${base}.mdx`, path.join(base, 'index.md'), path.join(base, 'index.mdx')];
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`bench: no Markdown source for ${route} (looked for ${candidates.join(', ')})`);
  return file;
}

/** Keeps the last `limit` characters written to a stream, for error messages. */
function tail(stream, limit = 8000) {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    text = (text + chunk).slice(-limit);
  });
  return () => text;
}

/**
 * Polls `url` until it answers 200.
 * @returns {Promise<void>}
 * @throws Error when the server exits or the time runs out.
 */
async function waitFor200(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`bench: docusaurus start exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`bench: ${url} did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Opens the module page of {@link PREVIEW_DATA} and times `edits` changes of its data file: each
 * appends a unique marker to the module's description, and is timed from the save until the marker
 * is in the page.
 * @returns {Promise<number[]>} ms per edit
 */
async function measureDataReloads(page, siteDir, edits, output) {
  await page.goto(`http://${HOST}:${PORT}${PREVIEW_DATA.route}`);
  await page.locator('article h1').first().waitFor({ timeout: RELOAD_TIMEOUT_MS });
  await sleep(1000);
  const file = path.join(siteDir, PREVIEW_DATA.file);
  const samples = [];
  for (let i = 1; i <= edits; i += 1) {
    const marker = `benchdata${i}x${Date.now().toString(36)}`;
    const data = YAML.parseDocument(fs.readFileSync(file, 'utf8'));
    const modules = data.get('modules');
    const entry = modules?.items?.find((item) => item.get('name') === PREVIEW_DATA.module);
    if (!entry) throw new Error(`bench: ${PREVIEW_DATA.file} has no module ${PREVIEW_DATA.module}`);
    entry.set('description', `${entry.get('description')} ${marker}`);
    const editStarted = performance.now();
    fs.writeFileSync(file, data.toString());
    try {
      await page.waitForFunction((text) => document.body?.innerText.includes(text) ?? false, marker, {
        timeout: RELOAD_TIMEOUT_MS,
      });
    } catch (error) {
      throw new Error(`bench: data edit ${i} of ${file} did not reach the page: ${error.message}\n${output()}`);
    }
    samples.push(performance.now() - editStarted);
    await sleep(1500);
  }
  return samples;
}

/**
 * Measures the dev server in a temporary copy of the repository, then stops it and removes the copy.
 * @param {object} [options]
 * @param {string} [options.route] doc page to open and edit
 * @param {number} [options.edits] hot-reload edits (median reported)
 * @returns {Promise<{
 *   route: string,
 *   startToFirstResponseMs: number,
 *   firstLoadMs: number,
 *   startToRenderedMs: number,
 *   hotReloadMs: { median: number, samples: number[] },
 *   dataReloadMs: { route: string, median: number, samples: number[] },
 * }>} times in ms
 */
export async function measurePreview({ route = PREVIEW_ROUTE, edits = EDITS } = {}) {
  await assertPortFree(PORT);
  const siteDir = copyRepo('preview');
  let server;
  let browser;
  try {
    const source = sourceFileOf(siteDir, route);
    const clear = spawn(process.execPath, [DOCUSAURUS, 'clear'], { cwd: siteDir, stdio: 'ignore' });
    const clearCode = await new Promise((resolve) => clear.once('exit', resolve));
    if (clearCode !== 0) throw new Error(`bench: docusaurus clear failed in ${siteDir} (exit ${clearCode})`);

    const url = `http://${HOST}:${PORT}${route}`;
    const started = performance.now();
    server = spawn(
      process.execPath,
      [DOCUSAURUS, 'start', '--port', String(PORT), '--host', HOST, '--no-open'],
      // Own process group, so that stopping it stops the bundler's workers too.
      { cwd: siteDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BROWSER: 'none' } },
    );
    trackProcess(server);
    const stdout = tail(server.stdout);
    const stderr = tail(server.stderr);
    const output = () => `${stdout()}\n${stderr()}`;
    await waitFor200(url, server, output, START_TIMEOUT_MS);
    const startToFirstResponseMs = performance.now() - started;

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    // The dev client gets its first message once its socket to the dev server is open; an edit
    // saved before that would be missed.
    const hmrReady = new Promise((resolve) => {
      page.on('websocket', (socket) => socket.once('framereceived', () => resolve(true)));
    });
    const loadStarted = performance.now();
    await page.goto(url);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: RELOAD_TIMEOUT_MS });
    await page.locator('article h1').first().waitFor({ timeout: RELOAD_TIMEOUT_MS });
    const firstLoadMs = performance.now() - loadStarted;
    const startToRenderedMs = performance.now() - started;
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(false), 15_000);
    });
    const connected = await Promise.race([hmrReady, timeout]);
    clearTimeout(timer);
    if (!connected) {
      throw new Error(`bench: the page at ${url} opened no socket to the dev server within 15 s (no hot reload)`);
    }
    await sleep(1000);

    const samples = [];
    for (let i = 1; i <= edits; i += 1) {
      const marker = `bench-marker-${i}-${Date.now().toString(36)}`;
      const editStarted = performance.now();
      fs.appendFileSync(source, `\n\n${marker}\n`);
      try {
        await page.waitForFunction((text) => document.body?.innerText.includes(text) ?? false, marker, {
          timeout: RELOAD_TIMEOUT_MS,
        });
      } catch (error) {
        throw new Error(`bench: edit ${i} of ${source} did not reach the page: ${error.message}\n${output()}`);
      }
      samples.push(performance.now() - editStarted);
      await sleep(1500); // let the dev server settle before the next edit
    }

    const dataSamples = await measureDataReloads(page, siteDir, edits, output);
    return {
      route,
      startToFirstResponseMs,
      firstLoadMs,
      startToRenderedMs,
      hotReloadMs: { median: median(samples), samples },
      dataReloadMs: { route: PREVIEW_DATA.route, median: median(dataSamples), samples: dataSamples },
    };
  } finally {
    await browser?.close();
    if (server) await stopProcessGroup(server);
    removeTempDir(siteDir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measurePreview(), null, 2));
}
