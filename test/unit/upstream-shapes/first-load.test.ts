/**
 * Guards of the upstream code replaced to keep a page's first load light: `plugins/route-chunks`
 * (route paths and chunk file hashes out of `main.js`), `plugins/first-load` and `ssr-template.ts`
 * (less work after load; ARCHITECTURE.md, 'In the browser').
 * Each test names the upstream module whose shape changed, so an upgrade of Docusaurus,
 * react-router-config or Rspack that breaks an assumption fails here first:
 *
 * - core's client `preload` (replaced by `client/preload.ts`) and the files that import it;
 * - core's page template (ejected as `ssr-template.ts`);
 * - theme-common's `useWindowSize` and utils-common's index (replaced by `plugins/first-load`);
 * - the client files that read `@generated/routes` (given the tree without bucketed leaf routes);
 * - the route code Docusaurus generates (`routes.js`, read by `codegen.ts`);
 * - react-router-config's element keys (`route.key`, which keeps a route's React identity while
 *   leaf routes are added);
 * - Rspack's chunk file table in `__webpack_require__.u` and its real content hash step (which
 *   `ChunkFilesPlugin` relies on to keep every file name true to its content).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from 'react-router-config';
import type { ReactElement } from 'react';

import { ChunkAssetRuntimePlugin, ChunkFilesPlugin, type FilesBundler } from '@site/plugins/route-chunks';
import { parseRouteTree } from '@site/plugins/route-chunks/codegen';
import { SSR_TEMPLATE, UPSTREAM_BODY_END, UPSTREAM_SCRIPT_TAGS } from '@site/ssr-template';
import { UPSTREAM_USE_WINDOW_SIZE } from '@site/plugins/first-load';
import {
  FILES_PLACEHOLDER,
  bucketChunkName,
  carrierFile,
  directoryChunkName,
} from '@site/plugins/route-chunks/contract';

const require = createRequire(import.meta.url);
const coreClient = path.dirname(require.resolve('@docusaurus/core/lib/client/preload.js'));

/** The `import` sources of a module file (JSX allowed), read with TypeScript's own pre-processor. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
}

describe('@docusaurus/core client preload', () => {
  it('is imported as ./preload by the client entry and PendingNavigation (the files route-chunks redirects)', () => {
    for (const file of ['clientEntry.js', 'PendingNavigation.js']) {
      expect(importsOf(path.join(coreClient, file)), `@docusaurus/core lib/client/${file}`).toContain('./preload');
    }
  });

  it('exports preload(pathname) as its default, matching @generated/routes and calling preload() of each match', () => {
    const source = fs.readFileSync(path.join(coreClient, 'preload.js'), 'utf8');
    expect(importsOf(path.join(coreClient, 'preload.js')).sort(), '@docusaurus/core lib/client/preload.js').toEqual([
      '@generated/routes',
      'react-router-config',
    ]);
    expect(source, '@docusaurus/core lib/client/preload.js').toContain('export default function preload(pathname)');
    expect(source, '@docusaurus/core lib/client/preload.js').toContain('.preload?.()');
  });
});

describe('@docusaurus/core page template (ssgTemplate.html.js)', () => {
  it("is ssr-template.ts's template with upstream's script tags and end of body", async () => {
    const upstream = (await import('@docusaurus/core/lib/ssg/ssgTemplate.html.js')) as { default: string };
    const ours = SSR_TEMPLATE.replace(
      /^ {4}<% it\.scripts\.forEach[\s\S]*?<% \}\); %>$/m,
      UPSTREAM_SCRIPT_TAGS,
    ).replace(/^ {4}<%~ it\.postBodyTags %>\n {4}<script>[^\n]*<\/script>\n {2}<\/body>$/m, UPSTREAM_BODY_END);
    expect(ours, '@docusaurus/core lib/ssg/ssgTemplate.html.js').toBe(upstream.default);
  });
});

describe('@docusaurus/theme-common useWindowSize (replaced by plugins/first-load)', () => {
  it("is the module theme-common's index and navbar context import, with upstream's states, breakpoint and resize listener", () => {
    const name = '@docusaurus/theme-common lib/hooks/useWindowSize.js';
    const source = fs.readFileSync(UPSTREAM_USE_WINDOW_SIZE, 'utf8');
    const lib = path.dirname(path.dirname(UPSTREAM_USE_WINDOW_SIZE));
    expect(importsOf(path.join(lib, 'index.js')), name).toContain('./hooks/useWindowSize');
    expect(importsOf(path.join(lib, 'contexts/navbarMobileSidebar.js')), name).toContain('../hooks/useWindowSize');
    expect(source, name).toContain('export function useWindowSize({ desktopBreakpoint = DesktopBreakpoint, } = {})');
    expect(source, name).toContain('const DesktopBreakpoint = 996;');
    expect(source, name).toContain("'ssr');");
    expect(source, name).toContain("window.addEventListener('resize', updateWindowSize);");
    expect(source, name).toMatch(/desktop: 'desktop',\s+mobile: 'mobile',\s+ssr: 'ssr',/);
  });
});

describe('@docusaurus/utils-common (replaced in the client build by plugins/first-load)', () => {
  it('exports exactly the names of client/utils-common.ts, bound to the same functions', async () => {
    const upstream = require('@docusaurus/utils-common') as Record<string, unknown>;
    const shim = (await import('@site/plugins/first-load/client/utils-common')) as Record<string, unknown>;
    expect(Object.keys(shim).sort(), '@docusaurus/utils-common lib/index.js').toEqual(Object.keys(upstream).sort());
    for (const name of Object.keys(upstream)) {
      // The test loads the files twice (Node, and Vite, which reformats them), so functions
      // compare by name and arity.
      const code = (value: unknown): unknown =>
        typeof value === 'function' ? `${value.name}/${String(value.length)}` : value;
      expect(code(shim[name]), `@docusaurus/utils-common lib/index.js: ${name}`).toBe(code(upstream[name]));
    }
  });
});

describe('readers of @generated/routes', () => {
  it('are the client files route-chunks knows: each sees the tree without the bucketed leaf routes', () => {
    const packages = ['core', 'theme-common', 'theme-classic', 'plugin-content-docs', 'plugin-content-pages'];
    const readers: string[] = [];
    for (const name of packages) {
      const lib = path.join(coreClient, '../../..', name, 'lib');
      const walk = (dir: string): void => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(file);
          else if (/\.js$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes("'@generated/routes'")) {
            readers.push(`@docusaurus/${name}/${path.relative(path.dirname(lib), file)}`);
          }
        }
      };
      walk(lib);
    }
    // App renders the top level once (top-level routes stay in main.js); normalizeLocation keeps
    // `.html` only for exact matches (`.html` routes stay); useHomePageRoute looks `/` up (the root
    // route stays); preload and docusaurus are replaced; serverEntry renders with the full tree.
    expect(readers.sort()).toEqual([
      '@docusaurus/core/lib/client/App.js',
      '@docusaurus/core/lib/client/docusaurus.js',
      '@docusaurus/core/lib/client/normalizeLocation.js',
      '@docusaurus/core/lib/client/preload.js',
      '@docusaurus/theme-common/lib/utils/routesUtils.js',
    ]);
  });
});

describe('@docusaurus/core route code generation (codegenRoutes.js)', () => {
  it('writes routes.js in the shape codegen.ts reads: paths, ComponentCreator(path, hash), literal attributes', async () => {
    const { generateRoutesCode } = (await import('@docusaurus/core/lib/server/codegen/codegenRoutes.js')) as {
      generateRoutesCode: (routes: unknown[]) => { routesConfig: string };
    };
    const { routesConfig } = generateRoutesCode([
      {
        path: '/',
        component: '@theme/DocsRoot',
        routes: [
          { path: "/it's", component: '@theme/DocItem', exact: true, sidebar: 'guides', modules: {} },
          { path: '/tags/vpc', component: '@theme/DocTagDocListPage', exact: true },
        ],
      },
    ]);
    const [layout, notFound] = parseRouteTree(routesConfig, '@docusaurus/core codegenRoutes.js output');
    expect(layout?.routes?.map((route) => [route.path, route.attributes])).toEqual([
      ["/it's", { exact: true, sidebar: 'guides' }],
      ['/tags/vpc', { exact: true }],
    ]);
    expect(layout?.hash).toMatch(/^[0-9a-f]{3,4}$/);
    expect(notFound).toEqual({ path: '*', attributes: {} });
  });
});

describe('react-router-config renderRoutes', () => {
  it("keys each route's element by route.key, so a route keeps its identity when routes are added before it", () => {
    const Page = (): null => null;
    const element = renderRoutes([
      { path: '/a', component: Page, key: '/a-1' },
      { path: '/b', component: Page },
    ]) as ReactElement<{ children: ReactElement[] }>;
    expect(
      element.props.children.map((child) => child.key),
      'react-router-config renderRoutes',
    ).toEqual(['/a-1', '1']);
  });
});

describe("@rspack/core's chunk file table and real content hash", () => {
  /** As much of @rspack/core (the bundler `@docusaurus/faster` brings) as this test uses. */
  interface Rspack {
    (options: object): {
      run(
        callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(options: object): string }) => void,
      ): void;
      close(callback: () => void): void;
    };
    RuntimeModule: ConstructorParameters<typeof ChunkAssetRuntimePlugin>[0];
  }

  /** Builds a bucket chunk that loads one content chunk; returns the emitted files by name. */
  async function build(content: string): Promise<Record<string, string>> {
    const rspack = require('@rspack/core') as Rspack;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-chunks-shape-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(
        path.join(dir, 'src/main.js'),
        `window.go = () => import(/* webpackChunkName: "${directoryChunkName(0)}" */ './directory.js');\n` +
          `window.other = () => import(/* webpackChunkName: "shared" */ './shared.js');\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'src/directory.js'),
        `export default { buckets: [() => import(/* webpackChunkName: "${bucketChunkName(0)}" */ './bucket.js')], files: "${FILES_PLACEHOLDER}" };\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'src/bucket.js'),
        `export default { loaders: { a: () => import(/* webpackChunkName: "aaaa0001" */ './a.js') }, files: "${FILES_PLACEHOLDER}" };\n`,
      );
      fs.writeFileSync(path.join(dir, 'src/a.js'), `export default ${JSON.stringify(content)};\n`);
      fs.writeFileSync(path.join(dir, 'src/shared.js'), 'export default 1;\n');
      const compiler = rspack({
        mode: 'production',
        context: dir,
        entry: './src/main.js',
        output: {
          path: path.join(dir, 'dist'),
          filename: 'assets/js/[name].[contenthash:8].js',
          chunkFilename: 'assets/js/[name].[contenthash:8].js',
        },
        optimization: { runtimeChunk: true, chunkIds: 'named' },
        plugins: [
          new ChunkAssetRuntimePlugin(rspack.RuntimeModule, { prefix: 'assets/js/', suffix: '.js' }),
          new ChunkFilesPlugin(rspack as unknown as FilesBundler),
        ],
      });
      await new Promise<void>((resolve, reject) => {
        compiler.run((error, stats) => {
          if (error) reject(error);
          else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
          else resolve();
        });
      });
      await new Promise<void>((resolve) => {
        compiler.close(() => {
          resolve();
        });
      });
      // Every emitted file, by its path in the output folder: hashed chunks under assets/js/, the
      // route directories and buckets under their fixed names (route-chunks/route-bucket-0.js).
      const out = path.join(dir, 'dist');
      return Object.fromEntries(
        (fs.readdirSync(out, { recursive: true }) as string[])
          .filter((name) => name.endsWith('.js'))
          .map((name) => [name.split(path.sep).join('/'), fs.readFileSync(path.join(out, name), 'utf8')]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const named = (files: Record<string, string>, chunk: string): [string, string] => {
    const entry = Object.entries(files).find(([name]) => path.basename(name).startsWith(`${chunk}.`));
    if (!entry) throw new Error(`@rspack/core: no file for chunk ${chunk} in ${Object.keys(files).join(', ')}`);
    return entry;
  };

  it("moves a bucket-only chunk's hash from the runtime into the bucket, and a content edit changes only its chunk and bucket", async () => {
    const first = await build('A content, first deploy');
    const [contentFile] = named(first, 'aaaa0001');
    const hash = /\.([0-9a-f]{8})\.js$/.exec(contentFile)?.[1] ?? '';
    const [runtimeFile, runtime] = named(first, 'runtime~main');
    const [bucketFile, bucket] = named(first, bucketChunkName(0));
    const [directoryFile, directory] = named(first, directoryChunkName(0));
    // Route directories and buckets have fixed names, outside the hashed assets.
    expect(bucketFile).toBe(carrierFile(bucketChunkName(0)));
    expect(directoryFile).toBe(carrierFile(directoryChunkName(0)));
    // The runtime's table (GetChunkFilenameRuntimeModule) keeps the shared chunk only.
    expect(runtime, "@rspack/core's __webpack_require__.u table").not.toContain(hash);
    expect(runtime, "@rspack/core's __webpack_require__.u table").toMatch(/\bshared"?:"[0-9a-f]{8}"/);
    // The bucket carries the final hash of its content chunk (rewritten by the real content hash step).
    expect(bucket, "@rspack/core's real content hash").toContain(`{"aaaa0001":"${hash}"}`);

    // A new deploy that changes only the content chunk renames it and rewrites its bucket; the
    // directory and the runtime stay byte for byte the same, so no page that names them changes.
    const second = await build('A content, second deploy');
    expect(named(second, 'aaaa0001')[0]).not.toBe(contentFile);
    expect(named(second, bucketChunkName(0))[1]).not.toBe(bucket);
    expect(named(second, directoryChunkName(0))[1], 'the route directory').toBe(directory);
    expect(named(second, 'runtime~main'), 'the runtime').toEqual([runtimeFile, runtime]);
  }, 60_000);
});
