// @vitest-environment node
/**
 * The rendered page model (plugins/post-build/page-model.ts): route kind, the one content rule
 * (content element, chrome, title), headings, tags and images; and that the search record and the
 * Markdown twin are projections of the same content.
 */
import { fromHtml } from 'hast-util-from-html';
import { matches } from 'hast-util-select';
import { describe, expect, it } from 'vitest';

import { searchRecordOf } from '../../plugins/local-search/extract';
import { markdownFromTree } from '../../plugins/markdown-twins/convert';
import { findAll, textContent } from '../../plugins/post-build/hast';
import { builtPageOf } from '../../plugins/post-build/page';
import { CHROME, isChrome, renderedPageOf, type RenderedPage } from '../../plugins/post-build/page-model';

const SITE = 'https://docs.example.com';

/** A page with `<html class>`, a head and a body. */
const page = (htmlClass: string, body: string, title = 'Page | Docs'): string =>
  `<!doctype html><html class="${htmlClass}"><head><title>${title}</title>` +
  `<meta name="description" content=" What the page is about. "></head><body>${body}</body></html>`;

/** A doc page as the theme renders it: breadcrumbs, the Markdown area, the tag footer, pagination. */
const DOC = page(
  'docs-wrapper plugin-docs docs-doc-page docs-doc-id-intro',
  `<nav class="navbar"><a href="/intro">Intro</a></nav><main><article>
<nav class="theme-doc-breadcrumbs"><a href="/guides/">Guides</a></nav>
<div class="theme-doc-markdown markdown"><header><h1>CIDR notation</h1></header>
<p>A CIDR block describes a range.</p>
<h2 id="reading">Reading<a class="hash-link" href="#reading">#</a></h2>
<div class="tableOfContentsInline_x"><ul class="table-of-contents"><li><a href="#reading">Reading</a></li></ul></div>
<h3 id="example">Example</h3><h4 id="deep">Deep</h4><h2>No anchor</h2>
<h1>A second h1</h1>
<pre hidden class="language-mermaid"><code>graph TD; vpcsource--&gt;subnet</code></pre>
<noscript>Turn on JavaScript</noscript><template><p>Template text</p></template>
<div role="tabpanel" hidden><p>Panel text</p></div><div hidden><p>Hidden note</p></div>
</div>
<footer class="theme-doc-footer"><a href="/tags/vpc">vpc</a><a href="/tags/networking"> networking </a><a href="/other">x</a></footer>
</article><nav class="pagination-nav"><a href="/next">Next page</a></nav></main><footer class="footer">Copyright</footer>`,
);

const modelOf = (html: string, file = 'intro/index.html'): RenderedPage =>
  renderedPageOf(fromHtml(html), file, { images: {} });

describe('route kind', () => {
  it.each([
    ['docs-wrapper docs-doc-page', 'x/index.html', 'doc'],
    ['mdx-wrapper mdx-page plugin-pages', 'tools/index.html', 'markdown-page'],
    ['plugin-pages plugin-id-default', 'index.html', 'react-page'],
    ['docs-wrapper docs-tags-list-page', 'tags/index.html', 'tag-list'],
    ['docs-wrapper docs-tags-doc-list-page', 'tags/vpc/index.html', 'tag-page'],
    ['docs-wrapper plugin-docs', '404.html', 'not-found'],
    ['plugin-local-search', 'search/index.html', 'other'],
  ])('<html class="%s"> in %s is %s', (htmlClass, file, kind) => {
    expect(modelOf(page(htmlClass, '<main><p>x</p></main>'), file).kind).toBe(kind);
  });
});

describe('the content rule', () => {
  const model = modelOf(DOC);
  const text = textContent(model.content ?? { type: 'root', children: [] });

  it('takes the title from the first h1 and leaves it out of the content; a second h1 is content', () => {
    expect(model.title).toBe('CIDR notation');
    expect(text).not.toContain('CIDR notation');
    expect(text).toContain('A second h1');
  });

  it('reads the document title without the site name, and the description, trimmed', () => {
    expect(modelOf(page('', '<main></main>', 'A | B | Docs')).documentTitle).toBe('A | B');
    expect(modelOf(page('', '<main><p>No heading</p></main>', 'A | B | Docs')).title).toBe('A | B');
    expect(model.description).toBe('What the page is about.');
  });

  it('leaves out navigation, breadcrumbs, the inline TOC, anchors, hidden notes, noscript and templates', () => {
    expect(text).toContain('A CIDR block describes a range.');
    for (const chrome of ['Intro', 'Guides', 'Next page', 'Copyright', '#', 'Hidden note', 'JavaScript', 'Template'])
      expect(text, chrome).not.toContain(chrome);
    expect(text.match(/Reading/g)).toHaveLength(1);
  });

  it("keeps a tab set's hidden panels and a diagram's hidden source", () => {
    expect(text).toContain('Panel text');
    expect(text).toContain('vpcsource');
  });

  it('takes the content of a Markdown page from its article, not the TOC column beside it', () => {
    const markdownPage = modelOf(
      page(
        'mdx-wrapper mdx-page plugin-pages',
        '<main><div class="row"><div class="col"><article><h1>Tools</h1><p>Body</p></article></div>' +
          '<div class="col col--2"><div class="tableOfContents_x"><a href="#a">Aside link</a></div></div></div></main>',
      ),
    );
    expect(markdownPage.title).toBe('Tools');
    expect(textContent(markdownPage.content ?? { type: 'root', children: [] })).toBe('Body');
  });

  it('has no content for a page without main or article', () => {
    expect(modelOf('<html><body><p>x</p></body></html>').content).toBeUndefined();
  });

  it('tells chrome from content exactly as the CHROME selectors match', () => {
    const extra =
      '<header class="navbar x"></header><header></header><div aria-hidden="true"></div><div aria-hidden="false"></div>' +
      '<div hidden></div><div role="tabpanel" hidden></div><a class="hash-link" href="#a">#</a><span class="pagination-nav"></span>' +
      '<pre hidden class="language-mermaid"></pre><pre hidden class="language-js"></pre><noscript></noscript><template></template>' +
      '<ul class="table-of-contents x"></ul>';
    const elements = findAll(fromHtml(DOC.replace('</body>', `${extra}</body>`)), () => true);
    const selector = CHROME.join(',');
    for (const element of elements) expect(isChrome(element), element.tagName).toBe(matches(selector, element));
    expect(elements.filter(isChrome).length).toBeGreaterThan(12);
  });
});

describe('headings and tags', () => {
  const model = modelOf(DOC);

  it('lists the h2 to h6 that carry an id, with their text without the anchor', () => {
    expect(model.headings.map(({ id, text, level }) => [id, text, level])).toEqual([
      ['reading', 'Reading', 2],
      ['example', 'Example', 3],
      ['deep', 'Deep', 4],
    ]);
  });

  it('points each heading at its element in the content, so the content can be split there', () => {
    const inContent = findAll(model.content ?? { type: 'root', children: [] }, () => true);
    for (const heading of model.headings) expect(inContent).toContain(heading.element);
  });

  it('takes the tags from the tag links of the doc footer', () => {
    expect(model.tags).toEqual(['vpc', 'networking']);
  });
});

describe('images', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

  it('links an inlined image to the build file with the same bytes, and leaves others alone', async () => {
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(svg).digest('hex');
    const model = renderedPageOf(
      fromHtml(page('', `<main><img src="${dataUrl}" alt="Layers"><img src="/img/a.png" alt=""></main>`)),
      'index.html',
      { images: { [digest]: '/img/layers.svg' } },
    );
    expect(model.images).toEqual([
      { src: dataUrl, alt: 'Layers', file: '/img/layers.svg' },
      { src: '/img/a.png', alt: '', file: undefined },
    ]);
  });
});

describe('projections of one content', () => {
  it('gives the search record and the twin the same content, each in its own form', () => {
    const built = builtPageOf('intro/index.html', ['/intro'], fromHtml(DOC), { images: {} });
    const record = searchRecordOf(built.model, '/intro');
    const twin = markdownFromTree(built.markdown(SITE, '/intro') ?? { type: 'root', children: [] });
    for (const both of ['A CIDR block describes a range.', 'Panel text', 'A second h1']) {
      expect(record?.text).toContain(both);
      expect(twin).toContain(both);
    }
    // The search holds what a reader sees; the twin keeps the diagram's source as a fence.
    expect(record?.text).not.toContain('vpcsource');
    expect(twin).toContain('```mermaid\ngraph TD; vpcsource-->subnet\n```');
    expect(record?.headings).toEqual([
      { id: 'reading', text: 'Reading', level: 2 },
      { id: 'example', text: 'Example', level: 3 },
    ]);
  });

  it('computes the Markdown of a route once and shares it between the steps of the page', () => {
    const built = builtPageOf('intro/index.html', ['/intro'], fromHtml(DOC), { images: {} });
    expect(built.markdown(SITE, '/intro')).toBe(built.markdown(SITE, '/intro'));
    expect(built.markdown(SITE, '/intro')).not.toBe(built.markdown(SITE, '/other'));
  });
});
