import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Browser tests against the production build, served on loopback by `docusaurus serve`, driven
 * by playwright-core in Debian's Chromium. Run `npm run build` first.
 */
export default defineConfig({
  resolve: {
    // Tests may use the site's own pure helpers (the subscriber-link classifier), which import
    // through `@site/`.
    alias: [{ find: /^@site\/(.*)$/, replacement: `${root}$1` }],
  },
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time: the suite mostly waits on Chromium and the server, not on the CPU. Each
    // file launches its own Chromium and the files share nothing they write (the screenshots folder
    // and the doc-cards fixture build each belong to one file; servers they start take a free port).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
