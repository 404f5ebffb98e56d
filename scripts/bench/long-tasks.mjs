/**
 * Main-thread tasks of the sample pages' first load, from a Chromium performance trace: what
 * Lighthouse's total blocking time (TBT) is made of, measured in CPU time so that other work on a
 * shared machine does not inflate it.
 *
 * Each page is loaded in a fresh context at Lighthouse's mobile viewport, without CPU throttling
 * (as Lighthouse records its own trace); the trace is read for the renderer's main thread. A task
 * counts as long when its thread time times 4 (Lighthouse's mobile CPU slowdown) exceeds 50 ms,
 * and its blocking time is the excess over 50 ms, as in TBT. For each long task the report names
 * what ran at its top level: script evaluation, a function call of a script, style and layout.
 * Figures are the medians of `runs` loads.
 */
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium-config.mjs';
import { serveBuild } from './lighthouse.mjs';
import { median } from './stats.mjs';

/** Lighthouse's mobile CPU slowdown, and the length above which a task blocks (ms). */
export const CPU_SLOWDOWN = 4;
export const LONG_TASK_MS = 50;

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading'];

/** The top-level trace events a task is summarised by. */
const KINDS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'FireAnimationFrame',
  'MajorGC',
  'MinorGC',
]);

/**
 * @typedef {object} LongTask
 * @property {number} atMs start, ms after the document request
 * @property {number} threadMs CPU time of the main thread in the task, ms
 * @property {boolean} afterFcp whether it started after the first contentful paint
 * @property {string} what its top-level events over 0.5 ms, such as `EvaluateScript main.1a2b.js 13.1`
 */

/**
 * Reads one trace: the renderer that ran the site's `main.js`, its tasks, and the first
 * contentful paint.
 * @param {{ traceEvents: object[] }} trace Chromium's JSON trace
 * @returns {{ fcpMs: number | null, mainThreadMs: number, longTasks: LongTask[], blockingAfterFcpMs: number }}
 * @throws Error when the trace has no evaluation of `main.js` (the page did not run the site's code).
 */
export function readTrace({ traceEvents }) {
  const evaluation = traceEvents.find(
    (event) => event.name === 'EvaluateScript' && /\/assets\/js\/main\./.test(event.args?.data?.url ?? ''),
  );
  if (!evaluation) throw new Error('bench: long tasks: the trace has no evaluation of main.js');
  const start = Math.min(...traceEvents.filter((event) => event.name === 'ResourceSendRequest').map((e) => e.ts));
  const thread = traceEvents.filter(
    (event) => event.pid === evaluation.pid && event.tid === evaluation.tid && event.ph === 'X',
  );
  const fcp = traceEvents
    .filter((event) => event.name === 'firstContentfulPaint' && event.pid === evaluation.pid && event.ts >= start)
    .sort((a, b) => a.ts - b.ts)[0]?.ts;
  const cpu = (event) => (event.tdur ?? event.dur) / 1000;
  let mainThreadMs = 0;
  let blockingAfterFcpMs = 0;
  const longTasks = [];
  for (const task of thread.filter((event) => event.name === 'RunTask' && event.ts >= start)) {
    mainThreadMs += cpu(task);
    if (cpu(task) * CPU_SLOWDOWN <= LONG_TASK_MS) continue;
    const inside = thread.filter(
      (event) => KINDS.has(event.name) && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur,
    );
    const top = inside.filter(
      (event) =>
        !inside.some(
          (other) => other !== event && other.ts <= event.ts && other.ts + other.dur >= event.ts + event.dur,
        ),
    );
    const what = top
      .filter((event) => cpu(event) > 0.5)
      .map((event) => {
        const url = event.args?.data?.url?.split('/').pop() ?? '';
        return `${event.name}${url ? ` ${url}` : ''} ${cpu(event).toFixed(1)}`;
      })
      .join(', ');
    const afterFcp = fcp !== undefined && task.ts >= fcp;
    if (afterFcp) blockingAfterFcpMs += cpu(task) * CPU_SLOWDOWN - LONG_TASK_MS;
    longTasks.push({ atMs: (task.ts - start) / 1000, threadMs: cpu(task), afterFcp, what });
  }
  return { fcpMs: fcp === undefined ? null : (fcp - start) / 1000, mainThreadMs, longTasks, blockingAfterFcpMs };
}

/**
 * Loads each page `runs` times with a trace and reads its tasks (see the file comment).
 * @param {Record<string, string>} pages page name → route
 * @param {{ buildDir: string, runs?: number }} options
 * @returns {Promise<Record<string, {
 *   route: string,
 *   runs: number,
 *   mainThreadMs: number,
 *   blockingAfterFcpMs: number,
 *   longTasksAfterFcp: number,
 *   longTasks: LongTask[],
 * }>>} medians over the runs (ms; a count for longTasksAfterFcp), and the long tasks of the run
 *   whose blocking time is the median
 */
export async function measureLongTasks(pages, { buildDir, runs = 5 }) {
  const server = await serveBuild(buildDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const results = {};
    for (const [name, route] of Object.entries(pages)) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        try {
          const page = await context.newPage();
          await browser.startTracing(page, { categories: CATEGORIES });
          await page.goto(`${server.origin}${route}`);
          await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          // Effects and idle work that follow hydration.
          await page.waitForTimeout(2_000);
          samples.push(readTrace(JSON.parse((await browser.stopTracing()).toString('utf8'))));
        } finally {
          await context.close();
        }
      }
      const blocking = median(samples.map((sample) => sample.blockingAfterFcpMs));
      const typical = samples.find((sample) => sample.blockingAfterFcpMs === blocking) ?? samples[0];
      results[name] = {
        route,
        runs,
        mainThreadMs: median(samples.map((sample) => sample.mainThreadMs)),
        blockingAfterFcpMs: blocking,
        longTasksAfterFcp: median(samples.map((sample) => sample.longTasks.filter((task) => task.afterFcp).length)),
        longTasks: typical.longTasks,
      };
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { SAMPLE_PAGES } = await import('./sample-pages.mjs');
  const { ROOT } = await import('./workspace.mjs');
  const path = await import('node:path');
  const buildDir = process.env.BENCH_BUILD_DIR ?? path.join(ROOT, 'build');
  console.log(
    JSON.stringify(
      await measureLongTasks(SAMPLE_PAGES, { buildDir, runs: Number(process.env.BENCH_TASK_RUNS ?? 5) }),
      null,
      2,
    ),
  );
}
