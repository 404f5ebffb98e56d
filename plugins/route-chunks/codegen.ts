/**
 * Build-time half of the route buckets: reads the route code Docusaurus generated
 * (`.docusaurus/registry.js`, `routes.js`, `routesChunkNames.json`) and writes the modules the
 * client `ComponentCreator` loads instead (`.docusaurus/route-chunks/`). Pure functions plus one
 * writer; the generated files are parsed with acorn, never pattern-matched.
 */
import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'acorn';
import type { Node } from 'acorn';

import { ROUTE_BUCKET_COUNT, bucketChunkName, routeBucket, routeKeyPath, type ChunkNameTree } from './contract';

/** Chunk name → module request (`@site/docs/intro.md`), from the upstream registry. */
export type RegistryModules = Map<string, string>;

/** A route of the generated route tree, as far as bucketing needs it. */
export interface GeneratedRoute {
  /** `${path}-${hash}`, the key of `routesChunkNames`. */
  key: string;
  /** True when the route has child routes (a layout route such as the docs root). */
  hasChildren: boolean;
}

interface AstNode extends Node {
  [field: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function literalString(node: unknown, file: string): string {
  if (isNode(node) && node.type === 'Literal' && typeof node.value === 'string') return node.value;
  throw new Error(`route-chunks: ${file}: expected a string literal at offset ${isNode(node) ? node.start : '?'}`);
}

function defaultExport(source: string, file: string): AstNode {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as AstNode;
  const body = program.body as AstNode[];
  const declaration = body.find((node) => node.type === 'ExportDefaultDeclaration')?.declaration;
  if (!isNode(declaration)) throw new Error(`route-chunks: ${file}: no default export`);
  return declaration;
}

/**
 * Reads the upstream registry (`export default {name: [() => import("request"), "request",
 * require.resolveWeak("request")], ...}`) into chunk name → request.
 * @throws Error naming `file` when an entry does not have that shape (a Docusaurus upgrade
 *   changed the generated code: the plugin must be checked against it).
 */
export function parseRegistry(source: string, file = 'registry.js'): RegistryModules {
  const object = defaultExport(source, file);
  if (object.type !== 'ObjectExpression') throw new Error(`route-chunks: ${file}: default export is not an object`);
  const modules: RegistryModules = new Map();
  for (const property of object.properties as AstNode[]) {
    const name = literalString(property.key, file);
    const value = property.value;
    if (!isNode(value) || value.type !== 'ArrayExpression') {
      throw new Error(`route-chunks: ${file}: entry "${name}" is not an array`);
    }
    const [, request] = value.elements as unknown[];
    modules.set(name, literalString(request, file));
  }
  return modules;
}

/**
 * Reads the upstream route tree (`export default [{path, component: ComponentCreator(path, hash),
 * routes?: [...]}, ...]`) into a flat list of route keys, each marked as a layout route or not.
 * @throws Error naming `file` when a route's component is not a `ComponentCreator(path, hash)` call.
 */
export function parseRoutes(source: string, file = 'routes.js'): GeneratedRoute[] {
  const routes: GeneratedRoute[] = [];
  const visit = (array: unknown): void => {
    if (!isNode(array) || array.type !== 'ArrayExpression') throw new Error(`route-chunks: ${file}: expected an array`);
    for (const element of array.elements as AstNode[]) {
      const properties = new Map(
        (element.properties as AstNode[]).map((property) => [
          isNode(property.key) ? String(property.key.name ?? property.key.value) : '',
          property.value,
        ]),
      );
      const component = properties.get('component');
      if (!isNode(component) || component.type !== 'CallExpression') {
        throw new Error(`route-chunks: ${file}: a route's component is not a ComponentCreator call`);
      }
      const [routePath, hash] = component.arguments as unknown[];
      // `ComponentCreator('*')`, the not-found route, has no chunks of its own.
      if (hash === undefined) continue;
      const key = `${literalString(routePath, file)}-${literalString(hash, file)}`;
      const children = properties.get('routes');
      routes.push({ key, hasChildren: children !== undefined });
      if (children !== undefined) visit(children);
    }
  };
  visit(defaultExport(source, file));
  return routes;
}

/** Every chunk name in a chunk name tree, depth first. */
export function chunkNamesOf(tree: ChunkNameTree | string): string[] {
  if (typeof tree === 'string') return [tree];
  return Object.values(tree).flatMap((value) => chunkNamesOf(value));
}

/** The route tables to generate: the layout routes (`core`) and one table per bucket. */
export interface RouteTables {
  core: string[];
  buckets: string[][];
}

/**
 * Splits route keys into the core table (layout routes) and the
 * {@link ROUTE_BUCKET_COUNT} buckets (every other route, by {@link routeBucket} of its path).
 */
export function splitRoutes(routes: readonly GeneratedRoute[]): RouteTables {
  const core: string[] = [];
  const buckets: string[][] = Array.from({ length: ROUTE_BUCKET_COUNT }, () => []);
  for (const route of routes) {
    if (route.hasChildren) core.push(route.key);
    else buckets[routeBucket(routeKeyPath(route.key))]?.push(route.key);
  }
  return { core, buckets };
}

/**
 * Source of one route table module: `export default {routes: {...}, loaders: {...}}` with one
 * `import()` per chunk the table's routes use, named as upstream names it (so the chunks, their
 * file names and the server render's manifest stay the same).
 * @throws Error when a route key is missing from `chunkNames` or a chunk from `registry`.
 */
export function tableModuleSource(
  keys: readonly string[],
  chunkNames: Record<string, ChunkNameTree>,
  registry: RegistryModules,
): string {
  const routes: Record<string, ChunkNameTree> = {};
  const used = new Set<string>();
  for (const key of keys) {
    const tree = chunkNames[key];
    if (tree === undefined) throw new Error(`route-chunks: route "${key}" is not in routesChunkNames.json`);
    routes[key] = tree;
    for (const name of chunkNamesOf(tree)) used.add(name);
  }
  const loaders = [...used].sort().map((name) => {
    const request = registry.get(name);
    if (request === undefined) throw new Error(`route-chunks: chunk "${name}" is not in registry.js`);
    return `${JSON.stringify(name)}: () => import(/* webpackChunkName: ${JSON.stringify(name)} */ ${JSON.stringify(request)})`;
  });
  return `export default {\nroutes: ${JSON.stringify(routes)},\nloaders: {\n${loaders.join(',\n')}\n}\n};\n`;
}

/** Source of the index module: the core table, imported statically, and a loader per bucket. */
export function indexModuleSource(): string {
  const buckets = Array.from(
    { length: ROUTE_BUCKET_COUNT },
    (_, index) =>
      `() => import(/* webpackChunkName: ${JSON.stringify(bucketChunkName(index))} */ './bucket-${String(index)}.js')`,
  );
  return `import core from './core.js';\nexport {core};\nexport const buckets = [\n${buckets.join(',\n')}\n];\n`;
}

/** Where the generated modules go, under the site's generated files directory. */
export const GENERATED_FOLDER = 'route-chunks';

/** What {@link writeRouteModules} found, for the manifest step after the client build. */
export interface RouteModulesPlan {
  tables: RouteTables;
  chunkNames: Record<string, ChunkNameTree>;
  registry: RegistryModules;
}

/**
 * Reads the upstream generated route code in `generatedFilesDir` and writes `route-chunks/index.js`,
 * `core.js` and `bucket-<n>.js` beside it.
 * @throws Error naming the file when the upstream code has an unexpected shape.
 */
export function writeRouteModules(generatedFilesDir: string): RouteModulesPlan {
  const read = (name: string): string => fs.readFileSync(path.join(generatedFilesDir, name), 'utf8');
  const registry = parseRegistry(read('registry.js'));
  const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, ChunkNameTree>;
  const tables = splitRoutes(parseRoutes(read('routes.js')));
  const outDir = path.join(generatedFilesDir, GENERATED_FOLDER);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'core.js'), tableModuleSource(tables.core, chunkNames, registry));
  tables.buckets.forEach((keys, index) => {
    fs.writeFileSync(path.join(outDir, `bucket-${String(index)}.js`), tableModuleSource(keys, chunkNames, registry));
  });
  fs.writeFileSync(path.join(outDir, 'index.js'), indexModuleSource());
  return { tables, chunkNames, registry };
}

/**
 * For the server render's manifest: module request → the bucket chunk its page needs, for every
 * request that exactly one leaf route uses (a doc's content, a tag page's props). The server
 * reports those requests while rendering the page, so its HTML then lists the page's bucket too.
 */
export function uniqueRequestBuckets(plan: RouteModulesPlan): Map<string, string> {
  const routesByRequest = new Map<string, Set<string>>();
  const bucketOfRoute = new Map<string, number>();
  plan.tables.buckets.forEach((keys, index) => {
    for (const key of keys) {
      bucketOfRoute.set(key, index);
      const tree = plan.chunkNames[key];
      if (tree === undefined) continue;
      for (const name of chunkNamesOf(tree)) {
        const request = plan.registry.get(name);
        if (request === undefined) continue;
        const users = routesByRequest.get(request) ?? new Set<string>();
        users.add(key);
        routesByRequest.set(request, users);
      }
    }
  });
  // A request used by a layout route too is not unique to a page.
  for (const key of plan.tables.core) {
    const tree = plan.chunkNames[key];
    if (tree === undefined) continue;
    for (const name of chunkNamesOf(tree)) {
      const request = plan.registry.get(name);
      if (request !== undefined) routesByRequest.delete(request);
    }
  }
  const result = new Map<string, string>();
  for (const [request, users] of routesByRequest) {
    if (users.size !== 1) continue;
    const [key] = [...users];
    const bucket = key === undefined ? undefined : bucketOfRoute.get(key);
    if (bucket !== undefined) result.set(request, bucketChunkName(bucket));
  }
  return result;
}
