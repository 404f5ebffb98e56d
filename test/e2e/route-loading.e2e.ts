/**
 * Route loading in the browser (ARCHITECTURE.md, 'In the browser'): `main.js` holds only the
 * layout routes, and each page's route, chunk names and chunk file hashes come with its route
 * bucket (`/route-chunks/route-bucket-<n>.js`, a name no edit changes). Client-side navigation,
 * prefetch and preload must work across sections and buckets, and an unknown path must still show
 * the not-found page. Every test fails on console errors.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';

const session = registerBrowserSession();
const { open } = session;

/** Records full page loads and the route buckets the page runs (not prefetches). */
function watchRequests(page: Page): { navigations: string[]; buckets: string[] } {
  const seen = { navigations: [] as string[], buckets: [] as string[] };
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (request.isNavigationRequest()) seen.navigations.push(pathname);
    else if (/^\/route-chunks\/route-bucket-\d+\.js$/.test(pathname) && request.resourceType() === 'script') {
      seen.buckets.push(pathname);
    }
  });
  return seen;
}

async function heading(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
}

describe('client-side navigation', () => {
  it('moves between pages of several sections in place, loading each bucket before it renders', async () => {
    const { page } = await open('/guides/build-it-yourself/vpc/core-concepts/cidr-notation');
    const seen = watchRequests(page);

    await page.getByRole('link', { name: 'Subnets', exact: true }).first().click();
    await page.waitForURL(`${baseUrl()}/guides/build-it-yourself/vpc/core-concepts/subnets`);
    await expect.poll(() => heading(page)).toBe('Subnets');

    // A tag page: a leaf route of the docs version layout, not of the doc layout.
    await page.getByRole('link', { name: 'vpc', exact: true }).first().click();
    await page.waitForURL(`${baseUrl()}/tags/vpc`);
    await expect.poll(() => heading(page)).toMatch(/tagged with "vpc"/);

    await page.getByRole('button', { name: 'Library Reference' }).hover();
    const modules = page.getByRole('link', { name: 'Modules', exact: true });
    await modules.waitFor({ state: 'visible', timeout: 2_000 });
    await modules.click();
    await page.waitForURL(`${baseUrl()}/reference/modules/intro`);
    await expect.poll(() => heading(page)).toBe('Infrastructure as Code Library');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Intro', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/intro`);
    await expect.poll(() => heading(page)).not.toBe('Infrastructure as Code Library');

    expect(seen.navigations).toEqual([]);
    expect(seen.buckets.length).toBeGreaterThan(0);
  });

  it('shows the not-found page on a client-side navigation to an unknown path, inside and outside the docs', async () => {
    for (const unknown of ['/guides/no-such-page', '/no/such/page']) {
      const { page, expectedConsole } = await session.watch();
      // The server answers 404 for the document itself, which Chromium logs as a console error.
      expectedConsole.push('status of 404');
      await page.goto(`${baseUrl()}${unknown}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await expect.poll(() => heading(page)).toBe('Page Not Found');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Intro', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/intro`);
      await expect.poll(() => heading(page)).not.toBe('Page Not Found');
      const seen = watchRequests(page);
      // Back to the unknown path: a client-side render (popstate), not a page load.
      await page.goBack();
      await page.waitForURL(`${baseUrl()}${unknown}`);
      await expect.poll(() => heading(page)).toBe('Page Not Found');
      expect(seen.navigations).toEqual([]);
    }
  });
});

describe('prefetch and preload', () => {
  it('prefetches the bucket of a path it has not loaded, then preloads its chunks on intent', async () => {
    const { page } = await open('/discussions/knowledge-base/10');
    const target = '/reference/services/intro/overview';
    const bucket = await page.evaluate(async (path) => {
      await (window as unknown as { docusaurus: { prefetch(p: string): unknown } }).docusaurus.prefetch(path);
      return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.href).filter(
        (href) => href.includes('route-bucket-'),
      );
    }, target);
    expect(bucket.length).toBeGreaterThan(0);

    const seen = watchRequests(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.evaluate(async (path) => {
      await (window as unknown as { docusaurus: { preload(p: string): unknown } }).docusaurus.preload(path);
    }, target);
    // The bucket runs, then the route's own chunks load (their hashes come from the bucket).
    expect(seen.buckets.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => !script.includes('route-bucket-')).length).toBeGreaterThan(0);
    expect(scripts.every((script) => !script.includes('.undefined.'))).toBe(true);
  });

  it('preloads a page when the pointer rests on its link, so the click renders it without a new request', async () => {
    const { page } = await open('/guides/build-it-yourself/vpc/core-concepts/cidr-notation');
    const link = page.locator('a[href="/guides/build-it-yourself/vpc/core-concepts/nat-gateways"]').first();
    const loaded = page.waitForRequest((request) => request.resourceType() === 'script');
    await link.hover();
    await loaded;
    await page.waitForLoadState('networkidle');
    const after: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') after.push(request.url());
    });
    await link.click();
    await page.waitForURL(`${baseUrl()}/guides/build-it-yourself/vpc/core-concepts/nat-gateways`);
    await expect.poll(() => heading(page)).toMatch(/NAT/);
    expect(after).toEqual([]);
  });
});
