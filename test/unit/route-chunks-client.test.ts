/**
 * plugins/route-chunks in the browser: a path's bucket adds its leaf routes to the route tree, in
 * the order Docusaurus generated them, before `preload` matches the path; and a bucket's chunk
 * file hashes reach the runtime before its loaders run.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteConfig } from 'react-router-config';

import { routeBucket, type RouteTable } from '@site/plugins/route-chunks/contract';

/** Components the mocked `ComponentCreator` made, by route key. */
const created = vi.hoisted(() => new Map<string, { preload: () => Promise<string> }>());
const tree = vi.hoisted(() => {
  /** A stand-in for a layout's component; only its identity matters here. */
  const component = (key: string): RouteConfig['component'] => ({ key }) as unknown as RouteConfig['component'];
  const docs: RouteConfig = {
    path: '/',
    component: component('/-48d'),
    key: '/-48d',
    routes: [],
  };
  const version: RouteConfig = {
    path: '/',
    component: component('/-cca'),
    key: '/-cca',
    routes: [docs],
  };
  return {
    docs,
    version,
    routes: [{ path: '/', component: component('/-a68'), routes: [version] }],
    layouts: {
      '/-a68': { route: { path: '/' }, positions: [0] },
      '/-cca': { route: version, positions: [1] },
      '/-48d': { route: docs, positions: [] },
    },
  };
});
const buckets = vi.hoisted(() => new Map<number, RouteTable>());
const runtime = vi.hoisted(() => ({ rcf: {} }));

vi.mock('@generated/route-chunks/routes.js', () => ({ default: tree.routes, layouts: tree.layouts }));
vi.mock('@generated/route-chunks/index.js', async () => {
  const contract = await import('@site/plugins/route-chunks/contract');
  return {
    core: { routes: {}, loaders: {} },
    directories: Array.from(
      { length: contract.ROUTE_DIRECTORY_COUNT },
      (_, directory) => () =>
        Promise.resolve({
          default: {
            files: { [`route-bucket-${String(directory)}`]: 'feedbeef' },
            buckets: Array.from({ length: contract.BUCKETS_PER_DIRECTORY }, (__, slot) => () => {
              const index = directory * contract.BUCKETS_PER_DIRECTORY + slot;
              const table = buckets.get(index);
              return table ? Promise.resolve({ default: table }) : Promise.reject(new Error(`no bucket ${index}`));
            }),
          },
        }),
    ),
  };
});
vi.mock('@site/plugins/route-chunks/client/ComponentCreator', () => ({
  default: (path: string, hash: string) => {
    const component = { preload: vi.fn(() => Promise.resolve(`${path}-${hash}`)) };
    created.set(`${path}-${hash}`, component);
    return component;
  },
}));
vi.stubGlobal('__webpack_require__', runtime);

const { addLeafRoutes } = await import('@site/plugins/route-chunks/client/routes');
const { default: preload } = await import('@site/plugins/route-chunks/client/preload');

function bucketWith(leaves: NonNullable<RouteTable['leaves']>, files: Record<string, string> = {}): RouteTable {
  return { routes: {}, loaders: {}, leaves, files };
}

describe('route tree in the browser', () => {
  beforeEach(() => {
    buckets.clear();
  });

  it('adds leaf routes at their generated positions, keyed, in a new array per layout, once', () => {
    const before = tree.version.routes;
    addLeafRoutes(
      bucketWith([
        ['/tags/vpc-b1c', '/-cca', 0, { exact: true }],
        ['/tags/zz-f00', '/-cca', 2, { exact: true }],
      ]),
    );
    expect(tree.version.routes).not.toBe(before);
    expect(tree.version.routes?.map((route) => route.path)).toEqual(['/tags/vpc', '/', '/tags/zz']);
    expect(tree.version.routes?.[0]).toMatchObject({ path: '/tags/vpc', key: '/tags/vpc-b1c', exact: true });
    expect(tree.version.routes?.[1]).toBe(tree.docs);

    const table = bucketWith([['/intro-1a2', '/-48d', 5, { exact: true, sidebar: 'introSidebar' }]]);
    addLeafRoutes(table);
    const afterFirst = tree.docs.routes;
    addLeafRoutes(table);
    expect(tree.docs.routes).toBe(afterFirst);
    expect(tree.docs.routes).toEqual([
      expect.objectContaining({ path: '/intro', sidebar: 'introSidebar', component: created.get('/intro-1a2') }),
    ]);
  });

  it('names the route when its layout is not in the tree', () => {
    expect(() => {
      addLeafRoutes(bucketWith([['/x-1', '/-zzz', 0, {}]]));
    }).toThrow('route-chunks: route /x-1 belongs to layout /-zzz, which is not in the tree');
  });

  it("preload loads the path's bucket, adds its routes and its chunk file hashes, then preloads what matches", async () => {
    buckets.set(
      routeBucket('/guides/'),
      bucketWith([['/guides/-0dd', '/-48d', 9, { exact: true }]], { '0e384e19': '1a2b3c4d' }),
    );
    const loaded = await preload('/Guides');
    expect(loaded).toContain('/guides/-0dd');
    expect(created.get('/guides/-0dd')?.preload).toHaveBeenCalledTimes(1);
    expect(runtime.rcf).toMatchObject({ '0e384e19': '1a2b3c4d' });
    // The directory's hashes (of its buckets) arrived first.
    expect(Object.keys(runtime.rcf).some((id) => id.startsWith('route-bucket-'))).toBe(true);
  });

  it('preload of a path no route matches resolves with the layouts only, so the not-found content renders', async () => {
    buckets.set(routeBucket('/no/such/page'), bucketWith([]));
    await expect(preload('/no/such/page')).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('preload rejects when the bucket cannot load, so the navigation reloads the page', async () => {
    // A bucket no earlier test loaded (loaded buckets stay cached).
    const used = [routeBucket('/guides'), routeBucket('/no/such/page')];
    const path = ['/a', '/b', '/c', '/d'].find((candidate) => !used.includes(routeBucket(candidate)));
    await expect(preload(path ?? '/a')).rejects.toThrow(/no bucket/);
  });
});
