/**
 * The site's route names, written once. Plugins (in Node), components (in the browser) and tests
 * import this module, so it must stay free of imports and side effects.
 *
 * Section prefixes end with `/` and match every page below them with `startsWith`. The home of a
 * section that has one is the prefix itself (`/guides/`) unless noted. Paths are unencoded; build
 * URLs with query strings through {@link searchUrl}, which encodes.
 */
export const ROUTES = {
  /** The home page. */
  home: '/',
  /** Introduction pages; the section home is `/intro` (no trailing slash). */
  intro: '/intro',
  /** Guides, the release notes among them. */
  guides: '/guides/',
  /** The guides on keeping up to date: upgrade guides and the release notes. */
  stayUpToDate: '/guides/stay-up-to-date/',
  /** Release notes, one page per month at `<releases><YYYY-MM>/`. */
  releases: '/guides/stay-up-to-date/releases/',
  /** Atom feed of the release notes. */
  releasesFeed: '/guides/stay-up-to-date/releases/atom.xml',
  /** Module reference pages: `<modules><repository>/<module>/`. */
  modules: '/reference/modules/',
  /** Service catalog reference pages: `<services><category>/<service>`. */
  services: '/reference/services/',
  /** Frequently asked questions. */
  faq: '/faq/',
  /** Knowledge-base articles: `<knowledgeBase><discussion number>`. */
  knowledgeBase: '/discussions/knowledge-base/',
  /** Tag pages: `<tags><tag>`; the list of all tags is `/tags`. */
  tags: '/tags/',
  /** The full-page search; the query is in the `q` parameter. */
  search: '/search',
  /** The not-found page, as a route. */
  notFound: '/404',
} as const satisfies Record<string, string>;

/** A key of {@link ROUTES}. */
export type RouteName = keyof typeof ROUTES;

/**
 * The areas of the docs, finest first: a page belongs to the first whose prefix it is under (or
 * whose home it is, written without the trailing slash). Release notes are part of "stay up to
 * date", which is part of the guides; each consumer labels and groups the areas its own way (the
 * search's section names, the sections of `llms.txt`).
 */
export const AREAS = [
  'releases',
  'stayUpToDate',
  'guides',
  'modules',
  'services',
  'knowledgeBase',
  'faq',
  'intro',
] as const satisfies readonly RouteName[];

/** A key of {@link AREAS}. */
export type Area = (typeof AREAS)[number];

/** The area of `pathname`, or `undefined` for a page outside the docs (home, tags, /search). */
export function areaOf(pathname: string): Area | undefined {
  return AREAS.find((area) => {
    const prefix: string = ROUTES[area];
    return pathname === sectionHome(prefix) || isUnder(pathname, prefix);
  });
}

/** URL of the full-page search for `query`, as typed: `/search?q=<query, percent-encoded>`. */
export function searchUrl(query: string): string {
  return `${ROUTES.search}?q=${encodeURIComponent(query)}`;
}

/** URL of the release-notes page of `month` (`YYYY-MM`): `/guides/stay-up-to-date/releases/2024-05/`. */
export function releaseMonthUrl(month: string): string {
  return `${ROUTES.releases}${encodeURIComponent(month)}/`;
}

/** URL of the knowledge-base article for discussion `number`. */
export function knowledgeBaseUrl(number: number): string {
  return `${ROUTES.knowledgeBase}${String(number)}`;
}

/** The home of a section written without its trailing slash: `/guides/` → `/guides`. */
export function sectionHome(prefix: string): string {
  return prefix.replace(/\/$/, '');
}

/** True when `pathname` is `prefix` itself or a page below it (`/faq/` matches `/faq/eks`). */
export function isUnder(pathname: string, prefix: string): boolean {
  return prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`);
}
