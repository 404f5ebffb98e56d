#!/usr/bin/env node
/**
 * Builds the site a second time, with test Algolia credentials, into `build-hosted-search/`, so the
 * browser tests can prove the hosted search mode (issue 3; SPEC §4, §7): the preconnect hint, the
 * contextual facet filters and the theme's /search page. The credentials and the output folder
 * come from `test/e2e/fixtures/hosted-search.json`, which the browser tests read too. Nothing is
 * sent anywhere at build time, and the browser tests answer the search requests themselves.
 *
 * Usage: node scripts/build-hosted-search.mjs (npm run build:hosted-search)
 * Exits with the build's exit code.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const fixture = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/e2e/fixtures/hosted-search.json'), 'utf8'));
const result = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', fixture.outDir],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      ALGOLIA_APP_ID: fixture.appId,
      ALGOLIA_API_KEY: fixture.apiKey,
      ALGOLIA_INDEX_NAME: fixture.indexName,
    },
  },
);
process.exit(result.status ?? 1);
