/**
 * Markdown twins of whole pages: a React page (any page that is neither a doc nor a Markdown page)
 * gets its twin from what it renders in its main area, with the title and description of its head,
 * so a writer's React page needs no Markdown copy.
 */
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';

import { collectPages } from '../../../plugins/markdown-twins/pages';
import { readPage, type TwinBody } from '../../../plugins/markdown-twins/page-step';
import { builtPageOf } from '../../../plugins/post-build/page';
import type { BuiltPage } from '../../../plugins/post-build/types';

const SITE = 'https://docs.example.com';

/** The site's React home page, whose twin is written from its cards. */
const REACT_HOME = { type: 'jsx', permalink: '/', source: '@site/src/pages/index.tsx' };

/** A React page as Docusaurus renders it: head, navbar, the page's own main area, footer. */
const REACT_PAGE = `<!doctype html><html><head><title>Support plans | Gruntwork Docs</title>
<meta name="description" content="How to reach the Gruntwork support team and what each plan covers."></head>
<body><nav class="navbar">Docs</nav><main><h1>Support plans</h1><p>Open a ticket from the <a href="/support/portal">support portal</a>.</p><button type="button">Copy</button></main>
<footer class="footer">Copyright</footer></body></html>`;

function builtPage(html: string, routes: string[]): BuiltPage {
  return builtPageOf('support/index.html', routes, fromHtml(html), { images: {} });
}

describe('the twin of a React page', () => {
  const [twin] = readPage(builtPage(REACT_PAGE, ['/support']), { siteUrl: SITE, routes: ['/support'] }) ?? [];

  it('is the Markdown of its main area, with the title and description of its head', () => {
    expect(twin?.title).toBe('Support plans');
    expect(twin?.description).toBe('How to reach the Gruntwork support team and what each plan covers.');
    expect(twin?.body).toContain(`Open a ticket from the [support portal](${SITE}/support/portal).`);
    expect(twin?.body).not.toContain('Copy');
    expect(twin?.body).not.toContain('Copyright');
  });

  it('gives the page its place in the site, as a Markdown page would have', () => {
    const bodies = new Map<string, TwinBody>([['/support', twin as TwinBody]]);
    const docs = { loadedVersions: [{ docs: [], sidebars: {} }] } as never;
    const pages = [REACT_HOME, { type: 'jsx', permalink: '/support', source: '@site/src/pages/support.tsx' }] as never;
    const page = collectPages({ siteUrl: SITE, docs, pages, routesPaths: ['/', '/support'], bodies }).find(
      (candidate) => candidate.path === '/support',
    );
    expect(page).toMatchObject({
      title: 'Support plans',
      description: 'How to reach the Gruntwork support team and what each plan covers.',
      url: `${SITE}/support`,
    });
  });
});

describe('the twin of any other route', () => {
  it('comes from what the route renders, such as a category index the docs plugin generates', () => {
    const twin: TwinBody = {
      route: '/networking',
      body: '- [Subnets](https://docs.example.com/networking/subnets)\n',
      title: 'Networking',
      description: 'Subnets and route tables.',
    };
    const docs = { loadedVersions: [{ docs: [], sidebars: {} }] } as never;
    const pages = collectPages({
      siteUrl: SITE,
      docs,
      pages: [REACT_HOME] as never,
      routesPaths: ['/', '/networking', '/404'],
      bodies: new Map([['/networking', twin]]),
    });
    expect(pages.map((page) => page.path)).toEqual(['/', '/networking']);
    expect(pages[1]).toMatchObject({ title: 'Networking', description: 'Subnets and route tables.' });
  });

  it('is required: a route that renders no content stops the build, named', () => {
    const docs = { loadedVersions: [{ docs: [], sidebars: {} }] } as never;
    expect(() =>
      collectPages({
        siteUrl: SITE,
        docs,
        pages: [REACT_HOME] as never,
        routesPaths: ['/', '/empty'],
        bodies: new Map(),
      }),
    ).toThrow('1 route(s) have no Markdown twin: /empty');
  });
});

describe('the home page', () => {
  it('is converted from what it renders when a doc, not the React home page, is served at /', () => {
    const twin: TwinBody = {
      route: '/',
      body: 'Terraform state, step by step.\n',
      title: 'Start here',
      description: 'd',
    };
    const docs = { loadedVersions: [{ docs: [], sidebars: {} }] } as never;
    const [home] = collectPages({
      siteUrl: SITE,
      docs,
      pages: [] as never,
      routesPaths: ['/'],
      bodies: new Map([['/', twin]]),
    });
    expect(home).toMatchObject({ path: '/', title: 'Start here', body: 'Terraform state, step by step.\n' });
  });
});
