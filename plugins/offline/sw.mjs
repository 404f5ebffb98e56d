// The site's part of the service worker (`swCustom` of @docusaurus/plugin-pwa, which bundles it
// into /sw.js beside its precache of the shell). It caches what a reader opens, so that pages read
// before, their scripts and the search index parts already fetched load with the network off:
// - pages: network first, so an online reader always gets the current deploy; offline, the copy
//   saved when the page was last read (or the copy of the same page with or without a trailing
//   slash), else a short "not saved" page with status 503;
// - files whose name carries a hash of their content (`/assets/`, the search index's chunks):
//   cache first, kept by name, so a saved page always finds the scripts of its own deploy;
// - other files (the search index's entry files, images): network first, cache when offline.
// Caching rules: rules.mjs. Only same-origin GET requests are handled; the rest go to the network.
import { cacheNames } from 'workbox-core';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import { ASSETS_CACHE, FILES_CACHE, PAGES_CACHE, cacheRuleOf } from './rules.mjs';

// Only complete, successful answers are stored (no 404 page, no opaque or partial answers).
const okOnly = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) };

// Cache keys of pages leave out the query string and the fragment.
const pageKey = { cacheKeyWillBeUsed: async ({ request }) => withoutSearch(request.url) };

// A hashed file missing from the runtime cache may be in the precache of the shell (stored by
// its plain URL, see `dontCacheBustURLsMatching` in plugins/offline/index.ts).
const fromPrecache = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) =>
    cachedResponse ??
    (await caches.match(request.url, { cacheName: cacheNames.precache, ignoreSearch: true, ignoreVary: true })),
};

function withoutSearch(url) {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}

// The same page under its other form: /x ↔ /x/.
function otherForm(url) {
  const parsed = new URL(withoutSearch(url));
  parsed.pathname = parsed.pathname.endsWith('/') ? parsed.pathname.slice(0, -1) || '/' : `${parsed.pathname}/`;
  return parsed.href;
}

// Pages say `Vary: Accept` (the servers answer Markdown to agents that ask for it); a page saved by
// "Save for offline" was fetched with another Accept header than a navigation sends, so cached
// answers are matched by URL alone. Only HTML is ever stored under a page's URL (see the fetch
// listener).
const MATCH = { ignoreVary: true };

const NOT_SAVED_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Offline</title><h1>You are offline</h1><p>This page was not saved for offline reading. ' +
  'Pages you read before, and every page once you use "Save for offline", open without the network.</p>' +
  '<p><a href="/">Home page</a></p></html>';

async function savedPage(url) {
  const cache = await caches.open(PAGES_CACHE);
  const saved = (await cache.match(withoutSearch(url), MATCH)) ?? (await cache.match(otherForm(url), MATCH));
  return (
    saved ?? new Response(NOT_SAVED_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  );
}

/**
 * Called by the plugin's worker before it adds its own listeners. With offline mode off (never the
 * case with the site's `offlineModeActivationStrategies: ['always']`), it does nothing.
 * @param {{ offlineMode: boolean, debug: boolean }} params
 */
export default function swCustom(params) {
  if (!params.offlineMode) return;
  const pages = new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [okOnly, pageKey], matchOptions: MATCH });
  const assets = new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [okOnly, fromPrecache], matchOptions: MATCH });
  const files = new NetworkFirst({ cacheName: FILES_CACHE, plugins: [okOnly], matchOptions: MATCH });

  // The home page is saved on the first visit, whatever page the reader opened.
  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(PAGES_CACHE)
        .then((cache) => cache.add('/'))
        .catch(() => undefined),
    );
  });

  // The first worker takes charge of the open pages at once, so that the scripts and search index
  // parts they load next are cached too. (A new deploy's worker activates only when the reader
  // accepts the reload prompt, or once every tab is closed.)
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });

  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    const rule = cacheRuleOf(url.pathname);
    if (rule === null) return;
    // A page is a navigation; a script's fetch of a page address (with another Accept header, which
    // the servers may answer with Markdown) is not cached.
    if (rule === 'page' && request.mode !== 'navigate') return;
    // This listener answers; the plugin's own one (for the precache) must not answer again.
    event.stopImmediatePropagation();
    if (rule === 'page') {
      event.respondWith(pages.handle({ event, request }).catch(() => savedPage(request.url)));
    } else {
      const strategy = rule === 'asset' ? assets : files;
      event.respondWith(strategy.handle({ event, request }).catch(() => Response.error()));
    }
  });
}
