/**
 * Files that other plugins write in their own `postBuild`, which Docusaurus runs side by side
 * with the pipeline's. Precompression reads the whole folder, so before it runs the pipeline waits
 * until each such file holds exactly what its plugin writes: the plugin's own code renders the
 * file once more into a temporary folder, and the pipeline waits for the build folder's copy to
 * match it. See ARCHITECTURE.md, 'The post-build pipeline'.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadContext, Plugin, Props } from '@docusaurus/types';

import { isParticipant } from './types';

/** The props Docusaurus hands every `postBuild`. */
export type PostBuildHookProps = Parameters<NonNullable<Plugin['postBuild']>>[0];

/** A plugin, not part of the pipeline, that writes files into the build in its own `postBuild`. */
interface OutsideWriter {
  /** The files it writes, relative to the build folder. */
  files: (plugin: Props['plugins'][number]) => string[];
  /** Writes the same files into `outDir` with the plugin's own code, without touching the build. */
  render: (props: PostBuildHookProps, plugin: Props['plugins'][number], outDir: string) => Promise<void>;
}

/** The theme factory of the hosted search; it writes `opensearch.xml` to its context's `outDir`. */
type ThemeFactory = (context: LoadContext) => Plugin;

/** Every plugin of the site that writes files in its own `postBuild`, by plugin name. */
export const OUTSIDE_WRITERS: Readonly<Record<string, OutsideWriter>> = {
  // The hosted search theme: `/opensearch.xml`. Its postBuild writes to the outDir of the context
  // its factory got, so a second instance with another outDir renders the same file elsewhere.
  'docusaurus-theme-search-algolia': {
    files: () => ['opensearch.xml'],
    async render(props, _plugin, outDir) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the theme's CommonJS entry point
      const theme = (require('@docusaurus/theme-search-algolia') as { default: ThemeFactory }).default;
      await theme({ ...props, outDir }).postBuild?.(props);
    },
  },
  // The benchmark's phase timer (scripts/bench/phase-timer-plugin.cjs, only under `npm run bench`):
  // its postBuild notes the time and writes outside the build folder, so there is nothing to wait for.
  'bench-phase-timer': {
    files: () => [],
    async render() {},
  },
  // The official PWA plugin: `/sw.js`, bundled by webpack with a placeholder for the precache list,
  // then rewritten by Workbox's injectManifest with the list. Rendering it again would bundle into
  // the build folder, so this waits for the finished file instead: no placeholder left and the
  // same size and time over two looks 100 ms apart.
  'docusaurus-plugin-pwa': {
    files: () => ['sw.js'],
    async render(props, _plugin, outDir) {
      const worker = path.join(props.outDir, 'sw.js');
      const deadline = Date.now() + OUTSIDE_WRITER_TIMEOUT_MS;
      const look = (): string =>
        fs.existsSync(worker) ? `${String(fs.statSync(worker).size)}:${String(fs.statSync(worker).mtimeMs)}` : '';
      for (;;) {
        const before = look();
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (before !== '' && before === look() && !fs.readFileSync(worker, 'utf8').includes('__WB_MANIFEST')) break;
        if (Date.now() > deadline)
          throw new Error(
            `post-build: docusaurus-plugin-pwa did not finish writing ${worker} within ${String(OUTSIDE_WRITER_TIMEOUT_MS)} ms`,
          );
      }
      fs.copyFileSync(worker, path.join(outDir, 'sw.js'));
    },
  },
  // The sitemap: its postBuild writes to the outDir it is handed.
  'docusaurus-plugin-sitemap': {
    files: (plugin) => [(plugin.options as { filename?: string }).filename ?? 'sitemap.xml'],
    async render(props, plugin, outDir) {
      await plugin.postBuild?.({ ...props, outDir, content: plugin.content });
    },
  },
};

/** How long to wait for another plugin's file before stopping the build, in ms. */
export const OUTSIDE_WRITER_TIMEOUT_MS = 60_000;

/**
 * Waits until every file written by another plugin's `postBuild` is complete in the build folder.
 * @throws Error naming the plugin and the file when it does not match within
 *   {@link OUTSIDE_WRITER_TIMEOUT_MS}, and naming any plugin with a `postBuild` that is neither in
 *   the pipeline nor in {@link OUTSIDE_WRITERS} (what it writes could race with precompression).
 */
export async function awaitOutsideWriters(props: PostBuildHookProps): Promise<void> {
  const others = props.plugins.filter(
    (plugin) => plugin.postBuild !== undefined && plugin.name !== 'post-build' && !isParticipant(plugin),
  );
  const unknown = others.filter((plugin) => !(plugin.name in OUTSIDE_WRITERS)).map((plugin) => plugin.name);
  if (unknown.length > 0)
    throw new Error(
      `post-build: ${unknown.join(', ')} write(s) files in their own postBuild, beside the pipeline; add them to OUTSIDE_WRITERS in plugins/post-build/outside-writers.ts so precompression waits for them`,
    );
  for (const plugin of others) {
    const writer = OUTSIDE_WRITERS[plugin.name];
    if (writer === undefined) continue;
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'post-build-'));
    try {
      await writer.render(props, plugin, tmpDir);
      for (const file of writer.files(plugin)) {
        const expected = fs.readFileSync(path.join(tmpDir, file));
        const target = path.join(props.outDir, file);
        const deadline = Date.now() + OUTSIDE_WRITER_TIMEOUT_MS;
        while (!(fs.existsSync(target) && fs.readFileSync(target).equals(expected))) {
          if (Date.now() > deadline)
            throw new Error(
              `post-build: ${plugin.name} did not finish writing ${target} within ${String(OUTSIDE_WRITER_TIMEOUT_MS)} ms`,
            );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    } finally {
      fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  }
}
