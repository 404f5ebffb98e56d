// @vitest-environment node
/**
 * `npm start` compiles a page when it is first opened (plugins/preview): the registry Docusaurus
 * generates loses its weak references, so the bundler's lazy compilation defers every page, and the
 * dev server gets Rspack's lazy-compilation middleware. Production builds are untouched.
 *
 * The registry is generated here by Docusaurus's own code (`generateRouteFiles` of
 * @docusaurus/core), so a change to its shape fails these tests, naming the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

import { parse } from 'acorn';
import { afterEach, describe, expect, it } from 'vitest';
import { rspack } from '@rspack/core';
import { merge } from 'webpack-merge';

import previewPlugin, { REGISTRY_LOADER, previewBundlerConfig } from '../../../plugins/preview';

const require = createRequire(import.meta.url);
const { withoutWeakReferences } = require(REGISTRY_LOADER) as {
  withoutWeakReferences: (source: string, file?: string) => string;
};
const { generateRouteFiles } = require('@docusaurus/core/lib/server/codegen/codegenRoutes') as {
  generateRouteFiles: (options: { generatedFilesDir: string; routes: unknown[] }) => Promise<unknown>;
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The registry.js Docusaurus writes for two doc routes. */
async function upstreamRegistry(): Promise<string> {
  const generatedFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-registry-'));
  dirs.push(generatedFilesDir);
  const plugin = { name: 'docusaurus-plugin-content-docs', id: 'default' };
  await generateRouteFiles({
    generatedFilesDir,
    routes: [
      { path: '/intro', component: '@theme/DocItem', modules: { content: '@site/docs/intro.md' }, plugin },
      { path: '/guides/', component: '@theme/DocItem', modules: { content: '@site/docs/guides/index.md' }, plugin },
    ],
  });
  return fs.readFileSync(path.join(generatedFilesDir, 'registry.js'), 'utf8');
}

/** Each registry entry's three elements, as source text. */
function entries(source: string): string[][] {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as {
    body: { type: string; declaration?: { properties: { value: { elements: { start: number; end: number }[] } }[] } }[];
  };
  const object = program.body.find((node) => node.type === 'ExportDefaultDeclaration')?.declaration;
  return (object?.properties ?? []).map((property) =>
    property.value.elements.map((element) => source.slice(element.start, element.end)),
  );
}

describe('the registry loader', () => {
  it('replaces each weak reference of the upstream registry by its module path, and keeps the import', async () => {
    const upstream = await upstreamRegistry();
    expect(upstream).toContain('require.resolveWeak("@site/docs/intro.md")');
    const rewritten = entries(withoutWeakReferences(upstream));
    expect(rewritten.length).toBeGreaterThanOrEqual(2);
    const intro = rewritten.find((entry) => entry[1] === '"@site/docs/intro.md"');
    expect(intro?.[0]).toContain('import(');
    expect(intro?.[2]).toBe('"@site/docs/intro.md"');
    expect(withoutWeakReferences(upstream)).not.toContain('resolveWeak');
  });

  it('stops, naming the file and the entry, when an entry does not end with a weak reference', () => {
    const changed = 'export default {\n  "a": [() => import("@site/docs/a.md"), "@site/docs/a.md"],\n};\n';
    expect(() => withoutWeakReferences(changed, '.docusaurus/registry.js')).toThrow(
      /\.docusaurus\/registry\.js: entry "a" does not end with require\.resolveWeak/,
    );
  });
});

describe('the preview plugin', () => {
  const context = { generatedFilesDir: '/site/.docusaurus' } as never;
  const configureWebpack = (mode: 'development' | 'production', isServer: boolean): unknown =>
    previewPlugin(context).configureWebpack?.({ mode }, isServer, {} as never, undefined);

  it('turns lazy compilation on for the development client bundle only', () => {
    expect(configureWebpack('development', false)).toMatchObject({ lazyCompilation: { imports: true } });
    expect(configureWebpack('production', false)).toEqual({});
    expect(configureWebpack('development', true)).toEqual({});
  });

  it('runs the registry loader on the generated registry only', () => {
    const config = previewBundlerConfig('/site/.docusaurus') as {
      module: { rules: { test: string; use: string[] }[] };
    };
    expect(config.module.rules).toEqual([{ test: '/site/.docusaurus/registry.js', use: [REGISTRY_LOADER] }]);
  });

  it('adds the lazy-compilation middleware once, beside what Docusaurus sets up, through webpack-merge', () => {
    // Docusaurus merges a plugin's devServer into its own with webpack-merge, which composes two
    // setupMiddlewares functions: both get the same list and their results are concatenated.
    const upstream = (middlewares: unknown[]): unknown[] => {
      middlewares.unshift('upstream-middleware');
      return middlewares;
    };
    const ours = previewBundlerConfig('/site/.docusaurus') as { devServer: { setupMiddlewares: typeof upstream } };
    const merged = merge({ setupMiddlewares: upstream }, { setupMiddlewares: ours.devServer.setupMiddlewares }) as {
      setupMiddlewares: (middlewares: unknown[], devServer: unknown) => unknown[];
    };
    const compiler = rspack({
      mode: 'development',
      target: 'node',
      entry: {},
      lazyCompilation: { imports: true, entries: false },
    });
    const result = merged.setupMiddlewares(['static'], { compiler });
    expect(result).toHaveLength(3);
    expect(result.slice(1)).toEqual(['upstream-middleware', 'static']);
    expect(typeof result[0]).toBe('function');
  });
});

describe('react-loadable, with the rewritten registry', () => {
  it('treats a module path as a module not yet in the bundle, and loads it through its import()', async () => {
    // The registry's third element only feeds react-loadable's preloadReady(), which asks whether a
    // module is already in the bundle; a module path is never a module id, so the answer is "no"
    // and the module loads through the import() (which lazy compilation serves).
    const globals = globalThis as { __webpack_modules__?: Record<string, unknown> };
    globals.__webpack_modules__ = { 'some-module-id': {} };
    try {
      const Loadable = require('react-loadable') as {
        Map: (options: Record<string, unknown>) => { preload: () => Promise<unknown> };
        preloadReady: () => Promise<unknown>;
      };
      let loads = 0;
      const component = Loadable.Map({
        loader: {
          content: () => {
            loads += 1;
            return Promise.resolve({ default: 'page' });
          },
        },
        modules: ['@site/docs/intro.md'],
        webpack: () => ['@site/docs/intro.md'],
        loading: () => null,
        render: () => null,
      });
      await Loadable.preloadReady();
      expect(loads).toBe(0);
      await component.preload();
      expect(loads).toBe(1);
    } finally {
      delete globals.__webpack_modules__;
    }
  });
});
