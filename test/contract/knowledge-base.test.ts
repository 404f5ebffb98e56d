// @vitest-environment node
/**
 * Built knowledge-base pages: each carries a canonical link to its discussion on the
 * source host, shows the Knowledge Base label and a marked answer, and is in the sitemap.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

import { BUILD_DIR, htmlFileFor, readContract } from './built-site';

const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'sitemap.xml'));
const articles = readContract().filter((route) => route.startsWith('/discussions/knowledge-base/'));

describe.runIf(hasBuild)('built knowledge-base pages', () => {
  it('each have exactly one canonical link, to their discussion', () => {
    const wrong = articles.flatMap((route) => {
      const file = htmlFileFor(route);
      if (!file) return [`${route}: not built`];
      const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
      const canonical = $('link[rel="canonical"]')
        .map((_, el) => $(el).attr('href'))
        .get();
      const number = route.split('/').pop() ?? '';
      const expected = `https://github.com/gruntwork-io/knowledge-base/discussions/${number}`;
      return canonical.length === 1 && canonical[0] === expected ? [] : [`${route}: ${canonical.join(', ')}`];
    });
    expect(wrong).toEqual([]);
  }, 60_000);

  it('show the Knowledge Base label and an accepted answer region', () => {
    const file = htmlFileFor(articles[0] ?? '');
    const $ = cheerio.load(fs.readFileSync(file ?? '', 'utf8'));
    expect($('article').text()).toContain('Knowledge Base');
    expect($('section[aria-labelledby="accepted-answer"] h2').text()).toContain('Accepted answer');
  });

  it('are all in the sitemap', () => {
    const $ = cheerio.load(fs.readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8'), { xmlMode: true });
    const locs = new Set(
      $('url > loc')
        .map((_, el) => new URL($(el).text()).pathname)
        .get(),
    );
    expect(articles.filter((route) => !locs.has(route))).toEqual([]);
  });
});

// Without a build the pages above cannot be read; say so as a failure, not as a skipped test.
it('finds the built sitemap in build/', () => {
  expect(hasBuild, 'no build/sitemap.xml: run `npm run build` first').toBe(true);
});
