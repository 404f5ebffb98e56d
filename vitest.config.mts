import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const docusaurusClient = `${root}node_modules/@docusaurus/core/lib/client/exports`;

/**
 * Docusaurus ships its client and theme files as `.js` with JSX left in; compile them as JSX when a
 * component test imports them (the build does the same through its own loaders).
 */
const docusaurusJsx: Plugin = {
  name: 'docusaurus-jsx-in-js',
  enforce: 'pre',
  async transform(code, id) {
    if (!/node_modules\/@docusaurus\/.*\.js$/.test(id)) return null;
    const result = await transformWithOxc(code, id, { lang: 'jsx', jsx: { runtime: 'automatic' } });
    return { code: result.code, map: result.map };
  },
};

/** Unit and component tests (test/unit). Browser tests live in test/e2e and run separately. */
export default defineConfig({
  plugins: [docusaurusJsx],
  resolve: {
    // Component tests render swizzles with the real upstream theme files; the aliases those files
    // import only exist inside a Docusaurus build, so they point at the real client exports or at
    // small stubs (test/unit/stubs/README.md).
    alias: [
      { find: /^@site\/(.*)$/, replacement: `${root}$1` },
      { find: '@docusaurus/ErrorBoundary', replacement: `${docusaurusClient}/ErrorBoundary.js` },
      { find: '@docusaurus/ExecutionEnvironment', replacement: `${docusaurusClient}/ExecutionEnvironment.js` },
      // The crash screen takes only its error-boundary helpers from theme-common.
      {
        find: /^@docusaurus\/theme-common$/,
        replacement: `${root}node_modules/@docusaurus/theme-common/lib/utils/errorBoundaryUtils.js`,
      },
      { find: '@docusaurus/ComponentCreator', replacement: `${docusaurusClient}/ComponentCreator.js` },
      { find: '@docusaurus/router', replacement: `${docusaurusClient}/router.js` },
      { find: '@generated/registry', replacement: `${root}test/unit/stubs/generated.ts` },
      { find: '@generated/routesChunkNames', replacement: `${root}test/unit/stubs/routesChunkNames.ts` },
      { find: '@generated/route-chunks/routes.js', replacement: `${root}test/unit/stubs/route-chunks-routes.ts` },
      { find: '@generated/route-chunks/index.js', replacement: `${root}test/unit/stubs/route-chunks-index.ts` },
      { find: '@theme/NotFound', replacement: `${root}test/unit/stubs/NotFound.tsx` },
      { find: '@theme/Loading', replacement: `${root}src/theme/Loading/index.tsx` },
      { find: '@docusaurus/Translate', replacement: `${root}test/unit/stubs/Translate.tsx` },
      { find: '@docusaurus/Head', replacement: `${root}test/unit/stubs/Head.tsx` },
      { find: '@theme/Heading', replacement: `${root}test/unit/stubs/Heading.tsx` },
      { find: '@theme/Error', replacement: `${root}test/unit/stubs/ThemeError.tsx` },
      {
        find: '@theme-original/ErrorPageContent',
        replacement: `${root}node_modules/@docusaurus/theme-classic/lib/theme/ErrorPageContent.js`,
      },
    ],
  },
  test: {
    globals: true,
    environment: 'jsdom',
    include: [
      'test/unit/**/*.test.{ts,tsx}',
      'test/content/**/*.test.ts',
      'test/contract/**/*.test.ts',
      'test/http/**/*.test.ts',
    ],
    setupFiles: ['test/unit/setup.ts'],
    server: { deps: { inline: [/@docusaurus\//] } },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
