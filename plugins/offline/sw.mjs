// The site's part of the service worker (`swCustom` of @docusaurus/plugin-pwa, which bundles it
// into /sw.js beside its precache of the shell). It caches what a reader opens, so that pages read
// before, their scripts and the search index parts already fetched load with the network off:
// - pages: network first, so an online reader always gets the current deploy; offline, the copy
//   saved when the page was last read (or the copy of the same page with or without a trailing
//   slash), else a short "not saved" page with status 503;
// - files whose name carries a hash of their content (`/assets/`, the search index's chunks):
//   cache first, kept by name, so a saved page always finds the scripts of its own deploy;
// - route files (fixed names, content of one deploy): network first, and each copy kept also
//   under the page that loaded it; offline, a page gets the copy it loaded itself, so a page of
//   one deploy never runs the route map of another;
// - other files (the search index's entry files, images): network first, cache when offline.
// Caching rules: rules.mjs. Only same-origin GET requests are handled; the rest go to the network.
import { cacheNames } from 'workbox-core';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import {
  ASSETS_CACHE,
  PAGES_CACHE,
  ROUTE_FILES_CACHE,
  SAVE_LOADED_MESSAGE,
  cacheNameOf,
  cacheRuleOf,
  routeFileKey,
} from './rules.mjs';

// Only complete, successful answers are stored (no 404 page, no opaque or partial answers).
const okOnly = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) };

// Cache keys of pages leave out the query string and the fragment.
const pageKey = { cacheKeyWillBeUsed: async ({ request }) => withoutSearch(request.url) };

// The copy of `url` in the precache of the shell (the files the home page loads, of the worker's
// own deploy), whatever revision query the precache stored it under; or undefined.
function precached(url) {
  return caches.match(withoutSearch(url), { cacheName: cacheNames.precache, ignoreSearch: true, ignoreVary: true });
}

// A file missing from the runtime caches may be in the precache of the shell.
const fromPrecache = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await precached(request.url)),
};

// The most files one first-visit message may ask to save (a page loads about 40).
const MAX_SAVED_PER_MESSAGE = 500;

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

// What a page fetch sends, so that the servers answer HTML, not the Markdown twin.
const HTML_ACCEPT = { Accept: 'text/html' };

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

// The URL of the page that asked for a file, or undefined (a worker, or a client already gone).
async function pageOf(event) {
  if (!event.clientId) return undefined;
  const client = await self.clients.get(event.clientId);
  return client?.url;
}

// Stores a route file under its plain URL (the newest copy) and, when a page asked for it, under
// that page's key.
async function keepRouteFile(url, pageUrl, response) {
  const cache = await caches.open(ROUTE_FILES_CACHE);
  const copies = [cache.put(withoutSearch(url), response.clone())];
  if (pageUrl !== undefined) copies.push(cache.put(routeFileKey(url, pageUrl), response.clone()));
  await Promise.all(copies);
}

// Network first; offline, the copy the asking page loaded itself, else the newest copy, else the
// precache's (the home page's route files, saved with the home page on the first visit).
async function routeFile(event) {
  const { request } = event;
  const pageUrl = await pageOf(event);
  try {
    const response = await fetch(request);
    if (response.status === 200) event.waitUntil(keepRouteFile(request.url, pageUrl, response.clone()));
    return response;
  } catch {
    const cache = await caches.open(ROUTE_FILES_CACHE);
    const own = pageUrl === undefined ? undefined : await cache.match(routeFileKey(request.url, pageUrl), MATCH);
    return (
      own ??
      (await cache.match(withoutSearch(request.url), MATCH)) ??
      (await precached(request.url)) ??
      Response.error()
    );
  }
}

// Saves what a page loaded before the worker controlled it (its first visit): its files, then the
// page itself, so that a saved page means its files are saved too. Hashed files already kept are
// not fetched again. A file that cannot be fetched is left out (it is saved on the next visit).
async function saveLoaded(pageUrl, urls) {
  const page = withoutSearch(pageUrl);
  const files = [];
  for (const value of urls.slice(0, MAX_SAVED_PER_MESSAGE)) {
    if (typeof value !== 'string') continue;
    let url;
    try {
      url = new URL(value, self.location.origin);
    } catch {
      continue;
    }
    const rule = url.origin === self.location.origin ? cacheRuleOf(url.pathname) : null;
    if (rule !== null && rule !== 'page') files.push({ url: withoutSearch(url.href), rule });
  }
  await Promise.all(
    files.map(async ({ url, rule }) => {
      try {
        const cache = await caches.open(cacheNameOf(rule));
        if (rule === 'asset' && (await cache.match(url, MATCH)) !== undefined) return;
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.status !== 200) return;
        if (rule === 'route') await keepRouteFile(url, page, response);
        else await cache.put(url, response);
      } catch {
        // Offline or refused: the next visit saves it.
      }
    }),
  );
  await savePage(page);
}

// Fetches the HTML of the page at `url` (absolute, without query) and stores it; a page that
// cannot be fetched is left out, to be saved on its next visit.
async function savePage(url) {
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: HTML_ACCEPT });
    if (response.status === 200) await (await caches.open(PAGES_CACHE)).put(url, response);
  } catch {
    // Offline or refused.
  }
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
  const files = new NetworkFirst({
    cacheName: cacheNameOf('file'),
    plugins: [okOnly, fromPrecache],
    matchOptions: MATCH,
  });

  // The home page is saved on the first visit, whatever page the reader opened.
  self.addEventListener('install', (event) => {
    event.waitUntil(savePage(new URL('/', self.location.origin).href));
  });

  // The first worker takes charge of the open pages at once, so that the scripts and search index
  // parts they load next are cached too. (A new deploy's worker activates only when the reader
  // accepts the reload prompt, or once every tab is closed.)
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });

  // A page's first visit: what it loaded before this worker (client/register.ts). Only a window
  // of this origin may ask, and only for its own page.
  self.addEventListener('message', (event) => {
    const data = event.data;
    const source = event.source;
    if (data?.type !== SAVE_LOADED_MESSAGE || !Array.isArray(data.urls)) return;
    if (source === null || !('url' in source) || new URL(source.url).origin !== self.location.origin) return;
    event.waitUntil(saveLoaded(source.url, data.urls));
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
    } else if (rule === 'route') {
      event.respondWith(routeFile(event));
    } else {
      const strategy = rule === 'asset' ? assets : files;
      event.respondWith(strategy.handle({ event, request }).catch(() => Response.error()));
    }
  });
}
