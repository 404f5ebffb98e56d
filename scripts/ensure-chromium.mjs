#!/usr/bin/env node
/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (DEVELOPERS.md:
 * never download a browser). Installs it with apt-get when it is missing and we may; otherwise
 * exits 1 with the command to run.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo ';
console.log(`ensure-chromium: ${CHROMIUM} is missing; installing Debian's chromium package`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });
} catch {
  console.error(`ensure-chromium: could not install Chromium. Run: ${sudo}apt-get install -y chromium`);
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: chromium installed, but ${CHROMIUM} does not exist; set CHROMIUM_PATH`);
  process.exit(1);
}
