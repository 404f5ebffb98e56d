#!/usr/bin/env node
/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium (or CHROMIUM_PATH) for the browser tests:
 * the project never downloads a browser. Installs it with apt-get when it is missing and we may;
 * otherwise exits 1 with the command to run.
 */
import { CHROMIUM_PATH } from './chromium-config.mjs';
import { ensureAptPackages } from './ensure-apt.mjs';

process.exit(ensureAptPackages({ label: 'ensure-chromium', files: [CHROMIUM_PATH], packages: ['chromium'] }) ? 0 : 1);
