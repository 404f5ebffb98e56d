/**
 * Accessibility (issue 9): every page type passes axe-core (WCAG 2.1 A and AA plus best practice)
 * with no violations, in light and in dark mode.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';

const PAGE_TYPES: Record<string, string> = {
  'doc page': '/guides/build-it-yourself/vpc/core-concepts/cidr-notation',
  'module page': '/reference/modules/terraform-aws-vpc/vpc-app/',
  'script module page': '/reference/modules/terraform-aws-server/persistent-ebs-volume/',
  'service page': '/reference/services/networking/management-vpc',
  'knowledge-base article': '/discussions/knowledge-base/10',
  'release month': '/guides/stay-up-to-date/releases/2023-03/',
  'tag page': '/tags/vpc',
  home: '/',
  search: '/search?q=vpc',
  'not-found page': '/no/such/page',
};

const session = registerBrowserSession();

describe.each(['light', 'dark'] as const)('axe in %s mode', (mode) => {
  it.each(Object.entries(PAGE_TYPES))('%s has no violations', async (_name, path) => {
    const watched = await session.watch({ colorScheme: mode });
    watched.expectedConsole.push('status of 404');
    await watched.page.goto(`${baseUrl()}${path}`);
    await watched.page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await watched.page.getAttribute('html', 'data-theme')).toBe(mode);
    const results = await new AxeBuilder({ page: watched.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const violations = results.violations.map(
      (v) =>
        `${v.id} (${String(v.nodes.length)}): ${v.nodes
          .slice(0, 2)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
    expect(violations).toEqual([]);
  });
});
