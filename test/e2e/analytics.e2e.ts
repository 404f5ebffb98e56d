/**
 * Analytics in a real browser. On the fixture build (a test GA4 measurement id, `npm run
 * build:fixtures`): one page view on the first load and one per route change that alters the path,
 * the query or the hash, each with the page set to path plus query plus hash; none on a re-render
 * that changes nothing; IP anonymisation asked for in the configuration; and nothing loaded or sent
 * when the browser sends Global Privacy Control or Do Not Track. On the default build (no id): no
 * analytics request and no analytics code in any script a page loads.
 *
 * The tests answer the request for Google's gtag.js with a stand-in (`GTAG_STUB` in
 * analytics-stub.ts) that records every `gtag()` call and sends one beacon per page view, as gtag.js
 * does; the tests answer the beacons too. Chromium resolves no host name but loopback, so nothing
 * leaves the machine.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page, Response } from 'playwright-core';

import { answerAnalytics, gtagCalls, type AnalyticsTraffic } from './analytics-stub';
import { baseUrl, registerBrowserSession } from './browser';
import fixtureBuild from './fixtures/fixture-build.json';

const fixtureBaseUrl = inject('fixtureBaseUrl');
const MEASUREMENT_ID = fixtureBuild.analytics.measurementId;

/** Text that only analytics code holds: the gtag names, Google's hosts and the page-view event. */
const ANALYTICS_CODE = /gtag|googletagmanager|google-analytics|page_view|dataLayer/;

const PEERING = '/guides/build-it-yourself/vpc/core-concepts/vpc-peering';
const ROUTE_TABLES = '/guides/build-it-yourself/vpc/core-concepts/route-tables';
/** The first page: a path with a query and a hash. */
const FIRST = `${PEERING}?ref=analytics-test#how-a-connection-is-set-up`;

/** How long a test waits for a page view that must not come (the client module sends on the next tick). */
const QUIET_MS = 1000;

/** Waits {@link QUIET_MS}, then expects the page views to be exactly `expected`. */
async function expectNoMorePageViews(page: Page, traffic: AnalyticsTraffic, expected: string[]): Promise<void> {
  await page.waitForTimeout(QUIET_MS);
  expect(traffic.pageViews).toEqual(expected);
}

/** Collects the text of every script the page loads from its own origin, from now on. */
function recordScripts(page: Page): Promise<string>[] {
  const texts: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(new URL(page.url()).origin)) {
      texts.push(response.text().then((text) => `${response.url()}\n${text}`));
    }
  });
  return texts;
}

/** Goes to another doc of the same sidebar by its sidebar link, as a reader would. */
async function clickSidebarLink(page: Page, name: string, path: string): Promise<void> {
  await page.locator('nav.menu').getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe.skipIf(fixtureBaseUrl === '')(
  fixtureBaseUrl === ''
    ? 'analytics on (skipped: needs build-fixtures/, made by npm run build:fixtures)'
    : 'analytics on',
  () => {
    const session = registerBrowserSession(() => fixtureBaseUrl);

    it('sends one page view per route change of path, query or hash, with path, query and hash, and none for a re-render', async () => {
      const { page } = await session.watch();
      const traffic = await answerAnalytics(page);
      await page.goto(`${fixtureBaseUrl}${FIRST}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });

      // First load: the loader's config call is the page view, with the query and the hash.
      await expect.poll(() => traffic.pageViews).toEqual([FIRST]);
      expect(traffic.scriptRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
      expect(traffic.beaconIds).toEqual([MEASUREMENT_ID]);

      // A client-side navigation to another path.
      await clickSidebarLink(page, 'Route tables', ROUTE_TABLES);
      await expect.poll(() => traffic.pageViews).toEqual([FIRST, ROUTE_TABLES]);

      // Only the hash changes: a link of the table of contents.
      const tocLink = page.locator('.table-of-contents a').first();
      const hash = (await tocLink.getAttribute('href')) ?? '';
      expect(hash).toMatch(/^#./);
      await tocLink.click();
      await page.waitForURL((url) => url.hash === hash);
      await expect.poll(() => traffic.pageViews).toEqual([FIRST, ROUTE_TABLES, `${ROUTE_TABLES}${hash}`]);

      // Re-renders that change no part of the address: the same link again, and the colour mode.
      await tocLink.click();
      const toggle = page.getByRole('button', { name: /dark and light mode/ });
      await toggle.click();
      await expectNoMorePageViews(page, traffic, [FIRST, ROUTE_TABLES, `${ROUTE_TABLES}${hash}`]);

      // Back: only the hash changes again.
      await page.goBack();
      await page.waitForURL((url) => url.hash === '');
      await expect.poll(() => traffic.pageViews).toEqual([FIRST, ROUTE_TABLES, `${ROUTE_TABLES}${hash}`, ROUTE_TABLES]);

      // Client-side navigations never fetch gtag.js again, and every beacon carried the test id.
      expect(traffic.scriptRequests).toHaveLength(1);
      expect(new Set(traffic.beaconIds)).toEqual(new Set([MEASUREMENT_ID]));
    });

    it('sends one page view when only the query changes (the search page writes the query into the address)', async () => {
      const { page } = await session.watch();
      const traffic = await answerAnalytics(page);
      // The search page queries the hosted index; answer with no hits.
      await page.route(
        (url) => url.hostname.endsWith('.algolia.net') || url.hostname.endsWith('.algolianet.com'),
        async (route) => {
          const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
          if (route.request().method() === 'OPTIONS') {
            await route.fulfill({ status: 204, headers: cors });
            return;
          }
          const { requests } = route.request().postDataJSON() as { requests: { query?: string }[] };
          const empty = (query: string) => ({
            hits: [],
            nbHits: 0,
            page: 0,
            nbPages: 0,
            hitsPerPage: 20,
            query,
            params: '',
          });
          await route.fulfill({
            status: 200,
            headers: { ...cors, 'content-type': 'application/json' },
            body: JSON.stringify({ results: requests.map((request) => empty(request.query ?? '')) }),
          });
        },
      );
      await page.goto(`${fixtureBaseUrl}/search?q=vpc`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await expect.poll(() => traffic.pageViews).toEqual(['/search?q=vpc']);

      await page.getByRole('searchbox').fill('nat');
      await page.waitForURL((url) => url.search === '?q=nat');
      await expect.poll(() => traffic.pageViews).toEqual(['/search?q=vpc', '/search?q=nat']);
      await expectNoMorePageViews(page, traffic, ['/search?q=vpc', '/search?q=nat']);
      expect(traffic.scriptRequests).toHaveLength(1);
    });

    it('asks for IP anonymisation in the configuration it sends', async () => {
      const { page } = await session.watch();
      await answerAnalytics(page);
      await page.goto(`${fixtureBaseUrl}${FIRST}`);
      await page.waitForFunction(() => '__gtagStub' in window);
      const configs = (await gtagCalls(page)).filter((call) => call[0] === 'config');
      expect(configs).toEqual([['config', MEASUREMENT_ID, { anonymize_ip: true, page_path: FIRST }]]);
    });

    it('loads the analytics code it measures (the check of the default build can fail)', async () => {
      const { page } = await session.watch();
      await answerAnalytics(page);
      const scripts = recordScripts(page);
      const response = await page.goto(`${fixtureBaseUrl}${PEERING}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const html = (await response?.text()) ?? '';
      const texts = await Promise.all(scripts);
      expect(html).toMatch(ANALYTICS_CODE);
      expect(texts.filter((text) => ANALYTICS_CODE.test(text)).length).toBeGreaterThan(0);
    });

    it.each([
      ['Global Privacy Control is on', { globalPrivacyControl: true }],
      ['Do Not Track is 1', { doNotTrack: '1' }],
    ])('loads no analytics script and sends nothing when %s', async (_, privacy) => {
      const { page, context } = await session.watch();
      await context.addInitScript(defineNavigator, privacy);
      const traffic = await answerAnalytics(page);
      await page.goto(`${fixtureBaseUrl}${FIRST}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await clickSidebarLink(page, 'Route tables', ROUTE_TABLES);
      await page.waitForTimeout(QUIET_MS);
      expect(traffic).toEqual({ scriptRequests: [], pageViews: [], beaconIds: [] });
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
      expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    });

    it('loads the analytics script and sends page views when Global Privacy Control is off and Do Not Track is 0', async () => {
      const { page, context } = await session.watch();
      await context.addInitScript(defineNavigator, { globalPrivacyControl: false, doNotTrack: '0' });
      const traffic = await answerAnalytics(page);
      await page.goto(`${fixtureBaseUrl}${FIRST}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await clickSidebarLink(page, 'Route tables', ROUTE_TABLES);
      await expect.poll(() => traffic.pageViews).toEqual([FIRST, ROUTE_TABLES]);
      expect(traffic.scriptRequests).toHaveLength(1);
    });
  },
);

describe('analytics off (no measurement id)', () => {
  const session = registerBrowserSession(baseUrl);

  it('makes no analytics request and loads no analytics code on any page or navigation', async () => {
    const { page } = await session.watch();
    const traffic = await answerAnalytics(page);
    const scripts = recordScripts(page);
    const pages: string[] = [];
    for (const path of ['/', '/reference/modules/terraform-aws-vpc/vpc-app/', FIRST]) {
      const response = await page.goto(`${baseUrl()}${path}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      pages.push((await response?.text()) ?? '');
    }
    await clickSidebarLink(page, 'Route tables', ROUTE_TABLES);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(QUIET_MS);

    expect(traffic).toEqual({ scriptRequests: [], pageViews: [], beaconIds: [] });
    const texts = await Promise.all(scripts);
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.filter((text) => ANALYTICS_CODE.test(text)).map((text) => text.split('\n')[0])).toEqual([]);
    expect(pages.filter((html) => ANALYTICS_CODE.test(html))).toEqual([]);
    expect(await page.evaluate(() => 'gtag' in window || 'dataLayer' in window)).toBe(false);
  });
});

/** Runs in the page before its scripts: sets the privacy signals the test gives. */
function defineNavigator(privacy: { globalPrivacyControl?: boolean; doNotTrack?: string }): void {
  for (const [name, value] of Object.entries(privacy)) {
    Object.defineProperty(navigator, name, { get: () => value, configurable: true });
  }
}
