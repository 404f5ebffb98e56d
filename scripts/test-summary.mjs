#!/usr/bin/env node
/**
 * Adds up the JSON reports of the Vitest runs in test-results/ and prints one closing line,
 * "tests: N passed, N failed, N skipped", for CI.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
