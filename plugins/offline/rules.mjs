// How the service worker (sw.mjs) and the "Save for offline" action (client/save.ts) cache each
// file of the site. Plain JavaScript with JSDoc types: the plugin-pwa bundler that builds the
// worker compiles JavaScript only, and the TypeScript client imports the same file.

/** Cache of pages (HTML), revalidated on every visit (network first). */
export const PAGES_CACHE = 'gw-offline-pages';
/** Cache of files whose name carries a hash of their content, kept by name (cache first). */
export const ASSETS_CACHE = 'gw-offline-assets';
/** Cache of other files (search index entry files, images in /img/), revalidated (network first). */
export const FILES_CACHE = 'gw-offline-files';
/**
 * Cache of the route files: scripts under a fixed name whose content belongs to one deploy (the
 * route buckets and directories, `/route-chunks/`). Network first; each copy is also kept under
 * the page that loaded it ({@link routeFileKey}), so that a saved page gets the copy of its own
 * deploy.
 */
export const ROUTE_FILES_CACHE = 'gw-offline-route-files';
/**
 * Type of the message a page sends the worker on a first visit, `{ type, urls }`: the page's URL
 * and the same-origin files it loaded before the worker controlled it, to be saved.
 */
export const SAVE_LOADED_MESSAGE = 'gw-offline-save-loaded';
/** Site path of the list of everything "Save for offline" fetches (see `OfflineManifest`). */
export const OFFLINE_MANIFEST_PATH = '/offline.json';
/** Site path of the service worker itself, never cached by itself. */
export const SERVICE_WORKER_PATH = '/sw.js';

// The last path segment of a file: a name, a dot, then an extension with at least one letter and
// no hyphen; the rule nginx and the CloudFront Function use to tell files from pages.
const FILE_SEGMENT = /\.[A-Za-z0-9_]*[A-Za-z][A-Za-z0-9_]*$/;

// Files whose name changes with their content: the same list nginx serves as `immutable`
// (deploy/nginx.conf, `map $uri $cache_control`).
const ROUTE_FILES = /^\/route-chunks\/[^/]+\.js$/;

const HASHED = [
  /^\/assets\//,
  /^\/pagefind\/(index|fragment|filter)\//,
  /^\/pagefind\/pagefind\.[a-z-]+_[0-9a-f]+\.pf_meta$/,
];

/**
 * How a same-origin GET of `pathname` is cached: `page` (an HTML page, network first), `asset`
 * (a hashed file, cache first), `route` (a route file, network first, kept per page), `file` (any
 * other file, network first) or `null` (not cached: the service worker and the offline list,
 * which must always come from the network). Pure.
 * @param {string} pathname - the URL's path, starting with `/`.
 * @returns {'page' | 'asset' | 'route' | 'file' | null}
 */
export function cacheRuleOf(pathname) {
  if (pathname === SERVICE_WORKER_PATH || pathname === OFFLINE_MANIFEST_PATH) return null;
  if (HASHED.some((pattern) => pattern.test(pathname))) return 'asset';
  if (ROUTE_FILES.test(pathname)) return 'route';
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (pathname.endsWith('/') || !FILE_SEGMENT.test(last)) return 'page';
  return 'file';
}

/**
 * The cache that holds files of a rule (see {@link cacheRuleOf}).
 * @param {'page' | 'asset' | 'route' | 'file'} rule
 * @returns {string}
 */
export function cacheNameOf(rule) {
  if (rule === 'page') return PAGES_CACHE;
  if (rule === 'asset') return ASSETS_CACHE;
  return rule === 'route' ? ROUTE_FILES_CACHE : FILES_CACHE;
}

/**
 * The cache key of a page's own copy of a route file: the file's URL with the page's path as a
 * query (`/route-chunks/route-bucket-3.js?page=%2Fintro`). Pure.
 * @param {string} fileUrl - absolute URL of the route file; its query and fragment are dropped.
 * @param {string} pageUrl - absolute URL of the page; only its path counts.
 * @returns {string}
 */
export function routeFileKey(fileUrl, pageUrl) {
  const key = new URL(fileUrl);
  key.search = `?page=${encodeURIComponent(new URL(pageUrl).pathname)}`;
  key.hash = '';
  return key.href;
}
