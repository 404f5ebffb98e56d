/**
 * Installs Debian packages with apt-get when a file they provide is missing, the way the project
 * gets its system tools (Chromium, nginx) instead of downloading binaries of its own.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Makes sure every file of `files` exists, installing `packages` with apt-get (as root, or
 * through sudo) when one is missing.
 * @param {{ label: string, files: string[], packages: string[] }} what - `label` prefixes messages.
 * @returns {boolean} true when the files exist (installed now or before); false after printing
 *   why not and the command to run.
 */
export function ensureAptPackages({ label, files, packages }) {
  const missing = () => files.filter((file) => !fs.existsSync(file));
  if (missing().length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo ';
  const install = `${sudo}apt-get install -y -qq ${packages.join(' ')}`;
  console.log(`${label}: ${missing().join(', ')} missing; installing Debian's ${packages.join(', ')}`);
  try {
    execSync(`${sudo}apt-get update -qq && ${install}`, { stdio: 'inherit' });
  } catch {
    console.error(`${label}: could not install ${packages.join(', ')}. Run: ${install}`);
    return false;
  }
  if (missing().length > 0) {
    console.error(`${label}: installed ${packages.join(', ')}, but ${missing().join(', ')} still missing`);
    return false;
  }
  return true;
}
