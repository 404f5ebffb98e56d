/**
 * Client module (plugin-pwa's `swRegister`): registers the service worker after the page's first
 * paint, once the browser is idle after `load`, by loading the official plugin's own registration
 * module (`@docusaurus/plugin-pwa/lib/registerSw.js`: the worker, and the reload prompt when a new
 * deploy is waiting) in a chunk of its own. On a first visit it then saves the open page
 * (`saveCurrentPage`). The first load carries only this file.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** How long the browser may stay busy before the worker registers anyway, in ms. */
const IDLE_TIMEOUT_MS = 5000;

function register(): void {
  // Whether a worker served this page; on the first visit none did, so the page and its files are
  // saved once the new worker is active.
  const controlled = navigator.serviceWorker.controller !== null;
  void import('@docusaurus/plugin-pwa/lib/registerSw.js');
  if (!controlled) {
    void navigator.serviceWorker.ready.then(() => import('./save')).then((save) => save.saveCurrentPage());
  }
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(register, 0);
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
