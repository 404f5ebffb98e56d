/**
 * What the "Last updated" dates cost the build, and what a clone without history builds.
 *
 * Two temporary clones of the repository's HEAD (committed files only), each with node_modules
 * linked: a full clone, whose pages get their dates from git history, and a shallow clone
 * (`--depth 1`), which builds without dates. Both are built cold the same number of times; the
 * cost is the difference of the median wall times, and its share of the full clone's build.
 *
 * The shallow builds are also checked, as a writer on a CI runner with a shallow checkout would
 * see them: the build prints the `[last-updated]` warning exactly once, no page shows a date and
 * the sitemap has no `lastmod`. The full clone's pages must show dates, or the comparison would
 * measure nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

import { coldBuild, summarizeBuilds } from './build.mjs';
import { linkNodeModules, makeTempDir, removeTempDir, ROOT } from './workspace.mjs';

/** The prefix of the warning the git-history plugin prints when it shows no dates. */
const NO_HISTORY_WARNING_PREFIX = '[last-updated]';

/**
 * Clones the repository's HEAD into a new temporary folder and links node_modules.
 * @param {string} label part of the folder name
 * @param {string[]} cloneArgs extra `git clone` arguments, such as `['--depth', '1']`
 * @returns {string} the clone's absolute path
 * @throws Error when git fails.
 */
function cloneRepo(label, cloneArgs) {
  const dir = makeTempDir(label);
  try {
    // file:// makes git use its network transport, so --depth is honoured for a local clone.
    execFileSync('git', ['clone', '--quiet', ...cloneArgs, `file://${ROOT}`, dir], { stdio: 'pipe' });
    linkNodeModules(dir);
  } catch (error) {
    removeTempDir(dir);
    throw new Error(`bench: could not clone the repository into ${dir}: ${String(error.stderr ?? error.message)}`);
  }
  return dir;
}

/**
 * Pages of a build folder that show a "Last updated" date, and sitemap entries with a `lastmod`.
 * @param {string} buildDir
 * @returns {{ pagesWithDate: number, sitemapLastmods: number }}
 */
function countDates(buildDir) {
  let pagesWithDate = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html')) {
        const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
        if ($('.theme-last-updated time').length > 0) pagesWithDate += 1;
      }
    }
  };
  walk(buildDir);
  const $sitemap = cheerio.load(fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'), { xml: true });
  return { pagesWithDate, sitemapLastmods: $sitemap('url > lastmod').length };
}

/**
 * Cold builds of a full and of a shallow clone, `runs` each.
 * @param {{ runs: number }} options
 * @returns {{
 *   full: object, shallow: object,
 *   costSeconds: number, costShare: number,
 *   fullDates: { pagesWithDate: number, sitemapLastmods: number },
 *   shallowDates: { pagesWithDate: number, sitemapLastmods: number },
 *   shallowWarnings: number[], otherWarnings: string[],
 * }} full/shallow: measureBuild figures (s, MiB); costSeconds: median wall of full minus shallow,
 *   s; costShare: costSeconds over the full clone's median wall; shallowWarnings: how many times
 *   each shallow build printed the warning; otherWarnings: Docusaurus's own warning lines in them
 * @throws Error when a build fails, when the shallow build shows any date or does not warn exactly
 *   once, or when the full build shows no date.
 */
export function measureLastUpdated({ runs }) {
  const fullDir = cloneRepo('history-full', []);
  const shallowDir = cloneRepo('history-shallow', ['--depth', '1']);
  try {
    console.log(`bench: ${runs} cold builds of a full clone and of a shallow clone, alternately (last-updated cost)…`);
    const shallowWarnings = [];
    /** Every other warning line a shallow build printed (Docusaurus's own `[WARNING]`s). */
    const otherWarnings = new Set();
    const onShallowOutput = (stdout, stderr) => {
      const lines = `${stdout}\n${stderr}`.split('\n');
      shallowWarnings.push(lines.filter((line) => line.includes(NO_HISTORY_WARNING_PREFIX)).length);
      for (const line of lines) if (/\[WARNING\]/.test(line)) otherWarnings.add(line.trim());
    };
    // Alternate the two clones, so that a drift of the machine over the runs (caches, other work)
    // weighs on both alike instead of posing as a cost of the dates.
    const fullSamples = [];
    const shallowSamples = [];
    for (let run = 0; run < runs; run += 1) {
      fullSamples.push(coldBuild(fullDir));
      shallowSamples.push(coldBuild(shallowDir, { onOutput: onShallowOutput }));
    }
    const full = summarizeBuilds(fullSamples);
    const shallow = summarizeBuilds(shallowSamples);
    const fullDates = countDates(path.join(fullDir, 'build'));
    const shallowDates = countDates(path.join(shallowDir, 'build'));
    if (fullDates.pagesWithDate === 0)
      throw new Error('bench: the full clone built no page with a "Last updated" date');
    if (shallowDates.pagesWithDate > 0 || shallowDates.sitemapLastmods > 0) {
      throw new Error(
        `bench: the shallow clone built ${shallowDates.pagesWithDate} pages with a date and ${shallowDates.sitemapLastmods} sitemap lastmod entries; it must build none`,
      );
    }
    if (shallowWarnings.some((count) => count !== 1)) {
      throw new Error(
        `bench: a shallow build must print the ${NO_HISTORY_WARNING_PREFIX} warning once; counts were ${shallowWarnings.join(', ')}`,
      );
    }
    const costSeconds = full.wallSeconds - shallow.wallSeconds;
    return {
      full,
      shallow,
      costSeconds,
      costShare: costSeconds / full.wallSeconds,
      fullDates,
      shallowDates,
      shallowWarnings,
      otherWarnings: [...otherWarnings],
    };
  } finally {
    removeTempDir(fullDir);
    removeTempDir(shallowDir);
  }
}
