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
 * Usage: node scripts/build-fixtures.mjs (npm run build:fixtures)
 * Exits with the build's exit code.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const fixture = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/e2e/fixtures/fixture-build.json'), 'utf8'));
const result = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', fixture.outDir],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      ALGOLIA_APP_ID: fixture.hostedSearch.appId,
      ALGOLIA_API_KEY: fixture.hostedSearch.apiKey,
      ALGOLIA_INDEX_NAME: fixture.hostedSearch.indexName,
      GTAG_MEASUREMENT_ID: fixture.analytics.measurementId,
      FEATURE_PAGES_DIR: fixture.featurePages.dir,
      FEATURE_PAGES_ROUTE: fixture.featurePages.route,
    },
  },
);
process.exit(result.status ?? 1);
