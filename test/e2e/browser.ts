/**
 * Launches Debian's Chromium through playwright-core and opens pages that record what the browser
 * tests must never see: console errors, Content-Security-Policy violations and requests to another
 * origin.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium-config.mjs';

/**
 * The project's Chromium flags plus one for the tests: every host name but loopback resolves to
 * nothing, without a DNS query, so a preconnect hint (the hosted-search build has one) cannot reach
 * past the machine even though no request is made.
 */
const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** Starts Debian's Chromium (see `scripts/chromium-config.mjs`) with {@link TEST_CHROMIUM_ARGS}. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS });
}

/** The served build's origin, for example `http://127.0.0.1:3210`. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** A page plus the problems it recorded. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors, CSP violations and requests to other origins, in order. */
  problems: string[];
  /** Foreign addresses a test expects (a link it opens on purpose); still aborted, not recorded. */
  expectedForeign: string[];
  /** Parts of console or page errors a test expects (the 404 status of the not-found page). */
  expectedConsole: string[];
}

/**
 * Opens a fresh browser context and page that records console errors, foreign requests and
 * Content-Security-Policy violations (each `securitypolicyviolation` event of every frame, with
 * the directive and the blocked address).
 * Requests to another origin than `siteUrl`'s are aborted as well as recorded, so the tests stay
 * offline. A test that answers a foreign request itself (`page.route`) is not affected: page routes
 * run before this context route.
 * @param siteUrl - the served build, {@link baseUrl} by default.
 */
export async function openWatchedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  siteUrl: string = baseUrl(),
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const origin = new URL(siteUrl).origin;
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
  await context.exposeBinding('__recordCspViolation', (_source, report: string) => {
    problems.push(`Content-Security-Policy violation: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const record = (window as unknown as { __recordCspViolation?: (report: string) => void }).__recordCspViolation;
      record?.(`${event.effectiveDirective} blocked ${event.blockedURI} in ${event.documentURI}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !expectedConsole.some((part) => text.includes(part)))
      problems.push(`console error: ${text}`);
  });
  page.on('pageerror', (error) => {
    if (!expectedConsole.some((part) => error.message.includes(part))) problems.push(`page error: ${error.message}`);
  });
  return { context, page, problems, expectedForeign, expectedConsole };
}

/** What {@link registerBrowserSession} gives a test file. */
export interface BrowserSession {
  /** A fresh watched page in its own context, not navigated yet. */
  watch: (options?: BrowserContextOptions) => Promise<WatchedPage>;
  /** A fresh watched page at `path`, once React has hydrated it. */
  open: (path: string, options?: BrowserContextOptions) => Promise<WatchedPage>;
}

/**
 * Registers the hooks every browser test file needs: one Chromium per file, a fresh context per
 * test, and a check after each test that the page logged no console error, broke no rule of the
 * Content-Security-Policy and made no request to another origin.
 * @param siteUrl - returns the origin of the served build the pages open; {@link baseUrl} by default.
 */
export function registerBrowserSession(siteUrl: () => string = baseUrl): BrowserSession {
  let browser: Browser | undefined;
  let current: WatchedPage | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const problems = current?.problems ?? [];
    await current?.context.close();
    current = undefined;
    expect(problems).toEqual([]);
  });
  const watch = async (options: BrowserContextOptions = {}): Promise<WatchedPage> => {
    if (!browser) throw new Error('e2e: the browser is not running (use the session inside a test)');
    // A test may open several pages in turn; each one's problems are checked when it is replaced.
    if (current) {
      expect(current.problems).toEqual([]);
      await current.context.close();
    }
    current = await openWatchedPage(browser, options, siteUrl());
    return current;
  };
  const open = async (path: string, options: BrowserContextOptions = {}): Promise<WatchedPage> => {
    const watched = await watch(options);
    await watched.page.goto(`${siteUrl()}${path}`);
    await watched.page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    return watched;
  };
  return { watch, open };
}
