/**
 * Entry point of a post-build worker thread (run by piscina). Docusaurus loads the plugins'
 * TypeScript through jiti; a worker thread starts with plain Node, so it loads them the same way.
 * Each task reads a batch of pages: see `readPages` in page.ts.
 */
const createJiti = require('jiti');

const jiti = createJiti(__filename, { interopDefault: true });
const { readPages } = jiti('./page.ts');

/**
 * @param {{ outDir: string, pages: { file: string, routes: string[] }[], steps: { name: string, pageModule: string, options: unknown }[], input: { images: Record<string, string> } }} task
 */
module.exports = function readBatch({ outDir, pages, steps, input }) {
  const readers = steps.map((step) => ({ ...step, readPage: jiti(step.pageModule).readPage }));
  return readPages(outDir, pages, readers, input);
};
