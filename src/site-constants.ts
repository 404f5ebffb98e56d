/**
 * Site constants: the provider's addresses, the public repository list, browser-storage keys and
 * timings. Code, configuration and tests all import from here, so a value lives in one place.
 *
 * Sources: FACTS.md (addresses, public repositories, footer) and SPEC §4 and §9 (timings, keys).
 */

/** The provider's display name. */
export const PROVIDER_NAME = 'Gruntwork';

/** Site title and tagline (SPEC §3, site entity). */
export const SITE_TITLE = 'Gruntwork Docs';
export const SITE_TAGLINE =
  'Learn to deploy, run and keep up to date production-grade AWS infrastructure, written as code.';

/** Production address of the site, used for canonical URLs and the sitemap. */
export const SITE_URL = 'https://docs.gruntwork.io';

/** Host of the site (`docs.gruntwork.io`), and the provider's domain that its other sites share. */
const SITE_HOST = new URL(SITE_URL).hostname;
const PROVIDER_DOMAIN = SITE_HOST.split('.').slice(1).join('.');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Hosted search (SPEC §3, `externalUrlRegex`): hit addresses that open as external links, with a
 * full page load, instead of in-site navigation. Matches the provider's other sites
 * (`gruntwork.io`, `terragrunt.gruntwork.io`, `terratest.gruntwork.io`, …) but not this site's own
 * host, so a hit on `docs.gruntwork.io` opens in place, also on a preview deploy. Derived from
 * {@link SITE_URL}.
 */
export const SEARCH_EXTERNAL_URL_REGEX = `^https?://(?!${escapeRegExp(SITE_HOST)}(?:[/:?#]|$))([a-z0-9-]+\\.)*${escapeRegExp(PROVIDER_DOMAIN)}(?:[/?#]|$)`;

/** The source-hosting organisation address. A link that starts with it may be subscriber-only (SPEC §5). */
export const GITHUB_ORG_URL = 'https://github.com/gruntwork-io/';

/** Base of every "Edit this page" link (SPEC §2, page shell). */
export const EDIT_URL_BASE = 'https://github.com/gruntwork-io/docs/edit/master/';

/** Where a reader reports a search that should have found something (SPEC §8, "Let us know."). */
export function missingSearchResultsUrl(query: string): string {
  return `https://github.com/gruntwork-io/docs/issues/new?title=${encodeURIComponent(`Search: no results for "${query}"`)}`;
}

/** The developer portal that Sign In leads to. */
export const DEV_PORTAL_URL = 'https://app.gruntwork.io';

/** The knowledge base's public discussions address (navbar and footer). */
export const KNOWLEDGE_BASE_URL = 'https://github.com/gruntwork-io/knowledge-base/discussions';

/**
 * Repositories in the organisation that anyone can read. Links to these never show the
 * subscriber dialog (FACTS.md, "Public repositories (45)").
 */
export const PUBLIC_REPOS: readonly string[] = [
  'bash-commons',
  'cloud-nuke',
  'docs',
  'fetch',
  'fetch-test-public',
  'git-xargs',
  'go-commons',
  'gruntwork-installer',
  'gruntwork-io.github.io',
  'health-checker',
  'helm-kubernetes-services',
  'helm-charts',
  'infrastructure-as-code-testing-talk',
  'infrastructure-as-code-training',
  'intro-to-terraform',
  'kafka-health-check',
  'knowledge-base',
  'kubergrunt',
  'microframework',
  'module-ci-update-terraform-variable-test',
  'pre-commit',
  'private-tls-cert',
  'sample-app-docker',
  'sfdc-related-files-lightning',
  'terraform',
  'terraform-aws-couchbase',
  'terraform-aws-utilities',
  'terraform-google-ci',
  'terraform-google-gke',
  'terraform-google-load-balancer',
  'terraform-google-network',
  'terraform-google-sql',
  'terraform-google-static-assets',
  'terraform-hiera-like-example',
  'terraform-kubernetes-helm',
  'terraform-kubernetes-namespace',
  'terraform-module-in-root-for-terragrunt-test',
  'terraform-training-solutions',
  'terragrunt',
  'terragrunt-infrastructure-live-example',
  'terragrunt-infrastructure-modules-example',
  'terratest',
  'terratest-helm-testing-example',
  'toc',
  'website-comments',
];

/** Footer link groups (FACTS.md, "Footer"). Internal links start with `/`. */
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

/** Footer copyright line (SPEC §9: 2020 to 2023). */
export const COPYRIGHT = `© 2020 – 2023 ${PROVIDER_NAME}, Inc.`;

/** The 26 named sidebars (FACTS.md, "Named sidebars"). sidebars.ts must define exactly these. */
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
 * Browser-storage keys (SPEC §9). The theme's own keys (`theme`, `docusaurus.announcement.*`,
 * `docs-preferred-version-default`, `docusaurus.tab.*`) keep their original names because site
 * storage namespacing is off.
 */
export const STORAGE_KEYS = {
  /** Don't-warn flag for general subscriber-only links; value `'true'`. */
  dontWarnGithub: 'dontWarnGitHubLinks',
  /** Don't-warn flag for CIS subscriber links; value `'true'`. */
  dontWarnCis: 'dontWarnCisGitHubLinks',
  /** Don't-warn flag for Enterprise subscriber links; value `'true'`. */
  dontWarnEnterprise: 'dontWarnEnterpriseGitHubLinks',
  /** Colour mode chosen with the toggle: `'light'` or `'dark'`. */
  theme: 'theme',
  /** Set to `'true'` when the announcement bar is closed. */
  announcementDismissed: 'docusaurus.announcement.dismiss',
  /** The id of the announcement that was last seen; a different id clears the dismissal. */
  announcementId: 'docusaurus.announcement.id',
  /** Prefix of the keys that remember a tab group's choice (`groupId` follows it). */
  tabPrefix: 'docusaurus.tab.',
  /** Preferred docs version for the default docs plugin. */
  preferredDocsVersion: 'docs-preferred-version-default',
} as const;

/** Width in px above which the layout is "desktop" (SPEC §9). */
export const DESKTOP_MIN_WIDTH_PX = 997;

/** Delay in ms before the route-change progress bar appears (SPEC §4, §9). */
export const PROGRESS_BAR_DELAY_MS = 200;

/** Delay in ms between pressing Continue and the subscriber dialog closing (SPEC §4, §9). */
export const DIALOG_CLOSE_DELAY_MS = 500;

/** Delay in ms between the dialog closing and body scrolling being unlocked (SPEC §4, §9). */
export const SCROLL_UNLOCK_DELAY_MS = 300;

/** Image zoom settings (SPEC §9): attach delay in ms, scroll offset in px, overlay colours. */
export const IMAGE_ZOOM = {
  attachDelayMs: 1000,
  scrollOffsetPx: 40,
  lightOverlay: '#ffffff',
  /** Dark mode uses the page's dark background so a zoomed image never flashes white. */
  darkOverlay: '#1b1b1d',
  /** Images in the markdown area, except emphasised ones (SPEC §9). */
  selector: '.markdown img:not(em img)',
} as const;

/** The announcement banner (SPEC §3). Change `id` whenever `content` changes. */
export const ANNOUNCEMENT = {
  id: 'welcome-2023-03',
  content:
    'New to the library? Start with the <a href="/intro">introduction</a>, then pick a <a href="/guides/">guide</a> for what you are building.',
  backgroundColor: '#1c2e5b',
  textColor: '#ffffff',
  isCloseable: true,
} as const;
