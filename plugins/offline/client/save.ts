/**
 * "Save for offline": stores every page and file of `/offline.json` in the caches the service
 * worker reads (`../rules.mjs`), a few at a time, reporting progress. Runs in the page; the worker
 * needs no message.
 */
import { cacheNameOf, cacheRuleOf, OFFLINE_MANIFEST_PATH } from '../rules.mjs';
import { isOfflineManifest, type OfflineManifest } from '../contract';

/** Requests in flight at once. */
const CONCURRENCY = 6;

/** How far a save has got. */
export interface SaveProgress {
  /** Pages and files done (saved, already saved, or failed). */
  done: number;
  /** Pages and files in all. */
  total: number;
  /** Of `done`, those that could not be fetched. */
  failed: number;
}

/**
 * The list of what to save, from the site.
 * @throws Error (rejected promise) when the browser has no service workers or Cache API, and
 *   naming `/offline.json` when it cannot be fetched or is not a list.
 */
export async function fetchOfflineManifest(): Promise<OfflineManifest> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) {
    throw new Error('this browser cannot keep pages for offline reading');
  }
  const response = await fetch(OFFLINE_MANIFEST_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${OFFLINE_MANIFEST_PATH}: HTTP ${String(response.status)}`);
  const manifest: unknown = await response.json();
  if (!isOfflineManifest(manifest)) throw new Error(`${OFFLINE_MANIFEST_PATH}: not a list of pages and files`);
  return manifest;
}

/**
 * Saves every page and file of `manifest`. Hashed files already saved are not fetched again; pages
 * and other files are fetched anew, so the copy is the current deploy's. Never throws for one
 * file: a file that cannot be fetched counts as failed.
 * @param onProgress - called after each page or file.
 * @param signal - stops the save between files.
 */
export async function saveForOffline(
  manifest: OfflineManifest,
  onProgress: (progress: SaveProgress) => void,
  signal?: AbortSignal,
): Promise<SaveProgress> {
  const queue = [...manifest.pages, ...manifest.files];
  const progress: SaveProgress = { done: 0, total: queue.length, failed: 0 };
  const saveOne = async (sitePath: string): Promise<void> => {
    const rule = cacheRuleOf(sitePath);
    if (rule === null) return;
    const cache = await caches.open(cacheNameOf(rule));
    const url = new URL(sitePath, window.location.origin).href;
    if (rule === 'asset' && (await cache.match(url, { ignoreVary: true })) !== undefined) return;
    const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (response.status !== 200) throw new Error(`${sitePath}: HTTP ${String(response.status)}`);
    await cache.put(url, response);
  };
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined && signal?.aborted !== true; next = queue.shift()) {
      try {
        await saveOne(next);
      } catch {
        progress.failed += 1;
      }
      progress.done += 1;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return progress;
}

/** `bytes` as a reader reads a size: `63.4 MB`, `850 KB` (1 KB = 1000 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${String(Math.max(1, Math.round(bytes / 1000)))} KB`;
}
