/**
 * A build folder for tests: files written into a new temporary folder, removed after each test
 * of the file that calls {@link tempBuild}.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes `files` (relative path → content) into a new temporary folder.
 * @returns the folder's absolute path.
 */
export function tempBuild(files: Record<string, string | Buffer>, prefix = 'build-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
