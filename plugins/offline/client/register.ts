/**
 * Client module (plugin-pwa's `swRegister` option): registers the service worker once the browser
 * is idle after `load`, for every reader, with nothing but `navigator.serviceWorker.register`.
 *
 * The official registration module (`@docusaurus/plugin-pwa/lib/registerSw.js`, 3.10.2), which
 * brings `workbox-window` and the reload prompt (about 6 KB gzip), is loaded only when a new
 * deploy's worker is waiting: it then registers the same worker URL (no second install) and shows
 * its prompt. So the first load carries only this file (under 1 KB gzip).
 *
 * The worker URL must be the one `registerSw.js` builds (`createServiceWorkerUrl`): the plugin's
 * `PWA_SERVICE_WORKER_URL` with `?params=` and the JSON `{"offlineMode":true,"debug":…}`; a
 * different URL would install a second worker. `test/unit/offline.test.ts` checks the upstream
 * source still builds it that way.
 *
 * On a first visit (no worker served the page) the worker only sees what loads after it, so once
 * it is active this module sends it the page's URL and the same-origin files the page loaded
 * (`SAVE_LOADED_MESSAGE`), and the worker saves them (`sw.mjs`).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

import { SAVE_LOADED_MESSAGE } from '../rules.mjs';

/** How long the browser may stay busy before the worker registers anyway, in ms. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * The worker URL, as `registerSw.js` builds it with `offlineModeActivationStrategies: ['always']`
 * (offline mode on, whatever the device). Pure.
 * @param serviceWorkerUrl - the plugin's `PWA_SERVICE_WORKER_URL` (`/sw.js` under the base URL).
 * @param debug - the plugin's `PWA_DEBUG` as the bundler put it in (its `debug` option), passed
 *   through unchanged so the JSON matches.
 */
export function serviceWorkerUrl(serviceWorkerUrl: string, debug: unknown): string {
  return `${serviceWorkerUrl}?params=${encodeURIComponent(JSON.stringify({ offlineMode: true, debug }))}`;
}

/** Loads the official registration module, which shows the reload prompt for a waiting worker. */
function promptReload(): void {
  void import('@docusaurus/plugin-pwa/lib/registerSw.js');
}

/** Calls `promptReload` once a worker of a newer deploy waits, now or later. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting !== null && navigator.serviceWorker.controller !== null) {
    promptReload();
    return;
  }
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // A worker that installs while another controls the page waits for the reader's say.
      if (installing.state === 'installed' && navigator.serviceWorker.controller !== null) promptReload();
    });
  });
}

async function register(): Promise<void> {
  // Whether a worker served this page; on the first visit none did, so the page and its files are
  // saved once the new worker is active.
  const controlled = navigator.serviceWorker.controller !== null;
  // Typed as always a registration, but a browser that blocks workers (an automation setting)
  // resolves with nothing: then there is nothing to do.
  const registration = (await navigator.serviceWorker.register(
    serviceWorkerUrl(process.env.PWA_SERVICE_WORKER_URL ?? '/sw.js', process.env.PWA_DEBUG),
  )) as ServiceWorkerRegistration | undefined;
  if (registration === undefined) return;
  watchForUpdates(registration);
  if (!controlled) {
    const ready = await navigator.serviceWorker.ready;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === window.location.origin);
    ready.active?.postMessage({ type: SAVE_LOADED_MESSAGE, urls });
  }
}

function whenIdle(): void {
  const start = (): void => {
    register().catch((error: unknown) => {
      console.error('[offline] the service worker could not be registered', error);
    });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(start, 0);
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
