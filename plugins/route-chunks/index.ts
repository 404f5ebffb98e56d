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
 * 3. Route paths and chunk files per bucket. Upstream `main.js` holds the path of every route
 *    (`@generated/routes`), and the runtime a table of every chunk's file hash
 *    (`__webpack_require__.u`), about 30 KB gzip for 1,135 pages together. Here the client route
 *    tree (`codegen.ts`, `planRouteTree`) keeps the layout routes and a few leaf routes; every
 *    other leaf route travels in its bucket, and `client/preload.ts`, which replaces core's
 *    `preload`, loads a path's bucket and adds its routes to the tree before anything matches the
 *    path (hydration, a navigation, `window.docusaurus.preload`). {@link ChunkFilesPlugin} moves
 *    the file hash of each chunk that only one bucket's routes load from the runtime's table into
 *    that bucket, whose routes are the only way to reach it.
 *
 * All apply to production builds only; `docusaurus start` and the server render keep upstream.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import type { WebpackPluginInstance as WebpackPlugin } from 'webpack';

import { parse } from 'acorn';
import type { Node } from 'acorn';

import { uniqueRequestBuckets, writeRouteModules } from './codegen';
import {
  CARRIER_FOLDER,
  FILES_PLACEHOLDER,
  FILES_RUNTIME_KEY,
  ROUTE_BUCKET_COUNT,
  ROUTE_DIRECTORY_COUNT,
  bucketChunkName,
  carrierFile,
  directoryChunkName,
  isCarrierChunk,
} from './contract';

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
 * Existing keys are kept. `extraChunks` (request → chunk ids) adds chunks to a request's list: the
 * route directory and bucket of a page's own content. Pure.
 * @throws Error naming `manifestFile` when a chunk a request needs has no entry in `assets`,
 *   which would mean the manifest and the stats come from different builds.
 */
export function addImportOrigins(
  manifest: ClientManifest,
  chunks: readonly StatsChunk[],
  manifestFile = 'client-manifest.json',
  extraChunks: ReadonlyMap<string, readonly string[]> = new Map(),
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
    const extra = (extraChunks.get(request) ?? []).filter((id) => !chunkIds.includes(id));
    const ids = [...chunkIds, ...extra];
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

/**
 * Returns a copy of `manifest` whose route directories and buckets name their files as the build
 * writes them ({@link carrierFile}: `route-chunks/route-bucket-7.js`, no hash), so that a page's
 * HTML names its bucket under the name that does not change. Pure.
 */
export function renameCarrierFiles(manifest: ClientManifest): ClientManifest {
  const assets: Record<string, unknown> = { ...manifest.assets };
  for (const [id, entry] of Object.entries(manifest.assets)) {
    if (!isCarrierChunk(id) || typeof entry !== 'object' || entry === null) continue;
    const renamed: Record<string, unknown> = {};
    for (const [kind, files] of Object.entries(entry as Record<string, unknown>)) {
      renamed[kind] = !Array.isArray(files)
        ? files
        : files.map((file: { file?: unknown; publicPath?: unknown }) => {
            if (typeof file.file !== 'string' || !file.file.endsWith('.js')) return file;
            const name = carrierFile(id);
            const publicPath =
              typeof file.publicPath === 'string' && file.publicPath.endsWith(file.file)
                ? `${file.publicPath.slice(0, file.publicPath.length - file.file.length)}${name}`
                : file.publicPath;
            return { ...file, file: name, publicPath };
          });
    }
    assets[id] = renamed;
  }
  return { ...manifest, assets };
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
    private readonly extraChunks: ReadonlyMap<string, readonly string[]>,
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
        JSON.stringify(renameCarrierFiles(addImportOrigins(manifest, chunks, this.manifestFile, this.extraChunks))),
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
 *
 * Also wraps `__webpack_require__.u` (chunk id → file): a route directory or bucket has its fixed
 * file ({@link carrierFile}); any other chunk's hash is looked up first in
 * `__webpack_require__.rcf`, the hashes the loaded buckets carry (see {@link ChunkFilesPlugin}).
 */
export class ChunkAssetRuntimePlugin {
  constructor(
    private readonly RuntimeModule: RuntimeModuleClass,
    private readonly template: ChunkFileTemplate,
  ) {}

  apply(compiler: RuntimeCompiler): void {
    const { RuntimeModule, template } = this;
    const files = `__webpack_require__.${FILES_RUNTIME_KEY}`;
    class ChunkAssetRuntimeModule extends RuntimeModule {
      constructor() {
        super('ChunkAssetRuntimeModule', RuntimeModule.STAGE_ATTACH);
      }

      override generate(): string {
        return [
          '__webpack_require__.gca = function(chunkName) { return __webpack_require__.p + __webpack_require__.u(chunkName); };',
          '(function() {',
          `  var table = __webpack_require__.u, files = ${files} = {};`,
          '  __webpack_require__.u = function(chunkId) {',
          `    if (/^route-(?:bucket|directory)-\\d+$/.test(chunkId)) return ${JSON.stringify(`${CARRIER_FOLDER}/`)} + chunkId + ".js";`,
          `    return Object.prototype.hasOwnProperty.call(files, chunkId) ? ${JSON.stringify(template.prefix)} + chunkId + "." + files[chunkId] + ${JSON.stringify(template.suffix)} : table(chunkId);`,
          '  };',
          '})();',
        ].join('\n');
      }
    }
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap(NAME, (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkAssetRuntimeModule());
      });
    });
  }
}

/** The parts of a chunk file name template `<prefix>[name].[contenthash:N].js`. */
export interface ChunkFileTemplate {
  prefix: string;
  suffix: string;
}

/**
 * Reads `output.chunkFilename`, which must be `<prefix>[name].[contenthash:N].js` (or `[id]`),
 * as Docusaurus sets it: the runtime then finds a chunk's file from its id and its hash alone.
 * @throws Error naming the option when it has another form.
 */
export function chunkFileTemplate(template: unknown): ChunkFileTemplate {
  const match =
    typeof template === 'string' ? /^([^[\]]*)\[(?:name|id)\]\.\[contenthash(?::\d+)?\]\.js$/.exec(template) : null;
  if (!match) {
    throw new Error(
      `route-chunks: output.chunkFilename is ${JSON.stringify(template)}; expected "<folder>/[name].[contenthash:8].js"`,
    );
  }
  return { prefix: match[1] ?? '', suffix: '.js' };
}

/** The hash in `file`, the file of chunk `id` under `template`; undefined when it is not one. */
export function fileHashOf(file: string, id: string, template: ChunkFileTemplate): string | undefined {
  const head = `${template.prefix}${id}.`;
  if (!file.startsWith(head) || !file.endsWith(template.suffix)) return undefined;
  const hash = file.slice(head.length, file.length - template.suffix.length);
  return /^[0-9a-z]+$/i.test(hash) ? hash : undefined;
}

/**
 * A chunk group of the client bundle: its chunks' ids, its child groups, and, for a route
 * directory or bucket, its name (such a group carries the file hashes of what it leads to).
 */
export interface ChunkGroupNode {
  /** Identifies the group (its name and chunk ids). */
  key: string;
  carrier?: string;
  chunks: readonly string[];
  children: readonly ChunkGroupNode[];
}

/**
 * Which chunk file hashes leave the runtime's table, and which carrier (route directory or bucket)
 * holds each. A chunk that the entry reaches without passing through a carrier (the directories
 * themselves, the layout routes' chunks, anything `main.js` imports on its own) stays; of the
 * others, a chunk that one carrier reaches without passing through another carrier (a bucket from
 * its directory, a doc's content from its bucket) and that no other carrier reaches moves into that
 * carrier; a chunk that several carriers reach (the doc page component, a sidebar) stays, so no
 * hash is repeated. Pure.
 * @returns carrier name → ids of the chunks whose hash it holds
 */
export function splitChunkFiles(entries: readonly ChunkGroupNode[]): Map<string, Set<string>> {
  const kept = new Set<string>();
  const carriers = new Map<string, ChunkGroupNode>();
  const seen = new Set<string>();
  const queue = [...entries];
  for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
    if (seen.has(group.key)) continue;
    seen.add(group.key);
    for (const id of group.chunks) kept.add(id);
    if (group.carrier !== undefined) carriers.set(group.key, group);
    else queue.push(...group.children);
  }
  const reachedBy = new Map<string, Set<string>>();
  const pendingCarriers = [...carriers.values()];
  const visitedCarriers = new Set<string>();
  for (let carrier = pendingCarriers.shift(); carrier !== undefined; carrier = pendingCarriers.shift()) {
    if (visitedCarriers.has(carrier.key)) continue;
    visitedCarriers.add(carrier.key);
    const name = carrier.carrier as string;
    const visited = new Set<string>();
    const pending = [...carrier.children];
    for (let group = pending.shift(); group !== undefined; group = pending.shift()) {
      if (visited.has(group.key)) continue;
      visited.add(group.key);
      for (const id of group.chunks) {
        if (kept.has(id)) continue;
        const names = reachedBy.get(id) ?? new Set<string>();
        names.add(name);
        reachedBy.set(id, names);
      }
      if (group.carrier !== undefined) pendingCarriers.push(group);
      else pending.push(...group.children);
    }
  }
  const moved = new Map<string, Set<string>>();
  for (const [id, names] of reachedBy) {
    if (names.size !== 1) continue;
    const [name] = [...names] as [string];
    const ids = moved.get(name) ?? new Set<string>();
    ids.add(id);
    moved.set(name, ids);
  }
  return moved;
}

interface AstNode extends Node {
  [field: string]: unknown;
}

function parseScript(source: string): AstNode {
  return parse(source, { ecmaVersion: 'latest', sourceType: 'script' }) as unknown as AstNode;
}

function* nodesOf(node: unknown): Generator<AstNode> {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child);
    return;
  }
  const ast = node as AstNode;
  if (typeof ast.type !== 'string') return;
  yield ast;
  for (const [field, value] of Object.entries(ast)) {
    if (field !== 'type' && typeof value === 'object') yield* nodesOf(value);
  }
}

/** A property key as the runtime reads it: `"0a1b"`, `abc` and `0xd8ed4e` (14216526) alike. */
function keyOf(property: AstNode): string | undefined {
  const key = property.key as AstNode | undefined;
  if (property.type !== 'Property' || property.computed === true || key === undefined) return undefined;
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  return undefined;
}

/**
 * Writes a bucket's or directory's table of chunk file hashes (`{"<chunk id>": "<hash>"}`) in
 * place of the {@link FILES_PLACEHOLDER} string of its built (minified) source.
 * @throws Error naming `file` unless the placeholder occurs exactly once.
 */
export function fillBucketFiles(source: string, files: Readonly<Record<string, string>>, file: string): string {
  const found = [...nodesOf(parseScript(source))].filter(
    (node) => node.type === 'Literal' && node.value === FILES_PLACEHOLDER,
  );
  const [placeholder] = found;
  if (found.length !== 1 || placeholder === undefined) {
    throw new Error(
      `route-chunks: ${file}: expected the bucket's "${FILES_PLACEHOLDER}" once, found it ${found.length} times`,
    );
  }
  return `${source.slice(0, placeholder.start)}${JSON.stringify(files)}${source.slice(placeholder.end)}`;
}

/**
 * Removes the `moved` chunks (id → hash) from the runtime's table of chunk file hashes: the
 * object literal inside `__webpack_require__.u` whose every property is a chunk id and its hash.
 * @throws Error naming `file` and the bundler's module when there is no such table, or when it
 *   lacks a moved chunk: the bundler's `GetChunkFilenameRuntimeModule` changed shape.
 */
export function trimRuntimeFileTable(source: string, moved: ReadonlyMap<string, string>, file: string): string {
  if (moved.size === 0) return source;
  const tables = [...nodesOf(parseScript(source))].filter((node) => {
    if (node.type !== 'ObjectExpression') return false;
    const properties = node.properties as AstNode[];
    return (
      properties.length > 0 &&
      properties.every((property) => {
        const value = property.value as AstNode | undefined;
        return keyOf(property) !== undefined && value?.type === 'Literal' && typeof value.value === 'string';
      }) &&
      properties.some((property) => {
        const id = keyOf(property);
        return id !== undefined && moved.get(id) === (property.value as AstNode).value;
      })
    );
  });
  const [table] = tables;
  const shape = "the bundler's GetChunkFilenameRuntimeModule (__webpack_require__.u) changed shape";
  if (tables.length !== 1 || table === undefined) {
    throw new Error(`route-chunks: ${file}: found ${tables.length} chunk file tables, expected 1: ${shape}`);
  }
  const properties = table.properties as AstNode[];
  const ids = new Set(properties.map((property) => keyOf(property)));
  const missing = [...moved.keys()].find((id) => !ids.has(id));
  if (missing !== undefined)
    throw new Error(`route-chunks: ${file}: chunk ${missing} is not in the chunk file table: ${shape}`);
  const kept = properties.filter((property) => !moved.has(keyOf(property) ?? ''));
  const text = `{${kept.map((property) => source.slice(property.start, property.end)).join(',')}}`;
  return `${source.slice(0, table.start)}${text}${source.slice(table.end)}`;
}

/** The part of a bundler chunk this plugin reads (webpack and Rspack alike). */
interface BundlerChunk {
  id?: string | number | null;
  files: Iterable<string>;
  hasRuntime(): boolean;
}

/** The part of a bundler chunk group this plugin reads. */
interface BundlerChunkGroup {
  name?: string | null;
  chunks: readonly BundlerChunk[];
  childrenIterable: Iterable<BundlerChunkGroup>;
}

interface FilesCompilation {
  chunks: Iterable<BundlerChunk>;
  entrypoints: ReadonlyMap<string, BundlerChunkGroup>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, callback: () => void): void } };
  updateAsset(file: string, source: unknown): void;
  renameAsset(file: string, newFile: string): void;
  getAsset(file: string): { source: { source(): string | Buffer } } | undefined;
}

interface FilesCompiler {
  options: { output: { chunkFilename?: unknown }; optimization: { realContentHash?: boolean } };
  hooks: { thisCompilation: { tap(name: string, callback: (compilation: FilesCompilation) => void): void } };
}

/** The bundler API {@link ChunkFilesPlugin} uses: its asset stage and source class. */
export interface FilesBundler {
  Compilation: {
    PROCESS_ASSETS_STAGE_OPTIMIZE: number;
    PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE: number;
    PROCESS_ASSETS_STAGE_OPTIMIZE_HASH: number;
  };
  sources: { RawSource: new (source: string) => unknown };
}

/**
 * Bundler plugin that moves chunk file hashes from the runtime into the route directories and
 * buckets (see {@link splitChunkFiles}) before the bundler's real content hash step (the
 * runtime's table before minification, the carriers' tables after it), which then rewrites every
 * hash (the runtime's, the buckets') to the final one and names each file after its final content. The directories' and buckets' own hashes are dropped
 * from every table, and once the hashes are final their files are renamed to their fixed names
 * ({@link carrierFile}): an edit to one page's content then changes its chunk and its bucket,
 * not the directory, the runtime, `main.js` or any other page. The client half (`client/tables.ts`)
 * adds a directory's or bucket's hashes to `__webpack_require__.rcf` when it loads, and
 * {@link ChunkAssetRuntimePlugin}'s `__webpack_require__.u` reads them there first.
 * @throws Error when `optimization.realContentHash` is off (a bucket's name would not follow
 *   the hashes it carries), or as {@link chunkFileTemplate}, {@link fillBucketFiles} and
 *   {@link trimRuntimeFileTable}.
 */
export class ChunkFilesPlugin {
  constructor(private readonly bundler: FilesBundler) {}

  apply(compiler: FilesCompiler): void {
    const { RawSource } = this.bundler.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // Read here, once the bundler has applied its defaults.
      const template = chunkFileTemplate(compiler.options.output.chunkFilename);
      if (compiler.options.optimization.realContentHash !== true) {
        throw new Error(
          'route-chunks: optimization.realContentHash must be on: buckets carry the hashes of other chunks',
        );
      }
      // The minifier names variables by how often characters occur in a file, and the hashes it
      // sees before the real content hash step are provisional: a file minified with a hash in it
      // gets other names, and a new hash, whenever that hash changes, even when its final bytes
      // would not. So the runtime's table is trimmed before minification and the carriers' tables
      // are written after it.
      const fills = new Map<string, Record<string, string>>();
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: this.bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE },
        () => {
          const carrierNames = new Set([
            ...Array.from({ length: ROUTE_DIRECTORY_COUNT }, (_, index) => directoryChunkName(index)),
            ...Array.from({ length: ROUTE_BUCKET_COUNT }, (_, index) => bucketChunkName(index)),
          ]);
          const nodes = new Map<string, ChunkGroupNode>();
          const nodeOf = (group: BundlerChunkGroup): ChunkGroupNode => {
            const chunks = group.chunks.map((chunk) => String(chunk.id));
            const key = `${group.name ?? ''}|${chunks.join(',')}`;
            let node = nodes.get(key);
            if (node) return node;
            const children: ChunkGroupNode[] = [];
            const carrier = group.name && carrierNames.has(group.name) ? group.name : undefined;
            node = { key, chunks, children, ...(carrier === undefined ? {} : { carrier }) };
            nodes.set(key, node);
            for (const child of group.childrenIterable) children.push(nodeOf(child));
            return node;
          };
          const moved = splitChunkFiles([...compilation.entrypoints.values()].map(nodeOf));

          const fileOf = new Map<string, string>();
          const runtimeFiles: string[] = [];
          for (const chunk of compilation.chunks) {
            const file = [...chunk.files].find((name) => name.endsWith('.js'));
            if (file === undefined || chunk.id === undefined || chunk.id === null) continue;
            fileOf.set(String(chunk.id), file);
            if (chunk.hasRuntime()) runtimeFiles.push(file);
          }
          const hashOf = (id: string): string => {
            const file = fileOf.get(id);
            const hash = file === undefined ? undefined : fileHashOf(file, id, template);
            if (hash === undefined)
              throw new Error(`route-chunks: chunk ${id}'s file ${String(file)} does not follow output.chunkFilename`);
            return hash;
          };
          const read = (file: string): string => {
            const asset = compilation.getAsset(file);
            if (!asset) throw new Error(`route-chunks: ${file} is not among the build's assets`);
            return asset.source.source().toString();
          };
          const allMoved = new Map<string, string>();
          for (const name of carrierNames) {
            const carrierFile = fileOf.get(name);
            if (carrierFile === undefined) continue;
            const files: Record<string, string> = {};
            for (const id of [...(moved.get(name) ?? [])].sort()) {
              allMoved.set(id, hashOf(id));
              if (!carrierNames.has(id)) files[id] = hashOf(id);
            }
            // Its own file has a fixed name, which no table needs.
            if (!allMoved.has(name)) allMoved.set(name, hashOf(name));
            fills.set(carrierFile, files);
          }
          for (const file of runtimeFiles) {
            compilation.updateAsset(file, new RawSource(trimRuntimeFileTable(read(file), allMoved, file)));
          }
        },
      );
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: this.bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          for (const [file, files] of fills) {
            const asset = compilation.getAsset(file);
            if (!asset) throw new Error(`route-chunks: ${file} is not among the build's assets`);
            compilation.updateAsset(
              file,
              new RawSource(fillBucketFiles(asset.source.source().toString(), files, file)),
            );
          }
          fills.clear();
        },
      );
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: this.bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            const id = chunk.id === undefined || chunk.id === null ? '' : String(chunk.id);
            if (!isCarrierChunk(id)) continue;
            const file = [...chunk.files].find((name) => name.endsWith('.js'));
            if (file !== undefined && file !== carrierFile(id)) compilation.renameAsset(file, carrierFile(id));
          }
        },
      );
    });
  }
}

/** Files of the client half, which replace their upstream counterparts in the client bundle. */
const CLIENT_COMPONENT_CREATOR = path.join(__dirname, 'client', 'ComponentCreator.tsx');
const CLIENT_DOCUSAURUS = path.join(__dirname, 'client', 'docusaurus.ts');
const CLIENT_PRELOAD = path.join(__dirname, 'client', 'preload.ts');
/** The folder of core's client code, whose `./preload` and `./docusaurus` are replaced. */
const CORE_CLIENT_DIR = path.dirname(require.resolve('@docusaurus/core/lib/client/preload.js'));

/**
 * Docusaurus plugin. In the production client build it writes the route buckets and the client
 * route tree, swaps in the client `ComponentCreator`, `preload`, route tree and
 * `window.docusaurus`, names chunk ids after their chunks, replaces core's chunk-asset table with
 * {@link ChunkAssetRuntimePlugin}, and adds {@link ChunkFilesPlugin} and
 * {@link ManifestOriginsPlugin}. The server build and `docusaurus start` are left as upstream.
 * @throws Error naming the generated file when upstream route code has an unexpected shape.
 */
export default function routeChunksPlugin(context: LoadContext): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode !== 'production') return {};
      const plan = writeRouteModules(context.generatedFilesDir);
      const bundler = utils.currentBundler.instance as unknown as FilesBundler & {
        NormalModuleReplacementPlugin: new (
          pattern: RegExp,
          replacement: string | ((resource: { request: string; context?: string }) => void),
        ) => WebpackPlugin;
        RuntimeModule: RuntimeModuleClass;
      };
      const template = chunkFileTemplate(config.output?.chunkFilename);
      // The bucket of a route is found from its path, and a chunk's URL from its name.
      config.optimization = { ...config.optimization, chunkIds: 'named' };
      config.plugins = (config.plugins ?? []).filter((plugin) => plugin?.constructor.name !== 'ChunkAssetPlugin');
      return {
        resolve: { alias: { '@docusaurus/ComponentCreator': CLIENT_COMPONENT_CREATOR } },
        plugins: [
          new bundler.NormalModuleReplacementPlugin(/^\.\/docusaurus$/, CLIENT_DOCUSAURUS),
          // Core's `preload`, imported by its client entry and by PendingNavigation.
          new bundler.NormalModuleReplacementPlugin(/^\.\/preload$/, (resource) => {
            if (resource.context === CORE_CLIENT_DIR) resource.request = CLIENT_PRELOAD;
          }),
          // Every client import of the route tree (core's App, normalizeLocation, the theme's
          // useHomePageRoute) gets the tree without the bucketed leaf routes.
          new bundler.NormalModuleReplacementPlugin(/^@generated\/routes$/, plan.clientRoutesFile),
          new ChunkAssetRuntimePlugin(bundler.RuntimeModule, template),
          new ChunkFilesPlugin(bundler),
          new ManifestOriginsPlugin(
            path.join(context.generatedFilesDir, 'client-manifest.json'),
            uniqueRequestBuckets(plan),
          ),
        ],
      };
    },
  };
}
