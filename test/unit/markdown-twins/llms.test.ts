/**
 * llms.txt and llms-full.txt, read back as Markdown: the llmstxt.org shape, each page once,
 * twin addresses, and titles with Markdown characters kept literal.
 */
import type { Link, List, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';

import { renderLlmsFullTxt, renderLlmsTxt } from '../../../plugins/markdown-twins/llms';
import { sectionOf, type SitePage } from '../../../plugins/markdown-twins/pages';

const SITE = 'https://docs.example.com';

function page(path: string, title: string, description = `About ${title}.`): SitePage {
  return {
    path,
    title,
    description,
    url: `${SITE}${path}`,
    body: `## ${title} details\n\nText of ${path}.\n`,
    section: sectionOf(path),
  };
}

const PAGES = [
  page('/', 'Home'),
  page('/intro', 'Introduction'),
  page('/guides/', 'Guides [all] `x`'),
  page('/reference/modules/terraform-aws-vpc/vpc-app/', 'VPC | app'),
  page('/reference/services/networking/vpc', 'VPC service'),
  page('/faq/', 'FAQ'),
  page('/guides/stay-up-to-date/releases/', 'Release notes'),
  page('/guides/stay-up-to-date/releases/2023-03/', 'Release notes: March 2023'),
  page('/discussions/knowledge-base/3', 'State lock <stale> & stuck'),
  page('/tags/vpc', 'Pages tagged "vpc"', ''),
];

const parse = (markdown: string): Root => unified().use(remarkParse).parse(markdown);

describe('sectionOf', () => {
  it('puts release months, tags and site pages under Optional', () => {
    expect(sectionOf('/guides/stay-up-to-date/releases/2023-03/')).toBe('Optional');
    expect(sectionOf('/guides/stay-up-to-date/releases/')).toBe('Stay up to date');
    expect(sectionOf('/guides/build-it-yourself/vpc/')).toBe('Guides');
    expect(sectionOf('/tags/vpc')).toBe('Optional');
    expect(sectionOf('/courses')).toBe('Optional');
  });
});

describe('renderLlmsTxt', () => {
  const tree = parse(renderLlmsTxt({ title: 'Gruntwork Docs', summary: 'All the docs.', siteUrl: SITE }, PAGES));

  it('starts with the site name as H1 and the summary as a blockquote', () => {
    const [h1, quote] = tree.children;
    expect(h1?.type === 'heading' && h1.depth === 1 && toString(h1)).toBe('Gruntwork Docs');
    expect(quote?.type === 'blockquote' && toString(quote)).toBe('All the docs.');
  });

  it('has the H2 sections in order, Optional last', () => {
    const h2 = tree.children.filter((n) => n.type === 'heading' && n.depth === 2).map((n) => toString(n));
    expect(h2).toEqual([
      'Introduction',
      'Guides',
      'Library Reference: Modules',
      'Library Reference: Services',
      'FAQ',
      'Stay up to date',
      'Knowledge Base',
      'Optional',
    ]);
  });

  it('lists every page once, as its title linking its twin, then its description', () => {
    const items = tree.children
      .filter((n): n is List => n.type === 'list')
      .flatMap((list) => list.children)
      .map((item) => {
        const paragraph = item.children[0];
        const link = paragraph?.type === 'paragraph' ? (paragraph.children[0] as Link) : undefined;
        return { title: link ? toString(link) : '', url: link?.url, text: paragraph ? toString(paragraph) : '' };
      });
    expect(items.map((i) => i.url).sort()).toEqual(
      [
        '/index.md',
        '/intro.md',
        '/guides/index.md',
        '/reference/modules/terraform-aws-vpc/vpc-app/index.md',
        '/reference/services/networking/vpc.md',
        '/faq/index.md',
        '/guides/stay-up-to-date/releases/index.md',
        '/guides/stay-up-to-date/releases/2023-03/index.md',
        '/discussions/knowledge-base/3.md',
        '/tags/vpc.md',
      ]
        .map((p) => `${SITE}${p}`)
        .sort(),
    );
    expect(items.find((i) => i.url === `${SITE}/guides/index.md`)?.title).toBe('Guides [all] `x`');
    expect(items.find((i) => i.url === `${SITE}/discussions/knowledge-base/3.md`)?.text).toBe(
      'State lock <stale> & stuck: About State lock <stale> & stuck.',
    );
    expect(items.find((i) => i.url === `${SITE}/tags/vpc.md`)?.text).toBe('Pages tagged "vpc"');
  });
});

describe('renderLlmsFullTxt', () => {
  const full = renderLlmsFullTxt(PAGES);
  const tree = parse(full);

  it('gives every page, in order, as its title (H1), its URL, then its body', () => {
    const h1 = tree.children.filter((n) => n.type === 'heading' && n.depth === 1).map((n) => toString(n));
    expect(h1).toEqual(PAGES.map((p) => p.title));
    const urls = tree.children
      .filter((n) => n.type === 'paragraph' && toString(n).startsWith('URL: '))
      .map((n) => toString(n).slice('URL: '.length));
    expect(urls).toEqual(PAGES.map((p) => p.url));
    expect(full).toContain('## VPC | app details\n\nText of /reference/modules/terraform-aws-vpc/vpc-app/.');
  });
});
