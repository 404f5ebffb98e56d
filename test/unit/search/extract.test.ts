/**
 * The search index builder: what it extracts from built pages.
 */
import { describe, expect, it } from 'vitest';

import { extractSearchRecord, isIndexable, sectionOf, toIndexDocument } from '../../../plugins/local-search/extract';
import { buildNames, buildVocabulary } from '../../../plugins/local-search/index';

const DOC_PAGE = `<!doctype html><html><head><title>CIDR notation | Gruntwork Docs</title></head><body>
<nav class="navbar"><a href="/intro">Intro</a></nav>
<div class="main-wrapper"><main><div class="row"><div class="col">
<nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><a href="/guides/">Guides</a></nav>
<article><div class="theme-doc-markdown markdown">
<header><h1>CIDR notation</h1></header>
<p>A CIDR block describes a range of addresses.</p>
<h2 id="reading-a-cidr-block">Reading a CIDR block<a class="hash-link" href="#reading-a-cidr-block">#</a></h2>
<p>The prefix length fixes the leading bits.</p>
<h3 id="worked-example">Worked example</h3>
<pre><code>10.0.0.0/16</code></pre><button>Copy</button>
<h4 id="too-deep">Too deep for the index</h4>
</div>
<footer class="theme-doc-footer"><ul><li><a href="/tags/vpc">vpc</a></li><li><a href="/tags/networking">networking</a></li></ul></footer>
</article>
<nav class="pagination-nav"><a href="/next">Next page</a></nav>
</div></div></main></div><footer class="footer">Copyright</footer></body></html>`;

describe('extractSearchRecord', () => {
  const record = extractSearchRecord(DOC_PAGE, '/guides/build-it-yourself/vpc/core-concepts/cidr-notation');

  it('takes the title from the h1 and the section from the path', () => {
    expect(record?.title).toBe('CIDR notation');
    expect(record?.section).toBe('Guides');
  });

  it('keeps h2 and h3 headings with their anchors, without the hash-link text', () => {
    expect(record?.headings).toEqual([
      { id: 'reading-a-cidr-block', text: 'Reading a CIDR block', level: 2 },
      { id: 'worked-example', text: 'Worked example', level: 3 },
    ]);
  });

  it('collects tags from the doc footer', () => {
    expect(record?.tags).toEqual(['vpc', 'networking']);
  });

  it('keeps body text and code, and drops navigation, buttons, footer and the title', () => {
    expect(record?.text).toContain('The prefix length fixes the leading bits.');
    expect(record?.text).toContain('10.0.0.0/16');
    for (const chrome of ['Intro', 'Next page', 'Copyright', 'Copy', 'Guides'])
      expect(record?.text).not.toContain(chrome);
    expect(record?.contentHtml).not.toContain('<h1');
  });

  it('keeps the hidden panels of a tab set, and leaves out other hidden elements such as a diagram source', () => {
    const page = DOC_PAGE.replace(
      '<h4 id="too-deep">',
      '<div role="tabpanel" hidden><p>Terragrunt panel text</p></div><pre hidden class="language-mermaid"><code>graph TD; vpcsource--&gt;subnet</code></pre><h4 id="too-deep">',
    );
    const text = extractSearchRecord(page, '/guides/x')?.text ?? '';
    expect(text).toContain('Terragrunt panel text');
    expect(text).not.toContain('vpcsource');
  });

  it("collects a reference page's code names from its name attribute, and none from a page without one", () => {
    const page = DOC_PAGE.replace(
      '<p>A CIDR block',
      '<div><code data-search-name="terraform-aws-vpc/modules/vpc-app">terraform-aws-vpc/modules/vpc-app</code></div><p>A CIDR block',
    );
    expect(extractSearchRecord(page, '/reference/modules/terraform-aws-vpc/vpc-app/')?.names).toEqual([
      'terraform-aws-vpc/modules/vpc-app',
    ]);
    expect(record?.names).toEqual([]);
  });

  it('returns null for a page without main content', () => {
    expect(extractSearchRecord('<html><body><p>No main</p></body></html>', '/x')).toBeNull();
  });
});

describe('sections and indexable paths', () => {
  it.each([
    ['/guides/stay-up-to-date/releases/2023-03/', 'Releases'],
    ['/guides/', 'Guides'],
    ['/reference/modules/terraform-aws-vpc/vpc-app/', 'Modules'],
    ['/reference/services/networking/management-vpc', 'Services'],
    ['/discussions/knowledge-base/10', 'Knowledge Base'],
    ['/faq/eks/', 'FAQ'],
    ['/intro', 'Introduction'],
    ['/intro/next-steps', 'Introduction'],
    ['/tools', 'Pages'],
  ])('%s is in %s', (url, section) => {
    expect(sectionOf(url)).toBe(section);
  });

  it('leaves out the search page, tag listings and the not-found page', () => {
    expect(['/search', '/tags', '/tags/vpc', '/404.html', '/intro'].map(isIndexable)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('index document and vocabulary', () => {
  it('marks the body, the title, the section and the tags for the indexer', () => {
    const record = extractSearchRecord(DOC_PAGE, '/guides/x');
    const html = toIndexDocument(
      record ?? { url: '', title: '', section: '', headings: [], tags: [], names: [], contentHtml: '', text: '' },
    );
    expect(html).toContain('data-pagefind-body');
    expect(html).toContain('data-pagefind-meta="section:Guides"');
    expect(html).toContain('<h1 data-pagefind-meta="title" data-pagefind-weight="10">CIDR notation</h1>');
    expect(html).toContain('<span data-pagefind-filter="tag">vpc</span>');
    expect(html).toContain('id="reading-a-cidr-block"');
  });

  it('maps module and service names to their pages, leaving out the intro pages', () => {
    const base = { title: 'T', section: 'Modules', headings: [], tags: [], names: [], contentHtml: '', text: '' };
    expect(
      buildNames([
        { ...base, url: '/reference/modules/terraform-aws-vpc/vpc-app/' },
        { ...base, url: '/reference/services/networking/management-vpc' },
        { ...base, url: '/reference/modules/intro' },
        { ...base, url: '/guides/build-it-yourself/vpc/' },
      ]),
    ).toEqual({
      'vpc-app': '/reference/modules/terraform-aws-vpc/vpc-app/',
      'management-vpc': '/reference/services/networking/management-vpc',
    });
  });

  it('lists words of four letters or more, most frequent first', () => {
    const base = { url: '/a', section: 'Guides', headings: [], tags: [], names: [], contentHtml: '' };
    const words = buildVocabulary([
      { ...base, title: 'Gateway', text: 'gateway subnet gateway nat' },
      { ...base, title: 'Subnet', text: 'subnet gateway' },
    ]);
    expect(words).toEqual(['gateway', 'subnet']);
  });
});
