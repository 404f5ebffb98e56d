/**
 * Cold production builds under GNU time, shared by the site's own build figures, the stock
 * Docusaurus floor and the scaling curve, so all three are measured the same way.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { median } from './stats.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Docusaurus CLI of this repository; temporary sites link the same node_modules. */
export const DOCUSAURUS = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

/**
 * @typedef {object} BuildSample
 * @property {number} wallSeconds elapsed wall-clock time, s
 * @property {number} cpuSeconds user + system CPU time of the build and its children, s
 * @property {number} peakMemoryMiB largest resident set size of any one process of the build, MiB
 * @property {number | null} otherCpuSeconds CPU time the rest of the machine used while the build ran,
 *   s (from /proc/stat; null where there is none). Other work makes wall times longer.
 */

/** CPU time the whole machine has spent busy (not idle or waiting for I/O), s; null without /proc. */
function machineBusySeconds() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * Runs `docusaurus clear`, then one `docusaurus build` of `siteDir` under `/usr/bin/time -v`.
 * @param {string} siteDir the site's folder (holds docusaurus.config.*)
 * @param {{ onOutput?: (stdout: string, stderr: string) => void }} [options] onOutput receives
 *   the build's whole output (GNU time's figures included in stderr), for checks on what it printed
 * @returns {BuildSample}
 * @throws Error with the tail of the build's output when clear or build fails.
 */
export function coldBuild(siteDir, options = {}) {
  try {
    execFileSync(process.execPath, [DOCUSAURUS, 'clear'], { cwd: siteDir, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`bench: docusaurus clear failed in ${siteDir}: ${String(error.stderr ?? error.message)}`);
  }
  const busyBefore = machineBusySeconds();
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, DOCUSAURUS, 'build'], {
    cwd: siteDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.error) throw new Error(`bench: could not run /usr/bin/time in ${siteDir}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`bench: build failed in ${siteDir}:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-4000)}`);
  }
  const field = (label) => {
    const line = result.stderr.split('\n').find((l) => l.trim().startsWith(label));
    return line ? line.split(': ').pop().trim() : '';
  };
  const wall = field('Elapsed (wall clock) time').split(':').map(Number);
  const wallSeconds = wall.reduce((total, part) => total * 60 + part, 0);
  const sample = {
    wallSeconds,
    cpuSeconds: Number(field('User time (seconds)')) + Number(field('System time (seconds)')),
    peakMemoryMiB: Number(field('Maximum resident set size (kbytes)')) / 1024,
  };
  if (Object.values(sample).some((value) => !Number.isFinite(value) || value <= 0)) {
    throw new Error(`bench: could not read GNU time's figures for ${siteDir}:\n${result.stderr.slice(-2000)}`);
  }
  options.onOutput?.(result.stdout, result.stderr);
  const busyAfter = machineBusySeconds();
  const otherCpuSeconds =
    busyBefore === null || busyAfter === null ? null : Math.max(0, busyAfter - busyBefore - sample.cpuSeconds);
  return { ...sample, otherCpuSeconds };
}

/**
 * Median figures of some cold builds (each figure's median on its own).
 * @param {BuildSample[]} samples at least one
 * @returns {BuildSample & { runs: number, samples: BuildSample[] }} otherCpuSeconds: the most of any run
 */
export function summarizeBuilds(samples) {
  return {
    runs: samples.length,
    wallSeconds: median(samples.map((s) => s.wallSeconds)),
    cpuSeconds: median(samples.map((s) => s.cpuSeconds)),
    peakMemoryMiB: median(samples.map((s) => s.peakMemoryMiB)),
    otherCpuSeconds: samples.some((s) => s.otherCpuSeconds === null)
      ? null
      : Math.max(...samples.map((s) => s.otherCpuSeconds)),
    samples,
  };
}

/**
 * Median figures of `runs` cold builds of `siteDir` (see {@link summarizeBuilds}).
 * @param {string} siteDir
 * @param {number} runs
 * @returns {BuildSample & { runs: number, samples: BuildSample[] }}
 */
export function measureBuild(siteDir, runs) {
  if (!(runs >= 1)) throw new Error(`bench: the number of build runs must be at least 1, got ${runs}`);
  return summarizeBuilds(Array.from({ length: runs }, () => coldBuild(siteDir)));
}

/**
 * Counts the .html files under a build folder.
 * @param {string} buildDir
 * @returns {number}
 * @throws Error when the folder does not exist.
 */
export function countHtmlPages(buildDir) {
  if (!fs.existsSync(buildDir)) throw new Error(`bench: no build folder at ${buildDir}`);
  let count = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name.endsWith('.html')) count += 1;
    }
  };
  walk(buildDir);
  return count;
}
