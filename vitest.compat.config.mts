import { defineConfig } from 'vitest/config';

/**
 * The compatibility suite: the fixture of `test/compat/` built by this site and by stock
 * Docusaurus (`npm run build:compat`), served side by side and compared in Chromium. See README.md,
 * "Compatibility with stock Docusaurus".
 */
export default defineConfig({
  test: {
    include: ['test/compat/**/*.compat.ts'],
    environment: 'node',
    globalSetup: ['test/compat/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
