// @vitest-environment jsdom
/**
 * The Markdown the build writes for readers' AI assistants: a twin of every contract path (clean
 * CommonMark with no JSX, imports or directives left), llms.txt listing every page once,
 * llms-full.txt, the link from each HTML page to its twin, the release-notes Atom feed (read with
 * an XML parser) and last-updated dates in pages and sitemap.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { twinPathOf } from '../../plugins/markdown-twins/twin-address';
import { ROUTES } from '../../src/lib/routes';
import { SITE_TITLE, SITE_URL } from '../../site-config';
import { BUILD_DIR, htmlFileFor, readContract } from './built-site';

const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'sitemap.xml'));
const routes = readContract();
const ATOM = 'http://www.w3.org/2005/Atom';
const RELEASE_MONTHS = fs.readdirSync(path.join(__dirname, '../../data/releases')).filter((f) => f.endsWith('.yml'));

// Without GFM: a table is then a paragraph, which the checks below read just as well, faster.
const parse = (markdown: string): Root => unified().use(remarkParse).use(remarkFrontmatter).parse(markdown);

/** Problems in one twin: leftovers of MDX, directives or imports outside code, or bad front matter. */
function twinProblems(route: string, markdown: string): string[] {
  const tree = parse(markdown);
  const problems: string[] = [];
  const [first, pointer, second] = tree.children;
  if (first?.type !== 'yaml') problems.push('no front matter');
  else {
    const data = parseYaml(first.value) as Record<string, unknown>;
    if (Object.keys(data).join(',') !== 'title,description,url')
      problems.push(`front matter keys ${Object.keys(data).join(',')}`);
    if (data.url !== `${SITE_URL}${route}`) problems.push(`url ${String(data.url)}`);
  }
  // One line naming llms.txt, then the title.
  if (pointer?.type !== 'blockquote' || !toString(pointer).endsWith(': llms.txt'))
    problems.push('no line naming llms.txt right after the front matter');
  if (second?.type !== 'heading' || second.depth !== 1) problems.push('no H1 title after the llms.txt line');
  visit(tree, (node: Nodes) => {
    // Raw HTML in prose would be JSX left over from MDX (components are capitalised) or markup.
    if (node.type === 'html') problems.push(`HTML/JSX: ${node.value.slice(0, 60)}`);
    if (node.type === 'text' && /^:::|^import .* from |^export /m.test(node.value))
      problems.push(`MDX or directive syntax: ${node.value.slice(0, 60)}`);
    if ((node.type === 'link' || node.type === 'image') && node.url.startsWith('/'))
      problems.push(`relative link ${node.url}`);
  });
  return problems.map((p) => `${route}: ${p}`);
}

describe.runIf(hasBuild)('Markdown twins', () => {
  it('exist for every contract path, as clean Markdown with no JSX, imports or directives', () => {
    const problems = routes.flatMap((route) => {
      const file = path.join(BUILD_DIR, twinPathOf(route));
      if (!fs.existsSync(file)) return [`${route}: no twin at ${twinPathOf(route)}`];
      return twinProblems(route, fs.readFileSync(file, 'utf8'));
    });
    expect(problems).toEqual([]);
  }, 120_000);

  it('are announced by every HTML page with <link rel="alternate" type="text/markdown">', () => {
    const wrong = routes.flatMap((route) => {
      const html = fs.readFileSync(htmlFileFor(route) ?? '', 'utf8');
      const $ = cheerio.load(html.slice(0, html.indexOf('</head>') + '</head>'.length));
      const hrefs = $('link[rel="alternate"][type="text/markdown"]')
        .map((_, el) => $(el).attr('href'))
        .get();
      return hrefs.length === 1 && hrefs[0] === twinPathOf(route) ? [] : [`${route}: ${hrefs.join(', ')}`];
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it('render a module page from its data: header, inputs with types and defaults, tabs as sections', () => {
    const markdown = fs.readFileSync(
      path.join(BUILD_DIR, 'reference/modules/terraform-aws-vpc/vpc-app/index.md'),
      'utf8',
    );
    expect(markdown).toContain('**Terraform module** `terraform-aws-vpc/modules/vpc-app`, version `v');
    expect(markdown).toContain('**Terraform**\n\n```hcl title="main.tf"');
    expect(markdown).toContain('**Terragrunt**\n\n```hcl title="terragrunt.hcl"');
    expect(markdown).toMatch(/### `vpc_name`\n\nType: `string`\. \*\*Required\*\*\./);
  });

  it('mark a knowledge-base answer as the accepted answer', () => {
    const markdown = fs.readFileSync(path.join(BUILD_DIR, 'discussions/knowledge-base/3.md'), 'utf8');
    expect(markdown).toContain('\n> **Accepted answer**\n>\n> ');
  });
});

describe.runIf(hasBuild)('llms.txt and llms-full.txt', () => {
  const llms = hasBuild ? fs.readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8') : '';

  it('llms.txt has the site name as H1, a summary blockquote, and lists every contract path once', () => {
    const tree = parse(llms);
    expect(tree.children[0]?.type === 'heading' && toString(tree.children[0])).toBe(SITE_TITLE);
    expect(tree.children[1]?.type).toBe('blockquote');
    const listed: string[] = [];
    // Each item starts with the page's link; a description may hold links of its own.
    visit(tree, 'listItem', (item) => {
      const paragraph = item.children[0];
      const link = paragraph?.type === 'paragraph' ? paragraph.children[0] : undefined;
      listed.push(link?.type === 'link' ? link.url : `no link in: ${toString(item).slice(0, 60)}`);
    });
    const expected = routes.map((route) => `${SITE_URL}${twinPathOf(route)}`);
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it('llms-full.txt holds every page twin once, headed by its title and URL, home page first', () => {
    const full = fs.readFileSync(path.join(BUILD_DIR, 'llms-full.txt'), 'utf8');
    const at = new Map<string, number>();
    const problems = routes.flatMap((route) => {
      // The twin without its front matter and its line naming llms.txt (which llms-full.txt does
      // not repeat per page), with the URL line after its H1.
      const twin = fs.readFileSync(path.join(BUILD_DIR, twinPathOf(route)), 'utf8');
      const afterFrontMatter = twin.slice(twin.indexOf('\n---\n') + '\n---\n\n'.length);
      const body = afterFrontMatter.slice(afterFrontMatter.indexOf('\n\n') + 2);
      const newline = body.indexOf('\n');
      const section = `${body.slice(0, newline)}\n\nURL: ${SITE_URL}${route}${body.slice(newline)}`;
      const index = full.indexOf(section);
      at.set(route, index);
      if (index === -1) return [`${route}: not in llms-full.txt`];
      return full.lastIndexOf(section) === index ? [] : [`${route}: more than once`];
    });
    expect(problems).toEqual([]);
    // Reading order: the home page, then the introduction sidebar.
    expect(at.get('/')).toBe(0);
    expect(at.get('/intro/overview/intro-to-gruntwork')).toBeLessThan(at.get('/intro/overview/getting-started') ?? 0);
  }, 120_000);
});

describe.runIf(hasBuild)('release-notes Atom feed', () => {
  const xml = hasBuild ? fs.readFileSync(path.join(BUILD_DIR, ROUTES.releasesFeed), 'utf8') : '';
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const entries = Array.from(doc.documentElement.children).filter((el) => el.localName === 'entry');
  const text = (parent: Element, name: string): string =>
    Array.from(parent.children).find((el) => el.namespaceURI === ATOM && el.localName === name)?.textContent ?? '';

  it('parses as Atom with one entry per month of data, newest first', () => {
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.namespaceURI).toBe(ATOM);
    expect(entries).toHaveLength(RELEASE_MONTHS.length);
    expect(entries).toHaveLength(82);
    const months = entries.map((e) => /(\d{4}-\d{2})\/$/.exec(text(e, 'id'))?.[1]);
    expect(months).toEqual(
      RELEASE_MONTHS.map((f) => f.replace('.yml', ''))
        .sort()
        .reverse(),
    );
  });

  it('has the elements RFC 4287 requires, and the feed is updated at its newest entry', () => {
    const feed = doc.documentElement;
    for (const name of ['id', 'title', 'updated']) expect(text(feed, name)).not.toBe('');
    expect(feed.getElementsByTagNameNS(ATOM, 'author').length).toBeGreaterThan(0);
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated', 'content']) expect(text(entry, name), name).not.toBe('');
      expect(text(entry, 'id')).toMatch(new RegExp(`^${SITE_URL}${ROUTES.releases}\\d{4}-\\d{2}/$`));
    }
    const newest = entries
      .map((e) => text(e, 'updated'))
      .sort()
      .at(-1);
    expect(text(feed, 'updated')).toBe(newest);
  });

  it('is linked from the releases index, in its head and as a visible Subscribe link', () => {
    const $ = cheerio.load(fs.readFileSync(htmlFileFor(ROUTES.releases) ?? '', 'utf8'));
    expect($('link[rel="alternate"][type="application/atom+xml"]').attr('href')).toBe(ROUTES.releasesFeed);
    expect($(`article a[href="${ROUTES.releasesFeed}"]`).text()).toMatch(/^Subscribe/);
  });
});

describe.runIf(hasBuild)('last-updated dates', () => {
  it('show on hand-written and generated docs, and match the sitemap', () => {
    const $sitemap = cheerio.load(fs.readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8'), { xmlMode: true });
    const lastmod = new Map(
      $sitemap('url')
        .map((_, el) => [[$sitemap(el).find('loc').text(), $sitemap(el).find('lastmod').text()]] as [string, string][])
        .get(),
    );
    for (const route of [
      '/intro/core-concepts/infrastructure-as-code',
      '/reference/modules/terraform-aws-vpc/vpc-app/',
    ]) {
      const $ = cheerio.load(fs.readFileSync(htmlFileFor(route) ?? '', 'utf8'));
      const time = $('.theme-last-updated time').attr('datetime') ?? '';
      expect(time, route).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(lastmod.get(`${SITE_URL}${route}`), route).toBe(time.slice(0, 10));
    }
  });
});
