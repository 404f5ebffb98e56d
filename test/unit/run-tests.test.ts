// @vitest-environment node
/**
 * The `npm test` runner (scripts/run-tests.mjs) with fake steps: what runs when, what a failure
 * stops, and the records the summary prints from.
 */
import { describe, expect, it } from 'vitest';

import { runSteps, STEPS } from '../../scripts/run-tests.mjs';

interface Call {
  name: string;
  start: number;
  end: number;
}

/** Fake steps: each takes `ms` (10 by default) and exits with `codes[name]` (0 by default). */
function fakeRunner(codes: Record<string, number> = {}, ms: Record<string, number> = {}) {
  const calls: Call[] = [];
  let clock = 0;
  const run = async (name: string) => {
    const call = { name, start: (clock += 1), end: 0 };
    calls.push(call);
    await new Promise((resolve) => setTimeout(resolve, ms[name] ?? 10));
    call.end = clock += 1;
    return { code: codes[name] ?? 0, output: `output of ${name}\n`, cpuSeconds: 0.5 };
  };
  return { calls, run };
}

const quiet = { print: () => undefined, log: () => undefined };

/** The most steps that ran at the same time. */
function peak(calls: Call[]): number {
  return Math.max(
    ...calls.map((call) => calls.filter((other) => other.start <= call.start && other.end > call.start).length),
  );
}

describe('runSteps', () => {
  it('runs every step of npm test, at most `jobs` at once, each after what it needs', async () => {
    const { calls, run } = fakeRunner();
    const records = await runSteps({ steps: STEPS, jobs: 2, run, ...quiet });
    expect(records.map((r) => [r.name, r.status])).toEqual(STEPS.map((step) => [step.name, 'passed']));
    expect(peak(calls)).toBe(2);
    const end = (name: string) => calls.find((call) => call.name === name)?.end ?? Infinity;
    for (const step of STEPS) {
      const start = calls.find((call) => call.name === step.name)?.start ?? -1;
      for (const before of [...(step.after ?? []), ...(step.needs ?? [])]) expect(start).toBeGreaterThan(end(before));
    }
  });

  it('runs one at a time, in the listed order, with one job', async () => {
    const { calls, run } = fakeRunner();
    await runSteps({ steps: STEPS, jobs: 1, run, ...quiet });
    expect(calls.map((call) => call.name)).toEqual(STEPS.map((step) => step.name));
    expect(peak(calls)).toBe(1);
  });

  it('does not run what needs a failed step, keeps running the rest, and shows the failure again at the end', async () => {
    const { calls, run } = fakeRunner({ build: 1 });
    const printed: string[] = [];
    const records = await runSteps({
      steps: STEPS,
      jobs: 2,
      run,
      print: (title) => printed.push(title),
      log: () => undefined,
    });
    const status = Object.fromEntries(records.map((r) => [r.name, r.status]));
    expect(status).toMatchObject({
      build: 'failed',
      'nginx:prepare': 'not run',
      'test:contract': 'not run',
      'test:http': 'not run',
      'test:e2e': 'not run',
      typecheck: 'passed',
      'test:unit': 'passed',
      'build:fixtures': 'passed',
      'test:compat': 'passed',
    });
    expect(calls.map((call) => call.name)).not.toContain('test:e2e');
    expect(printed.at(-1)).toBe('build FAILED; its output again');
  });

  it('never runs two steps that listen on the same port together', async () => {
    const { calls, run } = fakeRunner({}, { a: 30, b: 30, c: 30 });
    const steps = [
      { name: 'a', ports: [4000, 4001] },
      { name: 'b', ports: [4001] },
      { name: 'c', ports: [4002] },
    ];
    await runSteps({ steps, jobs: 2, run, ...quiet });
    const a = calls.find((call) => call.name === 'a');
    const b = calls.find((call) => call.name === 'b');
    expect(b?.start).toBeGreaterThan(a?.end ?? Infinity);
    expect(calls.map((call) => call.name)).toEqual(['a', 'c', 'b']);
  });

  it('records wall and CPU seconds of each step that ran', async () => {
    const { run } = fakeRunner({}, { a: 50 });
    const [record] = await runSteps({ steps: [{ name: 'a' }], jobs: 2, run, ...quiet });
    expect(record).toMatchObject({ name: 'a', status: 'passed', cpuSeconds: 0.5 });
    expect(record?.wallSeconds).toBeGreaterThanOrEqual(0.04);
  });
});
