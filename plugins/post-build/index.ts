/**
 * Local plugin: the one `postBuild` of the site's own post-build work. It reads each built page
 * once, parses it once into hast and hands the same tree to the steps other plugins register
 * (writer checks, search records, Markdown twins, the release feed, the security-header hashes),
 * in that order; then each step writes its whole-site outputs in the same order. See
 * ARCHITECTURE.md, 'The post-build pipeline'.
 *
 * Each step's wall and CPU time is printed on one line and written to
 * `.docusaurus/post-build-timings.json` (step name → `{ wallMs, cpuMs }`).
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import * as z from 'zod';

import { optionsParser } from '../plugin-options';

import { codeVersion } from './cache';
import { awaitOutsideWriters } from './outside-writers';
import { runPipeline } from './pipeline';
import { isParticipant } from './types';

/** Where, in the generated-files folder (`.docusaurus`), the timings of the last run are written. */
export const TIMINGS_FILE = 'post-build-timings.json';

/**
 * Worker threads that read the pages. On the 2-core machine the site is built on, reading in the
 * main thread was the fastest; see ARCHITECTURE.md, 'The post-build pipeline', for the figures.
 */
export const DEFAULT_WORKERS = 0;

const WORKERS_RANGE = 'a whole number from 0 to 16';

/**
 * What the page steps' code is made of, relative to the site folder: a change to any of these
 * empties the pipeline's cache of page-step results (`cache.ts`).
 */
export const CODE_FOLDERS = ['plugins', 'src'];
export const CODE_FILES = ['package-lock.json', 'site-config.ts', 'docusaurus.config.ts'];

/**
 * Reads the options: `workers`, the worker threads for the page reads (0: the main thread; default
 * {@link DEFAULT_WORKERS}).
 * @throws PluginOptionsError naming the option when `workers` is not a whole number from 0 to 16.
 */
export const parseOptions = optionsParser('post-build', {
  workers: z.int(WORKERS_RANGE).min(0, WORKERS_RANGE).max(16, WORKERS_RANGE).default(DEFAULT_WORKERS),
});

/** Options of the plugin, as the site config writes them. */
export type PostBuildOptions = Partial<ReturnType<typeof parseOptions>>;

/** Docusaurus plugin factory. */
export default function postBuildPlugin(context: LoadContext, options?: unknown): Plugin {
  const { workers } = parseOptions(options);
  return {
    name: 'post-build',
    async postBuild(props) {
      const steps = props.plugins
        .filter((plugin) => isParticipant(plugin))
        .flatMap((plugin) => plugin.postBuildSteps(props));
      await runPipeline({
        outDir: props.outDir,
        routesPaths: props.routesPaths,
        steps,
        workers,
        beforeFolderSteps: () => awaitOutsideWriters(props),
        timingsFile: path.join(context.generatedFilesDir, TIMINGS_FILE),
        // Beside the bundler's persistent cache, so `docusaurus clear` empties both.
        cache: {
          dir: path.join(context.siteDir, 'node_modules', '.cache', 'post-build'),
          version: codeVersion(context.siteDir, CODE_FOLDERS, CODE_FILES),
        },
      });
    },
  };
}
