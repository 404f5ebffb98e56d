/**
 * The page shell in a real browser: home page, navbar, doc page furniture, the
 * not-found page and `.html` paths. Every test fails on console errors or foreign requests.
 */
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';

const session = registerBrowserSession();
const { open } = session;

describe('home page', () => {
  it('shows the site title and a card for each main area', async () => {
    const { page } = await open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Gruntwork Docs');
    const cards = page.getByRole('list', { name: 'Areas of the documentation' }).getByRole('heading', { level: 2 });
    await expect(cards.allTextContents()).resolves.toEqual([
      'Introduction',
      'Guides',
      'Module reference',
      'Service catalog',
      'FAQ',
      'Tools and courses',
    ]);
  });

  it('leads to the introduction through the navbar', async () => {
    const { page } = await open('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Intro', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/intro`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
  });
});

describe('navbar', () => {
  it('shows every top-level item on a wide screen', async () => {
    const { page } = await open('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // External links carry an "opens in a new tab" icon, so match names by their start.
    for (const name of ['Intro', 'Guides', 'Tools', 'Courses', 'Knowledge Base', 'Support', 'Sign In']) {
      const link = nav.getByRole('link', { name: new RegExp(`^${name}`) }).first();
      await expect(link.isVisible()).resolves.toBe(true);
    }
    await expect(nav.getByRole('button', { name: 'More' }).isVisible()).resolves.toBe(false);
    await expect(nav.getByRole('button', { name: 'Library Reference' }).isVisible()).resolves.toBe(true);
  });

  it('opens the Library Reference dropdown on hover and leads to Modules', async () => {
    const { page } = await open('/');
    await page.getByRole('button', { name: 'Library Reference' }).hover();
    const modules = page.getByRole('link', { name: 'Modules', exact: true });
    // The menu fades in (a CSS transition), so wait for it rather than sampling once.
    await modules.waitFor({ state: 'visible', timeout: 2_000 });
    await modules.click();
    await page.waitForURL(`${baseUrl()}/reference/modules/intro`);
  });
});

describe('doc pages', () => {
  it('show breadcrumbs, an edit link and a TOC of h2 and h3 only', async () => {
    const { page } = await open('/intro/tool-fundamentals/terraform');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).isVisible()).resolves.toBe(true);
    const edit = page.getByRole('link', { name: 'Edit this page' });
    expect(await edit.getAttribute('href')).toBe(
      'https://github.com/gruntwork-io/docs/edit/master/docs/intro/tool-fundamentals/terraform.md',
    );
    const tocLinks = await page
      .locator('.table-of-contents a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(tocLinks.length).toBeGreaterThan(0);
    const headingLevels = await page.evaluate(
      (hrefs) => hrefs.map((href) => document.getElementById(href.slice(1))?.tagName),
      tocLinks,
    );
    expect(headingLevels.every((tag) => tag === 'H2' || tag === 'H3')).toBe(true);
  });

  it('open external links in a new tab', async () => {
    const { page } = await open('/support');
    const slack = page.locator('main a[href^="https://gruntwork-community.slack.com"]').first();
    expect(await slack.getAttribute('target')).toBe('_blank');
  });
});

describe('not found and .html paths', () => {
  it('shows the not-found page for an unknown path', async () => {
    const watched = await session.watch();
    // The server answers 404 for the document itself, which Chromium logs as a console error.
    watched.expectedConsole.push('status of 404');
    const response = await watched.page.goto(`${baseUrl()}/no/such/page`);
    expect(response?.status()).toBe(404);
    const { page } = watched;
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found');
  });

  it('shows the same page for a path ending in .html', async () => {
    const { page } = await open('/intro.html');
    const viaHtml = await page.getByRole('heading', { level: 1 }).textContent();
    await page.goto(`${baseUrl()}/intro`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(viaHtml);
    expect(viaHtml).not.toBe('Page Not Found');
  });

  it('shows a section index for a path ending in index.html', async () => {
    const { page } = await open('/faq/index.html');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).not.toBe('Page Not Found');
    await page.goto(`${baseUrl()}/faq/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
  });
});
