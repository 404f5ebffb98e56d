/**
 * One page of each kind the site renders, and a way to open it ready for checking in either colour
 * mode: the accessibility, contrast and screenshot tests walk the same list.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { describe, it } from 'vitest';

import { knowledgeBaseUrl, releaseMonthUrl, ROUTES, searchUrl } from '../../src/lib/routes';
import { baseUrl, type BrowserSession, type WatchedPage } from './browser';

/** Colour modes the site offers; the light one is the default. */
export const COLOR_MODES = ['light', 'dark'] as const;

/** A colour mode of {@link COLOR_MODES}. */
export type ColorMode = (typeof COLOR_MODES)[number];

/** A page kind and the path of one page of that kind. */
export interface PageType {
  /** Human name, used in test titles and screenshot file names. */
  name: string;
  /** Path on the site, with a query string for the search page. */
  path: string;
}

/** One page of every kind, in the order the tests report them. */
export const PAGE_TYPES: readonly PageType[] = [
  { name: 'doc page', path: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation' },
  { name: 'module page', path: `${ROUTES.modules}terraform-aws-vpc/vpc-app/` },
  { name: 'script module page', path: `${ROUTES.modules}terraform-aws-server/persistent-ebs-volume/` },
  { name: 'service page', path: `${ROUTES.services}networking/management-vpc` },
  { name: 'knowledge-base article', path: knowledgeBaseUrl(10) },
  { name: 'release month', path: releaseMonthUrl('2023-03') },
  { name: 'releases index', path: ROUTES.releases },
  { name: 'tag page', path: `${ROUTES.tags}vpc` },
  { name: 'tags list', path: ROUTES.tags.slice(0, -1) },
  { name: 'home', path: ROUTES.home },
  { name: 'search with results', path: searchUrl('vpc') },
  { name: 'FAQ', path: ROUTES.faq },
  { name: 'not-found page', path: '/no/such/page' },
];

/**
 * Opens `pageType` of the served build in a fresh watched page in colour mode `mode` (the browser's preferred scheme,
 * which the site follows) and resolves once React has hydrated it and, on the search page, once the
 * result list and its highlighted snippets are in.
 * @param viewport - viewport size in CSS pixels; the session's default (1400 × 900) when omitted.
 * @throws when the page does not show the expected colour mode (the `data-theme` attribute).
 */
export async function openPageType(
  session: BrowserSession,
  pageType: PageType,
  mode: ColorMode,
  viewport?: BrowserContextOptions['viewport'],
): Promise<WatchedPage> {
  const watched = await session.watch({ colorScheme: mode, ...(viewport ? { viewport } : {}) });
  // The not-found page answers 404, which Chromium logs as a console error.
  watched.expectedConsole.push('status of 404');
  const { page } = watched;
  await page.goto(`${baseUrl()}${pageType.path}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  if (pageType.path.startsWith(ROUTES.search)) await page.locator('main ol > li mark').first().waitFor();
  const theme = await page.getAttribute('html', 'data-theme');
  if (theme !== mode) throw new Error(`e2e: ${pageType.path} shows data-theme="${String(theme)}", expected "${mode}"`);
  return watched;
}

/**
 * Declares one test per page type in each colour mode: a suite per mode titled `suite` (`%s` is the
 * mode), and in it a test per page type titled `test` (`%s` is the page type's name).
 */
export function testEachPageType(
  suite: string,
  test: string,
  body: (pageType: PageType, mode: ColorMode) => Promise<void>,
): void {
  describe.each(COLOR_MODES)(suite, (mode) => {
    it.each(PAGE_TYPES.map((pageType) => [pageType.name, pageType] as const))(test, (_name, pageType) =>
      body(pageType, mode),
    );
  });
}
