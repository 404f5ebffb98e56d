/**
 * What one edit costs a docs team: which files of `build/` differ after it, and how long the build
 * after it takes beside the cold build. Measured on a temporary copy of the site and on the stock
 * site (bench/stock-site.mjs), each edit building on the last:
 *
 * - `page`: one sentence appended to one guide page ({@link PAGE_EDIT});
 * - `data`: one module input's description changed in its `data/modules/*.yml` file (ours only;
 *   stock has no data files);
 * - `new page`: one new Markdown page beside the edited one.
 *
 * The first build is cold (`docusaurus clear`); each later build keeps the caches a writer's
 * machine or CI keeps (`node_modules/.cache`: the bundler's persistent cache, the post-build
 * pipeline's results). Files are compared by content (SHA-256), so a file rewritten with the
 * same bytes does not count. A copy has no git history, so no page shows a last-updated date in
 * either build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { coldBuild } from './build.mjs';

/** The guide page the `page` edit appends to, relative to the site folder. */
export const PAGE_EDIT = 'docs/guides/stay-up-to-date/index.md';

/** The sentence the `page` edit appends. */
export const PAGE_EDIT_TEXT = '\nPatch releases never change the inputs a module takes.\n';

/** The most files of `build/` a one-page edit may change (the page, its twin, its chunk, ...). */
export const PAGE_EDIT_BUDGET = 12;

/** Every file of `dir` (relative, `/`-separated) → SHA-256 of its bytes. */
export function snapshot(dir) {
  const files = new Map();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(
      path.relative(dir, file).split(path.sep).join('/'),
      createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
    );
  }
  return files;
}

/**
 * The files that differ between two snapshots: added, removed or changed, sorted. Pure.
 * @returns {{ file: string, change: 'added' | 'removed' | 'changed' }[]}
 */
export function changedFiles(before, after) {
  const changes = [];
  for (const [file, hash] of after) {
    if (!before.has(file)) changes.push({ file, change: 'added' });
    else if (before.get(file) !== hash) changes.push({ file, change: 'changed' });
  }
  for (const file of before.keys()) if (!after.has(file)) changes.push({ file, change: 'removed' });
  return changes.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The `data` edit: the description of the first input of the first module of the first file of
 * `data/modules/` gets one more sentence. Uses the YAML parser, so the file stays valid.
 * @throws Error naming the file when its first module has no input with a description.
 */
async function editModuleInput(siteDir) {
  const { parseDocument } = await import('yaml');
  const dir = path.join(siteDir, 'data', 'modules');
  const [name] = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.yml'))
    .sort();
  if (name === undefined) throw new Error(`bench: no module file in ${dir}`);
  const file = path.join(dir, name);
  const doc = parseDocument(fs.readFileSync(file, 'utf8'));
  const first = doc.getIn(['modules', 0, 'inputs', 0]);
  const description = first?.get?.('description');
  if (typeof description !== 'string')
    throw new Error(`bench: ${file}: modules[0].inputs[0] has no "description" to edit`);
  first.set('description', `${description.trimEnd()} Changing it replaces the resource.`);
  fs.writeFileSync(file, doc.toString());
  return path.relative(siteDir, file);
}

/**
 * Runs the edits on `siteDir` and measures each build.
 * @param {string} siteDir a site folder that may be changed (a temporary copy)
 * @param {{ pageFile: string, newPageDir: string, data: boolean }} plan the page to append to, the
 *   folder of the new page (both relative to `siteDir`), and whether to run the data edit
 * @returns {Promise<{ cold: object, edits: { edit: string, target: string, build: object, changed: { file: string, change: string }[] }[] }>}
 *   builds as bench/build.mjs's coldBuild returns them (s, MiB)
 */
export async function measureEdits(siteDir, plan) {
  const buildDir = path.join(siteDir, 'build');
  const cold = coldBuild(siteDir);
  let before = snapshot(buildDir);
  const edits = [];
  const step = async (edit, apply) => {
    const target = await apply();
    const build = coldBuild(siteDir, { clear: false });
    const after = snapshot(buildDir);
    edits.push({ edit, target, build, changed: changedFiles(before, after) });
    before = after;
  };
  await step('page', () => {
    fs.appendFileSync(path.join(siteDir, plan.pageFile), PAGE_EDIT_TEXT);
    return plan.pageFile;
  });
  if (plan.data) await step('data', () => editModuleInput(siteDir));
  await step('new page', () => {
    const file = path.join(plan.newPageDir, 'bench-new-page.md');
    fs.writeFileSync(
      path.join(siteDir, file),
      '# A new page\n\nA page a writer added: one heading and one paragraph about module inputs.\n',
    );
    return file;
  });
  return { cold, edits };
}

/**
 * The three edits on a temporary copy of this site and the `page` and `new page` edits on a stock
 * site of `stockPages` pages (bench/stock-site.mjs); both folders are removed after.
 * @param {number} stockPages pages of the stock site (our build's HTML page count)
 * @returns {Promise<{ ours: Awaited<ReturnType<typeof measureEdits>>, stock: Awaited<ReturnType<typeof measureEdits>>, budget: number, withinBudget: boolean }>}
 *   `withinBudget`: our `page` edit changed at most {@link PAGE_EDIT_BUDGET} files
 */
export async function measureEditsAgainstStock(stockPages) {
  const { copyRepo, removeTempDir } = await import('./workspace.mjs');
  const { createStockSite } = await import('./stock-site.mjs');
  const oursDir = copyRepo('edits');
  let stockDir;
  try {
    console.log('bench: edits of a copy of the site (cold build, then one build per edit)…');
    const ours = await measureEdits(oursDir, {
      pageFile: PAGE_EDIT,
      newPageDir: path.dirname(PAGE_EDIT),
      data: true,
    });
    stockDir = createStockSite({ pages: stockPages }).dir;
    console.log('bench: the same edits of a stock site…');
    const stock = await measureEdits(stockDir, {
      pageFile: 'docs/section-01/topic-01/page-0002.md',
      newPageDir: 'docs/section-01/topic-01',
      data: false,
    });
    const pageEdit = ours.edits.find((edit) => edit.edit === 'page');
    return {
      ours,
      stock,
      budget: PAGE_EDIT_BUDGET,
      withinBudget: pageEdit !== undefined && pageEdit.changed.length <= PAGE_EDIT_BUDGET,
    };
  } finally {
    removeTempDir(oursDir);
    removeTempDir(stockDir);
  }
}
