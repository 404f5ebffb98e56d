/**
 * The ordered post-build pipeline: every built page read and parsed once and modelled once
 * (page-model.ts), each page step run over the same page in {@link STEP_ORDER}, then each step's whole-site outputs in the same order, then
 * the folder steps. Concurrent steps (work on a folder nothing else writes, such as compressing
 * the bundler's `assets/`) start first and run beside all that; the folder steps wait for them.
 * Nothing runs side by side with a step that writes what it reads.
 * See ARCHITECTURE.md, 'The post-build pipeline'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';

import { StepCache } from './cache';
import { listFiles, MODEL_STEP, pagesOf, READ_STEP, readPages, type BatchResult, type PageRef } from './page';
import { imageIndexOf, type PageModelInput } from './page-model';
import {
  STEP_ORDER,
  type ConcurrentStep,
  type FolderStep,
  type PageStep,
  type PostBuildStep,
  type SiteContext,
  type StepTiming,
} from './types';

/** Options of {@link runPipeline}. */
export interface PipelineOptions {
  /** The build folder. */
  outDir: string;
  /** Every route of the build. */
  routesPaths: readonly string[];
  /** The steps of every participating plugin, in any order. */
  steps: readonly PostBuildStep[];
  /** Worker threads for the page reads; 0 reads every page in the main thread. */
  workers: number;
  /**
   * Runs after the whole-site outputs and before the folder steps: waits for the files that other
   * plugins write in their own `postBuild`, so precompression reads them whole.
   */
  beforeFolderSteps?: () => Promise<void>;
  /**
   * The cache of page-step results (`cache.ts`): its folder and the version of the code that
   * computes them. A page step whose result for a page's bytes, routes, options and code is
   * cached is not run on that page; a page no step needs is not read. Unset: no cache.
   */
  cache?: { dir: string; version: string };
  /** Where to write the timings as JSON (step → `{wallMs, cpuMs}`); nothing is written when unset. */
  timingsFile?: string;
  /** Prints one line; `console.info` by default. */
  log?: (line: string) => void;
}

/** The name under which waiting for other plugins' `postBuild` files is timed. */
export const OUTSIDE_WRITERS = 'outside-writers';

/** Pages per task handed to a worker: small enough to keep both cores busy to the end. */
const BATCH_SIZE = 24;

/**
 * Pages read in the main thread between two turns of the event loop, so that work it drives beside
 * the page phase (a concurrent step's compression, whose next file starts in a callback) goes on.
 */
const MAIN_THREAD_BATCH_SIZE = 4;

/** CPU time of this process and of its finished child processes, in ms (all threads). */
function processCpuMs(): number {
  const usage = process.cpuUsage();
  let children = 0;
  try {
    // Fields 16 and 17 of /proc/self/stat: CPU of waited-for children, in clock ticks (1/100 s).
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    children = (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    children = 0;
  }
  return (usage.user + usage.system) / 1000 + (Number.isFinite(children) ? children : 0);
}

/** Runs `work` and records its wall time and the CPU time of the whole process and its children. */
async function timed<T>(timings: Record<string, StepTiming>, name: string, work: () => Promise<T> | T): Promise<T> {
  const start = { wall: performance.now(), cpu: processCpuMs() };
  const result = await work();
  timings[name] = { wallMs: performance.now() - start.wall, cpuMs: processCpuMs() - start.cpu };
  return result;
}

/**
 * Puts the steps in {@link STEP_ORDER}.
 * @throws Error naming a step that two plugins register.
 */
export function orderSteps(steps: readonly PostBuildStep[]): PostBuildStep[] {
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.name)) throw new Error(`post-build: two plugins register the step "${step.name}"`);
    seen.add(step.name);
  }
  return [...steps].sort((a, b) => STEP_ORDER.indexOf(a.name) - STEP_ORDER.indexOf(b.name));
}

/** Adds `batch`'s results and timings to `merged`, in order. */
function mergeBatch(merged: BatchResult, batch: BatchResult): void {
  for (const [name, results] of Object.entries(batch.results)) (merged.results[name] ??= []).push(...results);
  for (const [name, timing] of Object.entries(batch.timings)) {
    if (timing === undefined) continue;
    const entry = merged.timings[name] ?? { wallMs: 0, cpuMs: 0 };
    entry.wallMs += timing.wallMs;
    entry.cpuMs += timing.cpuMs;
    merged.timings[name] = entry;
  }
}

/**
 * Reads every page in the main thread, a few at a time, letting the event loop turn between
 * batches (see {@link MAIN_THREAD_BATCH_SIZE}); results in page order.
 */
async function readInMainThread(
  outDir: string,
  pages: readonly PageRef[],
  steps: readonly PageStep[],
  input: PageModelInput,
): Promise<BatchResult> {
  const readers = steps.map((step) => ({ name: step.name, readPage: step.readPage, options: step.options }));
  const merged: BatchResult = { results: Object.fromEntries(steps.map((step) => [step.name, []])), timings: {} };
  for (let at = 0; at < pages.length; at += MAIN_THREAD_BATCH_SIZE) {
    mergeBatch(merged, readPages(outDir, pages.slice(at, at + MAIN_THREAD_BATCH_SIZE), readers, input));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return merged;
}

/** Reads every page with `workers` threads, batch by batch, and merges the results in page order. */
async function readWithWorkers(
  outDir: string,
  pages: readonly PageRef[],
  steps: readonly PageStep[],
  workers: number,
  input: PageModelInput,
): Promise<BatchResult> {
  const pool = new Piscina({ filename: path.join(__dirname, 'worker.cjs'), minThreads: workers, maxThreads: workers });
  const refs = steps.map((step) => ({ name: step.name, pageModule: step.pageModule, options: step.options }));
  try {
    const batches: PageRef[][] = [];
    for (let at = 0; at < pages.length; at += BATCH_SIZE) batches.push(pages.slice(at, at + BATCH_SIZE));
    const done = (await Promise.all(
      batches.map((batch) => pool.run({ outDir, pages: batch, steps: refs, input })),
    )) as BatchResult[];
    const merged: BatchResult = { results: Object.fromEntries(steps.map((step) => [step.name, []])), timings: {} };
    for (const batch of done) mergeBatch(merged, batch);
    return merged;
  } finally {
    await pool.destroy();
  }
}

/** Size and modification time of every file under `folder` of `outDir`, by relative path. */
function folderSnapshot(outDir: string, folder: string): Map<string, string> {
  const root = path.join(outDir, folder);
  const snapshot = new Map<string, string>();
  if (!fs.existsSync(root)) return snapshot;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    snapshot.set(path.relative(outDir, file), `${String(stat.size)}:${String(stat.mtimeMs)}`);
  }
  return snapshot;
}

/**
 * The files that differ between two snapshots of a folder, except those the concurrent step itself
 * may write (`owned`), such as its compressed twins.
 */
function changedFiles(
  before: Map<string, string>,
  after: Map<string, string>,
  owned: (file: string) => boolean,
): string[] {
  const changed: string[] = [];
  for (const [file, stamp] of after) if (!owned(file) && before.get(file) !== stamp) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(file);
  return changed.sort();
}

/** Which page steps each page needs run, and the results the cache already holds. */
interface CachePlan {
  caches: Map<string, StepCache>;
  /** Per page (in page order): the key and, on a hit, the cached result of each step. */
  lookups: Map<string, { key: string; hit: ReturnType<StepCache['get']> }>[];
  /** The pages with at least one step to run, each with those steps' names. */
  toRead: PageRef[];
}

/** Looks every page's step results up in the cache. */
function planFromCache(
  outDir: string,
  pages: readonly PageRef[],
  steps: readonly PageStep[],
  cache: { dir: string; version: string },
): CachePlan {
  const caches = new Map(
    steps.map((step) => [step.name, new StepCache(cache.dir, step.name, step.options, cache.version)]),
  );
  const lookups: CachePlan['lookups'] = [];
  const toRead: PageRef[] = [];
  for (const page of pages) {
    const html = fs.readFileSync(path.join(outDir, page.file));
    const lookup: CachePlan['lookups'][number] = new Map();
    for (const [name, stepCache] of caches) {
      const key = stepCache.key(html, page.routes);
      lookup.set(name, { key, hit: stepCache.get(key) });
    }
    lookups.push(lookup);
    const missing = [...lookup].filter(([, { hit }]) => hit === undefined).map(([name]) => name);
    if (missing.length > 0) toRead.push({ ...page, steps: missing });
  }
  return { caches, lookups, toRead };
}

/**
 * Puts the cached and the fresh results of every step together in page order, stores the fresh
 * ones in the cache and writes each step's cache file.
 * @returns the merged results, and the messages of cache files that could not be written.
 */
function mergeWithCache(
  pages: readonly PageRef[],
  plan: CachePlan,
  fresh: BatchResult,
): { results: BatchResult['results']; warnings: string[] } {
  const results: BatchResult['results'] = {};
  const warnings: string[] = [];
  for (const [name, stepCache] of plan.caches) {
    const freshByFile = new Map(fresh.results[name] ?? []);
    const merged: [string, unknown][] = [];
    pages.forEach((page, index) => {
      const lookup = plan.lookups[index]?.get(name);
      if (lookup === undefined) return;
      if (lookup.hit !== undefined) {
        if (lookup.hit.found) merged.push([page.file, lookup.hit.result]);
        return;
      }
      const found = freshByFile.has(page.file);
      const result = freshByFile.get(page.file);
      stepCache.set(lookup.key, { found, result });
      if (found) merged.push([page.file, result]);
    });
    results[name] = merged;
    const warning = stepCache.save();
    if (warning !== undefined) warnings.push(warning);
  }
  return { results, warnings };
}

/** The fixed log line of one step. */
export function timingLine(name: string, timing: StepTiming): string {
  return `[post-build] ${name}: ${String(Math.round(timing.wallMs))} ms wall, ${String(Math.round(timing.cpuMs))} ms CPU`;
}

/**
 * Runs the pipeline over a build folder.
 *
 * Timings (ms), by key: `read-and-parse`, `page-model` and each page step's name for the page reads (in worker
 * mode, summed over the threads), `<step>:site` for each page step's whole-site outputs,
 * `outside-writers` (waiting for other plugins' files), each concurrent and folder step's name,
 * `pages` (the whole page phase: elapsed wall time, CPU of every thread) and `total`. A concurrent
 * step's entry has its wall time only (CPU 0): its CPU time is counted in the phases it overlaps.
 * @returns the timings.
 * @throws the first error a step throws (a writer check, a page that cannot be converted, ...).
 */
export async function runPipeline(options: PipelineOptions): Promise<Record<string, StepTiming>> {
  const { outDir, routesPaths, workers } = options;
  const log =
    options.log ??
    ((line: string) => {
      console.info(line);
    });
  const timings: Record<string, StepTiming> = {};
  const totalStart = { wall: performance.now(), cpu: processCpuMs() };
  const steps = orderSteps(options.steps);
  const pageSteps = steps.filter((step): step is PageStep => step.kind === 'page');
  const folderSteps = steps.filter((step): step is FolderStep => step.kind === 'folder');
  const concurrentSteps = steps.filter((step): step is ConcurrentStep => step.kind === 'concurrent');

  const files = listFiles(outDir);
  const pages = pagesOf(outDir, files, routesPaths);
  // What every page's model needs of the whole build: each image file hashed once.
  const input: PageModelInput = { images: imageIndexOf(outDir, files) };
  const concurrent = concurrentSteps.map((step) => {
    const before = folderSnapshot(outDir, step.folder);
    const start = performance.now();
    const done = step.run(outDir).then(() => {
      timings[step.name] = { wallMs: performance.now() - start, cpuMs: 0 };
    });
    // Awaited before the folder steps; a rejection is reported there, not as unhandled.
    done.catch(() => undefined);
    return { step, before, done };
  });
  const read = await timed(timings, 'pages', async () => {
    const plan = options.cache === undefined ? undefined : planFromCache(outDir, pages, pageSteps, options.cache);
    const toRead = plan?.toRead ?? pages;
    const fresh =
      workers > 0
        ? await readWithWorkers(outDir, toRead, pageSteps, workers, input)
        : await readInMainThread(outDir, toRead, pageSteps, input);
    if (plan === undefined) return fresh;
    const { results, warnings } = mergeWithCache(pages, plan, fresh);
    for (const warning of warnings) log(warning);
    log(
      `[post-build] cache: ${String(pages.length - toRead.length)} of ${String(pages.length)} pages reused whole, ${String(toRead.length)} read`,
    );
    return { results, timings: fresh.timings };
  });
  for (const step of pageSteps) {
    let extraCpuMs = 0;
    const site: SiteContext = {
      outDir,
      routesPaths,
      htmlFiles: pages.map((page) => page.file),
      files: new Set(files.map((file) => `/${file}`)),
      addCpuMs: (ms) => {
        extraCpuMs += ms;
      },
    };
    const name = `${step.name}:site`;
    await timed(timings, name, () => step.writeSite(new Map(read.results[step.name] ?? []), site));
    const timing = timings[name];
    if (timing !== undefined) timing.cpuMs += extraCpuMs;
  }
  if (options.beforeFolderSteps !== undefined) await timed(timings, OUTSIDE_WRITERS, options.beforeFolderSteps);
  for (const { step, before, done } of concurrent) {
    await done;
    const changed = changedFiles(before, folderSnapshot(outDir, step.folder), (file) => /\.(?:br|gz)$/.test(file));
    if (changed.length > 0) {
      throw new Error(
        `post-build: the step "${step.name}" works on ${step.folder}/ beside the other steps, but the build changed files there meanwhile: ${changed.slice(0, 5).join(', ')}`,
      );
    }
  }
  for (const step of folderSteps) await timed(timings, step.name, () => step.run(outDir));
  timings.total = { wallMs: performance.now() - totalStart.wall, cpuMs: processCpuMs() - totalStart.cpu };

  const ordered: Record<string, StepTiming> = {};
  const pageTiming = (name: string): StepTiming => read.timings[name] ?? { wallMs: 0, cpuMs: 0 };
  ordered[READ_STEP] = pageTiming(READ_STEP);
  ordered[MODEL_STEP] = pageTiming(MODEL_STEP);
  for (const step of pageSteps) ordered[step.name] = pageTiming(step.name);
  for (const step of pageSteps) ordered[`${step.name}:site`] = timings[`${step.name}:site`] ?? { wallMs: 0, cpuMs: 0 };
  if (timings[OUTSIDE_WRITERS] !== undefined) ordered[OUTSIDE_WRITERS] = timings[OUTSIDE_WRITERS];
  for (const { step } of concurrent) ordered[step.name] = timings[step.name] ?? { wallMs: 0, cpuMs: 0 };
  for (const step of folderSteps) ordered[step.name] = timings[step.name] ?? { wallMs: 0, cpuMs: 0 };
  ordered.pages = timings.pages ?? { wallMs: 0, cpuMs: 0 };
  ordered.total = timings.total;
  log(
    `[post-build] ${String(pages.length)} pages, ${workers > 0 ? `${String(workers)} worker threads` : 'no worker threads'}`,
  );
  for (const [name, timing] of Object.entries(ordered)) {
    ordered[name] = { wallMs: Math.round(timing.wallMs), cpuMs: Math.round(timing.cpuMs) };
    log(timingLine(name, timing));
  }
  if (options.timingsFile !== undefined) {
    fs.mkdirSync(path.dirname(options.timingsFile), { recursive: true });
    fs.writeFileSync(options.timingsFile, `${JSON.stringify(ordered, null, 2)}\n`);
  }
  return ordered;
}
