#!/usr/bin/env node
/**
 * Runs the site's postBuild hooks on a copy of an existing build, without building: for working
 * on the post-build steps and for timing them.
 *
 * Usage: node scripts/post-build.mjs <build dir> [--out DIR] [--workers N] [--site DIR] [--sequential]
 *        node scripts/post-build.mjs <build dir> --compare-workers 0,1,2,3 [--rounds N]
 *
 * 1. Copies <build dir> to --out (default: a new temporary folder), leaving out everything the
 *    postBuild hooks write (`.br`, `.gz`, twins, llms files, the feed, the search index, the
 *    sitemap, `security-headers.json`), so the copy is what the server render left.
 * 2. Loads the site at --site (default: this checkout) as `docusaurus build` does, with the copy
 *    as its output folder (this runs every plugin's loadContent and writes `.docusaurus/`).
 * 3. Calls every plugin's postBuild side by side, as Docusaurus does; with --sequential, one after
 *    another, printing each one's wall and CPU time. --workers sets the post-build plugin's worker
 *    threads (through POST_BUILD_WORKERS).
 *
 * The copy is left in place for inspection; its path is printed last.
 *
 * With --compare-workers, step 3 instead runs only the pipeline's page phase (every page read,
 * parsed and handed to every page step; no whole-site output, nothing written), once per worker
 * count per round, the counts in turn so that a change in the machine's load touches each alike,
 * and prints each run's wall and CPU time and the median per count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    workers: { type: 'string' },
    site: { type: 'string', default: path.join(here, '..') },
    sequential: { type: 'boolean', default: false },
    'compare-workers': { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});
const [source] = positionals;
if (source === undefined) {
  console.error('usage: node scripts/post-build.mjs <build dir> [--out DIR] [--workers N] [--site DIR] [--sequential]');
  process.exit(2);
}
if (values.workers !== undefined) process.env.POST_BUILD_WORKERS = values.workers;

/** Whether a file of a build is written by a postBuild hook (so it is left out of the copy). */
function isPostBuildOutput(relative) {
  const base = path.basename(relative);
  return (
    /\.(br|gz|md)$/.test(base) ||
    ['llms.txt', 'llms-full.txt', 'security-headers.json', 'sitemap.xml', 'atom.xml', 'opensearch.xml'].includes(
      base,
    ) ||
    relative.split(path.sep)[0] === 'pagefind'
  );
}

const siteDir = path.resolve(values.site);
const outDir = path.resolve(values.out ?? fs.mkdtempSync(path.join(os.tmpdir(), 'post-build-run-')));
fs.rmSync(outDir, { recursive: true, force: true });
fs.cpSync(path.resolve(source), outDir, {
  recursive: true,
  filter: (file) => !isPostBuildOutput(path.relative(path.resolve(source), file)),
});

const require = createRequire(path.join(siteDir, 'package.json'));
process.env.NODE_ENV = 'production';
process.env.BABEL_ENV = 'production';
const { loadSite } = require('@docusaurus/core/lib/server/site');
const loadStart = performance.now();
const site = await loadSite({ siteDir, outDir, locale: 'en' });
console.log(`[post-build.mjs] site loaded in ${String(Math.round(performance.now() - loadStart))} ms`);
const { props } = site;
const hookProps = { ...props, head: {}, routesBuildMetadata: {} };

const cpuMs = () => {
  const usage = process.cpuUsage();
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (usage.user + usage.system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10;
};
if (values['compare-workers'] !== undefined) {
  const { default: createJiti } = await import('jiti');
  const jiti = createJiti(fileURLToPath(import.meta.url), { interopDefault: true });
  const { runPipeline } = jiti(path.join(here, '../plugins/post-build/pipeline.ts'));
  const steps = props.plugins
    .filter((plugin) => typeof plugin.postBuildSteps === 'function')
    .flatMap((plugin) => plugin.postBuildSteps(hookProps))
    .filter((step) => step.kind === 'page')
    .map((step) => ({ ...step, writeSite: () => undefined }));
  const counts = values['compare-workers'].split(',').map(Number);
  const runs = new Map(counts.map((count) => [count, []]));
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const workers of counts) {
      const timings = await runPipeline({
        outDir,
        routesPaths: props.routesPaths,
        steps,
        workers,
        log: () => undefined,
      });
      runs.get(workers).push(timings.pages);
      const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      console.log(
        `[post-build.mjs] ${String(workers)} workers: ${String(timings.pages.wallMs)} ms wall, ${String(timings.pages.cpuMs)} ms CPU (load ${load})`,
      );
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  for (const [workers, list] of runs)
    console.log(
      `[post-build.mjs] page phase, ${String(workers)} workers, median of ${String(list.length)}: ${String(median(list.map((t) => t.wallMs)))} ms wall, ${String(median(list.map((t) => t.cpuMs)))} ms CPU`,
    );
  console.log(outDir);
  process.exit(0);
}
const withPostBuild = props.plugins.filter((plugin) => plugin.postBuild);
const start = { wall: performance.now(), cpu: cpuMs() };
if (values.sequential) {
  for (const plugin of withPostBuild) {
    const at = { wall: performance.now(), cpu: cpuMs() };
    await plugin.postBuild({ ...hookProps, content: plugin.content });
    console.log(
      `[post-build.mjs] ${plugin.name}: ${String(Math.round(performance.now() - at.wall))} ms wall, ${String(Math.round(cpuMs() - at.cpu))} ms CPU`,
    );
  }
} else {
  await Promise.all(withPostBuild.map((plugin) => plugin.postBuild({ ...hookProps, content: plugin.content })));
}
console.log(
  `[post-build.mjs] all postBuild hooks (${withPostBuild.map((plugin) => plugin.name).join(', ')}): ${String(Math.round(performance.now() - start.wall))} ms wall, ${String(Math.round(cpuMs() - start.cpu))} ms CPU`,
);
console.log(outDir);
