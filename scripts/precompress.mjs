#!/usr/bin/env node
/**
 * `npm run precompress`: the nginx deploy step. Writes a `.br` and a `.gz` twin beside every text
 * file of a finished build that compression shrinks (plugins/static-hosting/compress.ts), which
 * nginx's `brotli_static` and `gzip_static` send as they are. `npm run build` writes no twins;
 * S3 and CloudFront need none (CloudFront compresses on its own).
 *
 * Twins are cached by content hash in `node_modules/.cache/precompress`, so a run after a one-page
 * edit compresses only the files whose bytes changed and copies the rest.
 *
 * Usage: node scripts/precompress.mjs [build dir]   (default: BUILD_DIR, else `build`)
 * Exits 1 with a message when the folder holds no built site.
 */
import path from 'node:path';
import { createRequire } from 'node:module';

const ROOT = path.resolve(import.meta.dirname, '..');
const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { precompressBuild } = jiti('../plugins/static-hosting/compress.ts');

const buildDir = path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? path.join(ROOT, 'build'));
try {
  await precompressBuild(buildDir, ROOT);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
