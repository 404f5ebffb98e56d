/**
 * The URL rules of the production servers, as one table: nginx (deploy/nginx.conf, checked over
 * HTTP in nginx.test.ts) and the CloudFront Function (deploy/cloudfront-url-rewrite.js, checked
 * in cloudfront-url-rewrite.test.ts) must both pass every case.
 *
 * - status 200: the server sends the file `key` of the build folder.
 * - status 301: the server redirects to `location`.
 * - status 404: the file `key` does not exist, so the server sends the not-found page (404.html)
 *   with status 404. On CloudFront the function asks S3 for `key` and the distribution's error
 *   response turns S3's answer into the not-found page.
 * - status 400: the server refuses the request.
 *
 * A case with `accept` sends that Accept header. A page whose request prefers text/markdown to
 * text/html is answered with its Markdown twin (`key` ends in `.md`, served as
 * `text/markdown; charset=utf-8`); see deploy/nginx-markdown.js for the rule. Pages say
 * `Vary: Accept, Accept-Encoding` ({@link PAGE_VARY}), other files `Vary: Accept-Encoding`.
 */
import fc from 'fast-check';

export interface UrlCase {
  /** What the case shows, for the test name. */
  name: string;
  /** The request's path and query, exactly as sent (not normalised). */
  request: string;
  status: 200 | 301 | 400 | 404;
  /** For 200 and 404: the object in the build folder the server looks up (no leading slash). */
  key?: string;
  /** For 301: the Location header. */
  location?: string;
  /** True for cases only the origin server sees (CloudFront refuses them before any function). */
  serverOnly?: boolean;
  /** The request's Accept header; without it the request sends none. */
  accept?: string;
  /** The Vary header nginx sends; when unset, {@link PAGE_VARY} for a page's HTML, else {@link FILE_VARY}. */
  vary?: string;
  /**
   * Where CloudFront differs from nginx: the key the function asks S3 for. A viewer-request
   * function cannot see whether an object exists, so it cannot fall back to the twin of a page's
   * other form as nginx does; S3 then answers not found.
   */
  cloudFrontKey?: string;
}

/** The Vary header of a page (HTML or twin): it depends on the Accept and Accept-Encoding headers. */
export const PAGE_VARY = 'Accept, Accept-Encoding';
/** The Vary header of any other file. */
export const FILE_VARY = 'Accept-Encoding';

/** The Vary header nginx must send for `urlCase`. */
export function expectedVary(urlCase: UrlCase): string {
  return urlCase.vary ?? (urlCase.key?.endsWith('index.html') ? PAGE_VARY : FILE_VARY);
}

/** Accept headers as clients send them. */
export const ACCEPT = {
  markdown: 'text/markdown',
  /** A browser's navigation request (Chromium). */
  chromium: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  firefox: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  /** Coding agents: Markdown named first, HTML at the same quality after it. */
  agent: 'text/markdown, text/html, */*',
  agentWithQ: 'text/markdown, text/plain;q=0.9, */*;q=0.8',
} as const;

const DOC = '/intro/next-steps';
const DOC_HTML = 'intro/next-steps/index.html';
const DOC_TWIN = 'intro/next-steps.md';

/** One Accept header on the doc page: Markdown when it prefers Markdown, else the HTML. */
function onDocPage(name: string, accept: string, markdown: boolean): UrlCase {
  return { name, request: DOC, accept, status: 200, key: markdown ? DOC_TWIN : DOC_HTML, vary: PAGE_VARY };
}

/** A page asked for with `Accept: text/markdown`, answered with its twin `key`. */
function twinOf(name: string, request: string, key: string, extra: Partial<UrlCase> = {}): UrlCase {
  return { name, request, accept: ACCEPT.markdown, status: 200, key, vary: PAGE_VARY, ...extra };
}

export const URL_CASES: readonly UrlCase[] = [
  { name: 'home page', request: '/', status: 200, key: 'index.html' },
  {
    name: 'doc page without a trailing slash',
    request: '/intro/next-steps',
    status: 200,
    key: 'intro/next-steps/index.html',
  },
  {
    name: 'doc page with a trailing slash',
    request: '/intro/next-steps/',
    status: 200,
    key: 'intro/next-steps/index.html',
  },
  {
    name: 'section index with its trailing slash',
    request: '/guides/build-it-yourself/vpc/',
    status: 200,
    key: 'guides/build-it-yourself/vpc/index.html',
  },
  {
    name: 'section index without its trailing slash',
    request: '/guides/build-it-yourself/vpc',
    status: 200,
    key: 'guides/build-it-yourself/vpc/index.html',
  },
  {
    name: 'page whose last segment holds a dot',
    request:
      '/guides/stay-up-to-date/cis/cis-1.5.0/deployment-walkthrough/step-5-check-your-live-infrastructure-is-cis-v1.5-compliant',
    status: 200,
    key: 'guides/stay-up-to-date/cis/cis-1.5.0/deployment-walkthrough/step-5-check-your-live-infrastructure-is-cis-v1.5-compliant/index.html',
  },
  {
    name: 'module page',
    request: '/reference/modules/terraform-aws-asg/asg-rolling-deploy/',
    status: 200,
    key: 'reference/modules/terraform-aws-asg/asg-rolling-deploy/index.html',
  },
  {
    name: 'knowledge-base article',
    request: '/discussions/knowledge-base/10',
    status: 200,
    key: 'discussions/knowledge-base/10/index.html',
  },
  {
    name: 'release-notes month',
    request: '/guides/stay-up-to-date/releases/2016-06/',
    status: 200,
    key: 'guides/stay-up-to-date/releases/2016-06/index.html',
  },
  { name: 'tag page', request: '/tags/alb', status: 200, key: 'tags/alb/index.html' },
  { name: 'search page with a query', request: '/search?q=vpc%2Fnat', status: 200, key: 'search/index.html' },
  { name: 'top-level page', request: '/support', status: 200, key: 'support/index.html' },
  { name: 'static image', request: '/img/favicon.svg', status: 200, key: 'img/favicon.svg' },
  { name: 'sitemap', request: '/sitemap.xml', status: 200, key: 'sitemap.xml' },
  {
    name: 'search index entry file',
    request: '/pagefind/pagefind-entry.json',
    status: 200,
    key: 'pagefind/pagefind-entry.json',
  },
  { name: '.html form of a page', request: '/intro/next-steps.html', status: 301, location: '/intro/next-steps' },
  {
    name: '/index.html form of a page',
    request: '/intro/next-steps/index.html',
    status: 301,
    location: '/intro/next-steps/',
  },
  { name: '/index.html form of the home page', request: '/index.html', status: 301, location: '/' },
  {
    name: '.html form keeps the query string',
    request: '/faq/eks.html?from=old-site',
    status: 301,
    location: '/faq/eks?from=old-site',
  },
  { name: 'missing page', request: '/no/such/page', status: 404, key: 'no/such/page/index.html' },
  {
    name: 'missing page with a trailing slash',
    request: '/no/such/page/',
    status: 404,
    key: 'no/such/page/index.html',
  },
  {
    name: 'missing asset',
    request: '/assets/js/missing.0123abcd.js',
    status: 404,
    key: 'assets/js/missing.0123abcd.js',
  },
  { name: 'the not-found page by its own name', request: '/404.html', status: 301, location: '/404' },
  { name: 'the not-found page without .html', request: '/404', status: 404, key: '404/index.html' },
  { name: 'a folder of assets is never listed', request: '/assets/js/', status: 404, key: 'assets/js/index.html' },
  { name: 'a path climbing out of the site', request: '/../../etc/passwd', status: 400 },
  { name: 'an encoded slash', request: '/intro%2Fnext-steps', status: 400 },
  { name: 'an encoded NUL byte', request: '/intro/next-steps%00.html', status: 400 },
  { name: 'a climbing path with encoded dots', request: '/%2e%2e/%2e%2e/etc/passwd', status: 400 },
  { name: 'an encoded backslash before a host', request: '/%5cevil.com/x.html', status: 400 },
  { name: 'an encoded TAB before a host', request: '/%09/evil.com/x.html', status: 400 },
  { name: 'an encoded CR', request: '/%0d/x.html', status: 400 },
  { name: 'an encoded line break', request: '/intro%0d%0aSet-Cookie:x=1.html', status: 400 },
  { name: 'a leading double slash before a host', request: '//evil.com/x.html', status: 301, location: '/evil.com/x' },
  { name: 'a 10 KB URL', request: `/${'a'.repeat(10 * 1024)}`, status: 400, serverOnly: true },

  // Content negotiation: each kind of page asked for as Markdown.
  twinOf('Markdown: home page', '/', 'index.md'),
  twinOf('Markdown: doc page', DOC, DOC_TWIN),
  twinOf('Markdown: section index', '/guides/build-it-yourself/vpc/', 'guides/build-it-yourself/vpc/index.md'),
  twinOf(
    'Markdown: page whose last segment holds a dot',
    '/guides/stay-up-to-date/cis/cis-1.5.0/deployment-walkthrough/step-5-check-your-live-infrastructure-is-cis-v1.5-compliant',
    'guides/stay-up-to-date/cis/cis-1.5.0/deployment-walkthrough/step-5-check-your-live-infrastructure-is-cis-v1.5-compliant.md',
  ),
  twinOf(
    'Markdown: module page',
    '/reference/modules/terraform-aws-asg/asg-rolling-deploy/',
    'reference/modules/terraform-aws-asg/asg-rolling-deploy/index.md',
  ),
  twinOf('Markdown: knowledge-base article', '/discussions/knowledge-base/10', 'discussions/knowledge-base/10.md'),
  twinOf(
    'Markdown: release-notes month',
    '/guides/stay-up-to-date/releases/2016-06/',
    'guides/stay-up-to-date/releases/2016-06/index.md',
  ),
  twinOf('Markdown: tag page', '/tags/alb', 'tags/alb.md'),
  twinOf('Markdown: search page with a query', '/search?q=vpc', 'search.md'),
  twinOf('Markdown: top-level page', '/support', 'support.md'),
  twinOf('Markdown: doc page asked for with a trailing slash', `${DOC}/`, DOC_TWIN, {
    cloudFrontKey: 'intro/next-steps/index.md',
  }),
  twinOf(
    'Markdown: section index asked for without its trailing slash',
    '/guides/build-it-yourself/vpc',
    'guides/build-it-yourself/vpc/index.md',
    { cloudFrontKey: 'guides/build-it-yourself/vpc.md' },
  ),
  // Accept headers with q-values, on the doc page.
  onDocPage('Accept: Markdown above HTML by q', 'text/markdown, text/html;q=0.9', true),
  onDocPage('Accept: HTML above Markdown by q', 'text/html, text/markdown;q=0.9', false),
  onDocPage('Accept: anything', '*/*', false),
  onDocPage('Accept: no header value', '', false),
  onDocPage('Accept: a browser (Chromium)', ACCEPT.chromium, false),
  onDocPage('Accept: a browser (Firefox)', ACCEPT.firefox, false),
  onDocPage('Accept: a coding agent, Markdown listed first at equal q', ACCEPT.agent, true),
  onDocPage('Accept: a coding agent with q-values', ACCEPT.agentWithQ, true),
  onDocPage('Accept: equal q, HTML listed first', 'text/html, text/markdown', false),
  onDocPage('Accept: any text', 'text/*', false),
  onDocPage('Accept: Markdown refused with q=0', 'text/markdown;q=0', false),
  onDocPage('Accept: HTML refused, anything else welcome', 'text/html;q=0, */*', true),
  onDocPage(
    'Accept: upper case, spaces and other parameters',
    ' TEXT/Markdown ; variant=GFM ; Q=0.5 , text/html;q=0.4',
    true,
  ),
  onDocPage('Accept: a malformed q is ignored', 'text/markdown;q=high, text/html;q=0.1', false),
  onDocPage('Accept: a q above 1 is ignored', 'text/markdown;q=1.5, text/html;q=0.1', false),
  onDocPage('Accept: only a type the site does not have', 'application/json', false),
  // What negotiation leaves alone.
  {
    name: 'Markdown asked for a file: the file',
    request: '/img/favicon.svg',
    accept: ACCEPT.markdown,
    status: 200,
    key: 'img/favicon.svg',
  },
  {
    name: 'a twin asked for by its own name',
    request: '/intro.md',
    accept: ACCEPT.markdown,
    status: 200,
    key: 'intro.md',
    vary: FILE_VARY,
  },
  {
    name: 'Markdown asked for a missing page: not found',
    request: '/no/such/page',
    accept: ACCEPT.markdown,
    status: 404,
    key: 'no/such/page.md',
    vary: PAGE_VARY,
  },
];

/** A sample page of each kind, for the checks of the `Link` header that names its Markdown twin. */
export const PAGE_KINDS = {
  home: '/',
  doc: '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
  'module reference': '/reference/modules/terraform-aws-vpc/vpc-app/',
  'knowledge-base article': '/discussions/knowledge-base/10',
  'release notes': '/guides/stay-up-to-date/releases/2023-03/',
  search: '/search',
} as const;

/** The `Link` header announcing the twin at `twin`. */
export const twinLink = (twin: string): string => `<${twin}>; rel="alternate"; type="text/markdown"`;
/**
 * True when a redirect's `location` is a path of the same origin: one leading `/` not followed by
 * a `/` or `\\` (browsers read `//host` and `/\\host` as another site), no backslash in the path,
 * and no control character anywhere (a CR or LF would end the header). The query may hold a
 * backslash: it never changes the origin.
 */
export function isSiteLocation(location: string): boolean {
  const pathPart = location.split('?', 1)[0] ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what must not appear
  return /^\/(?![/\\])/.test(pathPart) && !pathPart.includes('\\') && !/[\u0000-\u001f\u007f]/.test(location);
}

/**
 * Request paths (as sent on the request line: printable ASCII) built of the pieces of open
 * redirects and header injection: repeated and encoded slashes and backslashes, encoded control
 * characters, host names, and (two times in three) the `.html` endings that make the servers redirect.
 */
export const hostileRequestPath = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '/',
        '//',
        '\\',
        '%5c',
        '%5C',
        '%2f',
        '%09',
        '%0d',
        '%0a',
        '%00',
        '%7f',
        '%20',
        '%e9',
        '%2e',
        '.',
        '..',
        'evil.com',
        'x',
        '@',
        ':',
        '.html',
        'index.html',
        '%2ehtml',
      ),
      fc.stringMatching(/^[!-~]{0,4}$/).filter((text) => !text.includes('?') && !text.includes('#')),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .chain((parts) =>
    fc
      .tuple(
        fc.constantFrom('', '.html', '/index.html'),
        fc.option(fc.stringMatching(/^[!-~]{0,12}$/).filter((text) => !text.includes('#'))),
      )
      .map(([ending, query]) => `/${parts.join('')}${ending}${query === null ? '' : `?${query}`}`),
  );
