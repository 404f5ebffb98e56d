// @vitest-environment node
/**
 * URL contract (test/contract/routes.txt): every path the existing site serves resolves to a real page
 * of the production build that is not the not-found page. Run after `npm run build`.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { BUILD_DIR, htmlFileFor, readBuiltPage, readContract } from './built-site';

const contract = readContract();
const hasBuild = fs.existsSync(BUILD_DIR);

describe.runIf(hasBuild)('URL contract over build/', () => {
  it('lists 1,134 paths', () => {
    expect(contract).toHaveLength(1134);
    expect(new Set(contract).size).toBe(1134);
  });

  it('serves every path with a real page', () => {
    const problems: string[] = [];
    for (const route of contract) {
      const file = htmlFileFor(route);
      if (!file) {
        problems.push(`${route}: no HTML file`);
        continue;
      }
      const page = readBuiltPage(file);
      if (page.isNotFound) problems.push(`${route}: is the not-found page`);
      else if (page.h1 === '') problems.push(`${route}: page has no h1`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('serves a not-found page for unknown paths', () => {
    const file = htmlFileFor('/404');
    expect(file).toBeDefined();
    expect(readBuiltPage(file ?? '').isNotFound).toBe(true);
    expect(htmlFileFor('/no/such/page')).toBeUndefined();
  });
});

// Without a build the checks above cannot run; say so as a failure, not as a skipped test.
it('finds the build to check in build/', () => {
  expect(hasBuild, 'no build/ folder: run `npm run build` first').toBe(true);
});
