/**
 * The compatibility suite: every page of the fixture (`test/compat/docs/`), built by this site's
 * configuration and by stock Docusaurus 3.10 (`npm run build:compat`), opened in Chromium side by
 * side and compared feature by feature. Each test is one feature on one page; it fails on any
 * difference, naming the page, the feature, where the values differ and both values, unless
 * `allowed-differences.ts` lists it. README.md, "Compatibility with stock Docusaurus", describes
 * the rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, openWatchedPage, type WatchedPage } from '../e2e/browser';
import { allowedDifferencesFor } from './allowed-differences';
import { COMPAT_BUILDS, type CompatBuild } from './builds';
import { buildStopReason, describeDifference, differingItems, firstDifference, type Json } from './compare';
import { readBodyBlocks, readCodeBlocks, readDocChrome, readNavigation, readPageFacts } from './extract';
import { FIXTURE_PAGES, PAGE_FEATURES, type FeatureName, type PageFeature } from './features';

const urls = inject('compatUrls');

/** Where every value read from a page is written, one JSON file per build and page. */
const DUMP_DIR = path.resolve(__dirname, '../../test-results/compat');
const errors = inject('compatErrors');

/** Longest open or close animation of a details block, in ms. */
const DETAILS_ANIMATION_MS = 500;

/** How long the copy button may take to say "Copied", in ms (it says it for 1,000 ms). */
const COPIED_WAIT_MS = 900;

/** How long a page may take to draw its Mermaid diagrams, in ms. */
const DIAGRAM_WAIT_MS = 10_000;

let browser: Browser | undefined;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(opened.map((watched) => watched.context.close()));
  await browser?.close();
});

/** A fresh page of `build`, with clipboard access, recording console errors and foreign requests. */
async function openPage(build: CompatBuild): Promise<WatchedPage> {
  if (!browser) throw new Error('compat: the browser is not running');
  const watched = await openWatchedPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] }, urls[build]);
  opened.push(watched);
  return watched;
}

/** Goes to `pagePath` of `build` and waits for hydration (and for diagrams, on pages that have them). */
async function goTo(watched: WatchedPage, build: CompatBuild, pagePath: string): Promise<Page> {
  const { page } = watched;
  await page.goto(`${urls[build]}${pagePath}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  if (
    (await page.locator('code.language-mermaid, .docusaurus-mermaid-container').count()) > 0 ||
    pagePath === '/diagrams'
  ) {
    await waitForDiagrams(page);
  }
  return page;
}

/**
 * Waits until the page has drawn its diagrams: at least one SVG, and no new one for a second (a
 * page draws its diagrams one after another), or until DIAGRAM_WAIT_MS has passed.
 */
async function waitForDiagrams(page: Page): Promise<void> {
  const diagrams = page.locator('.docusaurus-mermaid-container svg');
  const deadline = Date.now() + DIAGRAM_WAIT_MS;
  let count = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const now = await diagrams.count();
    if (now !== count) {
      count = now;
      stableSince = Date.now();
    } else if (count > 0 && Date.now() - stableSince >= 1000) {
      return;
    }
    await page.waitForTimeout(100);
  }
}

/** Switches the page to the dark colour mode with the navbar toggle, as a reader does. */
async function switchToDark(page: Page): Promise<void> {
  const toggle = page.locator('button[aria-label*="dark and light mode"]').first();
  for (let clicks = 0; clicks < 3; clicks += 1) {
    if ((await page.locator('html[data-theme="dark"]').count()) > 0) return;
    await toggle.click();
  }
  await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
}

/** The text and ARIA tree of the page's body (the doc's Markdown, or `main` on other pages). */
async function textAndRoles(page: Page): Promise<string> {
  const body = page.locator('main .theme-doc-markdown');
  return ((await body.count()) > 0 ? body.first() : page.locator('main').first()).ariaSnapshot();
}

/**
 * The console errors, CSP violations and foreign requests of a page, by their first line (stack
 * frames name each build's own bundle files), with how often each happened.
 */
function problemCounts(problems: readonly string[], origin: RegExp): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const problem of problems) {
    const line = (problem.split('\n')[0] ?? '').replace(origin, '<origin>');
    counts[line] = (counts[line] ?? 0) + 1;
  }
  return counts;
}

/** Every per-page feature of `pagePath` in `build`. */
async function readPage(build: CompatBuild, pagePath: string): Promise<Record<PageFeature, Json>> {
  const watched = await openPage(build);
  const page = await goTo(watched, build, pagePath);
  const facts = await page.evaluate(readPageFacts);
  const navigation = await page.evaluate(readNavigation);
  const body = await page.evaluate(readBodyBlocks);
  const light = await page.evaluate(readCodeBlocks);
  const aria = await textAndRoles(page);
  const chrome = await page.evaluate(readDocChrome);
  await switchToDark(page);
  const dark = await page.evaluate(readCodeBlocks);
  const origin = new RegExp(urls[build].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
  const values: Record<PageFeature, unknown> = {
    'title and metadata': {
      documentTitle: facts.documentTitle,
      meta: facts.meta,
      htmlClasses: facts.htmlClasses,
      h1: facts.h1,
      banners: facts.banners,
    },
    headings: facts.headings,
    'text and roles': aria.split('\n'),
    'code blocks, light': light,
    'code blocks, dark': dark,
    admonitions: body.admonitions,
    tabs: body.tabs,
    details: body.details,
    'images and diagrams': { images: body.images, svgs: body.svgs },
    links: body.links,
    'table of contents': navigation.toc,
    'inline table of contents': navigation.inlineTocs,
    sidebar: navigation.sidebar,
    breadcrumbs: navigation.breadcrumbs,
    pagination: navigation.pagination,
    tags: navigation.tags,
    'doc cards': navigation.cards,
    'doc footer': { editLink: chrome.editLink, lastUpdated: chrome.lastUpdated },
    'controls above the body': { actions: chrome.actions },
    'console errors': problemCounts(watched.problems, origin),
  };
  await watched.context.close();
  // Kept for reading a failure in full: test-results/compat/<build><path>.json.
  const dump = path.join(DUMP_DIR, build, `${pagePath === '/' ? 'index' : pagePath.replace(/\/$/, '/index')}.json`);
  fs.mkdirSync(path.dirname(dump), { recursive: true });
  fs.writeFileSync(dump, `${JSON.stringify(values, null, 2)}\n`);
  return values as Record<PageFeature, Json>;
}

/**
 * Fails with the first difference between the builds' values of `feature` on `page`, after the
 * allowed differences of that feature and page are taken out of each side.
 */
function expectSame(page: string, feature: FeatureName, values: Record<CompatBuild, Json>): void {
  let { site, stock } = values;
  for (const allowed of allowedDifferencesFor(feature, page)) {
    site = allowed.normalize(site, 'site');
    stock = allowed.normalize(stock, 'stock');
  }
  const difference = firstDifference(site, stock);
  if (difference) expect.fail(describeDifference(page, feature, difference, differingItems(site, stock)));
}

/** Fails when a build stopped, with the reason from its log. */
function expectBothBuilt(): void {
  for (const build of COMPAT_BUILDS) {
    if (errors[build] !== '')
      expect.fail(`the ${build} build of the fixture stopped: ${buildStopReason(errors[build])}`);
  }
}

/** Runs `read` against both builds (site first) and compares the results as `feature` on `page`. */
async function compareBuilds(
  page: string,
  feature: FeatureName,
  read: (build: CompatBuild) => Promise<Json>,
): Promise<void> {
  expectBothBuilt();
  const values = { site: await read('site'), stock: await read('stock') };
  expectSame(page, feature, values);
}

describe.each(FIXTURE_PAGES)('%s', (pagePath) => {
  let values: Record<CompatBuild, Record<PageFeature, Json>> | undefined;
  beforeAll(async () => {
    if (COMPAT_BUILDS.some((build) => errors[build] !== '')) return;
    values = { site: await readPage('site', pagePath), stock: await readPage('stock', pagePath) };
  });

  it.each(PAGE_FEATURES)('%s', (feature) => {
    expectBothBuilt();
    if (!values) throw new Error(`compat: ${pagePath} was not read`);
    expectSame(pagePath, feature, { site: values.site[feature], stock: values.stock[feature] });
  });
});

describe('interactions', () => {
  /** Opens `pagePath` of `build`, runs `act` and returns what it reads, closing the page after. */
  const onPage =
    (pagePath: string, act: (page: Page, build: CompatBuild) => Promise<Json>) =>
    async (build: CompatBuild): Promise<Json> => {
      const watched = await openPage(build);
      const page = await goTo(watched, build, pagePath);
      const result = await act(page, build);
      await watched.context.close();
      return result;
    };

  const tabState = async (page: Page): Promise<Json> => (await page.evaluate(readBodyBlocks)).tabs;

  it('tab choice synced by groupId, and its storage (/tabs)', async () => {
    await compareBuilds(
      '/tabs',
      'tab choice synced by groupId, and its storage',
      onPage('/tabs', async (page) => {
        await page.getByRole('tab', { name: 'Terragrunt' }).first().click();
        const storage = await page.evaluate(() =>
          Object.fromEntries(
            Object.keys(localStorage)
              .filter((key) => key.startsWith('docusaurus.tab.'))
              .sort()
              .map((key) => [key, localStorage.getItem(key)]),
          ),
        );
        return { tabs: await tabState(page), storage, search: new URL(page.url()).search };
      }),
    );
  });

  it('tab choice in the address (queryString) (/tabs)', async () => {
    await compareBuilds(
      '/tabs',
      'tab choice in the address (queryString)',
      onPage('/tabs', async (page) => {
        await page.getByRole('tab', { name: 'macOS' }).click();
        const afterOs = new URL(page.url()).search;
        await page.getByRole('tab', { name: 'PowerShell' }).click();
        return { afterOs, afterShell: new URL(page.url()).search, tabs: await tabState(page) };
      }),
    );
  });

  it('tab chosen from the address on load (/tabs?os=macos&shell=powershell)', async () => {
    await compareBuilds(
      '/tabs',
      'tab chosen from the address on load',
      onPage('/tabs?os=macos&shell=powershell', tabState),
    );
  });

  it('lazy tab panels (/tabs)', async () => {
    await compareBuilds(
      '/tabs',
      'lazy tab panels',
      onPage('/tabs', async (page) => {
        const before = await tabState(page);
        await page.getByRole('tab', { name: 'N. Virginia' }).click();
        return { before, after: await tabState(page) };
      }),
    );
  });

  it('details open and close (/headings-and-toc)', async () => {
    await compareBuilds(
      '/headings-and-toc',
      'details open and close',
      onPage('/headings-and-toc', async (page) => {
        const states: Json[] = [];
        const read = (): Promise<Json> =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('main details')).map((details) => ({
              open: (details as HTMLDetailsElement).open,
              visibleText: (details as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
            })),
          );
        const all = page.locator('main details');
        for (let index = 0; index < (await all.count()); index += 1) {
          const summary = all.nth(index).locator(':scope > summary');
          for (let clicks = 0; clicks < 2; clicks += 1) {
            await summary.click();
            // The theme animates the height; the state is read once the animation is over.
            await page.waitForTimeout(DETAILS_ANIMATION_MS);
            states.push(await read());
          }
        }
        return states;
      }),
    );
  });

  it('copy button (/code-blocks)', async () => {
    await compareBuilds(
      '/code-blocks',
      'copy button',
      onPage('/code-blocks', async (page) => {
        const blocks = page.locator('main .theme-code-block');
        const copied: Json[] = [];
        for (let index = 0; index < (await blocks.count()); index += 1) {
          const button = blocks.nth(index).getByRole('button', { name: 'Copy code to clipboard' });
          if ((await button.count()) === 0) {
            copied.push(null);
            continue;
          }
          await blocks.nth(index).hover();
          await button.click();
          const copiedLabel = await blocks
            .nth(index)
            .getByRole('button', { name: 'Copied' })
            .waitFor({ timeout: COPIED_WAIT_MS })
            .then(() => 'Copied')
            .catch(() => 'unchanged');
          copied.push({ label: copiedLabel, text: await page.evaluate(() => navigator.clipboard.readText()) });
        }
        return copied;
      }),
    );
  });

  it('word wrap button (/code-blocks)', async () => {
    await compareBuilds(
      '/code-blocks',
      'word wrap button',
      onPage('/code-blocks', async (page) => {
        const block = page.locator('main .theme-code-block', { hasText: 'terraform plan -out=tfplan' });
        await block.hover();
        const button = block.getByRole('button', { name: 'Toggle word wrap' });
        const present = await button.count();
        if (present === 0) return { present, before: null, after: null };
        const whiteSpace = (): Promise<string> =>
          block
            .locator('code')
            .first()
            .evaluate((code) => getComputedStyle(code).whiteSpace);
        const before = await whiteSpace();
        await button.click();
        return { present, before, after: await whiteSpace() };
      }),
    );
  });

  it('draft page left out (/draft)', async () => {
    await compareBuilds('/draft', 'draft page left out', async (build) => {
      const response = await fetch(`${urls[build]}/draft`);
      return { status: response.status };
    });
  });
});
