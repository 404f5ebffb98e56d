#!/usr/bin/env node
/**
 * Checks that the search records the post-build pipeline extracts from hast equal those of the
 * cheerio extractor they replaced, on every indexable page of a build folder.
 *
 * Usage: node scripts/compare-search-records.mjs [build dir]   (default: build)
 * Prints each page whose record differs, field by field, and exits 1 when any does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import createJiti from 'jiti';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(fileURLToPath(import.meta.url), { interopDefault: true });
const { extractSearchRecord, isIndexable, sectionOf } = jiti(path.join(root, 'plugins/local-search/extract.ts'));
const { htmlFileFor } = jiti(path.join(root, 'plugins/built-site.ts'));
const { ROUTES } = jiti(path.join(root, 'src/lib/routes.ts'));

/**
 * The chrome selectors of the cheerio extractor, as they were. The page model's rule
 * (plugins/post-build/page-model.ts) has since added `template`, `noscript`, `.table-of-contents`
 * and hidden elements, and takes a Markdown page's content from its article: pages with an inline
 * table of contents and Markdown pages differ by that.
 */
const OLD_CHROME = [
  'nav',
  'header.navbar',
  'footer',
  '.theme-doc-toc-mobile',
  '.theme-doc-breadcrumbs',
  '.theme-doc-footer',
  '.pagination-nav',
  '.hash-link',
  'button',
  'script',
  'style',
  'svg',
  '[aria-hidden="true"]',
];

/** The cheerio extractor the pipeline replaced, unchanged but for its imports. */
function cheerioRecord(html, url) {
  const $ = cheerio.load(html);
  const tags = $(`.theme-doc-footer a[href^="${ROUTES.tags}"]`)
    .map((_, el) => $(el).text().trim())
    .get()
    .filter(Boolean);
  const main =
    $('article .theme-doc-markdown').first().length > 0 ? $('article .theme-doc-markdown').first() : $('main').first();
  if (main.length === 0) return null;
  main.find(OLD_CHROME.join(',')).remove();
  const title = (main.find('h1').first().text() || $('title').first().text().split(' | ')[0] || '').trim();
  main.find('h1').remove();
  const headings = main
    .find('h2[id], h3[id]')
    .map((_, el) => ({ id: $(el).attr('id') ?? '', text: $(el).text().trim(), level: el.tagName === 'h2' ? 2 : 3 }))
    .get();
  const text = main.text().replace(/\s+/g, ' ').trim();
  return { url, title, section: sectionOf(url), headings, tags, contentHtml: main.html() ?? '', text };
}

const buildDir = path.resolve(process.argv[2] ?? 'build');
const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
// Every route the build serves: the sitemap's pages plus the ones it leaves out (tags, search).
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
let compared = 0;
const differing = [];
for (const route of [...new Set(routes)].sort()) {
  if (!isIndexable(route)) continue;
  const file = htmlFileFor(buildDir, route);
  if (!file) continue;
  const html = fs.readFileSync(file, 'utf8');
  const before = cheerioRecord(html, route);
  const after = extractSearchRecord(html, route);
  compared += 1;
  const fields =
    before === null || after === null
      ? ['record']
      : Object.keys(before).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (fields.length > 0) differing.push(`${route}: ${fields.join(', ')}`);
}
console.log(`${compared} pages compared, ${differing.length} differ`);
for (const line of differing.slice(0, 50)) console.log(`  ${line}`);
process.exit(differing.length === 0 ? 0 : 1);
