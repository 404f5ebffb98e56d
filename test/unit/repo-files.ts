/**
 * The repository's own text files that hold code, comments and test names, for tests that read
 * them all (the checks of ARCHITECTURE.md pointers and of citations of outside documents).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Folders read recursively, relative to the root. */
export const SOURCE_DIRS = ['src', 'plugins', 'scripts', 'test'] as const;

/** Files of the root read as well: the site configuration, the sidebars and the tools' settings. */
export const ROOT_FILES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'eslint.config.mjs',
  'prettier.config.mjs',
  'vitest.config.mts',
  'vitest.e2e.config.mts',
] as const;

/** Extensions of the files read: code, styles, and the text and data files tests keep. */
export const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.md',
  '.mdx',
  '.yml',
  '.yaml',
  '.json',
]);

/** Folders never read: installed packages and build output, wherever they sit. */
const SKIPPED_DIRS = new Set(['node_modules', 'build', '.docusaurus']);

function walk(dir: string, found: string[]): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(file, found);
    } else if (entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name))) {
      found.push(file);
    }
  }
}

/**
 * Every text file of {@link SOURCE_DIRS} and every existing file of {@link ROOT_FILES}.
 * @returns paths relative to {@link REPO_ROOT}, with `/` separators, sorted.
 */
export function listSourceFiles(): string[] {
  const found: string[] = [];
  for (const dir of SOURCE_DIRS) {
    const absolute = path.join(REPO_ROOT, dir);
    if (fs.existsSync(absolute)) walk(absolute, found);
  }
  for (const file of ROOT_FILES) {
    const absolute = path.join(REPO_ROOT, file);
    if (fs.existsSync(absolute)) found.push(absolute);
  }
  return found.map((file) => path.relative(REPO_ROOT, file).split(path.sep).join('/')).sort();
}
