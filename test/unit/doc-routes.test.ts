/**
 * src/lib/doc-routes: the doc route of a path, found in a map, is the one `matchPath` finds by
 * trying every route in order.
 */
import fc from 'fast-check';
import { matchPath } from 'react-router-dom';
import type { RouteConfig } from 'react-router-config';
import { describe, expect, it } from 'vitest';

import { docPathKey, findDocRoute } from '@site/src/lib/doc-routes';

const route = (path: string): RouteConfig => ({ path, exact: true });
const routes = [
  route('/intro'),
  route('/faq/'),
  route('/guides/build-it-yourself/vpc/'),
  route('/discussions/knowledge-base/10'),
];

describe('findDocRoute', () => {
  it('finds a route with or without its trailing slash and in any case, as matchPath does', () => {
    expect(findDocRoute(routes, '/faq')?.path).toBe('/faq/');
    expect(findDocRoute(routes, '/faq/')?.path).toBe('/faq/');
    expect(findDocRoute(routes, '/intro/')?.path).toBe('/intro');
    expect(findDocRoute(routes, '/INTRO')?.path).toBe('/intro');
    expect(findDocRoute(routes, '/intro/next-steps')).toBeUndefined();
    expect(docPathKey('/')).toBe('/');
  });

  it('answers exactly as a search in order with matchPath, for any path', () => {
    const segment = fc.constantFrom('intro', 'faq', 'Guides', 'vpc', '10', 'knowledge-base', '');
    const pathArb = fc
      .array(segment, { minLength: 0, maxLength: 4 })
      .chain((parts) => fc.boolean().map((slash) => `/${parts.join('/')}${slash ? '/' : ''}`));
    fc.assert(
      fc.property(fc.array(pathArb, { minLength: 1, maxLength: 12 }), pathArb, (paths, pathname) => {
        const table = paths.map(route);
        const expected = table.find((candidate) => matchPath(pathname, candidate) !== null);
        return findDocRoute(table, pathname) === expected;
      }),
      { numRuns: 2000 },
    );
  });

  it('answers as matchPath for a route with an empty segment (a counterexample fast-check found)', () => {
    const table = ['/10//', '/'].map(route);
    expect(findDocRoute(table, '/10/')).toBe(table.find((candidate) => matchPath('/10/', candidate) !== null));
  });

  it('falls back to matchPath for routes with parameters', () => {
    const withParams = [route('/tags/:tag'), route('/intro')];
    expect(findDocRoute(withParams, '/tags/vpc')?.path).toBe('/tags/:tag');
  });
});
