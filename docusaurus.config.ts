/**
 * Site configuration: the page shell (navbar, footer, announcement), the docs and their plugins,
 * and the optional hosted services.
 *
 * Values that code or tests also need come from `site-config.ts` (configuration-only data: footer,
 * announcement, site title and address) and `src/site-constants.ts` (values the browser needs
 * too); route names come from `src/lib/routes.ts`. Optional services switch on only when their environment variables
 * are set, so a fresh clone builds and runs fully offline.
 */
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import type { Options as PagesOptions } from '@docusaurus/plugin-content-pages';

import analyticsPlugin, { type AnalyticsOptions } from './plugins/analytics';
import catalogDocsPlugin from './plugins/catalog';
import leanDocsPlugin from './plugins/lean-docs';
import codeHighlightPlugin, { remarkHighlightCode } from './plugins/code-highlight';
import firstLoadPlugin from './plugins/first-load';
import previewPlugin from './plugins/preview';
import imageZoomPlugin from './plugins/image-zoom';
import localSearchPlugin from './plugins/local-search';
import markdownTwinsPlugin from './plugins/markdown-twins';
import offlinePlugin, { PRECACHE_BUDGET_BYTES, pwaPluginOptions } from './plugins/offline';
import releaseFeedPlugin from './plugins/release-feed';
import gitHistoryPlugin, { historyState } from './plugins/git-history';
import routeChunksPlugin from './plugins/route-chunks';
import postBuildPlugin, { type PostBuildOptions } from './plugins/post-build';
import staticHostingPlugin from './plugins/static-hosting';
import subscriberLinksPlugin from './plugins/subscriber-links';
import writerChecksPlugin, { type WriterChecksOptions } from './plugins/writer-checks';
import { darkCodeTheme, lightCodeTheme } from './src/css/prism-themes';
import { sidebarItemsGenerator } from './plugins/sidebar-helpers';

import {
  ANNOUNCEMENT,
  COPYRIGHT,
  DEV_PORTAL_URL,
  EDIT_URL_BASE,
  FOOTER_GROUPS,
  SEARCH_EXTERNAL_URL_REGEX,
  SITE_KEYWORDS,
  SITE_TAGLINE,
  SITE_TITLE,
  SITE_URL,
} from './site-config';
import { SSR_TEMPLATE } from './ssr-template';
import { ROUTES } from './src/lib/routes';
import { KNOWLEDGE_BASE_URL } from './src/site-constants';

// ---------------------------------------------------------------------------------------------
// Environment flags. Unset means "off": no request to Algolia or Google leaves the site.
// ---------------------------------------------------------------------------------------------

/** Algolia DocSearch application id, search-only API key and index name (all three needed). */
const ALGOLIA_APP_ID = process.env.ALGOLIA_APP_ID ?? '';
const ALGOLIA_API_KEY = process.env.ALGOLIA_API_KEY ?? '';
const ALGOLIA_INDEX_NAME = process.env.ALGOLIA_INDEX_NAME ?? '';
const isAlgoliaEnabled = ALGOLIA_APP_ID !== '' && ALGOLIA_API_KEY !== '' && ALGOLIA_INDEX_NAME !== '';

/** Google Analytics 4 measurement id (for example `G-XXXXXXXXXX`). */
const GTAG_MEASUREMENT_ID = process.env.GTAG_MEASUREMENT_ID ?? '';
const isAnalyticsEnabled = GTAG_MEASUREMENT_ID !== '';

/**
 * Benchmark only (`npm run bench`): the JSON file the phase timer writes, which cuts the build into
 * phases. Unset in every other build; the timer changes nothing in the output.
 */
const BENCH_PHASES_FILE = process.env.BENCH_PHASES_FILE ?? '';

/**
 * Test only: a folder of pages using writer features the real pages do not use (code known only
 * at run time, diagrams), built as a second pages-plugin instance at FEATURE_PAGES_ROUTE. Set by
 * `npm run build:fixtures` (test/fixtures/feature-pages); unset, the site has no such pages.
 */
const FEATURE_PAGES_DIR = process.env.FEATURE_PAGES_DIR ?? '';
const FEATURE_PAGES_ROUTE = process.env.FEATURE_PAGES_ROUTE ?? '/feature-fixtures/';

/**
 * Worker threads for the post-build pipeline's page reads (a whole number; unset: the plugin's
 * measured default). For measuring; the build does not need it.
 */
const POST_BUILD_WORKERS = process.env.POST_BUILD_WORKERS ?? '';

// "Last updated" dates come from git history, read once per build. Without full history (a
// shallow clone, or no repository) every date would be wrong, so none is shown; the git-history
// plugin prints the one warning.
const gitHistory = historyState(__dirname);

/**
 * Code highlighting (`themeConfig.prism`): the colour themes and the Prism languages the code blocks
 * use beyond those prism-react-renderer bundles. The same object configures the build-time
 * highlighter (`remarkHighlightCode` of plugins/code-highlight), so both agree.
 */
const PRISM = {
  theme: lightCodeTheme,
  darkTheme: darkCodeTheme,
  additionalLanguages: ['hcl', 'bash', 'docker', 'diff', 'ini'],
} satisfies Preset.ThemeConfig['prism'];

/**
 * What a build renders: the site's own content, or another set of pages built with the same
 * plugins, theme, swizzles and CSS (the compatibility fixture, `test/compat/site.config.ts`).
 * Paths are relative to the site folder (the repository root).
 */
export interface SiteContent {
  /** Docs folder, served at `/`. */
  docsPath: string;
  /** Sidebars file of the docs plugin. */
  sidebarPath: string;
  /** Folder of the pages plugin (React and Markdown pages). */
  pagesPath: string;
  /** Folders copied as they are into the build. */
  staticDirectories: string[];
  /**
   * Steps that exist only for the site's own content: the reference and release-note pages
   * generated from `data/` (plugins/catalog), the release feed, the navbar and footer links into
   * the site's sections, and the announcement that links them. Every plugin that changes how a
   * page renders or loads stays on either way.
   */
  siteContentSteps: boolean;
  /**
   * The most the service worker may precache on a first visit (the files the home page loads),
   * in bytes as stored; a larger shell stops the build (plugins/offline).
   */
  precacheBudgetBytes: number;
}

/** The site itself: `docs/`, `sidebars.ts`, `src/pages/` and `static/`, with every content step. */
const SITE_CONTENT: SiteContent = {
  docsPath: 'docs',
  sidebarPath: './sidebars.ts',
  pagesPath: 'src/pages',
  staticDirectories: ['static'],
  siteContentSteps: true,
  precacheBudgetBytes: PRECACHE_BUDGET_BYTES,
};

/** Options of the one docs plugin instance (id `default`), which serves every doc at `/`. */
function docsOptions(content: SiteContent) {
  return {
    path: content.docsPath,
    routeBasePath: '/',
    sidebarPath: content.sidebarPath,
    sidebarItemsGenerator,
    editUrl: EDIT_URL_BASE,
    // Old links keep number prefixes such as `02-authenticate/01-intro`.
    numberPrefixParser: false,
    tags: 'tags.yml',
    onInlineTags: 'throw',
    // `:::answer` marks the accepted answer of a knowledge-base article.
    admonitions: { keywords: ['answer'], extendDefaults: true },
    exclude: ['**/_*.{md,mdx}', '**/README.md'],
    // Code blocks are highlighted at build time (plugins/code-highlight).
    remarkPlugins: [[remarkHighlightCode, PRISM]],
    // From git history (see `future.experimental_vcs`); generated pages carry it in front matter.
    showLastUpdateTime: true,
  } satisfies DocsOptions;
}

/** The navbar's links into the site's sections (they need the site's content). */
const SITE_NAVBAR_ITEMS = [
  { type: 'doc', docId: 'intro', label: 'Intro', position: 'left' },
  { to: ROUTES.guides, label: 'Guides', position: 'left', activeBaseRegex: `^${ROUTES.guides}` },
  {
    type: 'dropdown',
    label: 'Library Reference',
    position: 'left',
    items: [
      { type: 'docSidebar', sidebarId: 'modulesSidebar', label: 'Modules' },
      { type: 'docSidebar', sidebarId: 'servicesSidebar', label: 'Services' },
    ],
  },
  { to: '/tools', label: 'Tools', position: 'left' },
  { to: '/courses', label: 'Courses', position: 'left' },
  { href: KNOWLEDGE_BASE_URL, label: 'Knowledge Base', position: 'right' },
  { to: '/support', label: 'Support', position: 'right' },
  { href: DEV_PORTAL_URL, label: 'Sign In', position: 'right' },
  {
    type: 'dropdown',
    label: 'More',
    position: 'right',
    className: 'navbar-more-dropdown',
    items: [
      { href: KNOWLEDGE_BASE_URL, label: 'Knowledge Base' },
      { to: '/support', label: 'Support' },
      { href: DEV_PORTAL_URL, label: 'Sign In' },
    ],
  },
  // Saves every page and the search index for reading with the network off (plugins/offline): an
  // icon beside the colour mode toggle, a text link in the mobile menu.
  { type: 'custom-saveOffline', position: 'right' },
] satisfies NonNullable<NonNullable<Preset.ThemeConfig['navbar']>['items']>;

/** Footer link groups; without the site's content, only the links that leave the site. */
function footerLinks(content: SiteContent) {
  return FOOTER_GROUPS.map((group) => ({
    title: group.title,
    items: group.items
      .filter((item) => content.siteContentSteps || !item.href.startsWith('/'))
      .map((item) =>
        item.href.startsWith('/') ? { label: item.label, to: item.href } : { label: item.label, href: item.href },
      ),
  }));
}

/**
 * The site configuration for `content` (see {@link SiteContent}); Docusaurus calls it with none,
 * which builds the site itself. Pure: it reads no file and writes none; the environment flags
 * above are read once, at import. It is the module's only export: Docusaurus rejects any other
 * exported value as an unknown configuration field.
 */
export default function createSiteConfig(content: SiteContent = SITE_CONTENT) {
  const config = {
    title: SITE_TITLE,
    tagline: SITE_TAGLINE,
    favicon: 'img/favicon.svg',
    url: SITE_URL,
    baseUrl: '/',
    staticDirectories: content.staticDirectories,
    // Leave trailing slashes as Docusaurus writes them: section index docs are served at `/x/`, other
    // docs at `/x`. That is exactly the form of every path in the URL contract (routes.txt).
    trailingSlash: undefined,

    onBrokenLinks: 'throw',
    onBrokenAnchors: 'throw',
    onDuplicateRoutes: 'warn',

    // Scripts are preloaded and run after the first contentful paint (see ssr-template.ts).
    ssrTemplate: SSR_TEMPLATE,

    // `experimental_vcs: true` reads the git history of every file in one pass at build start
    // (Docusaurus's eager git strategy, since `faster` is on) rather than one `git log` per doc.
    future: { v4: true, faster: true, experimental_vcs: gitHistory === 'full' },
    // future.v4 turns storage namespacing on; keep the original key names so returning readers keep
    // their choices.
    storage: { type: 'localStorage', namespace: false },

    i18n: {
      defaultLocale: 'en',
      locales: ['en'],
      localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
    },

    markdown: {
      // `.md` files are CommonMark (prose may contain `<` and `{`); `.mdx` files are MDX.
      format: 'detect',
      hooks: { onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'throw' },
      // ```mermaid fences become diagrams (@docusaurus/theme-mermaid, below; src/theme/Mermaid).
      mermaid: true,
    },
    // Mermaid diagrams; its code loads only on pages that have one (src/theme/Mermaid).
    themes: ['@docusaurus/theme-mermaid'],

    presets: [
      [
        'classic',
        {
          // The docs plugin runs as plugins/catalog (below), which wraps it.
          docs: false,
          blog: false,
          pages: {
            path: content.pagesPath,
            remarkPlugins: [[remarkHighlightCode, PRISM]],
            exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/*.test.{js,jsx,ts,tsx}', '**/*.module.css'],
          },
          theme: {
            customCss: './src/css/custom.css',
          },
          sitemap: {
            // The page's last-updated date, from git history; pages without one get no lastmod.
            lastmod: 'date',
            changefreq: null,
            priority: null,
            ignorePatterns: [`${ROUTES.tags}**`, ROUTES.search],
          },
          // Analytics runs as plugins/analytics (below), which wraps the official gtag plugin.
          gtag: undefined,
        } satisfies Preset.Options,
      ],
    ],

    plugins: [
      // First, so that its postBuild mark comes before any other plugin's postBuild runs.
      ...(BENCH_PHASES_FILE === '' ? [] : [['./scripts/bench/phase-timer-plugin.cjs', { file: BENCH_PHASES_FILE }]]),
      // The docs: the upstream docs plugin with a lighter version payload (plugins/lean-docs), whose
      // loadContent first generates the reference and release-note pages from data/ into
      // docs/generated/ (plugins/catalog). Invalid data stops the build with the file and field named.
      [content.siteContentSteps ? catalogDocsPlugin : leanDocsPlugin, docsOptions(content)],
      gitHistoryPlugin,
      // npm start compiles a page when it is first opened, not all of them before the first.
      previewPlugin,
      // Code blocks highlighted at build time from `themeConfig.prism`; Prism loads only where a
      // block's code is known only at run time.
      codeHighlightPlugin,
      imageZoomPlugin,
      subscriberLinksPlugin,
      // Each page's route chunks as scripts in its HTML, not one round trip after main.js; route
      // paths and chunk file hashes per route bucket, not in main.js.
      routeChunksPlugin,
      // Less JavaScript and main-thread work in a first load: the phone layout's swap renders in
      // slices; no tslib in main.js.
      firstLoadPlugin,
      // Writer mistakes Docusaurus lets through: unknown front matter keys, knowledge-base numbers
      // outside the URL contract, two files at one route, local src/href/srcset/poster to nothing.
      // The hosted search theme writes /opensearch.xml in its own postBuild, beside the pipeline's.
      [
        writerChecksPlugin,
        { otherPostBuildFiles: isAlgoliaEnabled ? ['/opensearch.xml'] : [] } satisfies WriterChecksOptions,
      ],
      // Google Analytics 4 with IP anonymisation, never loaded for readers who send Global Privacy
      // Control or Do Not Track (plugins/analytics).
      ...(isAnalyticsEnabled
        ? [[analyticsPlugin, { measurementId: GTAG_MEASUREMENT_ID } satisfies AnalyticsOptions]]
        : []),
      // Every page as Markdown (`<path>.md`), llms.txt and llms-full.txt, written after the build.
      markdownTwinsPlugin,
      // The Atom feed of the monthly release notes.
      ...(content.siteContentSteps ? [releaseFeedPlugin] : []),
      // Offline search (index written after the build) unless the hosted Algolia search is configured.
      ...(isAlgoliaEnabled ? [] : [localSearchPlugin]),
      ...(FEATURE_PAGES_DIR
        ? [
            [
              '@docusaurus/plugin-content-pages',
              {
                id: 'feature-pages',
                path: FEATURE_PAGES_DIR,
                routeBasePath: FEATURE_PAGES_ROUTE,
                exclude: ['**/_*', '**/README.md'],
                remarkPlugins: [[remarkHighlightCode, PRISM]],
              } satisfies PagesOptions,
            ],
          ]
        : []),
      // Reading offline: the official PWA plugin's service worker, which precaches the shell and
      // caches every page as it is read, and the list of what "Save for offline" fetches.
      offlinePlugin,
      ['@docusaurus/plugin-pwa', pwaPluginOptions(content.precacheBudgetBytes)],
      // The security headers (a CSP allowing exactly the inline scripts of the built pages and the
      // origins of the services switched on above). Precompression is the nginx deploy step
      // (`npm run precompress`), not part of the build.
      [
        staticHostingPlugin,
        { algoliaAppId: isAlgoliaEnabled ? ALGOLIA_APP_ID : undefined, analytics: isAnalyticsEnabled },
      ],
      // The one postBuild of the plugins above: each built page read and parsed once, handed to the
      // writer checks, search, twins, feed and security headers in that order.
      [
        postBuildPlugin,
        (POST_BUILD_WORKERS === '' ? {} : { workers: Number(POST_BUILD_WORKERS) }) satisfies PostBuildOptions,
      ],
    ],

    themeConfig: {
      metadata: [{ name: 'keywords', content: SITE_KEYWORDS }],
      // The announcement links the site's sections, so it needs the site's content.
      ...(content.siteContentSteps
        ? {
            announcementBar: {
              id: ANNOUNCEMENT.id,
              content: ANNOUNCEMENT.content,
              backgroundColor: ANNOUNCEMENT.backgroundColor,
              textColor: ANNOUNCEMENT.textColor,
              isCloseable: ANNOUNCEMENT.isCloseable,
            },
          }
        : {}),
      colorMode: {
        defaultMode: 'light',
        disableSwitch: false,
        // A reader whose system is set to dark gets the dark theme until they pick one with the toggle.
        respectPrefersColorScheme: true,
      },
      docs: {
        sidebar: { hideable: false, autoCollapseCategories: false },
      },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      navbar: {
        title: SITE_TITLE,
        hideOnScroll: true,
        style: 'dark',
        logo: {
          alt: 'Gruntwork logo',
          src: 'img/logo-light.svg',
          srcDark: 'img/logo-dark.svg',
          href: ROUTES.home,
          width: 32,
          height: 32,
        },
        items: content.siteContentSteps ? SITE_NAVBAR_ITEMS : [],
      },
      footer: {
        style: 'dark',
        links: footerLinks(content),
        copyright: COPYRIGHT,
      },
      prism: PRISM,
      // The defaults of the blog and Mermaid themes, written out: Docusaurus initialises plugins side
      // by side and appends each theme's missing defaults to the theme config in whichever order
      // they finish, which reordered these keys in main.js from one build to the next.
      blog: { sidebar: { groupByYear: true } },
      mermaid: { theme: { dark: 'dark', light: 'default' }, options: {} },
      ...(isAlgoliaEnabled
        ? {
            algolia: {
              appId: ALGOLIA_APP_ID,
              apiKey: ALGOLIA_API_KEY,
              indexName: ALGOLIA_INDEX_NAME,
              contextualSearch: true,
              searchPagePath: 'search',
              externalUrlRegex: SEARCH_EXTERNAL_URL_REGEX,
              searchParameters: { facetFilters: ['language:en'] },
            },
          }
        : {}),
    } satisfies Preset.ThemeConfig,
  } satisfies Config;
  return config;
}
