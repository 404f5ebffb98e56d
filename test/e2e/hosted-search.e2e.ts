/**
 * The hosted search mode in a real browser (ARCHITECTURE.md, 'Search modes'), on the build made with test
 * Algolia credentials (`npm run build:fixtures`): the preconnect hint to the app's host, the
 * modal's queries with contextual facet filters (language = the current locale, plus the docs tag
 * of the current docs version and the default tag), and the theme's /search page. The tests answer
 * the hosted queries themselves and Chromium resolves no host name but loopback, so nothing leaves
 * the machine.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';

import { SITE_URL } from '@site/site-config';

import { answerAnalytics } from './analytics-stub';
import { registerBrowserSession, type WatchedPage } from './browser';
import fixtureBuild from './fixtures/fixture-build.json';

const credentials = fixtureBuild.hostedSearch;
const hostedSearchBaseUrl = inject('fixtureBaseUrl');
const session = registerBrowserSession(() => hostedSearchBaseUrl);

/**
 * A fresh watched page at `path` of the fixture build, once React has hydrated it. That build has
 * analytics on too; its requests are answered (analytics-stub.ts), so they are not foreign requests.
 */
async function open(path: string): Promise<WatchedPage> {
  const watched = await session.watch();
  await answerAnalytics(watched.page);
  await watched.page.goto(`${hostedSearchBaseUrl}${path}`);
  await watched.page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  return watched;
}

/** The page the fake hosted index returns for every query. */
const PEERING_PATH = '/guides/build-it-yourself/vpc/core-concepts/vpc-peering';
const PEERING_TITLE = 'VPC peering';

/** One query as the page sends it to the hosted service (the fields the tests read). */
interface HostedQuery {
  indexName?: string;
  query?: string;
  facetFilters?: (string | string[])[];
}

/**
 * An answer in the shape the hosted service gives for a DocSearch record: the page's hierarchy,
 * highlights for the levels it has, and its address on the production site.
 */
function hostedResponse(query: string) {
  const hit = {
    objectID: 'vpc-peering-lvl1',
    url: `${SITE_URL}${PEERING_PATH}`,
    type: 'lvl1',
    content: null,
    hierarchy: { lvl0: 'Guides', lvl1: PEERING_TITLE, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    _highlightResult: {
      hierarchy: {
        lvl0: { value: 'Guides', matchLevel: 'none', matchedWords: [] },
        lvl1: { value: '<mark>VPC</mark> <mark>peering</mark>', matchLevel: 'full', matchedWords: ['vpc', 'peering'] },
      },
    },
    _snippetResult: { content: { value: 'Connect two <mark>VPCs</mark> over private addresses.', matchLevel: 'full' } },
  };
  const hits = query === '' ? [] : [hit];
  return {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: 1,
    hitsPerPage: 20,
    query,
    params: '',
    processingTimeMS: 1,
    exhaustiveNbHits: true,
  };
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/**
 * Answers every request to the Algolia app's hosts with one hit on the VPC peering page (see
 * {@link hostedResponse}) and records the queries.
 */
async function answerHostedQueries(page: Page): Promise<HostedQuery[]> {
  const queries: HostedQuery[] = [];
  const isAlgoliaHost = (url: URL): boolean =>
    url.hostname.endsWith('.algolia.net') || url.hostname.endsWith('.algolianet.com');
  await page.route(isAlgoliaHost, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      await route.fulfill({ status: 204, headers: CORS_HEADERS });
      return;
    }
    const { requests } = request.postDataJSON() as { requests: HostedQuery[] };
    queries.push(...requests);
    await route.fulfill({
      status: 200,
      headers: { ...CORS_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ results: requests.map((query) => hostedResponse(query.query ?? '')) }),
    });
  });
  return queries;
}

describe.skipIf(hostedSearchBaseUrl === '')(
  hostedSearchBaseUrl === ''
    ? 'hosted search (skipped: needs build-fixtures/, made by npm run build:fixtures)'
    : 'hosted search',
  () => {
    it('hints a preconnect to the Algolia app host and ships no offline index', async () => {
      const { page } = await open('/intro');
      const preconnects = await page
        .locator('head link[rel="preconnect"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(preconnects).toContain(`https://${credentials.appId}-dsn.algolia.net`);
      const offlineIndex = await page.request.get(`${hostedSearchBaseUrl}/pagefind/pagefind.js`);
      expect(offlineIndex.status()).toBe(404);
    });

    it('queries with the locale and docs-version facet filters, shows the hit and opens it on Enter', async () => {
      const { page } = await open('/guides/build-it-yourself/vpc/');
      const queries = await answerHostedQueries(page);
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Control+KeyK');
      await page.locator('.DocSearch-Input').fill('vpc peering');
      const hit = page.locator('.DocSearch-Hit').first();
      await hit.waitFor();
      expect(await hit.innerText()).toContain(PEERING_TITLE);

      const last = queries.at(-1);
      expect(last).toMatchObject({ indexName: credentials.indexName, query: 'vpc peering' });
      // Language AND (default tag OR the current docs version's tag).
      expect(last?.facetFilters).toContain('language:en');
      expect(last?.facetFilters).toContainEqual(
        expect.arrayContaining(['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']),
      );

      // The hit's production address opens on this origin.
      await page.keyboard.press('Enter');
      await page.waitForURL(`${hostedSearchBaseUrl}${PEERING_PATH}`);
      await page.getByRole('heading', { level: 1, name: PEERING_TITLE }).waitFor();
    });

    it("serves the theme's /search page over the hosted index, with the same filters", async () => {
      const watched = await session.watch();
      await answerAnalytics(watched.page);
      const queries = await answerHostedQueries(watched.page);
      await watched.page.goto(`${hostedSearchBaseUrl}/search?q=vpc%20peering`);
      const result = watched.page.getByRole('link', { name: PEERING_TITLE });
      await result.first().waitFor();
      expect(await result.first().getAttribute('href')).toBe(PEERING_PATH);
      const sent = JSON.stringify(queries);
      expect(sent).toContain('language:en');
      expect(sent).toContain('docusaurus_tag:docs-default-current');
    });
  },
);
