/**
 * The one place that says which Chromium the project drives and how: Debian's package at
 * /usr/bin/chromium (the project never downloads a browser), started headless, without the sandbox
 * (CI runs as root) and without background requests of its own. Used by `ensure-chromium.mjs`,
 * the benchmarks (`bench.mjs`, `bench-search.mjs`, `bench/preview.mjs`, `bench/lighthouse.mjs`) and
 * the browser tests (`test/e2e/browser.ts`).
 */

/**
 * Absolute path of the Chromium binary; the `CHROMIUM_PATH` environment variable overrides it.
 * @type {string}
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Command-line flags for every Chromium the project starts. Frozen: copy it to add flags of your own.
 * @type {readonly string[]}
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
]);
