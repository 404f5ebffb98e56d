#!/usr/bin/env node
/**
 * `npm run check:data`: validates data/ with the same schema and cross-checks the build uses,
 * and prints every problem with its file, entry and field. Exits 1 when there is any.
 */
const path = require('node:path');
const jiti = require('jiti')(__filename, { interopDefault: true });

const { loadCatalog, CatalogError } = jiti('../plugins/catalog/load.ts');

try {
  const catalog = loadCatalog(path.join(__dirname, '..', 'data'));
  const modules = catalog.repositories.reduce((n, r) => n + r.modules.length, 0);
  const services = catalog.serviceCategories.reduce((n, c) => n + c.services.length, 0);
  const releases = catalog.releaseMonths.reduce((n, m) => n + m.entries.length, 0);
  console.log(
    `data/ is valid: ${modules} modules, ${services} services, ${catalog.releaseMonths.length} months with ${releases} releases.`,
  );
} catch (error) {
  if (error instanceof CatalogError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
