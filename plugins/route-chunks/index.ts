/**
 * How a production build loads routes in the browser, and which scripts a page's HTML lists.
 *
 * 1. Route buckets. Upstream Docusaurus keeps every route's chunk names and every chunk's loader in
 *    `main.js` (about 48 KB gzip for 1,100 pages), and a runtime map from chunk name to chunk id
 *    beside it. Here the client build loads them per route from 64 small bucket chunks
 *    (`contract.ts`, `codegen.ts`): `main.js` keeps only the route paths and the layout routes.
 *    `client/ComponentCreator.tsx` and `client/docusaurus.ts` replace their upstream files in the
 *    client bundle; chunk ids are the chunk names, so the runtime needs no name table.
 * 2. Route chunks in the HTML. Upstream Docusaurus 3.10 renders a page with react-loadable's
 *    `Capture`, which reports the module path of every route chunk the page renders (the
 *    registry's second entry, such as `@site/docs/intro.md`). It then asks the client manifest
 *    (`.docusaurus/client-manifest.json`, written by react-loadable-ssr-addon-v5-slorber) for the
 *    files of those modules. That manifest keys its `origins` by chunk name or chunk id, never by
 *    module path, so nothing matches and every page ships with only `runtime~main` and `main`; the
 *    route chunks load once `main.js` runs. This plugin adds the missing keys: after the client
 *    bundle is emitted, it reads which chunks each `import()` request loads from the compilation's
 *    stats and writes `origins[request] = [chunk ids]` into the manifest, plus the route's bucket
 *    for a request only one route uses (its content). The server render then finds the files, and
 *    Docusaurus's own HTML template adds them as deferred scripts.
 *
 * Both apply to production builds only; `docusaurus start` and the server render keep upstream.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import type { WebpackPluginInstance as WebpackPlugin } from 'webpack';

import { uniqueRequestBuckets, writeRouteModules } from './codegen';

/** The part of the client manifest this plugin reads and writes. */
export interface ClientManifest {
  entrypoints: string[];
  /** Origin key → ids of the chunks it needs. */
  origins: Record<string, (string | number)[]>;
  /** Chunk id → files by extension. */
  assets: Record<string, unknown>;
}

/** A chunk as the bundler's stats describe it (`chunks: true, chunkOrigins: true`). */
export interface StatsChunk {
  id?: string | number | null;
  origins?: { request?: string | null }[];
}

/**
 * Returns a copy of `manifest` whose `origins` also map each `import()` request of `chunks` to
 * the ids of all chunks that request loads (its own chunk and the split chunks it shares).
 * Existing keys are kept. `extraChunks` (request → chunk id) adds one more chunk to a request's
 * list: the route bucket of a page's own content. Pure.
 * @throws Error naming `manifestFile` when a chunk a request needs has no entry in `assets`,
 *   which would mean the manifest and the stats come from different builds.
 */
export function addImportOrigins(
  manifest: ClientManifest,
  chunks: readonly StatsChunk[],
  manifestFile = 'client-manifest.json',
  extraChunks: ReadonlyMap<string, string> = new Map(),
): ClientManifest {
  const byRequest = new Map<string, (string | number)[]>();
  for (const chunk of chunks) {
    if (chunk.id === undefined || chunk.id === null) continue;
    for (const origin of chunk.origins ?? []) {
      if (!origin.request) continue;
      const ids = byRequest.get(origin.request) ?? [];
      if (!ids.includes(chunk.id)) ids.push(chunk.id);
      byRequest.set(origin.request, ids);
    }
  }
  const origins = { ...manifest.origins };
  for (const [request, chunkIds] of byRequest) {
    const extra = extraChunks.get(request);
    const ids = extra === undefined || chunkIds.includes(extra) ? chunkIds : [...chunkIds, extra];
    const missing = ids.find((id) => !(String(id) in manifest.assets));
    if (missing !== undefined) {
      throw new Error(
        `route-chunks: ${manifestFile}: chunk ${String(missing)} of import("${request}") is not in "assets"`,
      );
    }
    origins[request] ??= ids;
  }
  return { ...manifest, origins };
}

/** The part of the bundler's compilation this plugin uses (webpack and Rspack alike). */
interface Compilation {
  getStats(): { toJson(options: Record<string, boolean>): { chunks?: StatsChunk[] } };
}

/** A bundler plugin, typed structurally so it fits webpack and Rspack. */
interface Compiler {
  hooks: { afterEmit: { tap(name: string, callback: (compilation: Compilation) => void): void } };
}

const NAME = 'route-chunks';

/** Bundler plugin that rewrites the manifest once the addon has written it (on `emit`). */
class ManifestOriginsPlugin {
  constructor(
    private readonly manifestFile: string,
    private readonly extraChunks: ReadonlyMap<string, string>,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap(NAME, (compilation) => {
      if (!fs.existsSync(this.manifestFile)) {
        throw new Error(`route-chunks: ${this.manifestFile} was not written by the client build`);
      }
      const manifest = JSON.parse(fs.readFileSync(this.manifestFile, 'utf8')) as ClientManifest;
      const { chunks = [] } = compilation
        .getStats()
        .toJson({ all: false, chunks: true, chunkOrigins: true, ids: true });
      fs.writeFileSync(
        this.manifestFile,
        JSON.stringify(addImportOrigins(manifest, chunks, this.manifestFile, this.extraChunks)),
      );
    });
  }
}

/** The bundler's runtime-module API, as much of it as {@link ChunkAssetRuntimePlugin} uses. */
interface RuntimeModuleClass {
  new (name: string, stage: number): { generate(): string };
  STAGE_ATTACH: number;
}

interface RuntimeCompiler {
  hooks: {
    thisCompilation: {
      tap(
        name: string,
        callback: (compilation: {
          hooks: { additionalTreeRuntimeRequirements: { tap(name: string, cb: (chunk: unknown) => void): void } };
          addRuntimeModule(chunk: unknown, module: unknown): void;
        }) => void,
      ): void;
    };
  };
}

/**
 * Adds `__webpack_require__.gca(chunkName)` (chunk name → script URL), which prefetching uses.
 * Upstream's version (core's ChunkAssetPlugin) embeds a name → id table of every chunk; with chunk
 * ids equal to chunk names (`optimization.chunkIds: 'named'`) the name is the id, so this one is
 * `publicPath + chunkFilename(name)` with no table.
 */
class ChunkAssetRuntimePlugin {
  constructor(private readonly RuntimeModule: RuntimeModuleClass) {}

  apply(compiler: RuntimeCompiler): void {
    const { RuntimeModule } = this;
    class ChunkAssetRuntimeModule extends RuntimeModule {
      constructor() {
        super('ChunkAssetRuntimeModule', RuntimeModule.STAGE_ATTACH);
      }

      override generate(): string {
        return '__webpack_require__.gca = function(chunkName) { return __webpack_require__.p + __webpack_require__.u(chunkName); };';
      }
    }
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap(NAME, (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkAssetRuntimeModule());
      });
    });
  }
}

/** Files of the client half, which replace their upstream counterparts in the client bundle. */
const CLIENT_COMPONENT_CREATOR = path.join(__dirname, 'client', 'ComponentCreator.tsx');
const CLIENT_DOCUSAURUS = path.join(__dirname, 'client', 'docusaurus.ts');

/**
 * Docusaurus plugin. In the production client build it writes the route buckets, swaps in the
 * client `ComponentCreator` and `window.docusaurus`, names chunk ids after their chunks, replaces
 * core's chunk-asset table with {@link ChunkAssetRuntimePlugin}, and adds
 * {@link ManifestOriginsPlugin}. The server build and `docusaurus start` are left as upstream.
 * @throws Error naming the generated file when upstream route code has an unexpected shape.
 */
export default function routeChunksPlugin(context: LoadContext): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode !== 'production') return {};
      const plan = writeRouteModules(context.generatedFilesDir);
      const bundler = utils.currentBundler.instance as unknown as {
        NormalModuleReplacementPlugin: new (pattern: RegExp, replacement: string) => WebpackPlugin;
        RuntimeModule: RuntimeModuleClass;
      };
      // The bucket of a route is found from its path, and a chunk's URL from its name.
      config.optimization = { ...config.optimization, chunkIds: 'named' };
      config.plugins = (config.plugins ?? []).filter((plugin) => plugin?.constructor.name !== 'ChunkAssetPlugin');
      return {
        resolve: { alias: { '@docusaurus/ComponentCreator': CLIENT_COMPONENT_CREATOR } },
        plugins: [
          new bundler.NormalModuleReplacementPlugin(/^\.\/docusaurus$/, CLIENT_DOCUSAURUS),
          new ChunkAssetRuntimePlugin(bundler.RuntimeModule),
          new ManifestOriginsPlugin(
            path.join(context.generatedFilesDir, 'client-manifest.json'),
            uniqueRequestBuckets(plan),
          ),
        ],
      };
    },
  };
}
