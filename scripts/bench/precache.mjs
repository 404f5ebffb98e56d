/**
 * What the service worker precaches on a reader's first visit: the entries of the precache list
 * that Workbox's `injectManifest` wrote into `<build>/sw.js` (a JSON array of `{ url, revision }`),
 * with the size of each file in the build. Used by the bench report and the size budget test.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The precached files of the build in `buildDir`.
 * @param {string} buildDir - the build folder.
 * @returns {{ files: { url: string, bytes: number }[], bytes: number }} sizes in bytes, uncompressed
 * @throws {Error} naming `sw.js` when it is missing or holds no precache list, or a listed file
 *   that is not in the build.
 */
export function precacheOf(buildDir) {
  const worker = path.join(buildDir, 'sw.js');
  if (!fs.existsSync(worker)) throw new Error(`precache: ${worker} is missing (build with the offline plugin)`);
  const source = fs.readFileSync(worker, 'utf8');
  // Workbox writes each entry as JSON: {"revision":…,"url":"assets/js/main.1a2b.js"}.
  const urls = [...source.matchAll(/\{"revision":(?:null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map((match) => match[1]);
  if (urls.length === 0) throw new Error(`precache: ${worker} holds no precache entry`);
  const files = urls.map((url) => {
    const file = path.join(buildDir, url);
    if (!fs.existsSync(file)) throw new Error(`precache: ${worker} lists ${url}, which is not in the build`);
    return { url: `/${url.replace(/^\//, '')}`, bytes: fs.statSync(file).size };
  });
  return { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
}
