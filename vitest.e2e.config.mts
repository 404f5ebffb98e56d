import { defineConfig } from 'vitest/config';

/**
 * Browser tests against the production build, served on loopback by `docusaurus serve`, driven
 * by playwright-core in Debian's Chromium. Run `npm run build` first.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
