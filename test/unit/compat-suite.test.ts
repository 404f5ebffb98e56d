// @vitest-environment node
/**
 * The compatibility suite's own logic (test/compat): how two builds' values are compared and
 * reported, and that the suite's README (test/compat/README.md) quotes every allowed difference of its table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { ALLOWED_DIFFERENCES, allowedDifferencesFor } from '../compat/allowed-differences';
import { buildStopReason, describeDifference, differingItems, firstDifference } from '../compat/compare';

const ROOT = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(ROOT, 'test', 'compat', 'README.md'), 'utf8');

describe('firstDifference', () => {
  it('finds nothing between equal values', () => {
    expect(firstDifference({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBeNull();
  });

  it('names the path and both values of the first difference', () => {
    expect(
      firstDifference({ lines: [{ runs: [{ color: 'red' }] }] }, { lines: [{ runs: [{ color: 'blue' }] }] }),
    ).toEqual({ path: 'lines[0].runs[0].color', site: 'red', stock: 'blue' });
  });

  it('reports an item one side lacks', () => {
    expect(firstDifference([1], [1, 2])).toEqual({ path: '[1]', site: undefined, stock: 2 });
  });
});

describe('describeDifference', () => {
  it('names the page, the feature, the place, both values and the differing items', () => {
    const message = describeDifference(
      '/languages',
      'code blocks, light',
      { path: '[4].lines[0].runs[1].text', site: 'a', stock: 'b' },
      differingItems(['x', 'y', 'z'], ['x', 'q', 'r']),
    );
    expect(message).toBe(
      '/languages: code blocks, light differs at [4].lines[0].runs[1].text (items 1, 2 differ)\n  site:  "a"\n  stock: "b"',
    );
  });
});

describe('buildStopReason', () => {
  it('takes the cause line of a failed build', () => {
    const log = '[ERROR] Error: Unable to build website for locale en.\n    at x\n  [cause]: Error: lean-docs: stop\n';
    expect(buildStopReason(log)).toBe('[cause]: Error: lean-docs: stop');
  });

  it('adds the first problem of a cause that lists them', () => {
    const log = '  [cause]: WriterCheckError: found 1 problem:\n    - docs/a.mdx: broken\n      at x\n';
    expect(buildStopReason(log)).toBe('[cause]: WriterCheckError: found 1 problem: - docs/a.mdx: broken');
  });
});

describe('allowed differences', () => {
  it('remove only their own difference', () => {
    const [footer] = allowedDifferencesFor('doc footer', '/');
    expect(
      footer?.normalize({ editLink: 'Edit this page', lastUpdated: 'Last updated on Mar 12, 2024' }, 'site'),
    ).toEqual({ editLink: null, lastUpdated: null });
    expect(footer?.normalize({ editLink: 'Edit', lastUpdated: null }, 'stock')).toEqual({
      editLink: 'Edit',
      lastUpdated: null,
    });
    const [actions] = allowedDifferencesFor('controls above the body', '/cards');
    expect(actions?.normalize({ actions: ['Copy page', 'View as Markdown', 'Print'] }, 'site')).toEqual({
      actions: ['Print'],
    });
  });

  it('apply only to their pages', () => {
    expect(allowedDifferencesFor('headings', '/code-blocks')).toEqual([]);
    expect(allowedDifferencesFor('headings', '/quick-reference')).toHaveLength(1);
  });

  it.each(ALLOWED_DIFFERENCES.map((entry) => [entry.feature, entry] as const))(
    "are quoted by the suite's README: %s",
    (_feature, entry) => {
      expect(readme).toContain(entry.difference);
      expect(readme).toContain(entry.reason);
    },
  );
});

describe('the .md heading-id difference', () => {
  it('takes the comment id out of the site text only, as stock writes it', () => {
    const [aria] = allowedDifferencesFor('text and roles', '/quick-reference');
    const site = [
      `- 'heading "Backend arguments {/* #backend-arguments */}Direct link" [level=2]':`,
      '  - text: "Backend arguments {/* #backend-arguments */}"',
    ];
    expect(aria?.normalize(site, 'site')).toEqual([
      '- heading "Backend argumentsDirect link" [level=2]:',
      '  - text: Backend arguments',
    ]);
    expect(aria?.normalize(site, 'stock')).toEqual(site);
  });
});

/** Docusaurus transpiles the config and every plugin it imports on first load: up to 30 s on 2 busy cores. */
describe('the two configurations Docusaurus loads', () => {
  it.each([
    ['the site', undefined],
    ['the compatibility fixture', 'test/compat/site.config.ts'],
  ])(
    '%s: validated by Docusaurus itself (no unknown field, such as a stray named export)',
    async (_name, config) => {
      const { loadSiteConfig } = (await import('@docusaurus/core/lib/server/config.js')) as {
        loadSiteConfig: (params: { siteDir: string; customConfigFilePath?: string }) => Promise<{
          siteConfig: { title: string; presets: unknown[] };
        }>;
      };
      const { siteConfig } = await loadSiteConfig({ siteDir: ROOT, customConfigFilePath: config });
      expect(siteConfig.title).toBe('Gruntwork Docs');
    },
    120_000,
  );
});
