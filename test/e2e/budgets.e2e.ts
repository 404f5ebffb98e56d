/**
 * First-load JS budgets per page type, measured in Chromium on the built site: the scripts the
 * HTML lists plus the route chunks loaded before hydration (test/e2e/first-load.ts). Sizes, not
 * times, so they do not flake.
 *
 * Each budget sits about 3 KB above the figure the site reaches now (measured 2026-11-29, gzip -9:
 * doc 133,289 B, module 136,519 B, knowledge base 131,232 B, home 105,306 B, search 106,137 B), so
 * a change that adds 3 KB to a first load fails here. The search page's budget came down 3.2 KB
 * when its search code moved out of its first load (it loads with the first query). The targets are 140 KB (143,360 B) for doc,
 * module and knowledge-base pages and 115 KB (117,760 B) for home and search. A stock Docusaurus
 * 3.10 site of the same page count (scripts/bench/stock-site.mjs) loads 269,825 B on a doc page and
 * 269,556 B on its home page. The README's Performance section has the figures and where the
 * bytes go.
 */
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';
import { measureFirstLoad } from './first-load';

const session = registerBrowserSession();

/** Page type → sample route and first-load JS budget in bytes (gzip). */
const JS_BUDGETS = {
  'doc page': { route: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation', jsGzip: 136_300 },
  'module page': { route: '/reference/modules/terraform-aws-vpc/vpc-app/', jsGzip: 139_500 },
  'knowledge-base article': { route: '/discussions/knowledge-base/10', jsGzip: 134_200 },
  'home page': { route: '/', jsGzip: 108_300 },
  'search page': { route: '/search', jsGzip: 109_100 },
} as const;

describe('first-load JS budgets', () => {
  it.each(Object.entries(JS_BUDGETS))('%s loads at most its budget of JS, gzip', async (_name, budget) => {
    const { page } = await session.watch();
    const load = await measureFirstLoad(page, `${baseUrl()}${budget.route}`);
    // Every page hydrates with the runtime, main bundle and at least its own route chunk(s).
    expect(load.scripts.map((script) => script.file)).toEqual(
      expect.arrayContaining([expect.stringMatching(/runtime~main/), expect.stringMatching(/main\./)]),
    );
    expect(load.js.gzip, JSON.stringify(load.scripts)).toBeLessThan(budget.jsGzip);
  });

  it.each(Object.entries(JS_BUDGETS))('%s downloads each of its scripts once', async (_name, budget) => {
    const { page } = await session.watch();
    const load = await measureFirstLoad(page, `${baseUrl()}${budget.route}`);
    const files = load.scripts.map((script) => script.file);
    // A chunk the page's loader has queued but not yet run must not be fetched a second time by
    // the bundler's runtime (the route directories and buckets are served no-cache).
    expect(files.filter((file, index) => files.indexOf(file) !== index)).toEqual([]);
  });

  it.each(Object.entries(JS_BUDGETS))(
    '%s lists in its HTML every script its first load runs, so none waits for main.js',
    async (_name, budget) => {
      const { page } = await session.watch();
      const load = await measureFirstLoad(page, `${baseUrl()}${budget.route}`);
      // Route chunks come from plugins/route-chunks; without it the HTML holds only runtime~main and main.
      expect(load.htmlScripts.length).toBeGreaterThan(2);
      expect(load.scripts.map((script) => script.file).filter((file) => !load.htmlScripts.includes(file))).toEqual([]);
    },
  );

  it('leaves the search index and the subscriber dialog out of the first load, and fetches the dialog on intent', async () => {
    const { page } = await session.watch();
    const load = await measureFirstLoad(page, `${baseUrl()}${JS_BUDGETS['module page'].route}`);
    expect(load.scripts.filter((script) => script.file.includes('/pagefind/'))).toEqual([]);

    // Pointing at the page's subscriber-only "View source" link fetches a chunk the first load did not have.
    const chunk = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.js'));
    await page
      .getByRole('link', { name: /view source/i })
      .first()
      .hover();
    const fetched = new URL((await chunk).url()).pathname;
    expect(load.scripts.map((script) => script.file)).not.toContain(fetched);
  });
});
