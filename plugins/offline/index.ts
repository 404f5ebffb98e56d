/**
 * Local plugin: reading the site with the network off, on top of the official
 * `@docusaurus/plugin-pwa` (configured by {@link pwaPluginOptions}, not forked).
 *
 * - The plugin's service worker precaches only the shell: the scripts, styles, fonts and images
 *   the home page's HTML references ({@link shellManifest}); pages and everything else are cached
 *   as they are read, by the site's part of the worker (`sw.mjs`, rules in `rules.mjs`).
 * - The worker registers after the first paint (`client/register.ts`), for every reader.
 * - Its post-build step `offline-manifest` writes `/offline.json` (see `contract.ts`): every page
 *   and file that the navbar's "Save for offline" action (`client/SaveOffline.tsx`) fetches, and
 *   their size.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { PluginOptions as PwaOptions } from '@docusaurus/plugin-pwa';
import type { LoadContext } from '@docusaurus/types';
import { fromHtml } from 'hast-util-from-html';

import { findAll, stringProperty } from '../post-build/hast';
import type { ParticipatingPlugin } from '../post-build/types';
import { OFFLINE_MANIFEST_PATH, type OfflineManifest } from './contract';

/** A file of the precache as Workbox's `manifestTransforms` gets it: site-relative URL, bytes. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** The site's precache of the first visit must stay under this size, in bytes (uncompressed). */
export const PRECACHE_BUDGET_BYTES = 1_000_000;

/** Folders of the build whose files "Save for offline" fetches beside the pages. */
const SAVED_FOLDERS = ['assets', 'route-chunks', 'pagefind', 'img'];

/** Files the servers send precompressed or that no page loads; never saved. */
const NOT_SAVED = /\.(br|gz|map|md|txt)$/;

/**
 * Site paths of the files a page's HTML loads: scripts, style sheets, preloaded files, icons and
 * images. Parsed with a real HTML parser.
 */
export function referencedFiles(html: string): Set<string> {
  const tree = fromHtml(html);
  const urls = findAll(tree, (node) => ['script', 'link', 'img'].includes(node.tagName)).flatMap((node) => {
    const url = stringProperty(node, node.tagName === 'link' ? 'href' : 'src');
    return url === undefined ? [] : [url];
  });
  return new Set(
    urls.filter((url) => url.startsWith('/') && !url.startsWith('//')).map((url) => url.split(/[?#]/)[0] ?? url),
  );
}

/**
 * Workbox `manifestTransforms` step: keeps, of the files plugin-pwa globbed, only those that the
 * home page (`<outDir>/index.html`) references, so that the first visit precaches the shell and
 * no page.
 * @param budgetBytes - the most the shell may hold, in bytes as stored; the site's is
 *   {@link PRECACHE_BUDGET_BYTES}.
 * @throws Error naming the file when the home page is missing, or when the shell is `budgetBytes`
 *   or larger.
 */
export function shellManifest<Entry extends PrecacheEntry>(
  outDir: string,
  entries: readonly Entry[],
  budgetBytes: number = PRECACHE_BUDGET_BYTES,
): Entry[] {
  const home = path.join(outDir, 'index.html');
  if (!fs.existsSync(home)) throw new Error(`offline: ${home} is missing; the shell is what the home page loads`);
  const shell = referencedFiles(fs.readFileSync(home, 'utf8'));
  const kept = entries.filter((entry) => shell.has(`/${entry.url.replace(/^\//, '')}`));
  const bytes = kept.reduce((sum, entry) => sum + entry.size, 0);
  if (bytes >= budgetBytes) {
    throw new Error(
      `offline: the shell precached on a first visit is ${String(bytes)} bytes, over ${String(budgetBytes)} (files referenced by ${home})`,
    );
  }
  return kept;
}

/** The build folder, recorded by {@link offlinePlugin} (plugin-pwa's transforms are not told it). */
let outDirOfBuild: string | undefined;

function builtOutDir(): string {
  if (outDirOfBuild === undefined) {
    throw new Error('offline: the offline plugin is not in the site configuration beside @docusaurus/plugin-pwa');
  }
  return outDirOfBuild;
}

/**
 * Options of `@docusaurus/plugin-pwa` for the site (the offline plugin must be configured too).
 *
 * `offlineModeActivationStrategies: ['always']`: reading offline is the point, so every reader's
 * worker caches what they read. The plugin's default (an installed app, `?offlineMode=true` or
 * standalone display) would leave a reader who never installed the site with the browser's
 * offline error, and its worker would then skip the reload prompt, so a new deploy could not be
 * announced either.
 * @param precacheBudgetBytes - see {@link shellManifest}: a larger shell stops the build.
 */
export function pwaPluginOptions(precacheBudgetBytes: number = PRECACHE_BUDGET_BYTES): Partial<PwaOptions> {
  return {
    offlineModeActivationStrategies: ['always'],
    swCustom: path.join(__dirname, 'sw.mjs'),
    swRegister: path.join(__dirname, 'client', 'register.ts'),
    // `swSrc`, `swDest` and `globDirectory` are the plugin's own (its built worker, the build
    // folder), so they are left out here.
    injectManifestConfig: {
      // plugin-pwa sets its own `globPatterns` after these options, so the shell is chosen by
      // `manifestTransforms`; pages below the top folder and the search index are not even read.
      globIgnores: ['*/**/*.html', 'pagefind/**', '**/*.{br,gz,map}'],
      manifestTransforms: [
        (entries) => ({ manifest: shellManifest(builtOutDir(), entries, precacheBudgetBytes), warnings: [] }),
      ],
      // Hashed names are their own revision: precached under their plain URL.
      dontCacheBustURLsMatching: /^assets\//,
    } satisfies Partial<PwaOptions['injectManifestConfig']> as Partial<
      PwaOptions['injectManifestConfig']
    > as PwaOptions['injectManifestConfig'],
    pwaHead: [
      { tagName: 'link', rel: 'manifest', href: '/manifest.json' },
      { tagName: 'meta', name: 'theme-color', content: '#2257c7' },
    ],
  };
}

/** Every page and file "Save for offline" fetches, for the build in `outDir` and its routes. */
export function offlineManifest(outDir: string, routesPaths: readonly string[]): OfflineManifest {
  const htmlOf = (route: string): string => path.join(outDir, route, 'index.html');
  const pages = [...new Set(routesPaths)]
    .filter((route) => !route.includes('404') && fs.existsSync(htmlOf(route)))
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  const files = SAVED_FOLDERS.flatMap((folder) => {
    const dir = path.join(outDir, folder);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !NOT_SAVED.test(entry.name))
      .map((entry) => `/${path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
  }).sort();
  const bytes = [...pages.map(htmlOf), ...files.map((file) => path.join(outDir, file))].reduce(
    (sum, file) => sum + fs.statSync(file).size,
    0,
  );
  return { pages, files, bytes };
}

/** Docusaurus plugin factory; see the file comment. */
export default function offlinePlugin(context: LoadContext): ParticipatingPlugin {
  outDirOfBuild = context.outDir;
  return {
    name: 'offline',
    postBuildSteps({ routesPaths }) {
      return [
        {
          kind: 'folder',
          name: 'offline-manifest',
          run: async (outDir) => {
            const manifest = offlineManifest(outDir, routesPaths);
            await fs.promises.writeFile(path.join(outDir, OFFLINE_MANIFEST_PATH), JSON.stringify(manifest));
            console.info(
              `[offline] ${OFFLINE_MANIFEST_PATH}: ${String(manifest.pages.length)} pages, ${String(manifest.files.length)} files, ${String(manifest.bytes)} bytes`,
            );
          },
        },
      ];
    },
  };
}
