/**
 * Temporary sites for the benchmark: folders under the system temp folder (`/tmp/bench-*`), a copy
 * of the repository, and a node_modules that links this repository's packages.
 *
 * node_modules is a real folder of symlinks (one per package), not one symlink to the repository's
 * node_modules: `docusaurus clear` deletes `<site>/node_modules/.cache` (the Rspack persistent
 * cache), and through a single symlink it would delete the repository's own cache, and a temporary
 * build would write its cache there.
 *
 * Folders and child processes registered here are also removed or stopped when the benchmark is
 * interrupted (Ctrl-C or SIGTERM), not only by the callers' finally blocks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Top-level entries of the repository that a copy leaves out. */
const NOT_COPIED = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.git',
  '.cache-loader',
  'bench-results',
  'test-results',
]);

/** Tool caches inside node_modules that each site keeps for itself. */
const NOT_LINKED = new Set(['.cache', '.vite', '.vite-temp']);

const liveDirs = new Set();
const liveProcesses = new Set();
let handlersInstalled = false;

function cleanUpAndExit(signal) {
  for (const child of liveProcesses) killProcessGroup(child, 'SIGKILL');
  for (const dir of liveDirs) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once('SIGINT', cleanUpAndExit);
  process.once('SIGTERM', cleanUpAndExit);
}

/**
 * Creates an empty folder `<tmp>/bench-<label>-XXXXXX`.
 * @param {string} label
 * @returns {string} its absolute path
 */
export function makeTempDir(label) {
  installHandlers();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  liveDirs.add(dir);
  return dir;
}

/**
 * Removes a folder made by makeTempDir (or any folder; missing is fine).
 * @param {string | undefined} dir
 */
export function removeTempDir(dir) {
  if (!dir) return;
  fs.rmSync(dir, { recursive: true, force: true });
  liveDirs.delete(dir);
}

/**
 * Gives `siteDir` a node_modules folder with a symlink to each of the repository's packages (and
 * scopes), except tool caches.
 * @param {string} siteDir
 */
export function linkNodeModules(siteDir) {
  const source = path.join(ROOT, 'node_modules');
  if (!fs.existsSync(source)) throw new Error(`bench: ${source} is missing; run npm install first`);
  const target = path.join(siteDir, 'node_modules');
  fs.mkdirSync(target);
  for (const name of fs.readdirSync(source)) {
    if (NOT_LINKED.has(name)) continue;
    fs.symlinkSync(path.join(source, name), path.join(target, name));
  }
}

/**
 * Copies the repository into a new temporary folder (without node_modules, build output, caches
 * and .git) and links node_modules.
 * @param {string} label part of the folder name
 * @returns {string} the copy's absolute path
 */
export function copyRepo(label) {
  const dir = makeTempDir(label);
  try {
    for (const name of fs.readdirSync(ROOT)) {
      if (NOT_COPIED.has(name)) continue;
      fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
    }
    linkNodeModules(dir);
  } catch (error) {
    removeTempDir(dir);
    throw new Error(`bench: could not copy the repository to ${dir}: ${error.message}`);
  }
  return dir;
}

/**
 * Registers a child process started with `detached: true` so that it is stopped if the benchmark
 * is interrupted.
 * @param {import('node:child_process').ChildProcess} child
 */
export function trackProcess(child) {
  installHandlers();
  liveProcesses.add(child);
  child.once('exit', () => liveProcesses.delete(child));
}

/**
 * Sends a signal to the process group of a child started with `detached: true` (the child and
 * everything it started). A group that is already gone is fine.
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
export function killProcessGroup(child, signal = 'SIGTERM') {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/**
 * Stops a detached child's process group: SIGTERM, then SIGKILL after `graceMs` ms.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} graceMs
 * @returns {Promise<void>} resolves once the child has exited
 */
export async function stopProcessGroup(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    killProcessGroup(child, 'SIGKILL'); // grandchildren may outlive the child
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killProcessGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killProcessGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  killProcessGroup(child, 'SIGKILL');
  liveProcesses.delete(child);
}
