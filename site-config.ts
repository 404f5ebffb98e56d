/**
 * Configuration-only site data: the site's title, tagline and address, the hosted-search link
 * rule, the footer, the announcement banner and the names of the sidebars.
 *
 * `docusaurus.config.ts`, `sidebars.ts`, the Node side of the local plugins and the tests import
 * this module; browser code never does (a unit test walks the imports of `src/` and the plugins'
 * client code and fails if it is reached). Browser code reads the title and tagline from
 * `siteConfig` instead, and takes the values it needs itself from `src/site-constants.ts`.
 */
import { ROUTES } from './src/lib/routes';
import { KNOWLEDGE_BASE_URL } from './src/site-constants';

/** Site title, shown in the navbar, the home page and the title of every page. */
export const SITE_TITLE = 'Gruntwork Docs';

/** Site tagline: the home page's lead sentence and description. */
export const SITE_TAGLINE =
  'Learn to deploy, run and keep up to date production-grade AWS infrastructure, written as code.';

/** The `keywords` meta tag of every page whose front matter sets none (`themeConfig.metadata`). */
export const SITE_KEYWORDS = 'terraform, terragrunt, aws, infrastructure as code, gruntwork';

/** Production address of the site, used for canonical URLs, the sitemap, the twins and the feed. */
export const SITE_URL = 'https://docs.gruntwork.io';

/**
 * Base of every "Edit this page" link: the docs plugin's `editUrl`, and the edit links of the pages
 * generated from `data/`.
 */
export const EDIT_URL_BASE = 'https://github.com/gruntwork-io/docs/edit/master/';

/** Host of the site (`docs.gruntwork.io`), and the provider's domain that its other sites share. */
const SITE_HOST = new URL(SITE_URL).hostname;
const PROVIDER_DOMAIN = SITE_HOST.split('.').slice(1).join('.');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Hosted search (the `externalUrlRegex` option): hit addresses that open as external links, with a
 * full page load, instead of in-site navigation. Matches the provider's other sites
 * (`gruntwork.io`, `terragrunt.gruntwork.io`, `terratest.gruntwork.io`, …) but not this site's own
 * host, so a hit on `docs.gruntwork.io` opens in place, also on a preview deploy. Derived from
 * {@link SITE_URL}.
 */
export const SEARCH_EXTERNAL_URL_REGEX = `^https?://(?!${escapeRegExp(SITE_HOST)}(?:[/:?#]|$))([a-z0-9-]+\\.)*${escapeRegExp(PROVIDER_DOMAIN)}(?:[/?#]|$)`;

/** The developer portal that Sign In (navbar) and Developer Portal (footer) lead to. */
export const DEV_PORTAL_URL = 'https://app.gruntwork.io';

/** Footer link groups, in order. Internal links start with `/`. */
export const FOOTER_GROUPS: readonly {
  title: string;
  items: readonly { label: string; href: string }[];
}[] = [
  {
    title: 'Company',
    items: [
      { label: 'Gruntwork.io', href: 'https://gruntwork.io' },
      { label: 'Blog', href: 'https://blog.gruntwork.io/' },
      { label: 'Newsletter', href: 'https://gruntwork.io/newsletter/' },
      { label: 'Store', href: 'https://store.gruntwork.io/' },
    ],
  },
  {
    title: 'Community',
    items: [
      { label: 'Knowledge Base', href: KNOWLEDGE_BASE_URL },
      { label: 'Community Slack', href: 'https://gruntwork-community.slack.com/archives/CHH9Y3Z62' },
      { label: 'GitHub', href: 'https://github.com/gruntwork-io' },
      { label: 'Twitter', href: 'https://twitter.com/gruntwork_io' },
    ],
  },
  {
    title: 'Resources',
    items: [
      { label: 'Developer Portal', href: DEV_PORTAL_URL },
      { label: 'IaC Library on GitHub', href: 'https://github.com/gruntwork-io' },
      { label: 'DevOps Checklist', href: 'https://gruntwork.io/devops-checklist/' },
      { label: 'Terragrunt', href: 'https://terragrunt.gruntwork.io' },
      { label: 'Terratest', href: 'https://terratest.gruntwork.io' },
      { label: 'Support', href: '/support' },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Privacy Policy', href: 'https://gruntwork.io/legal/privacy-policy/' },
      { label: 'Cookie Policy', href: 'https://gruntwork.io/legal/cookie-policy/' },
      { label: 'Website Terms', href: 'https://gruntwork.io/website-terms/' },
    ],
  },
];

/** Copyright line of the footer and the release-notes feed: the years the content covers. */
export const COPYRIGHT = '© 2020 – 2023 Gruntwork, Inc.';

/** The 26 named sidebars. `sidebars.ts` must define each of them (the typecheck fails otherwise). */
export const SIDEBAR_NAMES = [
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
] as const;

/** One of the 26 sidebar names. */
export type SidebarName = (typeof SIDEBAR_NAMES)[number];

/**
 * The announcement banner above the navbar. Change `id` whenever `content` changes: a reader who
 * closed the banner sees it again only when the id differs from the one they closed.
 */
export const ANNOUNCEMENT = {
  id: 'welcome-2023-03',
  content: `New to the library? Start with the <a href="${ROUTES.intro}">introduction</a>, then pick a <a href="${ROUTES.guides}">guide</a> for what you are building.`,
  backgroundColor: '#1c2e5b',
  textColor: '#ffffff',
  isCloseable: true,
} as const;
