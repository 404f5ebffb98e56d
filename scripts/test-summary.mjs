#!/usr/bin/env node
/**
 * The end of `npm test` (run by `scripts/run-tests.mjs`): a table of each step with its status, its
 * wall time and the CPU time of everything it started (s), read from `test-results/timings.json`;
 * then the Vitest JSON reports of `test-results/` added up into one closing line for CI,
 * "tests: N passed, N failed, N skipped".
 *
 * Exits 1 when a test failed, 0 otherwise (a step that failed without a failed test is the runner's
 * to report).
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('test-results');

const timingsFile = path.join(dir, 'timings.json');
if (fs.existsSync(timingsFile)) {
  const timings = JSON.parse(fs.readFileSync(timingsFile, 'utf8'));
  const width = Math.max(...timings.steps.map((step) => step.name.length), 'step'.length);
  const row = (name, status, start, wall, cpu) =>
    `${name.padEnd(width)}  ${status.padEnd(7)}  ${start.padStart(7)}  ${wall.padStart(7)}  ${cpu.padStart(7)}`;
  console.log(`\nSteps (${String(timings.jobs)} at a time; seconds):`);
  console.log(row('step', 'status', 'start', 'wall', 'CPU'));
  for (const step of timings.steps) {
    const ran = step.status !== 'not run';
    const figure = (value) => (ran ? value.toFixed(1) : '-');
    console.log(
      row(step.name, step.status, figure(step.startSeconds), figure(step.wallSeconds), figure(step.cpuSeconds)),
    );
  }
  const cpu = timings.steps.reduce((sum, step) => sum + step.cpuSeconds, 0);
  console.log(row('all', '', '', timings.wallSeconds.toFixed(1), cpu.toFixed(1)));
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!name.endsWith('.json') || name === 'timings.json') continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
