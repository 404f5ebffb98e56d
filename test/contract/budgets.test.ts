// @vitest-environment node
/**
 * Size budgets of the built site (issue 8). Sizes, not times, so they do not flake. Each budget is
 * set at the figure the site reaches now, so a change that adds weight fails here; the README and
 * the bench report say how far each is from the target.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

import { BUILD_DIR, REPO_ROOT, htmlFileFor } from './built-site';

const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'index.html'));

/** First-load budgets in bytes (gzip for JS), per page type. */
const BUDGETS = {
  docPage: { route: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation', jsGzip: 290_000, html: 100_000 },
  modulePage: { route: '/reference/modules/terraform-aws-vpc/vpc-app/', jsGzip: 290_000, html: 100_000 },
  article: { route: '/discussions/knowledge-base/10', jsGzip: 290_000, html: 100_000 },
} as const;

/** The JS files a page's HTML loads (scripts and script preloads), gzip size in bytes. */
function firstLoadJsGzip(html: string): number {
  const $ = cheerio.load(html);
  const sources = new Set<string>();
  $('script[src]').each((_, el) => {
    sources.add($(el).attr('src') ?? '');
  });
  $('link[rel="preload"][as="script"], link[rel="modulepreload"]').each((_, el) => {
    sources.add($(el).attr('href') ?? '');
  });
  let total = 0;
  for (const src of sources) {
    const file = path.join(BUILD_DIR, src);
    if (src.startsWith('/') && fs.existsSync(file)) total += zlib.gzipSync(fs.readFileSync(file)).length;
  }
  return total;
}

describe.runIf(hasBuild)('page weight budgets', () => {
  it.each(Object.entries(BUDGETS))('%s stays within its first-load JS and HTML budgets', (_name, budget) => {
    const file = htmlFileFor(budget.route);
    expect(file).toBeDefined();
    const html = fs.readFileSync(file ?? '', 'utf8');
    expect(Buffer.byteLength(html)).toBeLessThan(budget.html);
    expect(firstLoadJsGzip(html)).toBeLessThan(budget.jsGzip);
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

describe.skipIf(hasBuild)('page weight budgets (skipped: no build/ folder, run `npm run build` first)', () => {
  it.skip('needs build/', () => undefined);
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
