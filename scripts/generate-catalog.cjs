#!/usr/bin/env node
/**
 * `npm run generate:catalog`: brings `docs/generated/` up to date with `data/`, exactly as the docs
 * plugin's `loadContent` does at the start of every build (`generateCatalogDocs` of
 * `plugins/catalog`). `npm test` runs it first, so that the builds and tests it then runs side by
 * side find the pages and their manifest already there and rewrite nothing: on a fresh clone, two
 * generations at once could each take the other's new files for hand-written ones and stop.
 *
 * Invalid data stops it with the file and field named, as it stops the build. Exits 1 then.
 */
const path = require('node:path');
const jiti = require('jiti')(__filename, { interopDefault: true });

const { generateCatalogDocs } = jiti('../plugins/catalog/index.ts');

try {
  generateCatalogDocs(path.join(__dirname, '..'));
  console.log('docs/generated/ is up to date with data/.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
