/**
 * plugins/route-chunks: the client manifest learns which chunks each `import()` request loads, so
 * the server render can list a page's route chunks in its HTML; and the route buckets that take the
 * route tables out of main.js.
 */
import { describe, expect, it } from 'vitest';

import fc from 'fast-check';

import {
  addImportOrigins,
  chunkFileTemplate,
  fileHashOf,
  fillBucketFiles,
  renameCarrierFiles,
  splitChunkFiles,
  trimRuntimeFileTable,
  type ChunkGroupNode,
  type ClientManifest,
} from '@site/plugins/route-chunks';
import {
  parseRegistry,
  parseRouteTree,
  parseRoutes,
  planRouteTree,
  splitRoutes,
  tableModuleSource,
  uniqueRequestBuckets,
} from '@site/plugins/route-chunks/codegen';
import {
  FILES_PLACEHOLDER,
  ROUTE_BUCKET_COUNT,
  bucketChunkName,
  carrierFile,
  directoryChunkName,
  directoryOfBucket,
  isCarrierChunk,
  isCoreLeaf,
  routeBucket,
  routeKeyPath,
} from '@site/plugins/route-chunks/contract';

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

  it('puts every path a route matches (any case, with or without a trailing slash) in its bucket', () => {
    expect(routeBucket('/Guides/VPC/')).toBe(routeBucket('/guides/vpc'));
    expect(routeBucket('/faq')).toBe(routeBucket('/faq/'));
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
    const chunksOf = (path: string): string[] => [
      directoryChunkName(directoryOfBucket(routeBucket(path)).directory),
      bucketChunkName(routeBucket(path)),
    ];
    expect(buckets.get('@site/docs/intro.md')).toEqual(chunksOf('/intro'));
    expect(buckets.get('@site/docs/faq/index.md')).toEqual(chunksOf('/faq/'));
    // Shared by two pages, and the layout route's component: neither names one bucket.
    expect(buckets.has('@theme/DocItem')).toBe(false);
    expect(buckets.has('@theme/DocsRoot')).toBe(false);
  });

  it("adds a request's extra chunk to the manifest, checked like the others", () => {
    const result = addImportOrigins(
      manifest,
      [{ id: '305', origins: [{ request: '@site/docs/intro.md' }] }],
      'm.json',
      new Map([['@site/docs/intro.md', ['316', '305', '19005']]]),
    );
    expect(result.origins['@site/docs/intro.md']).toEqual(['305', '316', '19005']);
    expect(() =>
      addImportOrigins(
        manifest,
        [{ id: '305', origins: [{ request: '@site/docs/intro.md' }] }],
        'm.json',
        new Map([['@site/docs/intro.md', ['route-bucket-9']]]),
      ),
    ).toThrow('route-chunks: m.json: chunk route-bucket-9 of import("@site/docs/intro.md") is not in "assets"');
  });
});

describe('route tree', () => {
  const routesSource = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
export default [
  { path: '/search', component: ComponentCreator('/search', 'f0f'), exact: true },
  { path: '/', component: ComponentCreator('/', 'a68'), routes: [
    { path: '/', component: ComponentCreator('/', 'cca'), routes: [
      { path: '/tags/vpc', component: ComponentCreator('/tags/vpc', 'b1c'), exact: true },
      { path: '/', component: ComponentCreator('/', '48d'), routes: [
        { path: '/intro', component: ComponentCreator('/intro', '1a2'), exact: true, sidebar: "introSidebar" },
        { path: '/', component: ComponentCreator('/', '0aa'), exact: true },
        { path: '/old.html', component: ComponentCreator('/old.html', '0bb'), exact: true },
        { path: '/blog/:id', component: ComponentCreator('/blog/:id', '0cc'), exact: true },
        { path: '/guides/', component: ComponentCreator('/guides/', '0dd'), exact: true },
      ] },
    ] },
  ] },
  { path: '*', component: ComponentCreator('*') },
];`;

  it('reads every route with its attributes', () => {
    const [search, root, notFound] = parseRouteTree(routesSource);
    expect(search).toEqual({ path: '/search', hash: 'f0f', attributes: { exact: true } });
    expect(root?.routes?.[0]?.routes?.[1]?.routes?.[0]).toEqual({
      path: '/intro',
      hash: '1a2',
      attributes: { exact: true, sidebar: 'introSidebar' },
    });
    expect(notFound).toEqual({ path: '*', attributes: {} });
    expect(() =>
      parseRouteTree("export default [{ path: '/', component: ComponentCreator('/', 'a'), x: f() }];"),
    ).toThrow('route-chunks: routes.js: expected a literal value');
  });

  it('keeps top-level, layout, root, .html and pattern routes in main.js and moves the other leaf routes to their buckets', () => {
    const { clientSource, bucketLeaves } = planRouteTree(parseRouteTree(routesSource));
    const moved = bucketLeaves.flat();
    expect(moved).toEqual(
      expect.arrayContaining([
        ['/tags/vpc-b1c', '/-cca', 0, { exact: true }],
        ['/intro-1a2', '/-48d', 0, { exact: true, sidebar: 'introSidebar' }],
        ['/guides/-0dd', '/-48d', 4, { exact: true }],
      ]),
    );
    expect(moved).toHaveLength(3);
    expect(bucketLeaves[routeBucket('/guides')]).toContainEqual(['/guides/-0dd', '/-48d', 4, { exact: true }]);
    for (const kept of ["'/search', 'f0f'", "'/', '0aa'", "'/old.html', '0bb'", "'/blog/:id', '0cc'", "'*'"]) {
      expect(clientSource).toContain(`ComponentCreator(${kept.replaceAll("'", '"')})`);
    }
    expect(clientSource).not.toContain('/intro');
    // Each layout is registered with the positions of the children it kept, and keyed for React.
    expect(clientSource).toContain(
      'layout("/-48d", [1,2,3], {path: "/", component: ComponentCreator("/", "48d"), key: "/-48d"',
    );
    expect(clientSource).toContain('layout("/-cca", [1], ');
  });

  it('names the leaf routes that stay in main.js', () => {
    expect(isCoreLeaf({ path: '/intro', exact: true }, false)).toBe(false);
    expect(isCoreLeaf({ path: '/intro', exact: true }, true)).toBe(true);
    expect(isCoreLeaf({ path: '/intro' }, false)).toBe(true);
    expect(isCoreLeaf({ path: '/', exact: true }, false)).toBe(true);
    expect(isCoreLeaf({ path: '/a.html', exact: true }, false)).toBe(true);
    expect(isCoreLeaf({ path: '/a/:b', exact: true }, false)).toBe(true);
    expect(isCoreLeaf({ path: '/a//b', exact: true }, false)).toBe(true);
  });

  it("writes a bucket's leaf routes and the placeholder of its file table", () => {
    const chunkNames = { '/intro-1a2': { __comp: '17896441', content: '0058b4c6' } };
    const registry = new Map([
      ['17896441', '@theme/DocItem'],
      ['0058b4c6', '@site/docs/intro.md'],
    ]);
    const source = tableModuleSource(['/intro-1a2'], chunkNames, registry, [
      ['/intro-1a2', '/-48d', 0, { exact: true }],
    ]);
    expect(source).toContain('leaves: [["/intro-1a2","/-48d",0,{"exact":true}]]');
    expect(source).toContain(`files: "${FILES_PLACEHOLDER}"`);
    expect(tableModuleSource(['/intro-1a2'], chunkNames, registry)).not.toContain('files');
  });
});

describe('fixed names of the route directories and buckets', () => {
  it('tells the directories and buckets from every other chunk', () => {
    expect(isCarrierChunk(bucketChunkName(7))).toBe(true);
    expect(isCarrierChunk(directoryChunkName(15))).toBe(true);
    for (const id of ['main', 'runtime~main', '23f79a26', 'route-bucket-', 'route-bucket-7x', 'xroute-directory-1'])
      expect(isCarrierChunk(id), id).toBe(false);
    expect(carrierFile('route-bucket-7')).toBe('route-chunks/route-bucket-7.js');
  });

  it("gives a bucket's manifest entry its fixed file, so pages name a file that a content edit does not rename", () => {
    const before: ClientManifest = {
      entrypoints: ['main'],
      origins: {},
      assets: {
        'route-bucket-252': {
          js: [
            {
              file: 'assets/js/route-bucket-252.0fd80342.js',
              hash: '6fc2d00d2c116aff',
              publicPath: '/docs/assets/js/route-bucket-252.0fd80342.js',
            },
          ],
        },
        '23f79a26': {
          js: [{ file: 'assets/js/23f79a26.9d4327c1.js', publicPath: '/docs/assets/js/23f79a26.9d4327c1.js' }],
        },
      },
    };
    const after = renameCarrierFiles(before);
    expect(after.assets['route-bucket-252']).toEqual({
      js: [
        {
          file: 'route-chunks/route-bucket-252.js',
          hash: '6fc2d00d2c116aff',
          publicPath: '/docs/route-chunks/route-bucket-252.js',
        },
      ],
    });
    expect(after.assets['23f79a26']).toBe(before.assets['23f79a26']);
    expect((before.assets['route-bucket-252'] as { js: { file: string }[] }).js[0]?.file).toBe(
      'assets/js/route-bucket-252.0fd80342.js',
    );
  });
});

describe('chunk files per bucket', () => {
  const group = (key: string, chunks: string[], children: ChunkGroupNode[] = [], carrier?: string): ChunkGroupNode => ({
    key,
    chunks,
    children,
    ...(carrier === undefined ? {} : { carrier }),
  });

  it("moves a chunk's hash to the one directory or bucket that leads to it, and keeps shared and core chunks in the runtime", () => {
    const docItem = group('docitem', ['17896441'], [group('copy', ['copy'])]);
    const sidebar = group('sidebar', ['668ed004']);
    const layout = group('layout', ['a94703ab']);
    const bucket0 = group(
      'b0',
      ['route-bucket-0'],
      [group('intro', ['0058b4c6']), docItem, sidebar, layout],
      'route-bucket-0',
    );
    const bucket1 = group(
      'b1',
      ['route-bucket-1'],
      [group('faq', ['0e384e19', 'common']), docItem, sidebar],
      'route-bucket-1',
    );
    const directory = group('d0', ['route-directory-0'], [bucket0, bucket1], 'route-directory-0');
    const entry = group('main', ['runtime~main', 'main'], [directory, layout, group('search', ['search'])]);
    const moved = splitChunkFiles([entry]);
    expect([...(moved.get('route-directory-0') ?? [])].sort()).toEqual(['route-bucket-0', 'route-bucket-1']);
    expect([...(moved.get('route-bucket-0') ?? [])].sort()).toEqual(['0058b4c6']);
    expect([...(moved.get('route-bucket-1') ?? [])].sort()).toEqual(['0e384e19', 'common']);
    expect(moved.size).toBe(3);
  });

  it('reads the chunk file template and the hash of a file', () => {
    const template = chunkFileTemplate('assets/js/[name].[contenthash:8].js');
    expect(template).toEqual({ prefix: 'assets/js/', suffix: '.js' });
    expect(fileHashOf('assets/js/0058b4c6.1a2b3c4d.js', '0058b4c6', template)).toBe('1a2b3c4d');
    expect(fileHashOf('assets/js/other.1a2b3c4d.js', '0058b4c6', template)).toBeUndefined();
    expect(() => chunkFileTemplate('assets/js/[id].js')).toThrow(
      'route-chunks: output.chunkFilename is "assets/js/[id].js"; expected "<folder>/[name].[contenthash:8].js"',
    );
  });

  it("writes a bucket's table in place of its placeholder, and names the file when it is missing", () => {
    const bucket = `"use strict";(self.c=self.c||[]).push([["route-bucket-0"],{1(e,s,c){c.d(s,{default:()=>t});let t={routes:{},files:"${FILES_PLACEHOLDER}"}}}]);`;
    expect(fillBucketFiles(bucket, { '0058b4c6': '1a2b3c4d' }, 'b.js')).toContain('files:{"0058b4c6":"1a2b3c4d"}}');
    expect(() => fillBucketFiles('let t={files:"x"};', {}, 'assets/js/route-bucket-0.1.js')).toThrow(
      `route-chunks: assets/js/route-bucket-0.1.js: expected the bucket's "${FILES_PLACEHOLDER}" once, found it 0 times`,
    );
  });

  it("removes the moved chunks from the runtime's table, numeric keys included", () => {
    const runtime =
      'r.e=e=>Promise.all([]),r.u=e=>"assets/js/"+e+"."+({"0058b4c6":"1a2b3c4d",0xd8ed4e:"9ab14e21","route-bucket-0":"5e6f7a8b"})[e]+".js",r.x={a:"b"};';
    const trimmed = trimRuntimeFileTable(
      runtime,
      new Map([
        ['0058b4c6', '1a2b3c4d'],
        ['14216526', '9ab14e21'],
      ]),
      'runtime.js',
    );
    expect(trimmed).toBe(
      'r.e=e=>Promise.all([]),r.u=e=>"assets/js/"+e+"."+({"route-bucket-0":"5e6f7a8b"})[e]+".js",r.x={a:"b"};',
    );
    expect(() => trimRuntimeFileTable('r.u=e=>e+".js";', new Map([['0058b4c6', '1a2b3c4d']]), 'runtime.js')).toThrow(
      "route-chunks: runtime.js: found 0 chunk file tables, expected 1: the bundler's GetChunkFilenameRuntimeModule (__webpack_require__.u) changed shape",
    );
  });
});
