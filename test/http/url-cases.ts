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
 */
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
  { name: 'a 10 KB URL', request: `/${'a'.repeat(10 * 1024)}`, status: 400, serverOnly: true },
];
