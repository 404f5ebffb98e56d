#!/usr/bin/env node
/**
 * Writes a Pagefind index from prepared documents. Run by the local-search plugin in its own Node
 * process: Pagefind's Node API is ESM-only, and Docusaurus loads plugins through jiti, which cannot
 * `import()` it.
 *
 * Usage: node write-index.mjs <documents.json> <output dir>
 * documents.json holds [{ "url": "/path", "content": "<html>…" }, …].
 */
import fs from 'node:fs';
import * as pagefind from 'pagefind';

const [documentsFile, outputPath] = process.argv.slice(2);
if (!documentsFile || !outputPath) {
  console.error('usage: write-index.mjs <documents.json> <output dir>');
  process.exit(2);
}

/** CPU time of this process's running children in ms (from /proc; 0 where there is no /proc). */
function engineCpuMs() {
  try {
    let ticks = 0;
    for (const task of fs.readdirSync('/proc/self/task')) {
      for (const pid of fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    }
    return ticks * 10;
  } catch {
    return 0;
  }
}

const documents = JSON.parse(fs.readFileSync(documentsFile, 'utf8'));
const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_' });
if (!index) {
  console.error(`local-search: Pagefind could not start: ${errors.join('; ')}`);
  process.exit(1);
}
try {
  for (const { url, content } of documents) {
    const added = await index.addHTMLFile({ url, content });
    if (added.errors.length > 0) throw new Error(`could not index ${url}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`could not write the index: ${written.errors.join('; ')}`);
  // Pagefind's engine is a child process that it stops without waiting for, so the CPU it used
  // is not counted as this process's: read it (Linux) and print it for the caller's timings.
  console.log(`pagefind-cpu-ms ${String(engineCpuMs())}`);
} catch (error) {
  console.error(`local-search: ${error.message}`);
  process.exitCode = 1;
} finally {
  await pagefind.close();
}
