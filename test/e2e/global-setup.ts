/**
 * Serves build/ on 127.0.0.1 with `docusaurus serve` for the browser tests, and stops it after.
 * When `build-fixtures/` exists (`npm run build:fixtures`, part of `npm test`), it is served too,
 * on the next port, for the hosted-search and analytics tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import fixtureBuild from './fixtures/fixture-build.json';

const ROOT = path.resolve(__dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3210);

/** The build made with test search credentials and a test analytics id (scripts/build-fixtures.mjs). */
const FIXTURE_BUILD_DIR = fixtureBuild.outDir;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Origin of the fixture build (hosted search and analytics on), or '' when it was not built. */
    fixtureBaseUrl: string;
  }
}

/** Starts `docusaurus serve` for `dir` (relative to the repo) on 127.0.0.1:`port`. */
function serve(dir: string, port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'serve',
      '--dir',
      dir,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`e2e: the server at ${url} did not answer within ${String(timeoutMs)} ms`);
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!fs.existsSync(path.join(ROOT, 'build', 'index.html'))) {
    throw new Error('e2e: build/ is missing; run `npm run build` before the browser tests');
  }
  const servers = [serve('build', PORT)];
  const baseUrl = `http://127.0.0.1:${String(PORT)}`;
  await waitForServer(`${baseUrl}/`, 30_000);
  project.provide('baseUrl', baseUrl);
  let fixtureBaseUrl = '';
  if (fs.existsSync(path.join(ROOT, FIXTURE_BUILD_DIR, 'index.html'))) {
    servers.push(serve(FIXTURE_BUILD_DIR, PORT + 1));
    fixtureBaseUrl = `http://127.0.0.1:${String(PORT + 1)}`;
    await waitForServer(`${fixtureBaseUrl}/`, 30_000);
  }
  project.provide('fixtureBaseUrl', fixtureBaseUrl);
  return () => {
    for (const server of servers) server.kill();
  };
}
