/**
 * Cold production builds under GNU time, shared by the site's own build figures, the stock
 * Docusaurus floor and the scaling curve, so all three are measured the same way.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
 * @property {Phases | null} phases the build's phases (null when the site's config does not load
 *   the phase timer)
 */

/**
 * A build cut into phases by `phase-timer-plugin.cjs`: each with its wall and CPU time, s (the
 * client and server bundles overlap, so they have wall time only), and the post-build steps the
 * site's post-build pipeline timed itself (`.docusaurus/post-build-timings.json`), if any.
 * @typedef {{
 *   config: Span, loadContent: Span, bundle: Span, clientBundle: Span, serverBundle: Span,
 *   staticGeneration: Span, postBuild: Span, postBuildSteps: Record<string, Span>,
 * }} Phases
 * @typedef {{ wallSeconds: number, cpuSeconds: number | null }} Span
 */

/** The file name of the post-build pipeline's own step timings, in the generated-files folder. */
export const POST_BUILD_TIMINGS_FILE = 'post-build-timings.json';

/**
 * The phases of one build from the phase timer's marks (see phase-timer-plugin.cjs).
 * @param {{ marks: Record<string, {wallMs: number, cpuMs: number}>, compilers: Record<string, {wallMs: number, cpuMs: number}> }} recorded
 * @param {Record<string, {wallMs: number, cpuMs: number}>} [steps] post-build step timings, ms
 * @returns {Phases}
 * @throws Error naming the missing mark when the build did not pass through every phase.
 */
export function phasesOf(recorded, steps = {}) {
  const { marks, compilers } = recorded;
  const at = (table, name) => {
    const value = table[name];
    if (!value) throw new Error(`bench: the phase timer recorded no "${name}" mark`);
    return value;
  };
  const span = (from, to, withCpu = true) => ({
    wallSeconds: (to.wallMs - from.wallMs) / 1000,
    cpuSeconds: withCpu ? (to.cpuMs - from.cpuMs) / 1000 : null,
  });
  const clientDone = at(compilers, 'clientDone');
  const serverDone = at(compilers, 'serverDone');
  const bundled = clientDone.wallMs > serverDone.wallMs ? clientDone : serverDone;
  return {
    config: span(at(marks, 'start'), at(marks, 'factory')),
    loadContent: span(at(marks, 'factory'), at(marks, 'allContentLoaded')),
    bundle: span(at(marks, 'allContentLoaded'), bundled),
    clientBundle: span(at(compilers, 'clientStart'), clientDone, false),
    serverBundle: span(at(compilers, 'serverStart'), serverDone, false),
    staticGeneration: span(bundled, at(marks, 'postBuild')),
    postBuild: span(at(marks, 'postBuild'), at(marks, 'exit')),
    postBuildSteps: Object.fromEntries(
      Object.entries(steps).map(([name, step]) => [
        name,
        { wallSeconds: step.wallMs / 1000, cpuSeconds: step.cpuMs / 1000 },
      ]),
    ),
  };
}

function readJson(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

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
 * @param {{ onOutput?: (stdout: string, stderr: string) => void, clear?: boolean }} [options]
 *   onOutput receives the build's whole output (GNU time's figures included in stderr), for checks
 *   on what it printed; `clear: false` keeps the caches of the last build (a build after an edit)
 * @returns {BuildSample}
 * @throws Error with the tail of the build's output when clear or build fails.
 */
export function coldBuild(siteDir, options = {}) {
  try {
    if (options.clear !== false) execFileSync(process.execPath, [DOCUSAURUS, 'clear'], { cwd: siteDir, stdio: 'pipe' });
  } catch (error) {
    throw new Error(`bench: docusaurus clear failed in ${siteDir}: ${String(error.stderr ?? error.message)}`);
  }
  const busyBefore = machineBusySeconds();
  const phasesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-phases-')), 'phases.json');
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, DOCUSAURUS, 'build'], {
    cwd: siteDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', BENCH_PHASES_FILE: phasesFile },
  });
  const recorded = readJson(phasesFile);
  fs.rmSync(path.dirname(phasesFile), { recursive: true, force: true });
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
  const steps = readJson(path.join(siteDir, '.docusaurus', POST_BUILD_TIMINGS_FILE));
  return { ...sample, otherCpuSeconds, phases: recorded ? phasesOf(recorded, steps) : null };
}

/** Median of each phase's wall and CPU time over `samples` (null when a sample has no phases). */
function medianPhases(samples) {
  if (samples.some((sample) => sample.phases === null)) return null;
  const medianSpan = (spans) => ({
    wallSeconds: median(spans.map((span) => span.wallSeconds)),
    cpuSeconds: spans.some((span) => span.cpuSeconds === null) ? null : median(spans.map((span) => span.cpuSeconds)),
  });
  const first = samples[0].phases;
  const phases = {};
  for (const name of Object.keys(first)) {
    if (name === 'postBuildSteps') continue;
    phases[name] = medianSpan(samples.map((sample) => sample.phases[name]));
  }
  phases.postBuildSteps = Object.fromEntries(
    Object.keys(first.postBuildSteps).map((step) => [
      step,
      medianSpan(samples.map((sample) => sample.phases.postBuildSteps[step] ?? { wallSeconds: 0, cpuSeconds: 0 })),
    ]),
  );
  return phases;
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
    phases: medianPhases(samples),
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
