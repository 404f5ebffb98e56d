/**
 * First-load weight of the sample pages of a build, measured in Chromium (test/e2e/first-load.ts,
 * shared with the budget test): the HTML, and the JS and CSS a first visit downloads until the page
 * has hydrated (the scripts in the HTML plus the route chunks loaded before hydration), without
 * link prefetches. Used by the page-weight section of `npm run bench` and by every row of the
 * scaling builds.
 */
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-config.mjs';
import { serveBuild } from './lighthouse.mjs';
import { SAMPLE_PAGES } from './sample-pages.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { htmlFileFor } = jiti('../../plugins/built-site.ts');
const { measureFirstLoad } = jiti('../../test/e2e/first-load.ts');

/**
 * @param {Record<string, string>} pages page name → route
 * @param {string} buildDir a built site
 * @returns {Promise<Record<string, { route: string, html: object, js: object, css: object } | null>>}
 *   page name → weights (raw and gzip bytes, file count), null for a page the build does not have
 */
export async function measurePageWeights(pages = SAMPLE_PAGES, buildDir) {
  const server = await serveBuild(buildDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const weights = {};
    for (const [name, route] of Object.entries(pages)) {
      if (!htmlFileFor(buildDir, route)) {
        weights[name] = null;
        continue;
      }
      const context = await browser.newContext();
      try {
        const load = await measureFirstLoad(await context.newPage(), `${server.origin}${route}`);
        weights[name] = { route, html: load.html, js: load.js, css: load.css };
      } finally {
        await context.close();
      }
    }
    return weights;
  } finally {
    await browser.close();
    await server.close();
  }
}
