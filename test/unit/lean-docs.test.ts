// @vitest-environment node
/**
 * plugins/lean-docs: the version prop every doc page loads loses its doc list and its sidebars;
 * each doc route loads its own sidebar's module instead, and a page with cards its card docs.
 */
import type { RouteConfig } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';

import {
  navbarDocTargets,
  pageRoutes,
  sidebarModuleSource,
  versionDocs,
  versionSidebars,
  withLeanVersion,
  withNavbarDocsOnly,
} from '@site/plugins/lean-docs';
import { registerSidebar, sidebarItems } from '@site/plugins/lean-docs/client/sidebars';

const vpcSidebar = [{ type: 'link', href: '/guides/x', label: 'CIDR notation' }];

const docRoute: RouteConfig = {
  path: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
  component: '@theme/DocItem',
  exact: true,
  modules: { content: '@site/docs/guides/cidr-notation.md' },
  sidebar: 'vpcSidebar',
};

const introRoute: RouteConfig = { path: '/intro', component: '@theme/DocItem', exact: true, modules: { content: 'x' } };

const generatedIndexRoute: RouteConfig = {
  path: '/category/vpc',
  component: '@theme/DocCategoryGeneratedIndexPage',
  exact: true,
  props: { categoryGeneratedIndex: { title: 'VPC', permalink: '/category/vpc' } },
  sidebar: 'vpcSidebar',
};

const versionRoute: RouteConfig = {
  path: '/',
  component: '@theme/DocVersionRoot',
  props: {
    version: {
      pluginId: 'default',
      version: 'current',
      docsSidebars: { vpcSidebar },
      docs: { 'guides/cidr-notation': { id: 'guides/cidr-notation', title: 'CIDR notation', sidebar: 'vpcSidebar' } },
    },
  },
  routes: [{ path: '/', component: '@theme/DocRoot', routes: [docRoute, introRoute, generatedIndexRoute] }],
};

const modules = new Map([['vpcSidebar', '@generated/lean-docs/default/sidebar-vpcSidebar.js']]);

describe('withLeanVersion', () => {
  it('empties the doc list and the sidebars of the version prop, and keeps its other fields', () => {
    const version = withLeanVersion(versionRoute, modules).props?.version as Record<string, unknown>;
    expect(version.docs).toEqual({});
    expect(version.docsSidebars).toEqual({});
    expect(version.pluginId).toBe('default');
  });

  it("gives a doc route its own sidebar's module, and a route without a sidebar nothing", () => {
    const [docs] = withLeanVersion(versionRoute, modules).routes ?? [];
    expect(docs?.routes?.[0]?.modules).toEqual({
      content: '@site/docs/guides/cidr-notation.md',
      sidebarItems: '@generated/lean-docs/default/sidebar-vpcSidebar.js',
    });
    expect(docs?.routes?.[1]).toEqual(introRoute);
  });

  it('stops on a route whose sidebar has no module, naming the route', () => {
    expect(() => withLeanVersion(versionRoute, new Map())).toThrow(
      'lean-docs: route /guides/build-it-yourself/vpc/core-concepts/cidr-notation names sidebar "vpcSidebar", which has no module',
    );
  });

  it('leaves the input untouched', () => {
    const before = JSON.stringify(versionRoute);
    withLeanVersion(versionRoute, modules);
    expect(JSON.stringify(versionRoute)).toBe(before);
  });
});

describe('sidebar modules', () => {
  it('finds the sidebars of the version prop', () => {
    expect([...versionSidebars(versionRoute)]).toEqual([['vpcSidebar', vpcSidebar]]);
  });

  it('writes a module that registers its items under the sidebar name', () => {
    const source = sidebarModuleSource('vpcSidebar', vpcSidebar);
    expect(source).toContain(`registerSidebar("vpcSidebar", items);`);
    expect(source).toContain(JSON.stringify(vpcSidebar));
  });

  it('hands registered items to the page, and names a sidebar that never loaded', () => {
    registerSidebar('vpcSidebar', vpcSidebar as never);
    expect(sidebarItems('vpcSidebar')).toEqual(vpcSidebar);
    expect(() => sidebarItems('nope')).toThrow('lean-docs: the items of sidebar "nope" have not been loaded');
  });
});

describe('card docs', () => {
  const cardModules = new Map([
    ['/guides/build-it-yourself/vpc/core-concepts/cidr-notation', '@generated/lean-docs/default/cards-a.json'],
    ['/category/vpc', '@generated/lean-docs/default/cards-b.json'],
  ]);

  it('gives each listed page its card docs module beside its other modules, and other pages nothing', () => {
    const [docs] = withLeanVersion(versionRoute, modules, cardModules).routes ?? [];
    const [doc, intro, index] = docs?.routes ?? [];
    expect(doc?.modules).toEqual({
      content: '@site/docs/guides/cidr-notation.md',
      sidebarItems: '@generated/lean-docs/default/sidebar-vpcSidebar.js',
      cardDocs: '@generated/lean-docs/default/cards-a.json',
    });
    expect(intro).toEqual(introRoute);
    // A generated index keeps its props and gets its sidebar and its cards as modules.
    expect(index?.props).toEqual(generatedIndexRoute.props);
    expect(index?.modules).toEqual({
      sidebarItems: '@generated/lean-docs/default/sidebar-vpcSidebar.js',
      cardDocs: '@generated/lean-docs/default/cards-b.json',
    });
  });

  it('finds the docs of the version prop, and the pages that can render cards', () => {
    expect(Object.keys(versionDocs(versionRoute))).toEqual(['guides/cidr-notation']);
    expect(pageRoutes(versionRoute)).toEqual([
      {
        kind: 'doc',
        path: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
        sidebar: 'vpcSidebar',
        source: '@site/docs/guides/cidr-notation.md',
      },
      { kind: 'doc', path: '/intro', sidebar: undefined, source: 'x' },
      { kind: 'generated-index', path: '/category/vpc', sidebar: 'vpcSidebar' },
    ]);
  });
});

describe('global data', () => {
  const navbar = [
    { type: 'doc', docId: 'intro', label: 'Intro' },
    { to: '/guides/', label: 'Guides' },
    {
      type: 'dropdown',
      label: 'Library',
      items: [{ type: 'docSidebar', sidebarId: 'modulesSidebar', label: 'Modules' }],
    },
  ];

  it("finds the navbar's doc ids and sidebar ids, dropdowns included", () => {
    const targets = navbarDocTargets(navbar);
    expect([...targets.docIds]).toEqual(['intro']);
    expect([...targets.sidebarIds]).toEqual(['modulesSidebar']);
  });

  it('keeps only the docs the navbar items can match, and every other field', () => {
    const data = {
      path: '/',
      versions: [
        {
          name: 'current',
          docs: [
            { id: 'intro', path: '/intro' },
            { id: 'reference/modules/vpc', path: '/reference/modules/vpc', sidebar: 'modulesSidebar' },
            { id: 'guides/vpc', path: '/guides/vpc', sidebar: 'vpcSidebar' },
          ],
          sidebars: { vpcSidebar: { link: { path: '/guides/vpc', label: 'VPC' } } },
        },
      ],
    };
    expect(withNavbarDocsOnly(data, navbarDocTargets(navbar))).toEqual({
      path: '/',
      versions: [
        {
          name: 'current',
          docs: [
            { id: 'intro', path: '/intro' },
            { id: 'reference/modules/vpc', path: '/reference/modules/vpc', sidebar: 'modulesSidebar' },
          ],
          sidebars: { vpcSidebar: { link: { path: '/guides/vpc', label: 'VPC' } } },
        },
      ],
    });
  });
});
