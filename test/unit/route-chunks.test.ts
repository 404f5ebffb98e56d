/**
 * plugins/route-chunks: the client manifest learns which chunks each `import()` request loads, so
 * the server render can list a page's route chunks in its HTML; and the route buckets that take the
 * route tables out of main.js.
 */
import { describe, expect, it } from 'vitest';

import fc from 'fast-check';

import { addImportOrigins, type ClientManifest } from '@site/plugins/route-chunks';
import {
  parseRegistry,
  parseRoutes,
  splitRoutes,
  tableModuleSource,
  uniqueRequestBuckets,
} from '@site/plugins/route-chunks/codegen';
import { ROUTE_BUCKET_COUNT, bucketChunkName, routeBucket, routeKeyPath } from '@site/plugins/route-chunks/contract';

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: { main: ['main'], '305': ['305'] },
  assets: { main: {}, '305': {}, '316': {}, '14155': {}, '19005': {} },
};

describe('addImportOrigins', () => {
  it('maps each import request to its own chunk and the split chunks it shares', () => {
    const result = addImportOrigins(manifest, [
      { id: '305', origins: [{ request: '@site/docs/intro.md' }] },
      { id: '14155', origins: [{ request: '@theme/DocItem' }, { request: '@site/docs/intro.md' }] },
      { id: '316', origins: [{ request: '@theme/DocItem' }] },
      { id: '19005', origins: [{ request: '@theme/DocItem' }] },
    ]);
    expect(result.origins['@site/docs/intro.md']).toEqual(['305', '14155']);
    expect(result.origins['@theme/DocItem']).toEqual(['14155', '316', '19005']);
  });

  it('keeps the existing keys, entry points and assets, and leaves the input untouched', () => {
    const before = JSON.stringify(manifest);
    const result = addImportOrigins(manifest, [{ id: '316', origins: [{ request: 'main' }] }]);
    expect(result.origins.main).toEqual(['main']);
    expect(result.origins['305']).toEqual(['305']);
    expect(result.entrypoints).toEqual(['main']);
    expect(result.assets).toBe(manifest.assets);
    expect(JSON.stringify(manifest)).toBe(before);
  });

  it('skips chunks without an id and origins without a request (entry chunks)', () => {
    const result = addImportOrigins(manifest, [
      { id: null, origins: [{ request: '@site/docs/a.md' }] },
      { id: '316', origins: [{ request: null }, {}] },
      { id: '19005' },
    ]);
    expect(Object.keys(result.origins).sort()).toEqual(['305', 'main']);
  });

  it('throws, naming the manifest and the request, when a chunk is missing from the assets', () => {
    expect(() =>
      addImportOrigins(
        manifest,
        [{ id: '999', origins: [{ request: '@site/docs/b.md' }] }],
        '/site/.docusaurus/client-manifest.json',
      ),
    ).toThrow(
      'route-chunks: /site/.docusaurus/client-manifest.json: chunk 999 of import("@site/docs/b.md") is not in "assets"',
    );
  });
});

describe('route buckets', () => {
  const registrySource = `export default {
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "5e95c892": [() => import(/* webpackChunkName: "5e95c892" */ "@theme/DocsRoot"), "@theme/DocsRoot", require.resolveWeak("@theme/DocsRoot")],
  "0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" */ "@site/docs/intro.md"), "@site/docs/intro.md", require.resolveWeak("@site/docs/intro.md")],
  "0e384e19": [() => import(/* webpackChunkName: "0e384e19" */ "@site/docs/faq/index.md"), "@site/docs/faq/index.md", require.resolveWeak("@site/docs/faq/index.md")],
};`;
  const routesSource = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
export default [
  { path: '/', component: ComponentCreator('/', 'd14'), routes: [
    { path: '/intro', component: ComponentCreator('/intro', '1a2'), exact: true, sidebar: "introSidebar" },
    { path: '/faq/', component: ComponentCreator('/faq/', '3b4'), exact: true },
  ] },
  { path: '*', component: ComponentCreator('*') },
];`;
  const chunkNames = {
    '/-d14': { __comp: '5e95c892' },
    '/intro-1a2': { __comp: '17896441', content: '0058b4c6' },
    '/faq/-3b4': { __comp: '17896441', content: '0e384e19' },
  };

  it('reads the registry and the route tree that Docusaurus generates', () => {
    expect(parseRegistry(registrySource).get('0058b4c6')).toBe('@site/docs/intro.md');
    expect(parseRoutes(routesSource)).toEqual([
      { key: '/-d14', hasChildren: true },
      { key: '/intro-1a2', hasChildren: false },
      { key: '/faq/-3b4', hasChildren: false },
    ]);
  });

  it('names the file when the generated code has another shape', () => {
    expect(() => parseRegistry('export default { "a": 1 };')).toThrow(
      'route-chunks: registry.js: entry "a" is not an array',
    );
    expect(() => parseRoutes("export default [{ path: '/', component: Foo }];")).toThrow(
      "route-chunks: routes.js: a route's component is not a ComponentCreator call",
    );
  });

  it('keeps layout routes in the core table and spreads the other routes by path', () => {
    const tables = splitRoutes(parseRoutes(routesSource));
    expect(tables.core).toEqual(['/-d14']);
    expect(tables.buckets).toHaveLength(ROUTE_BUCKET_COUNT);
    expect(tables.buckets[routeBucket('/intro')]).toContain('/intro-1a2');
    expect(tables.buckets[routeBucket('/faq/')]).toContain('/faq/-3b4');
  });

  it('puts every route with one path in one bucket, whatever the hash, and any string in range', () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        const bucket = routeBucket(path);
        return Number.isInteger(bucket) && bucket >= 0 && bucket < ROUTE_BUCKET_COUNT;
      }),
    );
    expect(routeKeyPath('/guides/vpc-abc')).toBe('/guides/vpc');
    expect(routeKeyPath('/-d14')).toBe('/');
  });

  it('writes a table module with one named import per chunk its routes use', () => {
    const source = tableModuleSource(['/intro-1a2'], chunkNames, parseRegistry(registrySource));
    expect(source).toContain('"/intro-1a2":{"__comp":"17896441","content":"0058b4c6"}');
    expect(source).toContain('"0058b4c6": () => import(/* webpackChunkName: "0058b4c6" */ "@site/docs/intro.md")');
    expect(source).not.toContain('faq');
    expect(() => tableModuleSource(['/nope-000'], chunkNames, parseRegistry(registrySource))).toThrow(
      'route-chunks: route "/nope-000" is not in routesChunkNames.json',
    );
  });

  it("lists a page's bucket with the request only that page uses, so its HTML loads the bucket", () => {
    const registry = parseRegistry(registrySource);
    const tables = splitRoutes(parseRoutes(routesSource));
    const buckets = uniqueRequestBuckets({ tables, chunkNames, registry });
    expect(buckets.get('@site/docs/intro.md')).toBe(bucketChunkName(routeBucket('/intro')));
    expect(buckets.get('@site/docs/faq/index.md')).toBe(bucketChunkName(routeBucket('/faq/')));
    // Shared by two pages, and the layout route's component: neither names one bucket.
    expect(buckets.has('@theme/DocItem')).toBe(false);
    expect(buckets.has('@theme/DocsRoot')).toBe(false);
  });

  it("adds a request's extra chunk to the manifest, checked like the others", () => {
    const result = addImportOrigins(
      manifest,
      [{ id: '305', origins: [{ request: '@site/docs/intro.md' }] }],
      'm.json',
      new Map([['@site/docs/intro.md', '316']]),
    );
    expect(result.origins['@site/docs/intro.md']).toEqual(['305', '316']);
    expect(() =>
      addImportOrigins(
        manifest,
        [{ id: '305', origins: [{ request: '@site/docs/intro.md' }] }],
        'm.json',
        new Map([['@site/docs/intro.md', 'route-bucket-9']]),
      ),
    ).toThrow('route-chunks: m.json: chunk route-bucket-9 of import("@site/docs/intro.md") is not in "assets"');
  });
});
