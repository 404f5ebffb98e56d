#!/usr/bin/env node
/**
 * Builds the site a second time, with every optional service switched on by test values, into
 * `build-fixtures/`, so the browser tests can prove those modes without a third build:
 *
 * - hosted search (test Algolia credentials): the preconnect hint, the contextual facet filters and
 *   the theme's /search page;
 * - analytics (a test GA4 measurement id): the page views, IP anonymisation, and Global Privacy
 *   Control and Do Not Track honoured;
 * - the feature pages (`test/fixtures/feature-pages/`, at `/feature-fixtures/`): writer features the
 *   real pages do not use, such as code known only at run time and Mermaid diagrams.
 *
 * The values and the output folder come from `test/e2e/fixtures/fixture-build.json`, which the browser
 * tests read too. Nothing is sent anywhere at build time, and the browser tests answer the search
 * and analytics requests themselves.
 *
 * The build is skipped when its inputs are those of a build already stored in the build cache
 * (`scripts/build-cache.mjs`, outside the clone): its output is copied from there instead. It keeps
 * its generated files in `.docusaurus-fixtures/` and uses no persistent bundler cache, so it can run
 * beside the site's own build.
 *
 * Usage: node scripts/build-fixtures.mjs (npm run build:fixtures)
 * Exits 0 when the fixture build is there, 1 when the build failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { cachedBuild } from './build-cache.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const fixture = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/e2e/fixtures/fixture-build.json'), 'utf8'));
const env = {
  ALGOLIA_APP_ID: fixture.hostedSearch.appId,
  ALGOLIA_API_KEY: fixture.hostedSearch.apiKey,
  ALGOLIA_INDEX_NAME: fixture.hostedSearch.indexName,
  GTAG_MEASUREMENT_ID: fixture.analytics.measurementId,
  FEATURE_PAGES_DIR: fixture.featurePages.dir,
  FEATURE_PAGES_ROUTE: fixture.featurePages.route,
  DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-fixtures',
  // The bundler's persistent cache is the site build's, which may be running at the same time.
  DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
};
fs.rmSync(path.join(ROOT, fixture.outDir), { recursive: true, force: true });
const { ok } = await cachedBuild({
  name: 'fixtures',
  outputs: [fixture.outDir],
  testInputs: ['test/e2e/fixtures/fixture-build.json', `${fixture.featurePages.dir}/`],
  extra: [JSON.stringify(env)],
  build: () =>
    spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', fixture.outDir],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } },
    ).status === 0,
});
process.exit(ok ? 0 : 1);
