/**
 * Offline search in a real browser: shortcuts, lazy loading, hits, keyboard navigation, the
 * /search page with its texts and ranking, failure handling, and no foreign requests.
 */
import { describe, expect, it } from 'vitest';

import { BUILD_DIR } from '../contract/built-site';
import { loadNodeSearch } from '../contract/search-engine';
import { baseUrl, registerBrowserSession, type WatchedPage } from './browser';
import { RELEVANCE_PAIRS } from './fixtures/search-relevance';

const session = registerBrowserSession();

async function open(path: string): Promise<WatchedPage> {
  const watched = await session.open(path);
  // Keyboard shortcuts need the listeners that hydration attaches; wait for the page to settle.
  await watched.page.waitForLoadState('networkidle');
  return watched;
}

/** Opens the modal with Ctrl+K and returns its input. */
async function openModal(page: WatchedPage['page']) {
  await page.keyboard.press('Control+KeyK');
  const input = page.locator('.DocSearch-Input');
  await input.waitFor();
  return input;
}

describe('search modal', () => {
  it('loads nothing for search until the button is hovered', async () => {
    const watched = await session.watch();
    const requested: string[] = [];
    watched.page.on('request', (request) => requested.push(request.url()));
    await watched.page.goto(`${baseUrl()}/intro`);
    await watched.page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('/pagefind/'))).toEqual([]);
    await watched.page.getByRole('button', { name: /search/i }).hover();
    await watched.page.waitForResponse((response) => response.url().endsWith('/pagefind/sections.json'));
  });

  it('names the search button by the text it shows, and announces its shortcut', async () => {
    const { page } = await open('/intro');
    // The accessible name holds each word the button shows, as shown: "Search", "Ctrl", "K".
    const button = page.getByRole('button', { name: 'Search Ctrl K', exact: true });
    expect((await button.innerText()).split(/\s+/)).toEqual(['Search', 'Ctrl', 'K']);
    expect(await button.getAttribute('aria-keyshortcuts')).toBe('Control+k');
  });

  it('names the icon-only search button of a phone "Search"', async () => {
    const { page } = await open('/intro');
    await page.setViewportSize({ width: 390, height: 844 });
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.waitFor();
    const word = await button.locator('.DocSearch-Button-Placeholder').boundingBox();
    expect(word?.width ?? 0, 'the word is not drawn on the phone button').toBeLessThanOrEqual(1);
  });

  it('opens with Ctrl+K and with "/", and closes with Escape', async () => {
    const { page } = await open('/intro');
    const input = await openModal(page);
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    await page.keyboard.press('/');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
  });

  it('shows the modal as DocSearch styles it: a fixed overlay over the page, its input in a form', async () => {
    const { page } = await open('/intro');
    await openModal(page);
    const overlay = page.locator('.DocSearch-Container');
    expect(await overlay.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    const modalWidth = (await page.locator('.DocSearch-Modal').boundingBox())?.width ?? 0;
    const pageWidth = page.viewportSize()?.width ?? 0;
    expect(modalWidth, 'the modal has a box').toBeGreaterThan(0);
    expect(modalWidth, 'the modal is narrower than the page on a desktop').toBeLessThan(pageWidth);
    await page.keyboard.press('Escape');
  });

  it('does not open on "/" while the reader types in a field', async () => {
    const { page } = await open('/search');
    await page.getByLabel('Search', { exact: true }).fill('vpc');
    await page.getByLabel('Search', { exact: true }).press('/');
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('vpc/');
  });

  it('shows hits grouped by section with headings, and Enter on a heading hit opens the page at it', async () => {
    const { page } = await open('/intro');
    await (await openModal(page)).fill('cidr notation');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Hit-source').allTextContents()).toContain('Guides');
    const headingHit = page.locator('.DocSearch-Hit a[href*="#"]').first();
    const href = (await headingHit.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/guides\/build-it-yourself\/vpc\/core-concepts\/cidr-notation\/?#/);
    // Move the selection down to that hit, then press Enter.
    const hrefs = await page
      .locator('.DocSearch-Hit a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (let i = 0; i < hrefs.indexOf(href); i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith('/guides/build-it-yourself/vpc/core-concepts/cidr-notation') &&
        url.hash === `#${href.split('#')[1] ?? ''}`,
    );
    await page.getByRole('heading', { level: 1, name: 'CIDR notation' }).waitFor();
    // The page scrolled to the heading: it is in the viewport.
    const anchor = href.split('#')[1] ?? '';
    await page.waitForFunction((id) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight;
    }, anchor);
  });

  it('links "See all N results" to /search?q=', async () => {
    const { page } = await open('/intro');
    await (await openModal(page)).fill('subnet');
    const footer = page.getByRole('link', { name: /^See all \d+ results$/ });
    await footer.waitFor();
    await footer.click();
    await page.waitForURL(`${baseUrl()}/search?q=subnet`);
    await page.locator('main ol li').first().waitFor();
  });
  it('shows the failure texts in the modal when the index cannot load, and recovers once it can', async () => {
    // The page's routes see only requests no service worker answers: the site's worker is blocked
    // here so the index's requests reach them (test/e2e/offline.e2e.ts tests the worker).
    const watched = await session.watch({ serviceWorkers: 'block' });
    await watched.page.route('**/pagefind/**', (route) => route.abort());
    watched.expectedConsole.push('Failed to load resource', 'pagefind');
    await watched.page.goto(`${baseUrl()}/intro`);
    await watched.page.waitForLoadState('networkidle');
    const input = await openModal(watched.page);
    await input.fill('vpc');
    const dropdown = watched.page.locator('.DocSearch-Dropdown');
    await dropdown.getByRole('alert').getByText('Unable to fetch results').waitFor();
    await expect.poll(() => dropdown.innerText()).toContain('You might want to check your network connection.');
    expect(await dropdown.getByText('No results for').isVisible()).toBe(false);

    await watched.page.unroute('**/pagefind/**');
    await input.fill('vpc peering');
    await dropdown.locator('.DocSearch-Hit').first().waitFor();
    expect(await dropdown.getByText('Unable to fetch results').count()).toBe(0);
  });
});

describe('search page', () => {
  it('shows results for a real query, with title, section, excerpt and a way to load more', async () => {
    const { page } = await open('/search?q=security%20group');
    const results = page.locator('main ol > li');
    await results.first().waitFor();
    expect(await page.getByText(/^\d+ pages found$/).textContent()).toMatch(/pages found/);
    expect(await results.count()).toBe(10);
    expect(await results.first().locator('h2 a').getAttribute('href')).toMatch(/^\//);
    expect(await results.first().locator('mark').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Load more results' }).click();
    await page.waitForFunction(() => document.querySelectorAll('main ol > li').length > 10);
  });

  it('updates the URL as the query is edited', async () => {
    const { page } = await open('/search');
    await page.getByLabel('Search', { exact: true }).fill('terragrunt');
    await page.waitForURL(`${baseUrl()}/search?q=terragrunt`);
  });

  it('says so when nothing matches', async () => {
    const { page } = await open('/search?q=xyzzyplugh');
    await page.getByText('No results for').waitFor();
    for (const text of ['Try searching for', 'Believe this query should return results?', 'Let us know.']) {
      expect(await page.getByText(text).count()).toBeGreaterThan(0);
    }
  });

  it('corrects one typo', async () => {
    const { page } = await open('/search?q=nat%20gatway');
    await page.getByText(/pages found for "nat gateway"/).waitFor();
  });

  it('shows the failure texts when the index cannot load', async () => {
    // As in the modal's test: no service worker, so the page's routes see the index's requests.
    const watched = await session.watch({ serviceWorkers: 'block' });
    await watched.page.route('**/pagefind/**', (route) => route.abort());
    watched.expectedConsole.push('Failed to load resource', 'pagefind');
    await watched.page.goto(`${baseUrl()}/search?q=vpc`);
    await watched.page.getByText('Unable to fetch results').waitFor();
    expect(await watched.page.getByText('You might want to check your network connection.').count()).toBe(1);
  });
});

describe('search page ranking', () => {
  it('lists the pages in the order of the ranking that the relevance test scores', async () => {
    const search = await loadNodeSearch(BUILD_DIR);
    const { page } = await session.watch();
    const bare = (url: string): string => url.replace(/\/$/, '');
    // Every eleventh fixture query: tasks, errors, names and typos from every section.
    const sample = RELEVANCE_PAIRS.filter((_, i) => i % 11 === 0);
    for (const { query } of sample) {
      await page.goto(`${baseUrl()}/search?q=${encodeURIComponent(query)}`);
      await page.locator('main ol > li h2 a').first().waitFor();
      const shown = await page
        .locator('main ol > li h2 a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      // Each title links to the section that answers: the page URL, with the heading's anchor.
      const expected = (await search(query, shown.length)).hits.map((hit) => bare(hit.answer?.url ?? hit.url));
      expect({ query, shown: shown.map(bare) }).toEqual({ query, shown: expected });
    }
  }, 120_000);

  it('shows each hit with its section and the heading path of its matching headings', async () => {
    const { page } = await open('/search?q=num_nat_gateways');
    const hit = page.locator('main ol > li').filter({ has: page.getByRole('link', { name: 'VPC for applications' }) });
    await hit.waitFor();
    expect(await hit.locator('p').first().textContent()).toBe('Modules');
    const heading = hit.getByRole('link', { name: 'Inputs › num_nat_gateways' });
    expect(await heading.getAttribute('href')).toBe(
      '/reference/modules/terraform-aws-vpc/vpc-app/#input-num_nat_gateways',
    );
  });
});

describe('search modal, typed', () => {
  it('shows the hit list from the page records, then fills in the snippets', async () => {
    const { page } = await open('/intro');
    const input = await openModal(page);
    await input.pressSequentially('cluster autoscaler', { delay: 50 });
    const first = page.locator('.DocSearch-Hit a').first();
    await expect
      .poll(() => first.getAttribute('href'))
      .toBe('/reference/modules/terraform-aws-eks/eks-k8s-cluster-autoscaler/');
    await page.locator('.DocSearch-Hit .local-search-snippet mark').first().waitFor();
  });
});
