// @vitest-environment node
/**
 * Importing the site config is free of side effects: tests, editors and tools import it, and only
 * the docs plugin's `loadContent` generates pages. Generating leaves the repository's working tree
 * as git sees it unchanged, because everything generated lands in the git-ignored generated folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { generateCatalogDocs } from '../../../plugins/catalog';
import { GENERATED_SITE_DIR } from '../../../plugins/catalog/layout';

const SITE_DIR = path.resolve(__dirname, '../../..');

/** Every environment the config reads, alone and together: none, hosted search, analytics, both. */
const SEARCH = { ALGOLIA_APP_ID: 'APPID', ALGOLIA_API_KEY: 'search-key', ALGOLIA_INDEX_NAME: 'docs' };
const ANALYTICS = { GTAG_MEASUREMENT_ID: 'G-TEST1234' };
const ENV_CASES: Record<string, string>[] = [{}, SEARCH, ANALYTICS, { ...SEARCH, ...ANALYTICS }];

/** Imports the config afresh under each environment case. */
async function importConfigInEveryEnvironment(): Promise<void> {
  for (const env of ENV_CASES) {
    vi.resetModules();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    await import('../../../docusaurus.config');
    vi.unstubAllEnvs();
  }
}

/** `git status --porcelain` of the repository, untracked files listed one by one. */
function gitStatus(): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: SITE_DIR, encoding: 'utf8' });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the site config', () => {
  it('reads and writes nothing under data/ or docs/ when imported, in every environment', async () => {
    const touched: string[] = [];
    const watched = ['data', 'docs'].map((dir) => path.join(SITE_DIR, dir));
    const record = (file: unknown): void => {
      const absolute = typeof file === 'string' ? path.resolve(file) : '';
      if (watched.some((dir) => absolute === dir || absolute.startsWith(`${dir}${path.sep}`))) touched.push(absolute);
    };
    for (const name of ['existsSync', 'readdirSync', 'readFileSync', 'writeFileSync', 'mkdirSync', 'rmSync'] as const) {
      const original = fs[name] as (...args: unknown[]) => unknown;
      vi.spyOn(fs, name).mockImplementation((...args: unknown[]) => {
        record(args[0]);
        return original(...args);
      });
    }
    await importConfigInEveryEnvironment();
    expect(touched).toEqual([]);
  }, 60_000);

  it('and a generation run leave `git status` as it was', async () => {
    const before = gitStatus();
    await importConfigInEveryEnvironment();
    generateCatalogDocs(SITE_DIR);
    const after = gitStatus();
    expect(after).toBe(before);
    // Not only unchanged by this run: git never lists a generated file (the folder is ignored).
    expect(after.split('\n').filter((line) => line.slice(3).startsWith(`${GENERATED_SITE_DIR}/`))).toEqual([]);
  }, 120_000);
});
