/**
 * The configuration as readers meet it: navbar, footer, colour mode, TOC and sidebar settings, the
 * hosted search, analytics, and the 26 sidebar names. Expected values are written out here, not
 * imported from the code under test.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ThemeConfig } from '@docusaurus/preset-classic';

import path from 'node:path';

import createSiteConfig from '../../docusaurus.config';
import { historyState } from '../../plugins/git-history';
import sidebars from '../../sidebars';
import { SEARCH_EXTERNAL_URL_REGEX } from '../../site-config';

/** The site's configuration, as Docusaurus gets it: the config module's function, called with no content. */
const config = createSiteConfig();

const themeConfig = config.themeConfig as ThemeConfig & {
  navbar: {
    items: {
      label?: string;
      to?: string;
      href?: string;
      type?: string;
      position?: string;
      items?: { label?: string; to?: string; href?: string; sidebarId?: string }[];
    }[];
    hideOnScroll?: boolean;
    logo?: { src?: string; srcDark?: string };
  };
  footer: { links: { title: string; items: { label: string; to?: string; href?: string }[] }[]; copyright: string };
};

describe('navbar', () => {
  const items = themeConfig.navbar.items;

  it('has the items in order, with their targets', () => {
    expect(items.map((item) => item.label ?? item.type)).toEqual([
      'Intro',
      'Guides',
      'Library Reference',
      'Tools',
      'Courses',
      'Knowledge Base',
      'Support',
      'Sign In',
      'More',
      // The "Save for offline" icon, last before the colour mode toggle (plugins/offline).
      'custom-saveOffline',
    ]);
    expect(items.find((i) => i.label === 'Tools')?.to).toBe('/tools');
    expect(items.find((i) => i.label === 'Courses')?.to).toBe('/courses');
    expect(items.find((i) => i.label === 'Support')?.to).toBe('/support');
    expect(items.find((i) => i.label === 'Knowledge Base')?.href).toBe(
      'https://github.com/gruntwork-io/knowledge-base/discussions',
    );
    expect(items.find((i) => i.label === 'Sign In')?.href).toBe('https://app.gruntwork.io');
  });

  it('has a Library Reference dropdown with Modules and Services sidebars', () => {
    const dropdown = items.find((i) => i.label === 'Library Reference');
    expect(dropdown?.type).toBe('dropdown');
    expect(dropdown?.items?.map((i) => [i.label, i.sidebarId])).toEqual([
      ['Modules', 'modulesSidebar'],
      ['Services', 'servicesSidebar'],
    ]);
  });

  it('has a More dropdown repeating Knowledge Base, Support and Sign In', () => {
    const more = items.find((i) => i.label === 'More');
    expect(more?.items?.map((i) => i.label)).toEqual(['Knowledge Base', 'Support', 'Sign In']);
  });

  it('hides on scroll and has light and dark logos', () => {
    expect(themeConfig.navbar.hideOnScroll).toBe(true);
    expect(themeConfig.navbar.logo?.src).toMatch(/\.svg$/);
    expect(themeConfig.navbar.logo?.srcDark).toMatch(/\.svg$/);
  });
});

describe('footer', () => {
  it('groups links under Company, Community, Resources and Legal', () => {
    expect(themeConfig.footer.links.map((g) => g.title)).toEqual(['Company', 'Community', 'Resources', 'Legal']);
  });

  it('has the provider links', () => {
    const byLabel = Object.fromEntries(
      themeConfig.footer.links.flatMap((g) => g.items.map((i) => [i.label, i.href ?? i.to])),
    );
    expect(byLabel).toEqual({
      'Gruntwork.io': 'https://gruntwork.io',
      Blog: 'https://blog.gruntwork.io/',
      Newsletter: 'https://gruntwork.io/newsletter/',
      Store: 'https://store.gruntwork.io/',
      'Knowledge Base': 'https://github.com/gruntwork-io/knowledge-base/discussions',
      'Community Slack': 'https://gruntwork-community.slack.com/archives/CHH9Y3Z62',
      GitHub: 'https://github.com/gruntwork-io',
      Twitter: 'https://twitter.com/gruntwork_io',
      'Developer Portal': 'https://app.gruntwork.io',
      'IaC Library on GitHub': 'https://github.com/gruntwork-io',
      'DevOps Checklist': 'https://gruntwork.io/devops-checklist/',
      Terragrunt: 'https://terragrunt.gruntwork.io',
      Terratest: 'https://terratest.gruntwork.io',
      Support: '/support',
      'Privacy Policy': 'https://gruntwork.io/legal/privacy-policy/',
      'Cookie Policy': 'https://gruntwork.io/legal/cookie-policy/',
      'Website Terms': 'https://gruntwork.io/website-terms/',
    });
  });

  it('covers 2020 to 2023 in the copyright line', () => {
    expect(themeConfig.footer.copyright).toMatch(/2020\s*–\s*2023 Gruntwork/);
  });
});

describe('site settings', () => {
  it('fails the build on broken links and anchors, and warns on duplicate routes', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.onDuplicateRoutes).toBe('warn');
    expect(config.markdown.hooks.onBrokenMarkdownLinks).toBe('warn');
  });

  it('has one English locale and keeps storage keys un-namespaced', () => {
    expect(config.i18n.locales).toEqual(['en']);
    expect(config.storage).toEqual({ type: 'localStorage', namespace: false });
    // Git history is read once per build, unless the clone has no full history.
    expect(config.future).toEqual({
      v4: true,
      faster: true,
      experimental_vcs: historyState(path.resolve(__dirname, '../..')) === 'full',
    });
  });

  it('defaults to light mode with the switch on', () => {
    expect(themeConfig.colorMode).toMatchObject({ defaultMode: 'light', disableSwitch: false });
  });

  it('shows TOC levels 2 to 3 and a sidebar that cannot be hidden or auto-collapse', () => {
    expect(themeConfig.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(themeConfig.docs?.sidebar).toEqual({ hideable: false, autoCollapseCategories: false });
  });

  it('has a closeable announcement bar with an id', () => {
    expect(themeConfig.announcementBar?.id).toBeTruthy();
    expect(themeConfig.announcementBar?.isCloseable).toBe(true);
  });

  it('refers to no hosted search or analytics when their variables are unset', () => {
    expect(process.env.ALGOLIA_APP_ID ?? '').toBe('');
    expect(JSON.stringify(config)).not.toMatch(/algolia|googletagmanager|gtag/i);
  });
});

describe('hosted search', () => {
  /** The configuration as Docusaurus loads it with `env` set, read afresh. */
  async function loadConfigWith(env: Record<string, string>) {
    vi.resetModules();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    try {
      return (await import('../../docusaurus.config')).default();
    } finally {
      vi.unstubAllEnvs();
    }
  }
  const ALGOLIA = { ALGOLIA_APP_ID: 'APPID1', ALGOLIA_API_KEY: 'search-key', ALGOLIA_INDEX_NAME: 'docs' };

  it('turns on Algolia with contextual search and /search, and drops the offline index, when all three variables are set', async () => {
    const hosted = await loadConfigWith(ALGOLIA);
    expect(hosted.themeConfig).toMatchObject({
      algolia: {
        appId: 'APPID1',
        apiKey: 'search-key',
        indexName: 'docs',
        contextualSearch: true,
        searchPagePath: 'search',
        searchParameters: { facetFilters: ['language:en'] },
      },
    });
    /** Names of the plugins given as bare functions (the local plugins without options). */
    const functionPlugins = (plugins: readonly unknown[]): string[] =>
      plugins.flatMap((plugin) => (typeof plugin === 'function' ? [plugin.name] : []));
    expect(functionPlugins(hosted.plugins)).not.toContain('localSearchPlugin');
    expect(functionPlugins(config.plugins)).toContain('localSearchPlugin');
    // The theme writes /opensearch.xml in its postBuild while the writer checks read the pages.
    const writerCheckOptions = (plugins: readonly unknown[]): unknown => {
      for (const plugin of plugins) {
        if (!Array.isArray(plugin)) continue;
        const [factory, options] = plugin as [unknown, unknown];
        if (typeof factory === 'function' && factory.name === 'writerChecksPlugin') return options;
      }
      return undefined;
    };
    expect(writerCheckOptions(hosted.plugins)).toEqual({ otherPostBuildFiles: ['/opensearch.xml'] });
    expect(writerCheckOptions(config.plugins)).toEqual({ otherPostBuildFiles: [] });
  });

  it('stays offline when only some of the variables are set', async () => {
    const partial = await loadConfigWith({ ALGOLIA_APP_ID: 'APPID1', ALGOLIA_API_KEY: 'search-key' });
    expect(JSON.stringify(partial)).not.toMatch(/algolia/i);
  });

  it("opens the provider's other sites as external links, but never this site's own pages", () => {
    const isExternal = (url: string): boolean => new RegExp(SEARCH_EXTERNAL_URL_REGEX).test(url);
    expect(isExternal('https://terragrunt.gruntwork.io/docs/reference/config-blocks-and-attributes/')).toBe(true);
    expect(isExternal('https://terratest.gruntwork.io/docs/')).toBe(true);
    expect(isExternal('https://gruntwork.io/pricing')).toBe(true);
    expect(isExternal('https://docs.gruntwork.io/guides/build-it-yourself/vpc/')).toBe(false);
    expect(isExternal('https://gruntwork.io.example.com/')).toBe(false);
    expect(isExternal('https://example.com/?next=https://gruntwork.io/')).toBe(false);
  });
});

describe('analytics', () => {
  it('adds the analytics plugin with the measurement id when GTAG_MEASUREMENT_ID is set, and never the preset gtag', async () => {
    vi.resetModules();
    vi.stubEnv('GTAG_MEASUREMENT_ID', 'G-TEST1234');
    try {
      const withAnalytics = (await import('../../docusaurus.config')).default();
      const analytics = withAnalytics.plugins.find(
        (plugin) => Array.isArray(plugin) && typeof plugin[0] === 'function' && plugin[0].name === 'analyticsPlugin',
      );
      expect(analytics).toEqual([expect.any(Function), { measurementId: 'G-TEST1234' }]);
      expect(JSON.stringify(withAnalytics.presets)).not.toMatch(/gtag|G-TEST1234/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('sidebars', () => {
  it('defines exactly the 26 named sidebars', () => {
    expect(Object.keys(sidebars).sort()).toEqual(
      [
        'faqSidebars',
        'introSidebar',
        'guidesSidebar',
        'complianceSidebar',
        'kubernetesSidebar',
        'landingZoneSidebar',
        'pipelineSidebar',
        'vpcSidebar',
        'productionFrameworkSidebar',
        'refarchUsageSidebar',
        'cis130',
        'cis140',
        'cis150',
        'patcher',
        'dryRefArch',
        'terraformServiceProviderV3',
        'terraformServiceProviderV4',
        'terraform11',
        'terraform1x',
        'terraform12',
        'terraform13',
        'terraform14',
        'terraform15',
        'modulesSidebar',
        'servicesSidebar',
        'toolsSidebar',
      ].sort(),
    );
  });

  it('starts the FAQ sidebar at /faq/ref-arch-predeployment/', () => {
    expect(sidebars.faqSidebars[0]).toBe('faq/ref-arch-predeployment/index');
  });

  it('lists the pipelines sub-pages as links in reading order, so they carry no sidebar', () => {
    const flat = JSON.stringify(sidebars.pipelineSidebar);
    expect(sidebars.pipelineSidebar[0]).toBe('guides/build-it-yourself/pipelines/index');
    expect(flat).not.toMatch(/"type":"doc"/);
    const order = [...flat.matchAll(/"href":"([^"]+)"/g)].map((m) => m[1]);
    expect(order[0]).toBe(
      '/guides/build-it-yourself/pipelines/core-concepts/what-is-continuous-integration-and-continuous-delivery',
    );
    expect(order.at(-1)).toBe('/guides/build-it-yourself/pipelines/next-steps');
    expect(order).toHaveLength(24);
  });
});
