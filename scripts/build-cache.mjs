/**
 * A cache for the test suites' extra builds (the fixture build, the two compatibility builds and the
 * doc-cards fixture), kept outside the clone so a later run on the same machine, even from a fresh
 * clone, reuses them: `${XDG_CACHE_HOME:-~/.cache}/gruntwork-docs/<name>/<key>/`.
 *
 * The key is a SHA-256 over everything a build can read: the content of every project file git
 * lists (tracked, or new and not ignored; so uncommitted edits count), minus what a build never
 * reads (the prose for people, and every file under `test/` but its own fixture), plus the installed dependency tree (`node_modules/.package-lock.json`),
 * the Node version and platform, the values of the environment variables the configuration reads,
 * the git history the pages' "Last updated" dates come from (whether the clone is shallow, and the
 * newest commit that touched an input), and the caller's own extra strings. Any change to any of them is a miss, and a miss runs the
 * build as if there were no cache. Only a build that succeeded is stored; each name keeps its
 * {@link KEEP_ENTRIES} newest entries.
 *
 * `GRUNTWORK_DOCS_BUILD_CACHE=off` turns the cache off (every call builds); outside a git clone the
 * key cannot be computed and every call builds too.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Entries kept per build name; older ones are deleted after a store. */
export const KEEP_ENTRIES = 3;

/** Bumped when the layout of an entry changes, so old entries are never read. */
const FORMAT = '1';

/** Environment variables `docusaurus.config.ts` reads; their values are part of every key. */
const CONFIG_ENV = [
  'ALGOLIA_APP_ID',
  'ALGOLIA_API_KEY',
  'ALGOLIA_INDEX_NAME',
  'GTAG_MEASUREMENT_ID',
  'FEATURE_PAGES_DIR',
  'FEATURE_PAGES_ROUTE',
  'NODE_ENV',
];

/** Files and folders of the root no build reads: the prose for people, the bench's results, CI's script. */
const NEVER_READ = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'bench-results/', '.ci/'];

/** Files under `test/` every site build reads (the writer checks compare the routes with this list). */
const TEST_FILES_EVERY_BUILD_READS = ['test/contract/routes.txt'];

/**
 * The path prefixes under `dir` that lead to none of `keep`: each child of `dir` that is not on the
 * way to a kept path, and, for a child that is, the same one level down.
 * @param {string} root - the project's folder.
 * @param {string} dir - a folder relative to `root`, without a trailing slash.
 * @param {string[]} keep - files or folders (with a trailing slash) relative to the root.
 * @returns {string[]} prefixes, folders with a trailing slash.
 */
function allBut(root, dir, keep) {
  const prefixes = [];
  if (!fs.existsSync(path.join(root, dir))) return prefixes;
  for (const child of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${child.name}${child.isDirectory() ? '/' : ''}`;
    if (keep.some((kept) => relative.startsWith(kept))) continue; // kept whole
    if (keep.some((kept) => kept.startsWith(relative))) prefixes.push(...allBut(root, relative.slice(0, -1), keep));
    else prefixes.push(relative);
  }
  return prefixes;
}

/**
 * The path prefixes a build that reads `testInputs` (and no other file under `test/`) never reads.
 * @param {string[]} testInputs - files or folders (with a trailing slash) under `test/`.
 * @param {string} [root] - the project's folder, this repository's by default.
 */
export function ignoredInputs(testInputs, root = ROOT) {
  return [...NEVER_READ, ...allBut(root, 'test', [...TEST_FILES_EVERY_BUILD_READS, ...testInputs])];
}

/** The folder of all entries. */
export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'gruntwork-docs');
}

/** Whether the cache is switched on (`GRUNTWORK_DOCS_BUILD_CACHE` is not `off`, `0` or `false`). */
export function cacheEnabled() {
  return !['off', '0', 'false'].includes((process.env.GRUNTWORK_DOCS_BUILD_CACHE ?? '').toLowerCase());
}

/**
 * The project files git lists: tracked, plus new files that are not ignored, relative to the root.
 * @returns {string[] | undefined} sorted paths, or undefined outside a git clone.
 */
function projectFiles(root) {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(out.split('\0').filter(Boolean))].sort();
  } catch {
    return undefined;
  }
}

/**
 * What of git's history a build reads: whether the clone is shallow (no dates then) and the newest
 * commit that touched any input (every file's last-commit date is at most that commit's, and any new
 * commit touching an input changes it).
 * @param {string[]} ignoredInputs - path prefixes left out (see {@link ignoredInputs}).
 */
function historyFacts(root, ignored) {
  const git = (args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const shallow = git(['rev-parse', '--is-shallow-repository']);
  const excludes = ignored.map((prefix) => `:(exclude,top)${prefix}`);
  let newest = '';
  try {
    newest = git(['log', '-1', '--format=%H %ct', '--', ':(top)', ...excludes]);
  } catch {
    newest = 'no commits';
  }
  return `shallow ${shallow}\nnewest input commit ${newest}\n`;
}

/**
 * The cache key of a build.
 * @param {{ testInputs?: string[], extra?: string[], root?: string }} options - `testInputs`: the files or folders
 *   (with a trailing slash) under `test/` the build reads, its fixture; `extra`: more strings that
 *   decide the output (arguments, the build's own environment); `root`: the project's folder, this
 *   repository's by default.
 * @returns {string | undefined} 64 hex digits, or undefined when the files cannot be listed.
 */
export function buildKey({ testInputs = [], extra = [], root = ROOT } = {}) {
  const files = projectFiles(root);
  if (files === undefined) return undefined;
  const ignored = ignoredInputs(testInputs, root);
  const hash = crypto.createHash('sha256');
  hash.update(`format ${FORMAT}\nnode ${process.version} ${process.platform} ${process.arch}\n`);
  hash.update(historyFacts(root, ignored));
  for (const name of CONFIG_ENV) hash.update(`env ${name}=${process.env[name] ?? ''}\n`);
  for (const value of extra) hash.update(`extra ${value}\n`);
  const lock = path.join(root, 'node_modules/.package-lock.json');
  hash.update('installed ');
  hash.update(fs.existsSync(lock) ? fs.readFileSync(lock) : 'none');
  hash.update('\n');
  for (const file of files) {
    if (ignored.some((prefix) => file.startsWith(prefix))) continue;
    const absolute = path.join(root, file);
    let stat;
    try {
      stat = fs.lstatSync(absolute);
    } catch {
      continue; // deleted in the work tree but still in the index: the build cannot read it
    }
    hash.update(`file ${file}\0`);
    hash.update(stat.isSymbolicLink() ? `link ${fs.readlinkSync(absolute)}` : fs.readFileSync(absolute));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Runs `build` unless an entry for the same inputs exists; on a hit, copies the stored outputs into
 * the clone instead.
 * @param {{ name: string, outputs: string[], testInputs?: string[], extra?: string[], root?: string,
 *   build: () => boolean | Promise<boolean>, log?: (line: string) => void }} options -
 *   `name`: the entry's folder (`fixtures`, `compat-stock`, …); `outputs`: folders the build writes,
 *   relative to the root, replaced on a hit and stored after a successful miss; `testInputs`, `extra`
 *   and `root`: as in {@link buildKey}; `build`: runs the
 *   build and says whether it succeeded; `log`: where the hit or miss line goes (stdout by default).
 * @returns {Promise<{ ok: boolean, hit: boolean }>} whether the outputs are there and correct, and
 *   whether they came from the cache.
 */
export async function cachedBuild({ name, outputs, testInputs, extra, root = ROOT, build, log = console.log }) {
  const key = cacheEnabled() ? buildKey({ testInputs, extra, root }) : undefined;
  const entry = key === undefined ? undefined : path.join(cacheRoot(), name, key);
  if (entry !== undefined && fs.existsSync(path.join(entry, 'complete'))) {
    for (const output of outputs) {
      const target = path.join(root, output);
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(path.join(entry, 'outputs', output), target, { recursive: true, verbatimSymlinks: true });
    }
    fs.utimesSync(path.join(entry, 'complete'), new Date(), new Date());
    log(`build-cache: ${name}: reused ${entry} (inputs unchanged)`);
    return { ok: true, hit: true };
  }
  log(
    entry === undefined
      ? `build-cache: ${name}: cache off or no git file list; building`
      : `build-cache: ${name}: no entry for these inputs; building`,
  );
  const ok = await build();
  if (ok && entry !== undefined) {
    try {
      store(root, entry, outputs);
    } catch (error) {
      // A full disk or a read-only cache costs the next run a build, never this run its result.
      log(`build-cache: ${name}: could not store the entry (${String(error)}); the next run builds again`);
    }
  }
  return { ok, hit: false };
}

/** Copies `outputs` into a temporary folder beside `entry`, renames it into place, and prunes old entries. */
function store(root, entry, outputs) {
  const folder = path.dirname(entry);
  fs.mkdirSync(folder, { recursive: true });
  const temporary = fs.mkdtempSync(path.join(folder, '.tmp-'));
  for (const output of outputs) {
    fs.cpSync(path.join(root, output), path.join(temporary, 'outputs', output), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  fs.writeFileSync(path.join(temporary, 'complete'), `${new Date().toISOString()}\n`);
  fs.rmSync(entry, { recursive: true, force: true });
  fs.renameSync(temporary, entry);
  const entries = fs
    .readdirSync(folder)
    .filter((child) => !child.startsWith('.tmp-'))
    .map((child) => ({ child, used: fs.statSync(path.join(folder, child, 'complete'), { throwIfNoEntry: false }) }))
    .sort((a, b) => (b.used?.mtimeMs ?? 0) - (a.used?.mtimeMs ?? 0));
  for (const { child } of entries.slice(KEEP_ENTRIES))
    fs.rmSync(path.join(folder, child), { recursive: true, force: true });
}
