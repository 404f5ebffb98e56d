/**
 * Serves the two compatibility builds (`npm run build:compat`) on 127.0.0.1 for the browser test,
 * and stops them after: the site's build through nginx with the production configuration (so its
 * Content-Security-Policy applies, as in production), precompressed first as the nginx deploy
 * step does (`npm run precompress`); the stock build through `docusaurus serve`.
 * Ports: `COMPAT_PORT` and the next one; by default the two after `E2E_PORT` (3212 and 3213 when
 * neither is set).
 *
 * A build that stopped (`build-compat/<name>.error.txt`) is not served: the test reports its error
 * as the failure of every check. A build that is neither there nor failed stops the run, asking for
 * `npm run build:compat`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { precompressBuild } from '../../plugins/static-hosting/compress';
import { startNginx } from '../../scripts/nginx-server.mjs';
import { docusaurusServe, waitForServer } from '../e2e/global-setup';
import { COMPAT_BUILDS, type CompatBuild } from './builds';

const ROOT = path.resolve(__dirname, '../..');
const PORT = Number(process.env.COMPAT_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 2);

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of each compatibility build, or '' when it stopped. */
    compatUrls: Record<CompatBuild, string>;
    /** The end of the log of each build that stopped, '' for a build that succeeded. */
    compatErrors: Record<CompatBuild, string>;
  }
}

/** Serves one build on `port`; returns its origin and a function that stops the server. */
async function serveBuild(build: CompatBuild, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = path.join(ROOT, 'build-compat', build);
  const url = `http://127.0.0.1:${String(port)}`;
  if (build === 'site') {
    await precompressBuild(dir, ROOT);
    const server = await startNginx({ buildDir: dir, port });
    return { url, stop: server.stop };
  }
  const child = docusaurusServe(dir, port, path.join(ROOT, 'build-compat', 'stock-site'));
  await waitForServer(`${url}/`, 30_000);
  return {
    url,
    stop: () => {
      child.kill();
      return Promise.resolve();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const urls: Record<CompatBuild, string> = { site: '', stock: '' };
  const errors: Record<CompatBuild, string> = { site: '', stock: '' };
  const stops: (() => Promise<void>)[] = [];
  for (const [index, build] of COMPAT_BUILDS.entries()) {
    const errorFile = path.join(ROOT, 'build-compat', `${build}.error.txt`);
    if (fs.existsSync(errorFile)) {
      errors[build] = fs.readFileSync(errorFile, 'utf8');
      continue;
    }
    if (!fs.existsSync(path.join(ROOT, 'build-compat', build, 'index.html')))
      throw new Error(`compat: build-compat/${build}/ is missing; run \`npm run build:compat\` first`);
    const served = await serveBuild(build, PORT + index);
    urls[build] = served.url;
    stops.push(served.stop);
  }
  project.provide('compatUrls', urls);
  project.provide('compatErrors', errors);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
