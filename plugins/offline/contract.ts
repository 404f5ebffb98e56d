/**
 * What the offline plugin's build step writes and its browser code reads. Pure: no Node APIs.
 */
export { OFFLINE_MANIFEST_PATH } from './rules.mjs';

/**
 * `/offline.json`: everything "Save for offline" fetches, written by the build.
 */
export interface OfflineManifest {
  /** Every page's address as the site links it (`/intro`, `/guides/`), home page first. */
  pages: string[];
  /** Every other file a page may need: the bundler's scripts, styles and fonts, the search index, images. */
  files: string[];
  /** The size of all of them as stored, uncompressed, in bytes. */
  bytes: number;
}

/** Whether `value` has the shape of an {@link OfflineManifest} (it comes from the network). */
export function isOfflineManifest(value: unknown): value is OfflineManifest {
  if (typeof value !== 'object' || value === null) return false;
  const { pages, files, bytes } = value as Record<string, unknown>;
  const isPaths = (list: unknown): boolean =>
    Array.isArray(list) && list.every((item) => typeof item === 'string' && item.startsWith('/'));
  return isPaths(pages) && isPaths(files) && typeof bytes === 'number' && Number.isFinite(bytes) && bytes >= 0;
}
