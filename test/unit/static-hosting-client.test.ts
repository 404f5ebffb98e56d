/* eslint-disable @typescript-eslint/no-implied-eval -- the Function constructor is what is tested */
/**
 * The static-hosting client module in a production page: the Function constructor refuses, as
 * the Content-Security-Policy would, and everything else about functions still works.
 */
import { afterEach, expect, it, vi } from 'vitest';

const nativeFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = nativeFunction;
  vi.unstubAllEnvs();
  vi.resetModules();
});

it('makes Function("…") and new Function("…") throw EvalError in a production page', async () => {
  vi.stubEnv('NODE_ENV', 'production');
  await import('../../plugins/static-hosting/client');
  expect(() => Function('return 1')).toThrow(EvalError);
  expect(() => new Function('')).toThrow(EvalError);
  const arrow = (): number => 1;
  expect(arrow instanceof Function).toBe(true);
  expect(Function.prototype.toString.call(arrow)).toContain('=>');
});

it('leaves the Function constructor alone outside production', async () => {
  vi.stubEnv('NODE_ENV', 'development');
  await import('../../plugins/static-hosting/client');
  const make = Function as unknown as (body: string) => () => number;
  expect(make('return 1')()).toBe(1);
});
