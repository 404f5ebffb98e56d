/**
 * Answers the analytics requests of the fixture build (a test GA4 measurement id) in the browser
 * tests: Google's gtag.js with a small stand-in that records calls and sends beacons, and the beacons
 * with an empty answer. Chromium resolves no host name but loopback, so nothing leaves the machine.
 */
import type { Page } from 'playwright-core';

/** Google's gtag.js, as the site's loader asks for it. */
export const GTAG_SCRIPT = /^https:\/\/www\.googletagmanager\.com\/gtag\/js\?/;
/** Where the stub (like gtag.js) sends its page-view beacons. */
export const BEACON = /^https:\/\/www\.google-analytics\.com\/g\/collect\?/;
/**
 * A stand-in for gtag.js. It records every `gtag()` call (queued before it loaded, and later ones)
 * in `window.__gtagStub.calls`, follows gtag's rules for page views (a `config` call sends one
 * unless `send_page_view` is false; `event page_view` sends one; the page is the last `page_path`
 * given by `config` or `set`, else the location's path and query), and sends each page view as a
 * beacon to `google-analytics.com/g/collect` with the id (`tid`) and the page (`dp`).
 */
export const GTAG_STUB = `(function () {
  var stub = (window.__gtagStub = { calls: [] });
  var ids = [];
  var pagePath = null;
  function beacon(id) {
    var page = pagePath === null ? location.pathname + location.search : pagePath;
    navigator.sendBeacon(
      'https://www.google-analytics.com/g/collect?v=2&en=page_view&tid=' + encodeURIComponent(id) + '&dp=' + encodeURIComponent(page),
    );
  }
  function handle(args) {
    var call = Array.prototype.map.call(args, function (value) {
      return value instanceof Date ? 'Date' : value;
    });
    stub.calls.push(JSON.parse(JSON.stringify(call)));
    var params = call[2] || {};
    if (call[0] === 'set' && call[1] === 'page_path') pagePath = call[2];
    if (call[0] === 'config') {
      if (ids.indexOf(call[1]) === -1) ids.push(call[1]);
      if (typeof params.page_path === 'string') pagePath = params.page_path;
      if (params.send_page_view !== false) beacon(call[1]);
    }
    if (call[0] === 'event' && call[1] === 'page_view') ids.forEach(beacon);
  }
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  dataLayer.forEach(handle);
  dataLayer.push = function () {
    for (var i = 0; i < arguments.length; i += 1) handle(arguments[i]);
    return Array.prototype.push.apply(dataLayer, arguments);
  };
})();`;

/** What the analytics hosts saw from one page. */
export interface AnalyticsTraffic {
  /** Addresses of the requests for gtag.js. */
  scriptRequests: string[];
  /** The page (`dp`) of each page-view beacon, in order. */
  pageViews: string[];
  /** The measurement id (`tid`) of each beacon. */
  beaconIds: string[];
}

/** Answers gtag.js with {@link GTAG_STUB} and the beacons with 204, recording both. */
export async function answerAnalytics(page: Page): Promise<AnalyticsTraffic> {
  const traffic: AnalyticsTraffic = { scriptRequests: [], pageViews: [], beaconIds: [] };
  await page.route(GTAG_SCRIPT, async (route) => {
    traffic.scriptRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: GTAG_STUB });
  });
  await page.route(BEACON, async (route) => {
    const params = new URL(route.request().url()).searchParams;
    traffic.pageViews.push(params.get('dp') ?? '');
    traffic.beaconIds.push(params.get('tid') ?? '');
    await route.fulfill({ status: 204 });
  });
  return traffic;
}

/** The `gtag()` calls the stub recorded, with dates written as `'Date'`. */
export function gtagCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __gtagStub: { calls: unknown[][] } }).__gtagStub.calls);
}
