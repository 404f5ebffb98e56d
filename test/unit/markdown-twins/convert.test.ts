/**
 * Markdown twins: what a built page's HTML becomes (admonitions, tabs, code blocks, reference
 * components, cards, diagrams, links), what is not content, and that titles and table cells
 * survive any characters.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fromHtml } from 'hast-util-from-html';
import type { Root, Table, Text } from 'mdast';
import fc from 'fast-check';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';

import { markdownFromTree, twinDocument } from '../../../plugins/markdown-twins/convert';
import { htmlToMarkdownTree } from '../../../plugins/post-build/page-markdown';
import { dataUrlDigest } from '../../../plugins/post-build/page-model';
import KbAnswer from '../../../src/components/KbAnswer';
import ModuleHeader from '../../../src/components/ModuleHeader';
import ReferenceEntry from '../../../src/components/ReferenceEntry';
import ReleaseMeta from '../../../src/components/ReleaseMeta';

const SITE = 'https://docs.example.com';

/** A doc page as the theme renders it: breadcrumbs and actions, then the Markdown area. */
function docPage(markdownArea: string): string {
  return `<!doctype html><html><head><title>Page | Docs</title></head><body><nav class="navbar">Docs</nav><main><div class="container"><article>
<nav class="theme-doc-breadcrumbs"><ul><li><a href="/">Home</a></li></ul></nav>
<div class="tocCollapsible theme-doc-toc-mobile"><button type="button">On this page</button></div>
<div class="actions"><button type="button">Copy page</button><a href="/page.md">View as Markdown</a></div>
<div class="theme-doc-markdown markdown"><header><h1>Page title</h1></header>${markdownArea}</div>
<footer class="theme-doc-footer"><a href="/tags/vpc">vpc</a><a class="theme-edit-this-page" href="https://example.com/edit">Edit this page</a></footer>
</article><nav class="pagination-nav"><a href="/next">Next</a></nav></div></main><footer class="footer">Copyright</footer></body></html>`;
}

/** The twin body of a page whose Markdown area is `html`. */
function twinBody(html: string, images: Record<string, string> = {}): string {
  const tree = htmlToMarkdownTree(fromHtml(docPage(html)), { siteUrl: SITE, pageUrl: `${SITE}/guides/page`, images });
  return markdownFromTree(tree ?? { type: 'root', children: [] });
}

/** The twin body of a component, rendered by React as the build renders it. */
const componentBody = (element: ReactElement): string => twinBody(renderToStaticMarkup(element));

const codeBlock = (language: string, lines: string[], title?: string): string =>
  `<div class="language-${language} codeBlockContainer_x theme-code-block">${title === undefined ? '' : `<div class="codeBlockTitle_x">${title}</div>`}<div class="codeBlockContent_x"><pre tabindex="0" class="prism-code language-${language} codeBlock_x"><code class="codeBlockLines_x">${lines
    .map(
      (line) =>
        `<div class="token-line"><span class="token keyword">${line.split(' ')[0] ?? ''}</span><span class="token plain"> ${line.split(' ').slice(1).join(' ')}</span><br></div>`,
    )
    .join(
      '',
    )}</code></pre><div class="buttonGroup_x"><button type="button" aria-label="Copy code to clipboard">Copy</button></div></div></div>`;

const admonition = (type: string, heading: string, body: string): string =>
  `<div class="theme-admonition theme-admonition-${type} admonition_x alert alert--warning"><div class="admonitionHeading_x"><span class="admonitionIcon_x"><svg viewBox="0 0 16 16"><path d="M0 0"></path></svg></span>${heading}</div><div class="admonitionContent_x">${body}</div></div>`;

function parse(markdown: string): Root {
  return unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(markdown);
}

describe('htmlToMarkdownTree', () => {
  it('turns an admonition into a blockquote headed by its type and label', () => {
    const html = admonition('warning', 'What you must do', '<p>Run <code>terraform init -upgrade</code>.</p>');
    expect(twinBody(html)).toBe('> **Warning: What you must do**\n>\n> Run `terraform init -upgrade`.\n');
    expect(twinBody(admonition('note', 'note', '<p>Plain.</p>'))).toBe('> **Note**\n>\n> Plain.\n');
  });

  it('marks the knowledge-base answer as the answer', () => {
    const answer = renderToStaticMarkup(
      createElement(KbAnswer, null, createElement('p', null, 'Because the lock is stale.')),
    );
    expect(twinBody(`<p>Why does it fail?</p>${answer}`)).toBe(
      'Why does it fail?\n\n> **Accepted answer**\n>\n> Because the lock is stale.\n',
    );
  });

  it('renders a tab set as one labelled section per tab, hidden panels included', () => {
    const html = [
      '<div class="theme-tabs-container tabs-container tabList_x"><ul role="tablist" aria-orientation="horizontal" class="tabs">',
      '<li role="tab" tabindex="0" aria-selected="true" class="tabs__item tabs__item--active">Terraform</li>',
      '<li role="tab" tabindex="-1" aria-selected="false" class="tabs__item">Terragrunt</li></ul>',
      `<div class="margin-top--md"><div role="tabpanel" class="tabItem_x">${codeBlock('hcl', ['module "vpc" {}'], 'main.tf')}</div>`,
      '<div role="tabpanel" class="tabItem_x" hidden><p>Use <code>terragrunt apply</code>.</p></div></div></div>',
    ].join('');
    expect(twinBody(html)).toBe(
      '**Terraform**\n\n```hcl title="main.tf"\nmodule "vpc" {}\n```\n\n**Terragrunt**\n\nUse `terragrunt apply`.\n',
    );
  });

  it('writes a code block as a fence with its language and the text of its token spans', () => {
    expect(twinBody(codeBlock('bash', ['terraform init', 'terraform   apply -auto-approve']))).toBe(
      '```bash\nterraform init\nterraform   apply -auto-approve\n```\n',
    );
  });

  it('keeps a hidden diagram source as a mermaid fence', () => {
    const html =
      '<div class="docusaurus-mermaid-container"></div><pre hidden class="language-mermaid"><code>graph TD;\n  vpc--&gt;subnet</code></pre>';
    expect(twinBody(html)).toBe('```mermaid\ngraph TD;\n  vpc-->subnet\n```\n');
  });

  it('writes the reference components as sentences', () => {
    expect(
      componentBody(
        createElement(ModuleHeader, {
          repository: 'terraform-aws-vpc',
          module: 'vpc-app',
          version: 'v0.22.4',
          kind: 'terraform',
          sourceUrl: 'https://github.com/gruntwork-io/terraform-aws-vpc',
        }),
      ),
    ).toBe(
      '**Terraform module** `terraform-aws-vpc/modules/vpc-app`, version `v0.22.4`. [View source](https://github.com/gruntwork-io/terraform-aws-vpc)\n',
    );
    expect(
      componentBody(createElement(ReferenceEntry, { kind: 'input', type: 'list(string)', defaultValue: '[]' })),
    ).toBe('Type: `list(string)`. Default: `[]`.\n');
    expect(componentBody(createElement(ReferenceEntry, { kind: 'input', type: 'string', required: true }))).toBe(
      'Type: `string`. **Required**.\n',
    );
    expect(componentBody(createElement(ReferenceEntry, { kind: 'output' }))).toBe('Output\n');
    expect(
      componentBody(createElement(ReleaseMeta, { kind: 'breaking', kindLabel: 'Breaking change', date: '2023-03-09' })),
    ).toBe('**Breaking change**, released 2023-03-09.\n');
  });

  it('writes a card (a link around a title and a description) as a link with its description', () => {
    const card =
      '<article class="col col--6"><a class="card padding--lg cardContainer_x" href="/guides/vpc"><h2 class="text--truncate cardTitle_x" title="VPC">VPC</h2><p class="text--truncate cardDescription_x" title="Build the network.">Build the network.</p></a></article>';
    expect(twinBody(`<section class="row list_x">${card}</section>`)).toBe(
      `[VPC](${SITE}/guides/vpc): Build the network.\n`,
    );
  });

  it('gives any component the twin of what it renders, with no list of components', () => {
    const widget =
      '<div class="carousel_x"><figure><img src="/img/a.png" alt="A diagram"><figcaption>How it fits</figcaption></figure></div>';
    expect(twinBody(widget)).toBe(`![A diagram](${SITE}/img/a.png)\n\nHow it fits\n`);
  });

  it('makes site links, relative links and images absolute, keeps other links, and drops heading anchors', () => {
    const html = `<h2 class="anchor" id="subnets">Subnets<a href="#subnets" class="hash-link" aria-label="Direct link to Subnets" title="Direct link to Subnets">\u200b</a></h2>
<p>See <a href="/guides/cidr#x">CIDR</a>, <a href="vpc-app">the module</a>, <a href="#subnets">above</a>, <a href="https://aws.amazon.com">AWS</a> and <img src="/img/vpc.svg" alt="a diagram">.</p>`;
    expect(twinBody(html)).toBe(
      `## Subnets\n\nSee [CIDR](${SITE}/guides/cidr#x), [the module](${SITE}/guides/vpc-app), [above](#subnets), [AWS](https://aws.amazon.com) and ![a diagram](${SITE}/img/vpc.svg).\n`,
    );
  });

  it('links an image the bundler inlined as a data: URL to the build file with the same bytes', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const digest = dataUrlDigest(url) ?? '';
    expect(twinBody(`<p><img src="${url}" alt="Layers"></p>`, { [digest]: '/img/layers.svg' })).toBe(
      `![Layers](${SITE}/img/layers.svg)\n`,
    );
  });

  it("keeps text as text: a colon, brackets and React's comment markers", () => {
    expect(twinBody('<p>Ports 80:tcp and a:b stay, <!-- -->[x] too.</p>')).toBe(
      'Ports 80:tcp and a:b stay, \\[x] too.\n',
    );
  });

  it('leaves out the title, hidden elements, buttons, icons and the breadcrumb, copy, edit, TOC and pagination chrome', () => {
    const body = twinBody(
      '<p>Text.</p><div hidden><p>Hidden note</p></div><button type="button">Copy</button><span aria-hidden="true">✓</span>',
    );
    expect(body).toBe('Text.\n');
  });

  it('keeps the text of a collapsed details block, and leaves out an inline table of contents', () => {
    const html =
      '<div class="tableOfContentsInline_x"><ul class="table-of-contents"><li><a href="#a">A</a></li></ul></div>' +
      '<details class="details_x alert alert--info" data-collapsed="true"><summary>Why two NAT gateways?</summary>' +
      '<div style="display:none;overflow:hidden;height:0px"><div class="collapsibleContent_x"><p>One per zone.</p></div></div></details>';
    expect(twinBody(html)).toBe('Why two NAT gateways?\n\nOne per zone.\n');
  });

  it('keeps a loose list loose and a tight list with a nested list tight', () => {
    expect(twinBody('<ul><li>One<ul><li>a</li><li>b</li></ul></li><li>Two</li></ul>')).toBe(
      '- One\n  - a\n  - b\n- Two\n',
    );
    expect(twinBody('<ul><li><p>One</p></li><li><p>Two</p></li></ul>')).toBe('- One\n\n- Two\n');
  });

  it('returns undefined for a page with no content', () => {
    expect(
      htmlToMarkdownTree(fromHtml('<html><body><p>x</p></body></html>'), { siteUrl: SITE, pageUrl: SITE }),
    ).toBeUndefined();
  });
});

describe('twinDocument', () => {
  it('starts, after the front matter, with one line linking llms.txt at the page origin', () => {
    const doc = twinDocument({ title: 'T', description: '', url: `${SITE}/guides/x`, body: 'Body.\n' });
    const afterFrontMatter = doc.slice(doc.indexOf('---\n', 4) + 4).trimStart();
    expect(afterFrontMatter.split('\n')[0]).toBe(
      `> Index of every page of this site, for AI assistants: [llms.txt](${new URL(SITE).origin}/llms.txt)`,
    );
  });
});

describe('escaping', () => {
  it('keeps any title and description exact through front matter and the H1', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !/[\n\r]/.test(s)),
        fc.string().filter((s) => !/[\n\r]/.test(s)),
        (title, description) => {
          const doc = twinDocument({ title, description, url: `${SITE}/x`, body: 'Body.\n' });
          const tree = parse(doc);
          // Front matter, the one line naming llms.txt, then the title.
          const [yaml, pointer, heading] = tree.children;
          expect(yaml?.type).toBe('yaml');
          expect(toString(pointer)).toBe('Index of every page of this site, for AI assistants: llms.txt');
          expect(parseYaml((yaml as { value: string }).value)).toEqual({ title, description, url: `${SITE}/x` });
          expect(heading?.type).toBe('heading');
          // Leading and trailing spaces are written as character references, so even they survive.
          expect(toString(heading)).toBe(title);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(['a < b & c', 'use `terraform apply`', 'x | y', '[not a link](x)', '*not emphasis*', '# not a heading'])(
    'keeps %j literal in a title',
    (title) => {
      const heading = parse(twinDocument({ title, description: '', url: SITE, body: '' })).children[2];
      expect(heading?.type).toBe('heading');
      expect(toString(heading)).toBe(title);
    },
  );

  it('keeps pipes, backticks and angle brackets inside table cells', () => {
    const cells = ['a | b', 'run `x | y`', '<none> & more'];
    const table: Table = {
      type: 'table',
      children: [
        {
          type: 'tableRow',
          children: cells.map(() => ({ type: 'tableCell', children: [{ type: 'text', value: 'h' }] })),
        },
        {
          type: 'tableRow',
          children: cells.map((value) => ({ type: 'tableCell', children: [{ type: 'text', value }] })),
        },
      ],
    };
    const markdown = markdownFromTree({ type: 'root', children: [table] });
    const parsed = parse(markdown).children[0] as Table;
    expect(parsed.type).toBe('table');
    expect(parsed.children[1]?.children.map((cell) => toString(cell))).toEqual(cells);
  });

  it('writes a rendered table as a GFM table, with a pipe and inline code in its cells', () => {
    const body = twinBody(
      '<table><thead><tr><th>Flag</th><th>Meaning</th></tr></thead><tbody><tr><td><code>-lock=false</code></td><td>skip a | lock</td></tr></tbody></table>',
    );
    const table = parse(body).children[0] as Table;
    expect(table.type).toBe('table');
    const cells = table.children[1]?.children.map((cell) => toString(cell));
    expect(cells).toEqual(['-lock=false', 'skip a | lock']);
    expect((table.children[1]?.children[0]?.children[0] as Text | undefined)?.type).toBe('inlineCode');
  });
});
