/**
 * Local plugin: Google Analytics 4 through the official gtag plugin, with one change. The official
 * plugin writes a static `<script async src=".../gtag/js">` and two preconnect hints into every
 * page, so a browser fetches Google's script before any code can ask the reader's privacy
 * settings. This plugin keeps the official client module (one `page_view` after each route change
 * that alters the path, the query or the hash) and replaces those head tags with one small inline
 * loader, {@link analyticsLoaderScript}, that honours Global Privacy Control and Do Not Track.
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import officialGtagPlugin from '@docusaurus/plugin-google-gtag';
import * as z from 'zod';

import { optionsParser } from '../plugin-options';

/** Address of Google's gtag.js; the loader appends `?id=<measurement id>`. */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** A Google Analytics 4 measurement id: `G-` then upper-case letters and digits. */
const MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,}$/;

const MEASUREMENT_ID_EXPECTED = 'a Google Analytics 4 measurement id from GTAG_MEASUREMENT_ID (G-XXXXXXXXXX)';

/**
 * Reads the options of {@link analyticsPlugin}: `measurementId`, the GA4 measurement id, for
 * example `G-ABCD1234EF` (from `GTAG_MEASUREMENT_ID`).
 * @throws PluginOptionsError naming the option and `GTAG_MEASUREMENT_ID` when the id is missing or malformed.
 */
export const parseOptions = optionsParser('analytics', {
  measurementId: z.string(MEASUREMENT_ID_EXPECTED).regex(MEASUREMENT_ID_PATTERN, MEASUREMENT_ID_EXPECTED),
});

/** Options of {@link analyticsPlugin}, as the site config writes them. */
export type AnalyticsOptions = Omit<ReturnType<typeof parseOptions>, 'id'>;

/**
 * The inline script every page runs in its `<head>` (about 500 bytes).
 *
 * - When `navigator.globalPrivacyControl === true` or `navigator.doNotTrack === '1'`, it defines
 *   `window.gtag` as a function that does nothing, and stops: no script is fetched, nothing is sent,
 *   and the route-change page views of the client module go nowhere.
 * - Otherwise it defines `window.dataLayer` and `window.gtag` as Google documents them, queues
 *   `gtag('config', id, { anonymize_ip: true, page_path })` (the first load's page view, with the
 *   path, query and hash), and inserts `<script async src="https://www.googletagmanager.com/gtag/js?id=...">`.
 *
 * Reading the navigator never throws in a browser; the script has no other input.
 * @param measurementId - a checked measurement id ({@link parseOptions}).
 */
export function analyticsLoaderScript(measurementId: string): string {
  const id = JSON.stringify(measurementId);
  const src = JSON.stringify(`${GTAG_SCRIPT_URL}?id=${measurementId}`);
  return [
    '(function(){',
    'var n=navigator;',
    "if(n.globalPrivacyControl===true||n.doNotTrack==='1'){window.gtag=function(){};return;}",
    'window.dataLayer=window.dataLayer||[];',
    'window.gtag=function(){window.dataLayer.push(arguments);};',
    "window.gtag('js',new Date());",
    `window.gtag('config',${id},{anonymize_ip:true,page_path:location.pathname+location.search+location.hash});`,
    "var s=document.createElement('script');",
    `s.async=true;s.src=${src};`,
    'document.head.appendChild(s);',
    '})();',
  ].join('');
}

/**
 * Docusaurus plugin factory. In development (`NODE_ENV` other than `production`) it adds nothing,
 * like the official plugin.
 * @param options - {@link AnalyticsOptions}; typed `unknown` as the config's plugin list expects,
 *   and checked here.
 * @throws PluginOptionsError naming `GTAG_MEASUREMENT_ID` when the id is missing or malformed.
 */
export default function analyticsPlugin(context: LoadContext, options: unknown): Plugin | null {
  const { measurementId } = parseOptions(options);
  const official = officialGtagPlugin(context, { trackingID: [measurementId], anonymizeIP: true });
  if (!official) return null;
  return {
    ...official,
    name: 'analytics',
    // The official client module, resolved from its package (a relative path would resolve here).
    getClientModules() {
      return [require.resolve('@docusaurus/plugin-google-gtag/lib/gtag.js')];
    },
    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: analyticsLoaderScript(measurementId) }] };
    },
  };
}
