#!/usr/bin/env node
/**
 * `npm test`: every check of the project, two at a time where they do not depend on each other,
 * then the summary (`scripts/test-summary.mjs`): each step's wall and CPU time, and the closing
 * line CI reads.
 *
 * The steps are the package's own npm scripts ({@link STEPS}). A step starts once the steps it
 * comes `after` have ended and the steps it `needs` have passed; a step whose need failed is not
 * run and counts as failed. Steps whose servers would listen on the same port never run together.
 * Each step's output is kept in `test-results/logs/<step>.log` and printed whole when it ends, so
 * the output of two steps never interleaves; a step that fails prints its output again at the end.
 *
 * Environment: `TEST_JOBS` (steps run at once, 2 by default; 1 runs them one after the other in the
 * order of {@link STEPS}), and the suites' own `E2E_PORT`, `HTTP_TEST_PORT`, `COMPAT_PORT`.
 *
 * Exits 0 when every step passed and the summary counts no failed test, 1 otherwise.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const LOGS = path.join(RESULTS, 'logs');

/** Where the summary reads the steps' times. */
export const TIMINGS_FILE = path.join(RESULTS, 'timings.json');

/**
 * @typedef {object} Step
 * @property {string} name - the npm script it runs.
 * @property {string[]} [after] - steps that must have ended first (they share files while running).
 * @property {string[]} [needs] - steps that must have passed first (it tests their output).
 * @property {number[]} [ports] - loopback ports its servers listen on.
 */

const e2ePort = Number(process.env.E2E_PORT ?? 3210);
const httpPort = Number(process.env.HTTP_TEST_PORT ?? 3402);
const compatPort = Number(process.env.COMPAT_PORT ?? e2ePort + 2);

/**
 * The steps, in the order they start when free to: the catalog pages first (every build and the
 * unit tests regenerate them, which is safe side by side only once they exist), then the longest
 * chain (the two site builds, then the browser tests, the longest suite, which need both) before
 * what fills the gaps. `nginx:prepare` is the one place that readies `build/` for nginx before the suites that
 * serve it start.
 * @type {Step[]}
 */
export const STEPS = [
  { name: 'generate:catalog' },
  { name: 'typecheck' },
  { name: 'build', after: ['generate:catalog'] },
  { name: 'build:fixtures', after: ['generate:catalog'] },
  { name: 'nginx:prepare', needs: ['build'] },
  { name: 'test:e2e', needs: ['nginx:prepare', 'build:fixtures'], ports: [e2ePort, e2ePort + 1] },
  { name: 'lint' },
  { name: 'build:compat' },
  { name: 'test:unit', after: ['generate:catalog'] },
  { name: 'test:contract', needs: ['build'] },
  { name: 'test:http', needs: ['nginx:prepare'], ports: [httpPort, httpPort + 1, httpPort + 2] },
  { name: 'test:compat', after: ['build:compat'], ports: [compatPort, compatPort + 1] },
];

/**
 * Runs one npm script with its output captured (and kept in `test-results/logs/<script>.log`), and
 * the CPU time of everything it started.
 * The shell's `times` builtin reports the user and system CPU of its finished children (npm and
 * all it waited for), on file descriptor 3.
 * @returns {Promise<{ code: number, output: string, cpuSeconds: number }>}
 */
function runScript(name) {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'npm run "$1"; code=$?; times >&3; exit $code', 'sh', name], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const chunks = [];
    let times = '';
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString('utf8') + (signal ? `\n(stopped by ${signal})\n` : '');
      fs.writeFileSync(path.join(LOGS, `${name.replaceAll(':', '-')}.log`), output);
      // Second line of `times`: the children's user and system time, as "1m2.5s 0m3.1s".
      const seconds = [...(times.split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (sum, [, minutes, secs]) => sum + Number(minutes) * 60 + Number(secs),
        0,
      );
      resolve({ code: code ?? 1, output, cpuSeconds: seconds });
    });
  });
}

/** Prints a block of a step's output under a header line. */
function printBlock(title, output) {
  process.stdout.write(`\n━━ ${title} ━━\n${output.endsWith('\n') || output === '' ? output : `${output}\n`}`);
}

/**
 * Runs `steps` as their order, dependencies, ports and `jobs` allow.
 * @param {{ steps: Step[], jobs: number, run?: typeof runScript, print?: (title: string, output: string) => void,
 *   log?: (line: string) => void }} options - `jobs`: steps at once, at least 1; `run`: runs one
 *   step ({@link runScript} by default); `print`: shows a step's output under a title; `log`: one
 *   line when a step starts.
 * @returns {Promise<{ name: string, status: 'passed' | 'failed' | 'not run', wallSeconds: number,
 *   cpuSeconds: number, startSeconds: number }[]>} one record per step, in the order of `steps`.
 */
export async function runSteps({ steps, jobs, run = runScript, print = printBlock, log = console.log }) {
  const started = Date.now();
  /** @type {Map<string, { name: string, status: string, wallSeconds: number, cpuSeconds: number, startSeconds: number }>} */
  const done = new Map();
  const running = new Map();
  const waiting = [...steps];
  const failedOutputs = [];
  const portsInUse = () =>
    new Set([...running.keys()].flatMap((name) => steps.find((s) => s.name === name)?.ports ?? []));

  return new Promise((resolve) => {
    const schedule = () => {
      // Steps whose needs failed (or were not run) are settled as not run.
      for (const step of [...waiting]) {
        const unmet = (step.needs ?? []).filter((need) => done.has(need) && done.get(need).status !== 'passed');
        if (unmet.length === 0) continue;
        waiting.splice(waiting.indexOf(step), 1);
        done.set(step.name, { name: step.name, status: 'not run', wallSeconds: 0, cpuSeconds: 0, startSeconds: 0 });
        print(`${step.name}: not run, because ${unmet.join(' and ')} did not pass`, '');
      }
      for (const step of [...waiting]) {
        if (running.size >= jobs) break;
        const ready = [...(step.after ?? []), ...(step.needs ?? [])].every((name) => done.has(name));
        const busy = portsInUse();
        if (!ready || (step.ports ?? []).some((port) => busy.has(port))) continue;
        waiting.splice(waiting.indexOf(step), 1);
        const startSeconds = (Date.now() - started) / 1000;
        log(`▶ ${step.name} (at ${startSeconds.toFixed(0)} s)`);
        const promise = run(step.name).then(({ code, output, cpuSeconds }) => {
          const wallSeconds = (Date.now() - started) / 1000 - startSeconds;
          const status = code === 0 ? 'passed' : 'failed';
          print(`${step.name}: ${status} in ${wallSeconds.toFixed(1)} s`, output);
          if (status === 'failed') failedOutputs.push({ name: step.name, output });
          running.delete(step.name);
          done.set(step.name, { name: step.name, status, wallSeconds, cpuSeconds, startSeconds });
          schedule();
        });
        running.set(step.name, promise);
      }
      if (running.size === 0 && waiting.length > 0) {
        // Nothing can start: a dependency names a step that does not exist.
        for (const step of waiting.splice(0)) {
          done.set(step.name, { name: step.name, status: 'not run', wallSeconds: 0, cpuSeconds: 0, startSeconds: 0 });
        }
      }
      if (running.size === 0 && waiting.length === 0) {
        for (const { name, output } of failedOutputs) print(`${name} FAILED; its output again`, output);
        resolve(steps.map((step) => done.get(step.name)));
      }
    };
    schedule();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const jobs = Math.max(1, Number.parseInt(process.env.TEST_JOBS ?? '2', 10) || 2);
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(LOGS, { recursive: true });
  const wallStart = Date.now();
  const steps = await runSteps({ steps: STEPS, jobs });
  fs.writeFileSync(
    TIMINGS_FILE,
    `${JSON.stringify({ jobs, wallSeconds: (Date.now() - wallStart) / 1000, steps }, null, 2)}\n`,
  );
  const summary = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/test-summary.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  process.exit(summary === 0 && steps.every((step) => step.status === 'passed') ? 0 : 1);
}
