import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Unit and component tests (test/unit). Browser tests live in test/e2e and run separately. */
export default defineConfig({
  resolve: {
    alias: [{ find: /^@site\/(.*)$/, replacement: `${root}$1` }],
  },
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/content/**/*.test.ts', 'test/contract/**/*.test.ts'],
    setupFiles: ['test/unit/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
