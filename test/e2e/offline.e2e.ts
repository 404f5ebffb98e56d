/**
 * Reading with the network off, in Chromium, as a reader does it: one online visit (two pages and a
 * search), then the network off (Playwright's `setOffline`): a reload, a client-side navigation to
 * a page read before, the same search in the modal and on /search, and "Save for offline"
 * followed by a page never opened. The service worker is the site's (plugins/offline on top of
 * @docusaurus/plugin-pwa), served by nginx like the other browser tests.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { referencedFiles } from '../../plugins/offline';
import { PAGES_CACHE } from '../../plugins/offline/rules.mjs';
import { baseUrl, registerBrowserSession } from './browser';

const session = registerBrowserSession();

/** The build the browser tests' server serves (test/e2e/global-setup.ts). */
const BUILD_DIR = path.resolve(__dirname, '../../build');

const FIRST = '/intro';
const SECOND = '/guides/build-it-yourself/vpc/core-concepts/cidr-notation';
const UNVISITED = '/discussions/knowledge-base/10';
const QUERY = 'cidr notation';

/**
 * Waits until the worker controls the page and has saved `path` (at most 30 s). The worker saves a
 * page after the files it loaded, so a saved page means its files are saved too. (Polled from
 * here: `waitForFunction` does not wait for a predicate's promise.)
 */
async function waitUntilSaved(page: Page, path: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ cacheName, url }) =>
            navigator.serviceWorker.controller !== null &&
            (await (await caches.open(cacheName)).match(url, { ignoreVary: true })) !== undefined,
          { cacheName: PAGES_CACHE, url: `${baseUrl()}${path}` },
        ),
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens the search modal, types `query`, and returns the addresses the hits link to. */
async function searchInModal(page: Page, query: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Control+KeyK');
  const input = page.locator('.DocSearch-Input');
  await input.waitFor();
  await input.fill(query);
  await page.locator('.DocSearch-Hit').first().waitFor();
  const targets = await page
    .locator('.DocSearch-Hit a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return targets;
}

/** Opens /search?q=`query` and returns the first page of results' titles. */
async function searchPage(page: Page, query: string): Promise<string[]> {
  await page.goto(`${baseUrl()}/search?q=${encodeURIComponent(query)}`);
  await hydrated(page);
  const results = page.locator('main ol > li');
  await results.first().waitFor();
  return results.locator('h2 a').allInnerTexts();
}

describe('reading offline', () => {
  it('after one online visit: reload, navigation to a page read before, search and /search work offline', async () => {
    const { page, context, expectedConsole } = await session.watch();
    // Offline, the browser logs each request the worker cannot answer from its caches.
    expectedConsole.push('net::ERR_INTERNET_DISCONNECTED', 'Failed to fetch', 'Failed to load resource');

    await page.goto(`${baseUrl()}${FIRST}`);
    await hydrated(page);
    await waitUntilSaved(page, FIRST);
    await page.goto(`${baseUrl()}${SECOND}`);
    await hydrated(page);
    await waitUntilSaved(page, SECOND);
    const onlineHits = await searchInModal(page, QUERY);
    expect(onlineHits.length).toBeGreaterThan(0);
    const onlineResults = await searchPage(page, QUERY);
    expect(onlineResults.length).toBeGreaterThan(0);
    await page.goto(`${baseUrl()}${SECOND}`);
    await hydrated(page);

    await context.setOffline(true);

    // A reload shows the page, hydrated, not the browser's offline error.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/CIDR/i);

    // A client-side navigation (no new document) to the page read first.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator(`nav a[href="${FIRST}"]`).first().click();
    await page.waitForURL(`${baseUrl()}${FIRST}`);
    await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/Introduction/i);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The same search, on the index parts fetched online.
    expect(await searchInModal(page, QUERY)).toEqual(onlineHits);

    // The search page, opened online once, searches the same index parts offline.
    expect(await searchPage(page, QUERY)).toEqual(onlineResults);

    // The home page was saved on the first visit, though it was never opened.
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);

    // A page never opened is not there yet: the worker says so instead of the browser's error.
    const missing = await page.goto(`${baseUrl()}${UNVISITED}`);
    expect(missing?.status()).toBe(503);
    expect(await page.locator('h1').innerText()).toBe('You are offline');
  });

  it('"Save for offline" shows the size first, saves with a progress bar, then an unvisited page opens offline', async () => {
    const { page, context, expectedConsole } = await session.watch();
    expectedConsole.push('net::ERR_INTERNET_DISCONNECTED', 'Failed to fetch', 'Failed to load resource');
    // The whole site takes minutes to save; the test saves the unvisited page and every file of the
    // site's list that this page loads or the search uses, through the same list format.
    const list = (await (await fetch(`${baseUrl()}/offline.json`)).json()) as {
      pages: string[];
      files: string[];
      bytes: number;
    };
    expect(list.pages).toContain(UNVISITED);
    expect(list.bytes).toBeGreaterThan(10_000_000);
    const html = await (await fetch(`${baseUrl()}${UNVISITED}`)).text();
    const loaded = referencedFiles(html);
    const files = list.files.filter((file) => loaded.has(file) || file.startsWith('/pagefind/pagefind'));
    expect(files.filter((file) => file.startsWith('/route-chunks/')).length).toBeGreaterThan(0);
    await page.route('**/offline.json', (route) =>
      route.fulfill({ json: { pages: [UNVISITED], files, bytes: list.bytes } }),
    );

    await page.goto(`${baseUrl()}${FIRST}`);
    await hydrated(page);
    await waitUntilSaved(page, FIRST);

    await page.getByRole('button', { name: 'Save for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save for offline' });
    await expect.poll(() => dialog.innerText()).toMatch(/\d+(\.\d)? MB stored in this browser/);
    await dialog.getByRole('button', { name: /^Save \d/ }).click();
    await expect
      .poll(() => dialog.getByRole('status').innerText(), { timeout: 30_000 })
      .toMatch(/^Saved: (\d+) of \1$/);
    expect(await dialog.locator('progress').getAttribute('value')).toBe(String(files.length + 1));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await context.setOffline(true);
    await page.goto(`${baseUrl()}${UNVISITED}`);
    await hydrated(page);
    expect(await page.locator('h1').first().innerText()).not.toBe('You are offline');
  });

  it('a new deploy of the worker shows the reload prompt, and "Refresh" reloads under the new worker', async () => {
    const { page } = await session.watch();
    await page.goto(`${baseUrl()}${FIRST}`);
    await hydrated(page);
    await waitUntilSaved(page, FIRST);

    // The next deploy: the same build with another /sw.js. The server would send the precompressed
    // copies of the old one, so they are moved aside while the test runs.
    const worker = path.join(BUILD_DIR, 'sw.js');
    const original = fs.readFileSync(worker);
    const precompressed = ['.br', '.gz'].map((ext) => `${worker}${ext}`).filter((file) => fs.existsSync(file));
    try {
      for (const file of precompressed) fs.renameSync(file, `${file}.e2e`);
      fs.writeFileSync(`${worker}.e2e`, Buffer.concat([original, Buffer.from('\n// the next deploy\n')]));
      fs.renameSync(`${worker}.e2e`, worker);

      // The browser checks for a new worker on navigations and on `update()`; nginx may go on
      // serving the old file for up to 30 s (`open_file_cache_valid` in deploy/nginx.conf).
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              await registration?.update();
              return registration?.waiting !== null;
            }),
          { timeout: 45_000, interval: 1000 },
        )
        .toBe(true);
      await page.getByText('New version available').waitFor({ timeout: 10_000 });
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh' }).click()]);
      await hydrated(page);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
        }),
      ).toEqual({ waiting: null, controlled: true });
      expect(await page.getByText('New version available').count()).toBe(0);
    } finally {
      fs.writeFileSync(`${worker}.e2e`, original);
      fs.renameSync(`${worker}.e2e`, worker);
      for (const file of precompressed) fs.renameSync(`${file}.e2e`, file);
    }
  });
});
