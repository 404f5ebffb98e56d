// @vitest-environment node
/**
 * The build cache of the test suites' extra builds (scripts/build-cache.mjs), on a small git
 * project in a temporary folder with its own cache folder: what a hit copies, what a miss builds
 * and stores, and which changes make a miss.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { buildKey, cachedBuild, KEEP_ENTRIES } from '../../scripts/build-cache.mjs';

let root = '';
let cacheHome = '';

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

function git(...args: string[]): void {
  execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
}

/** A build that writes `out/page.html` from `docs/page.md` and counts its runs. */
function fakeBuild(): { runs: () => number; build: () => boolean } {
  let runs = 0;
  return {
    runs: () => runs,
    build: () => {
      runs += 1;
      write('out/page.html', `<p>${fs.readFileSync(path.join(root, 'docs/page.md'), 'utf8')}</p>`);
      return true;
    },
  };
}

const key = (extra: string[] = []): string | undefined => buildKey({ root, testInputs: ['test/fixture/'], extra });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-project-'));
  cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-home-'));
  vi.stubEnv('XDG_CACHE_HOME', cacheHome);
  vi.stubEnv('GRUNTWORK_DOCS_BUILD_CACHE', '');
  write('docs/page.md', 'one');
  write('README.md', 'readme');
  write('test/fixture/input.md', 'fixture');
  write('test/other/spec.test.ts', 'spec');
  write('.gitignore', 'out\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'start');
});

afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(cacheHome, { recursive: true, force: true });
});

describe('cachedBuild', () => {
  it('builds and stores on a miss, then copies the stored output without building', async () => {
    const fake = fakeBuild();
    const log: string[] = [];
    const first = await cachedBuild({
      name: 'site',
      outputs: ['out'],
      root,
      build: fake.build,
      log: (l) => log.push(l),
    });
    expect(first).toEqual({ ok: true, hit: false });
    fs.rmSync(path.join(root, 'out'), { recursive: true });

    const second = await cachedBuild({
      name: 'site',
      outputs: ['out'],
      root,
      build: fake.build,
      log: (l) => log.push(l),
    });
    expect(second).toEqual({ ok: true, hit: true });
    expect(fake.runs()).toBe(1);
    expect(fs.readFileSync(path.join(root, 'out/page.html'), 'utf8')).toBe('<p>one</p>');
    expect(log[1]).toMatch(/^build-cache: site: reused .*gruntwork-docs\/site\/[0-9a-f]{64} \(inputs unchanged\)$/);
  });

  it('builds again after an edit, even uncommitted, and serves the new output', async () => {
    const fake = fakeBuild();
    await cachedBuild({ name: 'site', outputs: ['out'], root, build: fake.build, log: () => undefined });
    write('docs/page.md', 'two');
    const result = await cachedBuild({ name: 'site', outputs: ['out'], root, build: fake.build, log: () => undefined });
    expect(result.hit).toBe(false);
    expect(fake.runs()).toBe(2);
    expect(fs.readFileSync(path.join(root, 'out/page.html'), 'utf8')).toBe('<p>two</p>');
  });

  it('stores no failed build, and keeps the newest entries only', async () => {
    const failing = { runs: 0 };
    const fail = (): boolean => {
      failing.runs += 1;
      return false;
    };
    expect(await cachedBuild({ name: 'site', outputs: ['out'], root, build: fail, log: () => undefined })).toEqual({
      ok: false,
      hit: false,
    });
    await cachedBuild({ name: 'site', outputs: ['out'], root, build: fail, log: () => undefined });
    expect(failing.runs).toBe(2);

    const fake = fakeBuild();
    for (let edit = 0; edit < KEEP_ENTRIES + 2; edit += 1) {
      write('docs/page.md', `edit ${String(edit)}`);
      await cachedBuild({ name: 'site', outputs: ['out'], root, build: fake.build, log: () => undefined });
    }
    expect(fs.readdirSync(path.join(cacheHome, 'gruntwork-docs/site'))).toHaveLength(KEEP_ENTRIES);
  });

  it('always builds when switched off', async () => {
    vi.stubEnv('GRUNTWORK_DOCS_BUILD_CACHE', 'off');
    const fake = fakeBuild();
    await cachedBuild({ name: 'site', outputs: ['out'], root, build: fake.build, log: () => undefined });
    await cachedBuild({ name: 'site', outputs: ['out'], root, build: fake.build, log: () => undefined });
    expect(fake.runs()).toBe(2);
    expect(fs.existsSync(path.join(cacheHome, 'gruntwork-docs'))).toBe(false);
  });
});

describe('buildKey', () => {
  it('changes with a source file, a new file, the fixture, a commit, an environment value and an extra', () => {
    const keys = [key()];
    write('docs/page.md', 'changed');
    keys.push(key());
    write('docs/new.md', 'new, not yet added');
    keys.push(key());
    write('test/fixture/input.md', 'changed fixture');
    keys.push(key());
    // The same files, committed: the pages' "Last updated" dates change.
    git('add', '.');
    git('commit', '-q', '-m', 'edits');
    keys.push(key());
    vi.stubEnv('GTAG_MEASUREMENT_ID', 'G-OTHER');
    keys.push(key());
    keys.push(key(['--out-dir other']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not change with the prose for people or with tests outside the fixture', () => {
    const before = key();
    write('README.md', 'rewritten');
    write('test/other/spec.test.ts', 'changed spec');
    write('test/other/added.test.ts', 'new spec');
    expect(key()).toBe(before);
    git('add', '.');
    git('commit', '-q', '-m', 'prose and tests only');
    expect(key()).toBe(before);
  });

  it('is undefined outside a git clone, so every call builds', () => {
    fs.rmSync(path.join(root, '.git'), { recursive: true });
    expect(key()).toBeUndefined();
  });
});
