/**
 * Debian's Chromium for the browser figures (never a downloaded browser), with the flags the
 * search benchmark also uses: headless, no sandbox (root in CI) and no background requests.
 */

/** Path of the Chromium binary; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Command-line flags for every Chromium the benchmark starts. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
