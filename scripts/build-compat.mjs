#!/usr/bin/env node
/**
 * `npm run build:compat`: builds the compatibility fixture (`test/compat/`) twice, for the browser
 * test that compares them (`npm run test:compat`, see README.md, "Compatibility with stock
 * Docusaurus"):
 *
 * - `stock`: a stock Docusaurus site written into `build-compat/stock-site/` (preset-classic,
 *   `@docusaurus/theme-mermaid` with `markdown.mermaid`, and, read from `docusaurus.config.ts`, the
 *   site's `future` flags, title, address, Prism themes and `additionalLanguages`; nothing else),
 *   built into `build-compat/stock/`;
 * - `site`: this site's configuration (`test/compat/site.config.ts`: every plugin, the theme,
 *   the swizzles of `src/theme` and the CSS), with the fixture's docs, sidebar, pages and static
 *   files, built into `build-compat/site/`.
 *
 * Both builds run one after the other (the machine has 2 cores), without Rspack's persistent cache
 * (so they never share or spoil the main build's) and, for the site, with its generated files in
 * `.docusaurus-compat/` instead of `.docusaurus/`. Each build's output goes to the console and to
 * `build-compat/<name>.log`; a build that stops leaves `build-compat/<name>.error.txt` with the end
 * of its log, which the browser test reports as the failure of every check.
 *
 * Each build is skipped when its inputs are those of a build already stored in the build cache
 * (`scripts/build-cache.mjs`, outside the clone): its output is copied from there instead.
 *
 * Usage: node scripts/build-compat.mjs [stock|site]  (both when no name is given)
 * Exits 1 when a build failed, after trying both.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { cachedBuild } from './build-cache.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURE_DIR = path.join(ROOT, 'test/compat');
const OUT_DIR = path.join(ROOT, 'build-compat');
const STOCK_SITE_DIR = path.join(OUT_DIR, 'stock-site');
const DOCUSAURUS = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

/** The site's component the fixture imports through `@site/` and what it imports, copied into the stock site. */
const SITE_COMPONENTS = ['src/components/ReferenceEntry', 'src/components/VisuallyHidden'];

/** Lines of a failed build's log kept in its `.error.txt`. */
const ERROR_TAIL_LINES = 40;

/** The stock site's configuration: preset-classic plus Mermaid; the rest read from the site's. */
const STOCK_CONFIG = `// Written by scripts/build-compat.mjs: the stock Docusaurus site of the compatibility suite.
import type { Config } from '@docusaurus/types';

import createSiteConfig from '../../docusaurus.config';

const site = createSiteConfig();

export default {
  title: site.title,
  url: site.url,
  baseUrl: '/',
  onBrokenLinks: 'throw',
  future: site.future,
  markdown: { mermaid: true },
  themes: ['@docusaurus/theme-mermaid'],
  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: './sidebars.ts' }, blog: false }]],
  // The site's Prism themes and additionalLanguages.
  themeConfig: { prism: site.themeConfig.prism },
} satisfies Config;
`;

/** Writes the stock site: its config, and copies of the fixture's docs, sidebar, pages and static files. */
function writeStockSite() {
  fs.rmSync(STOCK_SITE_DIR, { recursive: true, force: true });
  fs.mkdirSync(STOCK_SITE_DIR, { recursive: true });
  fs.writeFileSync(path.join(STOCK_SITE_DIR, 'docusaurus.config.ts'), STOCK_CONFIG);
  const copies = [
    ['docs', 'docs'],
    ['sidebars.ts', 'sidebars.ts'],
    ['pages', 'src/pages'],
    ['static', 'static'],
  ];
  for (const [from, to] of copies)
    fs.cpSync(path.join(FIXTURE_DIR, from), path.join(STOCK_SITE_DIR, to), { recursive: true });
  for (const component of SITE_COMPONENTS)
    fs.cpSync(path.join(ROOT, component), path.join(STOCK_SITE_DIR, component), { recursive: true });
}

/** The two builds: the folder Docusaurus runs in, its arguments and environment. */
const BUILDS = {
  stock: {
    outputs: ['build-compat/stock', 'build-compat/stock-site'],
    prepare: writeStockSite,
    args: ['build', STOCK_SITE_DIR, '--out-dir', path.join(OUT_DIR, 'stock')],
    env: {},
  },
  site: {
    outputs: ['build-compat/site'],
    prepare: () => {},
    args: ['build', ROOT, '--config', 'test/compat/site.config.ts', '--out-dir', path.join(OUT_DIR, 'site')],
    env: { DOCUSAURUS_GENERATED_FILES_DIR_NAME: '.docusaurus-compat' },
  },
};

/**
 * Runs one build, printing its output and keeping it in `build-compat/<name>.log`.
 * @returns {Promise<boolean>} whether it succeeded
 */
async function runBuild(name) {
  const build = BUILDS[name];
  const logFile = path.join(OUT_DIR, `${name}.log`);
  const errorFile = path.join(OUT_DIR, `${name}.error.txt`);
  let output = '';
  let ok;
  try {
    build.prepare();
    const child = spawn(process.execPath, [DOCUSAURUS, ...build.args], {
      cwd: ROOT,
      env: { ...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1', ...build.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
    }
    const code = await new Promise((resolve) => child.on('close', resolve));
    ok = code === 0;
  } catch (error) {
    output += `\n${error.stack ?? error}\n`;
    ok = false;
  }
  fs.writeFileSync(logFile, output);
  if (!ok) {
    const tail = output.trimEnd().split('\n').slice(-ERROR_TAIL_LINES).join('\n');
    fs.writeFileSync(errorFile, `The ${name} build of the compatibility fixture stopped:\n${tail}\n`);
  }
  return ok;
}

/**
 * Makes one build's output: from the build cache when its inputs are unchanged, else by building.
 * @returns {Promise<{ ok: boolean, seconds: number }>} whether it succeeded, and its wall time in s
 */
async function makeBuild(name) {
  const build = BUILDS[name];
  fs.rmSync(path.join(OUT_DIR, `${name}.error.txt`), { force: true });
  for (const output of build.outputs) fs.rmSync(path.join(ROOT, output), { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const { ok, hit } = await cachedBuild({
    name: `compat-${name}`,
    outputs: build.outputs,
    testInputs: ['test/compat/'],
    extra: [STOCK_CONFIG, JSON.stringify(build.args.map((arg) => path.relative(ROOT, arg))), JSON.stringify(build.env)],
    build: () => runBuild(name),
  });
  if (hit)
    fs.writeFileSync(path.join(OUT_DIR, `${name}.log`), 'Copied from the build cache: its inputs are unchanged.\n');
  return { ok, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !Object.hasOwn(BUILDS, name));
if (unknown.length > 0) {
  console.error(`build-compat: unknown build ${unknown.join(', ')}; expected stock or site`);
  process.exit(2);
}
fs.mkdirSync(OUT_DIR, { recursive: true });
let failed = 0;
for (const name of requested.length > 0 ? requested : Object.keys(BUILDS)) {
  const { ok, seconds } = await makeBuild(name);
  console.log(`build-compat: ${name} build ${ok ? 'done' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (!ok) {
    failed += 1;
    console.log(`build-compat: see build-compat/${name}.error.txt`);
  }
}
process.exit(failed === 0 ? 0 : 1);
