/**
 * What a first visit to a page downloads (page weight; ARCHITECTURE.md, 'Budgets'): the HTML, and every script and
 * stylesheet the browser fetches until the page has hydrated and the network is idle. That is
 * the scripts in the HTML plus the route chunks Docusaurus loads before hydrating; link
 * prefetches of other pages (sent with `Sec-Purpose: prefetch`) are left out, as is anything
 * loaded later on intent (the search index, the subscriber dialog).
 *
 * Shared by the budget test (test/e2e/budgets.e2e.ts) and `npm run bench`, so both report the
 * same figure. Sizes are bytes; gzip is level 9 of each body, as a compressing server sends it.
 */
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import type { Page, Response } from 'playwright-core';

/** Raw and gzip bytes, and how many files. */
export interface Weight {
  raw: number;
  gzip: number;
  files: number;
}

/** First-load weight of one page. */
export interface FirstLoad {
  url: string;
  html: Weight;
  js: Weight;
  css: Weight;
  /** The script files, in the order they arrived, with their gzip bytes. */
  scripts: { file: string; gzip: number }[];
  /**
   * The paths of the scripts the HTML lists, in document order: its `<script src>` elements and
   * its `<link rel="preload" as="script">` elements, which the page's loader runs after its first
   * paint (ssr-template.ts).
   */
  htmlScripts: string[];
}

const empty = (): Weight => ({ raw: 0, gzip: 0, files: 0 });

function add(weight: Weight, body: Buffer): number {
  const gzip = zlib.gzipSync(body, { level: 9 }).length;
  weight.raw += body.length;
  weight.gzip += gzip;
  weight.files += 1;
  return gzip;
}

/**
 * Loads `url` in `page`, which must be fresh (a new context, nothing cached), and adds up what
 * it downloaded.
 * @throws Error when the page does not answer 200 or does not hydrate within 30 s.
 */
export async function measureFirstLoad(page: Page, url: string): Promise<FirstLoad> {
  const responses: Response[] = [];
  const record = (response: Response): void => {
    responses.push(response);
  };
  page.on('response', record);
  try {
    const main = await page.goto(url);
    if (main?.status() !== 200) throw new Error(`first-load: ${url} answered ${String(main?.status())}`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    const result: FirstLoad = { url, html: empty(), js: empty(), css: empty(), scripts: [], htmlScripts: [] };
    for (const response of responses) {
      const purpose = (await response.request().allHeaders())['sec-purpose'] ?? '';
      if (purpose.includes('prefetch')) continue;
      const body = await response.body().catch(() => null);
      if (!body) continue;
      const pathname = new URL(response.url()).pathname;
      if (response === main) {
        add(result.html, body);
        const $ = cheerio.load(body.toString('utf8'));
        result.htmlScripts = $('script[src], link[rel="preload"][as="script"]')
          .map((_index, element) => new URL($(element).attr('src') ?? $(element).attr('href') ?? '', url).pathname)
          .get();
      } else if (pathname.endsWith('.js')) result.scripts.push({ file: pathname, gzip: add(result.js, body) });
      else if (pathname.endsWith('.css')) add(result.css, body);
    }
    return result;
  } finally {
    page.off('response', record);
  }
}
