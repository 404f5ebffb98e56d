/**
 * Accessibility: every page type passes axe-core with every rule the project's axe-core enables by
 * default (no tag filter), in light and in dark mode, once React has hydrated the page. The test
 * injects the `axe-core` that package.json declares, not a copy bundled with a wrapper, and checks
 * at runtime that the page runs that very version.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

import type { AxeResults } from 'axe-core';
import { expect } from 'vitest';

import packageJson from '../../package.json';
import { registerBrowserSession } from './browser';
import { openPageType, testEachPageType } from './page-types';

const require = createRequire(import.meta.url);

/** The installed axe-core's browser bundle, evaluated in the page. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The version package.json asks for (`^4.14.1` → `4.14.1`). */
const DECLARED_AXE_VERSION = packageJson.devDependencies['axe-core'].replace(/^[\^~]/, '');

/** What the page's `window` holds once axe-core is in. */
interface AxeWindow {
  axe: { version: string; run: () => Promise<AxeResults> };
}

const session = registerBrowserSession();

testEachPageType('axe in %s mode', '%s has no violations', async (pageType, mode) => {
  const { page } = await openPageType(session, pageType, mode);
  // Evaluated rather than added as a <script> tag: the site's Content-Security-Policy forbids
  // inline scripts, and the test must not weaken it.
  await page.evaluate(AXE_SOURCE);
  const version = await page.evaluate(() => (window as unknown as AxeWindow).axe.version);
  expect(version).toBe(DECLARED_AXE_VERSION);
  const results = await page.evaluate(() => (window as unknown as AxeWindow).axe.run());
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} [${violation.impact ?? 'no impact'}] (${String(violation.nodes.length)}): ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .join(' | ')}`,
  );
  expect(violations).toEqual([]);
});
