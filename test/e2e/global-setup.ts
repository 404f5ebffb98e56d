/**
 * Serves build/ on 127.0.0.1 for the browser tests, and stops it after: through nginx with the
 * production configuration (deploy/nginx.conf: URL rules, caching, compression, the
 * Content-Security-Policy), so every browser test also proves the production server. With
 * `E2E_SERVER=docusaurus` it uses `docusaurus serve` instead, to tell a server problem from a site
 * problem. When `build-fixtures/` exists (`npm run build:fixtures`, part of `npm test`), it is served
 * too, on the next port, for the hosted-search and analytics tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { precompressBuild } from '../../plugins/static-hosting/compress';
import { startNginx } from '../../scripts/nginx-server.mjs';
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

/** Which server the browser tests go through: `nginx` (the default) or `docusaurus`. */
const SERVER = process.env.E2E_SERVER ?? 'nginx';

/**
 * Starts `docusaurus serve` for `dir` on 127.0.0.1:`port`.
 * @param dir - the build folder, relative to `siteDir` or absolute.
 * @param siteDir - the site whose configuration `serve` reads (base URL, trailing slashes); the
 *   repository by default.
 */
export function docusaurusServe(dir: string, port: number, siteDir: string = ROOT): ChildProcess {
  return spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'serve',
      siteDir,
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

/**
 * Resolves once `url` answers 200.
 * @throws Error naming the address when it does not within `timeoutMs` (ms).
 */
export async function waitForServer(url: string, timeoutMs: number): Promise<void> {
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

/**
 * Serves `dir` (relative to the repo) on 127.0.0.1:`port` with the chosen server and resolves once
 * it answers. Through nginx, it first precompresses the folder as the nginx deploy step does
 * (`npm run precompress`).
 * @returns a function that stops the server.
 */
async function serve(dir: string, port: number): Promise<() => Promise<void>> {
  if (SERVER === 'nginx') {
    await precompressBuild(path.join(ROOT, dir), ROOT);
    const server = await startNginx({ buildDir: path.join(ROOT, dir), port });
    return server.stop;
  }
  if (SERVER !== 'docusaurus') throw new Error(`e2e: E2E_SERVER must be nginx or docusaurus, got "${SERVER}"`);
  const child = docusaurusServe(dir, port);
  await waitForServer(`http://127.0.0.1:${String(port)}/`, 30_000);
  return () => {
    child.kill();
    return Promise.resolve();
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(ROOT, 'build', 'index.html'))) {
    throw new Error('e2e: build/ is missing; run `npm run build` before the browser tests');
  }
  const stops = [await serve('build', PORT)];
  const baseUrl = `http://127.0.0.1:${String(PORT)}`;
  project.provide('baseUrl', baseUrl);
  let fixtureBaseUrl = '';
  if (fs.existsSync(path.join(ROOT, FIXTURE_BUILD_DIR, 'index.html'))) {
    stops.push(await serve(FIXTURE_BUILD_DIR, PORT + 1));
    fixtureBaseUrl = `http://127.0.0.1:${String(PORT + 1)}`;
  }
  project.provide('fixtureBaseUrl', fixtureBaseUrl);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
