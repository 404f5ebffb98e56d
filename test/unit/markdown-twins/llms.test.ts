/**
 * llms.txt and llms-full.txt, read back as Markdown: the llmstxt.org shape, each page once,
 * twin addresses, and titles with Markdown characters kept literal.
 */
import type { Link, List, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';

import {
  llmsFullFiles,
  renderLlmsFullTxt,
  renderLlmsTxt,
  SECTION_FILE_MIN_TOKENS,
  sectionFilePath,
} from '../../../plugins/markdown-twins/llms';
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

/** A stand-in tokenizer: one token per character, except that the Guides section counts as huge. */
const fakeCount = (text: string): number =>
  text.includes('Text of /guides/.') && !text.includes('Text of /intro.') ? SECTION_FILE_MIN_TOKENS + 1 : text.length;

describe('renderLlmsTxt', () => {
  const { sizes } = llmsFullFiles(PAGES, fakeCount);
  const tree = parse(renderLlmsTxt({ title: 'Gruntwork Docs', summary: 'All the docs.', siteUrl: SITE }, PAGES, sizes));

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

describe('section sizes in tokens', () => {
  const { files, sizes } = llmsFullFiles(PAGES, fakeCount);
  const tree = parse(renderLlmsTxt({ title: 'Gruntwork Docs', summary: 'All the docs.', siteUrl: SITE }, PAGES, sizes));
  /** The paragraph right after the H2 of `section`. */
  const sizeLine = (section: string): string => {
    const index = tree.children.findIndex((n) => n.type === 'heading' && n.depth === 2 && toString(n) === section);
    const next = tree.children[index + 1];
    return next?.type === 'paragraph' ? toString(next) : '';
  };

  it('states each section size and the whole site size, naming the tokenizer', () => {
    const intro = renderLlmsFullTxt(PAGES.filter((p) => p.section === 'Introduction'));
    expect(sizeLine('Introduction')).toBe(
      `Full text: ${intro.length.toLocaleString('en-US')} tokens, in llms-full.txt.`,
    );
    const header = toString(tree.children[2] ?? tree);
    expect(header).toContain(`(${renderLlmsFullTxt(PAGES).length.toLocaleString('en-US')} tokens)`);
    expect(header).toContain('o200k_base tokenizer');
  });

  it('gives a section over 100,000 tokens a file of its own, with only its pages, and links it', () => {
    expect(sectionFilePath('Library Reference: Modules')).toBe('/llms-full/library-reference-modules.txt');
    expect(sizeLine('Guides')).toBe('Full text: 100,001 tokens, in llms-full/guides.txt.');
    const guides = files.find((file) => file.path === '/llms-full/guides.txt');
    expect(guides?.text).toBe(renderLlmsFullTxt(PAGES.filter((p) => p.section === 'Guides')));
    expect(files.map((file) => file.path)).toEqual(['/llms-full.txt', '/llms-full/guides.txt']);
  });

  it('counts with the real tokenizer by default', () => {
    const { sizes: real } = llmsFullFiles(PAGES);
    expect(real.site).toBeGreaterThan(0);
    expect(real.site).toBeLessThan(renderLlmsFullTxt(PAGES).length);
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
