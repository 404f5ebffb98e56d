// @vitest-environment node
/**
 * plugins/lean-docs (issue 8): the version prop every doc page loads loses its doc descriptions,
 * and nothing else changes.
 */
import type { RouteConfig } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';

import { withoutDocDescriptions } from '@site/plugins/lean-docs';

const docRoute: RouteConfig = {
  path: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
  component: '@theme/DocItem',
  exact: true,
  modules: { content: '@site/docs/guides/cidr-notation.md' },
  sidebar: 'vpcSidebar',
};

const versionRoute: RouteConfig = {
  path: '/',
  component: '@theme/DocVersionRoot',
  props: {
    version: {
      pluginId: 'default',
      version: 'current',
      docsSidebars: { vpcSidebar: [{ type: 'link', href: '/guides/x', label: 'CIDR notation' }] },
      docs: {
        'guides/cidr-notation': {
          id: 'guides/cidr-notation',
          title: 'CIDR notation',
          description: 'How a /16 block splits into /24 subnets.',
          sidebar: 'vpcSidebar',
        },
        intro: { id: 'intro', title: 'Introduction', description: 'Where to start.' },
      },
    },
  },
  routes: [{ path: '/', component: '@theme/DocRoot', routes: [docRoute] }],
};

describe('withoutDocDescriptions', () => {
  it('drops each doc description from the version prop and keeps id, title and sidebar', () => {
    const lean = withoutDocDescriptions(versionRoute);
    expect((lean.props?.version as { docs: unknown }).docs).toEqual({
      'guides/cidr-notation': { id: 'guides/cidr-notation', title: 'CIDR notation', sidebar: 'vpcSidebar' },
      intro: { id: 'intro', title: 'Introduction' },
    });
  });

  it('keeps the sidebars, the other version fields and the child routes as they were', () => {
    const lean = withoutDocDescriptions(versionRoute);
    const version = lean.props?.version as Record<string, unknown>;
    expect(version.docsSidebars).toEqual((versionRoute.props?.version as Record<string, unknown>).docsSidebars);
    expect(version.pluginId).toBe('default');
    expect(lean.routes?.[0]?.routes?.[0]).toEqual(docRoute);
  });

  it('leaves the input untouched and returns routes without a version prop as they are', () => {
    const before = JSON.stringify(versionRoute);
    withoutDocDescriptions(versionRoute);
    expect(JSON.stringify(versionRoute)).toBe(before);
    expect(withoutDocDescriptions(docRoute)).toBe(docRoute);
  });
});
