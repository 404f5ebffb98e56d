/**
 * Work after load (ARCHITECTURE.md, 'In the browser'): a page paints before its scripts run, and on
 * a phone the mobile menu, with its copy of the doc sidebar, is rendered only once the reader
 * reaches for it. Every test fails on console errors.
 */
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';

const session = registerBrowserSession();
const { open } = session;

const DOC = '/guides/build-it-yourself/vpc/core-concepts/cidr-notation';

describe('script loading', () => {
  it('paints the first content before main.js is added to the page, then hydrates', async () => {
    const { page } = await session.watch();
    await page.addInitScript(() => {
      const times = { fcp: -1, main: -1 };
      (window as unknown as { __times: typeof times }).__times = times;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntriesByName('first-contentful-paint')) times.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (node instanceof HTMLScriptElement && /\/main\.[0-9a-f]+\.js$/.test(node.src) && times.main < 0) {
              times.main = performance.now();
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl()}${DOC}`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    const times = await page.evaluate(() => (window as unknown as { __times: { fcp: number; main: number } }).__times);
    expect(times.fcp).toBeGreaterThan(0);
    expect(times.main).toBeGreaterThanOrEqual(times.fcp);
    // The HTML preloads the scripts, so they were fetched before they were added.
    await expect(page.locator('head link[rel="preload"][as="script"][href*="/main."]').count()).resolves.toBe(1);
  });
});

describe('mobile menu at 390 px', () => {
  it('is rendered only once the reader points at, touches or focuses its toggle, then opens with the doc sidebar', async () => {
    const { page } = await open(DOC, { viewport: { width: 390, height: 844 } });
    // The page switched to its phone layout: the desktop doc sidebar is gone.
    await page.locator('.theme-doc-sidebar-container nav.menu').waitFor({ state: 'detached' });
    await expect(page.locator('.navbar-sidebar').count()).resolves.toBe(0);

    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await toggle.hover();
    await page.locator('.navbar-sidebar').waitFor({ state: 'attached' });
    await expect(page.locator('.navbar-sidebar--show').count()).resolves.toBe(0);

    await toggle.click();
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'attached' });
    await page.locator('.navbar-sidebar').getByRole('link', { name: 'Subnets', exact: true }).waitFor();
  });

  it('renders for keyboard readers on focus of the toggle', async () => {
    const { page } = await open(DOC, { viewport: { width: 390, height: 844 } });
    await page.locator('.theme-doc-sidebar-container nav.menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).focus();
    await page.locator('.navbar-sidebar').waitFor({ state: 'attached' });
  });
});
