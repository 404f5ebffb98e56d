// @vitest-environment node
/**
 * Size budgets of the built site read from build/ (ARCHITECTURE.md, 'Budgets'): HTML size, no render-blocking
 * request to another origin, no search index on first load, and image sizes. Sizes, not times, so
 * they do not flake. First-load JS needs a browser to see the route chunks loaded before hydration,
 * so its budgets live in test/e2e/budgets.e2e.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

import { PRECACHE_BUDGET_BYTES } from '../../plugins/offline';
import { precacheOf } from '../../scripts/bench/precache.mjs';
import { BUILD_DIR, REPO_ROOT, htmlFileFor } from './built-site';

const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'index.html'));

/** HTML budgets in bytes per page type; first-load JS is measured in the browser (test/e2e/budgets.e2e.ts). */
const BUDGETS = {
  docPage: { route: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation', html: 100_000 },
  modulePage: { route: '/reference/modules/terraform-aws-vpc/vpc-app/', html: 100_000 },
  article: { route: '/discussions/knowledge-base/10', html: 100_000 },
} as const;

describe.runIf(hasBuild)('page weight budgets', () => {
  it.each(Object.entries(BUDGETS))('%s stays within its HTML budget', (_name, budget) => {
    const file = htmlFileFor(budget.route);
    expect(file).toBeDefined();
    expect(fs.statSync(file ?? '').size).toBeLessThan(budget.html);
  });

  it('loads nothing render-blocking from another origin, and no search index, on first load', () => {
    for (const budget of Object.values(BUDGETS)) {
      const $ = cheerio.load(fs.readFileSync(htmlFileFor(budget.route) ?? '', 'utf8'));
      const blocking = [
        ...$('link[rel="stylesheet"]')
          .map((_, el) => $(el).attr('href'))
          .get(),
        ...$('script[src]:not([async]):not([defer])')
          .map((_, el) => $(el).attr('src'))
          .get(),
      ];
      expect(blocking.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
      expect($.html()).not.toContain('/pagefind/');
    }
  });
});

describe.runIf(hasBuild)('service worker precache', () => {
  it('holds under 1 MB: the shell the home page loads, no page and no search index', () => {
    const { files, bytes } = precacheOf(BUILD_DIR);
    expect(bytes).toBeLessThan(PRECACHE_BUDGET_BYTES);
    expect(PRECACHE_BUDGET_BYTES).toBe(1_000_000);
    const urls = files.map((file) => file.url);
    expect(urls.filter((url) => url.endsWith('.html') || url.startsWith('/pagefind/'))).toEqual([]);
    // The shell: the runtime, the main bundle and the styles every page needs.
    expect(urls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/js\/runtime~main\./),
        expect.stringMatching(/^\/assets\/js\/main\./),
        expect.stringMatching(/^\/assets\/css\/.*\.css$/),
      ]),
    );
  });
});

// Without a build the budgets above cannot be measured; say so as a failure, not as a skipped test.
it('finds the build to measure in build/', () => {
  expect(hasBuild, 'no build/index.html: run `npm run build` first').toBe(true);
});

describe('images in static/', () => {
  const images: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(svg|png|jpe?g|gif|webp)$/i.test(entry.name)) images.push(file);
    }
  };
  walk(path.join(REPO_ROOT, 'static'));

  it('are each under 300 KB', () => {
    expect(images.length).toBeGreaterThan(10);
    expect(
      images.filter((file) => fs.statSync(file).size >= 300 * 1024).map((f) => path.relative(REPO_ROOT, f)),
    ).toEqual([]);
  });

  it('declare their size (SVG width, height and viewBox), so nothing shifts on load', () => {
    const unsized = images
      .filter((file) => file.endsWith('.svg'))
      .filter((file) => {
        const $ = cheerio.load(fs.readFileSync(file, 'utf8'), { xmlMode: true });
        const svg = $('svg').first();
        return !(svg.attr('width') && svg.attr('height') && (svg.attr('viewBox') ?? svg.attr('viewbox')));
      })
      .map((file) => path.relative(REPO_ROOT, file));
    expect(unsized).toEqual([]);
  });
});
