import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const docusaurusClient = `${root}node_modules/@docusaurus/core/lib/client/exports`;
const themeClassic = `${root}node_modules/@docusaurus/theme-classic/lib/theme`;

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
      { find: '@docusaurus/useIsBrowser', replacement: `${docusaurusClient}/useIsBrowser.js` },
      {
        find: '@docusaurus/useIsomorphicLayoutEffect',
        replacement: `${docusaurusClient}/useIsomorphicLayoutEffect.js`,
      },
      // The crash screen takes its error-boundary helpers from theme-common, code blocks the theme's
      // Prism configuration.
      { find: /^@docusaurus\/theme-common$/, replacement: `${root}test/unit/stubs/theme-common.ts` },
      { find: '@docusaurus/ComponentCreator', replacement: `${docusaurusClient}/ComponentCreator.js` },
      { find: '@docusaurus/router', replacement: `${docusaurusClient}/router.js` },
      { find: '@generated/registry', replacement: `${root}test/unit/stubs/generated.ts` },
      { find: '@generated/routesChunkNames', replacement: `${root}test/unit/stubs/routesChunkNames.ts` },
      { find: '@generated/route-chunks/routes.js', replacement: `${root}test/unit/stubs/route-chunks-routes.ts` },
      { find: '@generated/route-chunks/index.js', replacement: `${root}test/unit/stubs/route-chunks-index.ts` },
      { find: '@theme/NotFound', replacement: `${root}test/unit/stubs/NotFound.tsx` },
      { find: '@theme/Loading', replacement: `${root}src/theme/Loading/index.tsx` },
      // Code blocks: the theme's line components, and its Prism language loader with a config stub.
      { find: /^@theme\/CodeBlock\/Line(\/Token)?$/, replacement: `${themeClassic}/CodeBlock/Line$1/index.js` },
      { find: '@theme/prism-include-languages', replacement: `${themeClassic}/prism-include-languages.js` },
      { find: '@generated/docusaurus.config', replacement: `${root}test/unit/stubs/docusaurus.config.ts` },
      { find: '@docusaurus/Translate', replacement: `${root}test/unit/stubs/Translate.tsx` },
      { find: '@docusaurus/Head', replacement: `${root}test/unit/stubs/Head.tsx` },
      { find: '@theme/Heading', replacement: `${root}test/unit/stubs/Heading.tsx` },
      { find: '@docusaurus/Link', replacement: `${root}test/unit/stubs/Link.tsx` },
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
    // The content checks load the whole catalog: 0.4 s alone, but 7 to 10 s on the shared 2-core
    // machine while other builds run (load average 19), past Vitest's 5 s default.
    testTimeout: 30_000,
    // Node 25 and later define a global `localStorage` of their own (a warning and no storage
    // without --localstorage-file), which shadows jsdom's window.localStorage in the test files.
    execArgv: ['--no-experimental-webstorage'],
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
