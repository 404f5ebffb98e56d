/**
 * Interactive behaviours of the page shell in Chromium: announcement bar,
 * colour mode, image zoom, progress bar, mobile sidebar, navbar hiding, dropdowns.
 */
import { describe, expect, it } from 'vitest';

import { DESKTOP_MIN_WIDTH_PX, PROGRESS_BAR_DELAY_MS } from '../../src/site-constants';

import { baseUrl, registerBrowserSession } from './browser';

const DOC_WITH_IMAGE = '/guides/build-it-yourself/vpc/production-grade-design/multiple-subnet-tiers';

const session = registerBrowserSession();
const { open } = session;

describe('announcement bar', () => {
  it('stays closed across a reload once closed, and shows again when its id changes', async () => {
    const { page } = await open('/intro');
    const bar = page.getByText('New to the library?');
    await expect(bar.isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Close' }).first().click();
    await bar.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByText('New to the library?').isVisible()).resolves.toBe(false);
    // A banner with another id (the stored id differs) clears the dismissal.
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.id', 'an-older-banner');
    });
    await page.reload();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => localStorage.getItem('docusaurus.announcement.dismiss') === 'false');
    await page.reload();
    await page.getByText('New to the library?').waitFor({ state: 'visible' });
  });
});

describe('colour mode', () => {
  it('starts light, flips with the toggle, and keeps the choice across a reload', async () => {
    const { page } = await open('/intro', { colorScheme: 'light' });
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    // The toggle cycles system → light → dark (respectPrefersColorScheme is on).
    const toggle = page.getByRole('button', { name: /dark and light mode/ });
    for (let i = 0; i < 3 && (await page.getAttribute('html', 'data-theme')) !== 'dark'; i += 1) await toggle.click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
  });

  it('follows a dark system preference when nothing is stored', async () => {
    const { page } = await open('/intro', { colorScheme: 'dark' });
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });
});

describe('image zoom', () => {
  it('zooms a doc image on a white overlay once attached, and closes again', async () => {
    const { page } = await open(DOC_WITH_IMAGE);
    const image = page.locator('.markdown img').first();
    await page.waitForFunction(
      () => document.querySelector('.markdown img')?.classList.contains('medium-zoom-image'),
      undefined,
      { timeout: 3000 },
    );
    await image.click();
    const overlay = page.locator('.medium-zoom-overlay');
    await overlay.waitFor();
    expect(await overlay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    // medium-zoom ignores clicks during its 300 ms opening animation.
    await page.waitForTimeout(500);
    // A click anywhere outside the zoomed image (here, the left edge of the overlay) closes it.
    await page.mouse.click(5, 300);
    await overlay.waitFor({ state: 'detached' });
  });

  it('attaches 1000 ms after the route updates, not before', async () => {
    const { page } = await open('/intro');
    await page
      .locator(`a[href="${DOC_WITH_IMAGE}"]`)
      .first()
      .evaluate((a) => {
        (a as HTMLAnchorElement).click();
      })
      .catch(async () => {
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, DOC_WITH_IMAGE);
      });
    await page.locator('.markdown img').first().waitFor();
    const early = await page.evaluate(
      () => document.querySelector('.markdown img')?.classList.contains('medium-zoom-image') ?? false,
    );
    expect(early).toBe(false);
    await page.waitForFunction(
      () => document.querySelector('.markdown img')?.classList.contains('medium-zoom-image'),
      undefined,
      { timeout: 3000 },
    );
  });
});

describe('progress bar', () => {
  it('appears 200 ms into a slow navigation to another path and finishes when the route updates', async () => {
    // Page routes see only requests no service worker answers: the site's worker is blocked in the
    // tests that route requests (test/e2e/offline.e2e.ts tests the worker).
    const { page } = await open('/intro', { serviceWorkers: 'block' });
    await page.route('**/assets/js/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    const started = Date.now();
    await page.getByRole('link', { name: 'Guides', exact: true }).first().click();
    await page.locator('#nprogress').waitFor({ state: 'attached' });
    // Allow 10 ms for timer and event-loop granularity.
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROGRESS_BAR_DELAY_MS - 10);
    await page.waitForURL(`${baseUrl()}/guides/`);
    await page.locator('#nprogress').waitFor({ state: 'detached' });
  });
});

describe('mobile sidebar at 390 px', () => {
  it('opens from the menu button, offers a back button to the main menu, and closes on a wide window', async () => {
    const { page } = await open('/guides/build-it-yourself/vpc/core-concepts/subnets', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /Back to main menu/ }).click();
    await sidebar.getByRole('link', { name: 'Courses' }).waitFor();
    await page.setViewportSize({ width: DESKTOP_MIN_WIDTH_PX, height: 800 });
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'detached' });
  });

  it('closes on back navigation', async () => {
    const { page } = await open('/intro', { viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl()}/faq/`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'attached' });
    await page.goBack();
    await page.locator('.navbar-sidebar--show').waitFor({ state: 'detached' });
  });
});

describe('navbar and dropdowns', () => {
  it('hides on scroll down and comes back on scroll up', async () => {
    const { page } = await open('/guides/build-it-yourself/vpc/core-concepts/cidr-notation');
    const navbarTop = () => page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
    await page.mouse.move(700, 500);
    // Scroll in steps, as a reader does: the navbar compares each position with the last one.
    for (let i = 0; i < 6; i += 1) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(60);
    }
    await page.waitForFunction(() => (document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 1) <= 0);
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(60);
    await page.mouse.wheel(0, -200);
    await page.waitForFunction(() => (document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 0) > 0);
    expect(await navbarTop()).toBeGreaterThan(0);
  });

  it('opens a dropdown with Enter and closes it on an outside click', async () => {
    const { page } = await open('/intro');
    const toggle = page.getByRole('button', { name: 'Library Reference' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dropdown = page.locator('.dropdown--show');
    await dropdown.waitFor();
    await page.mouse.click(700, 600);
    await dropdown.waitFor({ state: 'detached' });
  });
});

describe('failed route load', () => {
  it('logs a warning and fully reloads the page when the next page cannot load', async () => {
    // No service worker, so the page's route below sees every chunk request.
    const { page, expectedConsole } = await open('/intro', { serviceWorkers: 'block' });
    // The blocked chunks fail in the console and, for link prefetches, as unhandled rejections.
    expectedConsole.push('Failed to load resource', 'Loading chunk');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // From now on, every script chunk fails to load, as after a deploy removed old chunks.
    await page.route('**/assets/js/*.js', (route) => route.abort());
    const fullReload = page.waitForRequest(
      (request) => request.isNavigationRequest() && request.url() === `${baseUrl()}/faq/`,
    );
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await fullReload;
    expect(warnings.some((text) => /fail/i.test(text))).toBe(true);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});

describe('crash screen', () => {
  /**
   * A stand-in search index of two pages: the hit for `crash` has an object for its section name,
   * which React cannot render; the hit for `recovered` is an ordinary one.
   */
  const FAKE_INDEX: Record<string, unknown> = {
    'sections.json': {
      shards: 1,
      shardStarts: [''],
      pageIds: ['a', 'b'],
      page: [0, 1],
      heading: [-1, -1],
      length: [1, 1],
      start: [0, 0],
      synonyms: {},
    },
    'terms/0.json': { crash: [0, 1], recover: [1, 1] },
    'pages.json': {
      sections: [{ not: 'renderable' }, 'Guides'],
      pages: { a: [0, '/intro', 'Crash', []], b: [1, '/intro', 'Recovered result', []] },
    },
    'vocabulary.json': { words: ['crash', 'recovered'], names: {} },
  };

  it('shows "This page crashed." with the error, titled Page Error, and Try again renders the page again', async () => {
    // No service worker, so the stand-in index below answers every index request.
    const { page, expectedConsole } = await open('/intro', { serviceWorkers: 'block' });
    // Production React reports the render error as minified error #31 (an object as a child).
    expectedConsole.push('Minified React error #31');
    await page.route('**/pagefind/**', (route) => {
      const file = new URL(route.request().url()).pathname.replace(/^.*\/pagefind\//, '');
      if (file.startsWith('fragment/')) return route.fulfill({ body: 'pagefind_dcd{"content":"Crash recovered."}' });
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify(FAKE_INDEX[file] ?? {}) });
    });
    // Client-side navigation keeps the stand-in index.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/search?q=crash');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    // The document title follows the screen once the head manager has run (a moment later on a
    // busy machine), so wait for it rather than read it once.
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Page Error');
    expect(await page.getByText('Minified React error #31', { exact: false }).count()).toBeGreaterThan(0);
    const screenHeight = await page
      .locator('main')
      .first()
      .evaluate((el) => el.parentElement?.getBoundingClientRect().height ?? 0);
    expect(screenHeight).toBeGreaterThanOrEqual(0.5 * 900 - 1);
    // Fix the cause (the search page keeps its results above the boundary, so search again), then
    // Try again clears the error and renders the page.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/search?q=recovered');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // The new search finishes behind the crash screen; press Try again until it has.
    const recovered = page.getByRole('link', { name: 'Recovered result' });
    for (let attempt = 0; attempt < 10 && (await recovered.count()) === 0; attempt += 1) {
      await page.waitForTimeout(300);
      const tryAgain = page.getByRole('button', { name: 'Try again' });
      if ((await tryAgain.count()) > 0) await tryAgain.click();
    }
    await recovered.waitFor();
  });
});
