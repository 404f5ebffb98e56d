/**
 * Launches Debian's Chromium through playwright-core and opens pages that record what the browser
 * tests must never see: console errors and requests to another origin.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; never a downloaded browser (DEVELOPERS.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** Starts Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The served build's origin, for example `http://127.0.0.1:3210`. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** A page plus the problems it recorded. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and requests to other origins, in order. */
  problems: string[];
  /** Foreign addresses a test expects (a link it opens on purpose); still aborted, not recorded. */
  expectedForeign: string[];
  /** Parts of console errors a test expects (the 404 status of the not-found page). */
  expectedConsole: string[];
}

/**
 * Opens a fresh browser context and page that records console errors and foreign requests.
 * Requests to another origin are aborted as well as recorded, so the tests stay offline.
 */
export async function openWatchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const origin = new URL(baseUrl()).origin;
  const problems: string[] = [];
  const expectedForeign: string[] = [];
  const expectedConsole: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) {
      await route.continue();
    } else {
      if (!expectedForeign.includes(url)) problems.push(`request to another origin: ${url}`);
      await route.abort();
    }
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !expectedConsole.some((part) => text.includes(part)))
      problems.push(`console error: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems, expectedForeign, expectedConsole };
}
