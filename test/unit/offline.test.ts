// @vitest-environment node
/**
 * The offline plugin's pure parts: which cache a path goes to (shared by the service worker and
 * "Save for offline"), the shape check of `/offline.json`, and the choice of the precached shell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { isOfflineManifest } from '../../plugins/offline/contract';
import { PRECACHE_BUDGET_BYTES, referencedFiles, shellManifest } from '../../plugins/offline';
import { serviceWorkerUrl } from '../../plugins/offline/client/register';
import { formatBytes } from '../../plugins/offline/client/save';
import {
  ASSETS_CACHE,
  FILES_CACHE,
  PAGES_CACHE,
  ROUTE_FILES_CACHE,
  cacheNameOf,
  cacheRuleOf,
  routeFileKey,
} from '../../plugins/offline/rules.mjs';

describe('cacheRuleOf', () => {
  it.each([
    ['/', 'page'],
    ['/intro', 'page'],
    ['/guides/', 'page'],
    ['/reference/services/security/cis-v1.5-compliant', 'page'],
    ['/assets/js/main.1a2b3c4d.js', 'asset'],
    ['/assets/css/styles.9f8e.css', 'asset'],
    ['/pagefind/fragment/en_1a2b3c4.pf_fragment', 'asset'],
    ['/pagefind/index/en_1a2b3c4.pf_index', 'asset'],
    ['/pagefind/pagefind.en_1a2b3c4d5e.pf_meta', 'asset'],
    ['/route-chunks/route-bucket-56.js', 'route'],
    ['/route-chunks/route-directory-3.js', 'route'],
    ['/pagefind/pagefind-entry.json', 'file'],
    ['/pagefind/pagefind.js', 'file'],
    ['/img/favicon.svg', 'file'],
    ['/intro.md', 'file'],
    ['/sw.js', null],
    ['/offline.json', null],
  ] as const)('%s → %s', (pathname, rule) => {
    expect(cacheRuleOf(pathname)).toBe(rule);
  });

  it('maps each rule to its own cache', () => {
    expect([cacheNameOf('page'), cacheNameOf('asset'), cacheNameOf('route'), cacheNameOf('file')]).toEqual([
      PAGES_CACHE,
      ASSETS_CACHE,
      ROUTE_FILES_CACHE,
      FILES_CACHE,
    ]);
    expect(new Set([PAGES_CACHE, ASSETS_CACHE, ROUTE_FILES_CACHE, FILES_CACHE]).size).toBe(4);
  });

  it("keys a page's own copy of a route file by the page's path alone", () => {
    expect(
      routeFileKey('https://docs.example/route-chunks/route-bucket-3.js?x=1#y', 'https://docs.example/intro?q=a#b'),
    ).toBe('https://docs.example/route-chunks/route-bucket-3.js?page=%2Fintro');
  });
});

describe('isOfflineManifest', () => {
  it('accepts the list the build writes and refuses anything else', () => {
    expect(isOfflineManifest({ pages: ['/', '/intro'], files: ['/assets/js/a.js'], bytes: 10 })).toBe(true);
    expect(isOfflineManifest(null)).toBe(false);
    expect(isOfflineManifest({ pages: ['intro'], files: [], bytes: 1 })).toBe(false);
    expect(isOfflineManifest({ pages: [], files: [], bytes: -1 })).toBe(false);
    expect(isOfflineManifest({ pages: [], files: [1], bytes: 1 })).toBe(false);
  });
});

describe('the precached shell', () => {
  const HOME = `<!doctype html><html><head>
    <link rel="stylesheet" href="/assets/css/styles.1.css">
    <link rel="preload" href="/assets/js/runtime~main.2.js" as="script">
    <link rel="alternate" href="https://example.com/feed">
    <script src="/assets/js/main.3.js" defer></script></head>
    <body><img src="/img/logo.svg?x=1"><a href="/assets/js/not-loaded.js">x</a></body></html>`;

  it('is every same-origin file the home page loads (scripts, styles, preloads, images), not its links', () => {
    expect([...referencedFiles(HOME)].sort()).toEqual([
      '/assets/css/styles.1.css',
      '/assets/js/main.3.js',
      '/assets/js/runtime~main.2.js',
      '/img/logo.svg',
    ]);
  });

  it('keeps only those of the globbed files, and stops the build past 1 MB', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-'));
    fs.writeFileSync(path.join(dir, 'index.html'), HOME);
    const entry = (url: string, size: number) => ({ url, revision: null, size });
    const kept = shellManifest(dir, [
      entry('assets/js/main.3.js', 100),
      entry('assets/js/other.js', 100),
      entry('index.html', 100),
    ]);
    expect(kept.map((e) => e.url)).toEqual(['assets/js/main.3.js']);
    expect(() => shellManifest(dir, [entry('assets/js/main.3.js', PRECACHE_BUDGET_BYTES)])).toThrow(
      /offline: the shell precached on a first visit is 1000000 bytes/,
    );
    fs.rmSync(dir, { recursive: true });
    expect(() => shellManifest(dir, [])).toThrow(/index\.html is missing/);
  });
});

describe('formatBytes', () => {
  it('writes sizes in KB under a megabyte and in MB with one decimal above', () => {
    expect(formatBytes(850_000)).toBe('850 KB');
    expect(formatBytes(63_412_345)).toBe('63.4 MB');
    expect(formatBytes(10)).toBe('1 KB');
  });
});

describe('the worker URL', () => {
  // The site registers the worker itself and loads plugin-pwa's registration module only for the
  // reload prompt; both must register the same URL, or the browser installs a second worker.
  const upstream = fs.readFileSync(require.resolve('@docusaurus/plugin-pwa/lib/registerSw.js'), 'utf8');

  it('is built as plugin-pwa 3.10 builds it: params JSON of offlineMode then debug', () => {
    expect(upstream).toContain('const paramsQueryString = JSON.stringify(params);');
    expect(upstream).toContain('`${PWA_SERVICE_WORKER_URL}?params=${encodeURIComponent(paramsQueryString)}`');
    expect(upstream).toContain('createServiceWorkerUrl({ offlineMode, debug: PWA_DEBUG })');
    expect(upstream).toContain('always: () => true');
    expect(serviceWorkerUrl('/sw.js', false)).toBe(
      `/sw.js?params=${encodeURIComponent('{"offlineMode":true,"debug":false}')}`,
    );
  });
});
