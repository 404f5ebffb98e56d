/**
 * Puts each page's route chunks in its HTML, so a first load fetches them alongside `main.js`
 * instead of one round trip later (issue 8, first load).
 *
 * Upstream, Docusaurus 3.10 renders a page with react-loadable's `Capture`, which reports the
 * module path of every route chunk the page renders (the registry's second entry, such as
 * `@site/docs/intro.md`). It then asks the client manifest (`.docusaurus/client-manifest.json`,
 * written by react-loadable-ssr-addon-v5-slorber) for the files of those modules. That manifest
 * keys its `origins` by chunk name or chunk id, never by module path, so nothing matches and every
 * page ships with only `runtime~main` and `main`; the route chunks load once `main.js` runs.
 *
 * This plugin adds the missing keys. After the client bundle is emitted (production builds only),
 * it reads which chunks each `import()` request loads from the compilation's stats, and writes
 * `origins[request] = [chunk ids]` into the manifest. The server render then finds the files, and
 * Docusaurus's own HTML template adds them as deferred scripts.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';

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
 * Existing keys are kept. Pure.
 * @throws Error naming `manifestFile` when a chunk a request needs has no entry in `assets`,
 *   which would mean the manifest and the stats come from different builds.
 */
export function addImportOrigins(
  manifest: ClientManifest,
  chunks: readonly StatsChunk[],
  manifestFile = 'client-manifest.json',
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
  for (const [request, ids] of byRequest) {
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
  constructor(private readonly manifestFile: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap(NAME, (compilation) => {
      if (!fs.existsSync(this.manifestFile)) {
        throw new Error(`route-chunks: ${this.manifestFile} was not written by the client build`);
      }
      const manifest = JSON.parse(fs.readFileSync(this.manifestFile, 'utf8')) as ClientManifest;
      const { chunks = [] } = compilation
        .getStats()
        .toJson({ all: false, chunks: true, chunkOrigins: true, ids: true });
      fs.writeFileSync(this.manifestFile, JSON.stringify(addImportOrigins(manifest, chunks, this.manifestFile)));
    });
  }
}

/** Docusaurus plugin: adds {@link ManifestOriginsPlugin} to the production client bundle. */
export default function routeChunksPlugin(context: LoadContext): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return { plugins: [new ManifestOriginsPlugin(path.join(context.generatedFilesDir, 'client-manifest.json'))] };
    },
  };
}
