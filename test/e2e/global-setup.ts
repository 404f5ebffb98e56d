/**
 * Serves build/ on 127.0.0.1 with `docusaurus serve` for the browser tests, and stops it after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(__dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3210);

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
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
  const server: ChildProcess = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
      'serve',
      '--port',
      String(PORT),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const baseUrl = `http://127.0.0.1:${String(PORT)}`;
  await waitForServer(`${baseUrl}/`, 30_000);
  project.provide('baseUrl', baseUrl);
  return () => {
    server.kill();
  };
}
