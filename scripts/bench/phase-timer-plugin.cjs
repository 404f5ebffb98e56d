/**
 * Benchmark-only Docusaurus plugin: records when each phase of `docusaurus build` starts and
 * ends, with the process's CPU time (user + system, all threads: the bundler's native threads and
 * the static-generation worker threads included), and writes them as JSON to the file named by its
 * `file` option when the process exits.
 *
 * It changes nothing in the build. The benchmark adds it to this site (through the
 * `BENCH_PHASES_FILE` environment variable read by docusaurus.config.ts) and to the stock site
 * (in its generated config), so both are cut into the same phases:
 *
 * | Phase | From | To |
 * |---|---|---|
 * | `config` | process start | this plugin's factory (config loaded, plugins being created) |
 * | `loadContent` | factory | `allContentLoaded` (every plugin's loadContent and contentLoaded) |
 * | `bundle` | `allContentLoaded` | the last compiler's `done` (client and server bundles, in parallel) |
 * | `clientBundle`, `serverBundle` | that compiler's `compile` | its `done` (wall only: they overlap) |
 * | `staticGeneration` | the last `done` | `postBuild` starts |
 * | `postBuild` | `postBuild` starts | process exit (all plugins' postBuild, then the broken-link check) |
 *
 * Times are ms since the process started (`performance.now()`), CPU in ms.
 */
const fs = require('node:fs');

/** @returns {{ wallMs: number, cpuMs: number }} */
function mark() {
  const cpu = process.cpuUsage();
  return { wallMs: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * @param {unknown} _context
 * @param {{ file: string }} options
 */
module.exports = function phaseTimerPlugin(_context, options) {
  if (!options || typeof options.file !== 'string' || options.file === '') {
    throw new Error('phase-timer: option "file" must name the JSON file to write');
  }
  /** @type {Record<string, { wallMs: number, cpuMs: number }>} */
  const marks = { start: { wallMs: 0, cpuMs: 0 }, factory: mark() };
  /** @type {Record<string, { wallMs: number, cpuMs: number }>} */
  const compilers = {};
  process.once('exit', () => {
    marks.exit = mark();
    fs.writeFileSync(options.file, `${JSON.stringify({ marks, compilers }, null, 2)}\n`);
  });
  return {
    name: 'bench-phase-timer',
    allContentLoaded() {
      marks.allContentLoaded = mark();
    },
    configureWebpack(_config, isServer) {
      const name = isServer ? 'server' : 'client';
      return {
        plugins: [
          {
            apply(compiler) {
              compiler.hooks.compile.tap('bench-phase-timer', () => {
                compilers[`${name}Start`] ??= mark();
              });
              compiler.hooks.done.tap('bench-phase-timer', () => {
                compilers[`${name}Done`] = mark();
              });
            },
          },
        ],
      };
    },
    postBuild() {
      marks.postBuild = mark();
    },
  };
};
