/**
 * Constants that browser code needs: the addresses the interface links to, the public repository
 * list, browser-storage keys and timings. Components, client modules, the Node plugins and the
 * tests import them from here, so a value lives in one place.
 *
 * This module ships to the browser: keep data that only the configuration needs (footer,
 * announcement, sidebar names, the site's own address) in `site-config.ts` at the repository root.
 */

/** The source-hosting organisation address. A link that starts with it may be subscriber-only. */
export const GITHUB_ORG_URL = 'https://github.com/gruntwork-io/';

/**
 * Where a reader reports a search that should have found something (the "Let us know." link of a
 * search without results): a new issue in the docs repository, titled with the query.
 */
export function missingSearchResultsUrl(query: string): string {
  return `https://github.com/gruntwork-io/docs/issues/new?title=${encodeURIComponent(`Search: no results for "${query}"`)}`;
}

/**
 * The knowledge base's public discussions address: the navbar and footer link, and the base of each
 * article's canonical address.
 */
export const KNOWLEDGE_BASE_URL = 'https://github.com/gruntwork-io/knowledge-base/discussions';

/**
 * Repositories in the organisation that anyone can read. Links to these never show the
 * subscriber dialog. There are 45.
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

/**
 * Browser-storage keys, unchanged from the old site so returning readers keep their choices. The theme's own keys (`theme`, `docusaurus.announcement.*`,
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

/** Width in px from which the layout is "desktop" (the theme's breakpoint: mobile is 996 px and narrower). */
export const DESKTOP_MIN_WIDTH_PX = 997;

/** Delay in ms before the route-change progress bar appears, so fast navigations show none. */
export const PROGRESS_BAR_DELAY_MS = 200;

/** Delay in ms between pressing Continue and the subscriber dialog closing. */
export const DIALOG_CLOSE_DELAY_MS = 500;

/** Delay in ms between the dialog closing and body scrolling being unlocked. */
export const SCROLL_UNLOCK_DELAY_MS = 300;

/** Image zoom settings: attach delay in ms, scroll offset in px, overlay colours, which images. */
export const IMAGE_ZOOM = {
  attachDelayMs: 1000,
  scrollOffsetPx: 40,
  lightOverlay: '#ffffff',
  /** Dark mode uses the page's dark background so a zoomed image never flashes white. */
  darkOverlay: '#1b1b1d',
  /** Images in the markdown area, except emphasised ones. */
  selector: '.markdown img:not(em img)',
} as const;
