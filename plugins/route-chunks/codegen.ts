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

import {
  FILES_PLACEHOLDER,
  BUCKETS_PER_DIRECTORY,
  ROUTE_BUCKET_COUNT,
  ROUTE_DIRECTORY_COUNT,
  bucketChunkName,
  directoryChunkName,
  directoryOfBucket,
  isCoreLeaf,
  routeBucket,
  routeKeyPath,
  type ChunkNameTree,
  type LeafRoute,
} from './contract';

/** Chunk name → module request (`@site/docs/intro.md`), from the upstream registry. */
export type RegistryModules = Map<string, string>;

/** A route of the generated route tree, as far as bucketing needs it. */
export interface GeneratedRoute {
  /** `${path}-${hash}`, the key of `routesChunkNames`. */
  key: string;
  /** True when the route has child routes (a layout route such as the docs root). */
  hasChildren: boolean;
}

/** A route of the generated route tree with everything the client route tree needs. */
export interface RouteNode {
  path: string;
  /** The second argument of its `ComponentCreator` call; none for the not-found route (`*`). */
  hash?: string;
  /** Every field but `path`, `component` and `routes`, as values (`exact`, `sidebar`, ...). */
  attributes: Record<string, unknown>;
  routes?: RouteNode[];
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

/** The value of a literal expression (strings, numbers, booleans, null, objects, arrays). */
function literalValue(node: unknown, file: string): unknown {
  if (!isNode(node)) throw new Error(`route-chunks: ${file}: expected a literal`);
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'ArrayExpression':
      return (node.elements as unknown[]).map((element) => literalValue(element, file));
    case 'ObjectExpression':
      return Object.fromEntries(
        (node.properties as AstNode[]).map((property) => [
          propertyName(property, file),
          literalValue(property.value, file),
        ]),
      );
    case 'UnaryExpression':
      if (node.operator === '-') return -(literalValue(node.argument, file) as number);
      break;
    default:
      break;
  }
  throw new Error(`route-chunks: ${file}: expected a literal value at offset ${node.start}`);
}

function propertyName(property: AstNode, file: string): string {
  const key = property.key;
  if (isNode(key) && key.type === 'Identifier') return String(key.name);
  if (isNode(key) && key.type === 'Literal') return String(key.value);
  throw new Error(`route-chunks: ${file}: a route has a computed property at offset ${property.start}`);
}

/**
 * Reads the upstream route tree (`export default [{path, component: ComponentCreator(path, hash),
 * exact?, routes?: [...], ...attributes}, ...]`) with every route's attributes.
 * @throws Error naming `file` when a route's component is not a `ComponentCreator(path, hash)`
 *   call, or a field other than `component` and `routes` is not a literal value.
 */
export function parseRouteTree(source: string, file = 'routes.js'): RouteNode[] {
  const visit = (array: unknown): RouteNode[] => {
    if (!isNode(array) || array.type !== 'ArrayExpression') throw new Error(`route-chunks: ${file}: expected an array`);
    return (array.elements as AstNode[]).map((element) => {
      if (element.type !== 'ObjectExpression') throw new Error(`route-chunks: ${file}: a route is not an object`);
      const node: RouteNode = { path: '', attributes: {} };
      let component: unknown;
      for (const property of element.properties as AstNode[]) {
        const name = propertyName(property, file);
        if (name === 'component') component = property.value;
        else if (name === 'routes') node.routes = visit(property.value);
        else if (name === 'path') node.path = literalString(property.value, file);
        else node.attributes[name] = literalValue(property.value, file);
      }
      if (!isNode(component) || component.type !== 'CallExpression') {
        throw new Error(`route-chunks: ${file}: a route's component is not a ComponentCreator call`);
      }
      const [routePath, hash] = component.arguments as unknown[];
      if (literalString(routePath, file) !== node.path) {
        throw new Error(`route-chunks: ${file}: route ${node.path} calls ComponentCreator with another path`);
      }
      // `ComponentCreator('*')`, the not-found route, has no chunks of its own.
      if (hash !== undefined) node.hash = literalString(hash, file);
      return node;
    });
  };
  return visit(defaultExport(source, file));
}

/** The key of a route (`${path}-${hash}`), or undefined for the not-found route. */
export function routeKey(route: RouteNode): string | undefined {
  return route.hash === undefined ? undefined : `${route.path}-${route.hash}`;
}

/**
 * Reads the upstream route tree into a flat list of route keys, each marked as a layout route or
 * not (the not-found route, which has no key, is left out).
 * @throws Error as {@link parseRouteTree}.
 */
export function parseRoutes(source: string, file = 'routes.js'): GeneratedRoute[] {
  const routes: GeneratedRoute[] = [];
  const visit = (nodes: readonly RouteNode[]): void => {
    for (const node of nodes) {
      const key = routeKey(node);
      if (key !== undefined) routes.push({ key, hasChildren: node.routes !== undefined });
      if (node.routes) visit(node.routes);
    }
  };
  visit(parseRouteTree(source, file));
  return routes;
}

/** The route tree `main.js` keeps, and the leaf routes each bucket adds to it. */
export interface RouteTreePlan {
  /** Source of the client route tree module (`route-chunks/routes.js`). */
  clientSource: string;
  /** Bucket index → its leaf routes. */
  bucketLeaves: LeafRoute[][];
}

/**
 * Splits the route tree into what `main.js` keeps (top-level routes, layout routes and the leaf
 * routes {@link isCoreLeaf} names) and the leaf routes each bucket carries, and writes the client
 * route tree module: `export default` the kept tree, each layout route given its key as `key`
 * (react-router-config's element key, so a route keeps its React identity when leaves are added
 * before it) and registered in `layouts` with the positions of the children it kept. Pure.
 */
export function planRouteTree(tree: readonly RouteNode[]): RouteTreePlan {
  const bucketLeaves: LeafRoute[][] = Array.from({ length: ROUTE_BUCKET_COUNT }, () => []);
  const emit = (route: RouteNode, parentKey: string | undefined): string => {
    const key = routeKey(route);
    const fields = [
      `path: ${JSON.stringify(route.path)}`,
      route.hash === undefined
        ? `component: ComponentCreator(${JSON.stringify(route.path)})`
        : `component: ComponentCreator(${JSON.stringify(route.path)}, ${JSON.stringify(route.hash)})`,
      ...Object.entries(route.attributes).map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`),
    ];
    if (parentKey !== undefined && key !== undefined) fields.push(`key: ${JSON.stringify(key)}`);
    if (route.routes === undefined) return `{${fields.join(', ')}}`;
    if (key === undefined) throw new Error(`route-chunks: routes.js: layout route ${route.path} has no hash`);
    const kept: string[] = [];
    const positions: number[] = [];
    route.routes.forEach((child, position) => {
      const childKey = routeKey(child);
      if (
        child.routes === undefined &&
        childKey !== undefined &&
        !isCoreLeaf({ path: child.path, ...child.attributes }, false)
      ) {
        bucketLeaves[routeBucket(child.path)]?.push([childKey, key, position, child.attributes]);
      } else {
        kept.push(emit(child, key));
        positions.push(position);
      }
    });
    fields.push(`routes: [\n${kept.join(',\n')}\n]`);
    return `layout(${JSON.stringify(key)}, ${JSON.stringify(positions)}, {${fields.join(', ')}})`;
  };
  const top = tree.map((route) => emit(route, undefined));
  const clientSource = [
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    '/** Layout route key → the route and the positions (in the generated tree) of the children it keeps. */',
    'export const layouts = {};',
    'function layout(key, positions, route) {',
    '  layouts[key] = { route, positions };',
    '  return route;',
    '}',
    `export default [\n${top.join(',\n')}\n];`,
    '',
  ].join('\n');
  return { clientSource, bucketLeaves };
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
 * file names and the server render's manifest stay the same). A bucket (`leaves` given) also
 * exports its leaf routes and `files: FILES_PLACEHOLDER`, which the build replaces.
 * @throws Error when a route key is missing from `chunkNames` or a chunk from `registry`.
 */
export function tableModuleSource(
  keys: readonly string[],
  chunkNames: Record<string, ChunkNameTree>,
  registry: RegistryModules,
  leaves?: readonly LeafRoute[],
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
  const bucketFields =
    leaves === undefined ? '' : `,\nleaves: ${JSON.stringify(leaves)},\nfiles: ${JSON.stringify(FILES_PLACEHOLDER)}`;
  return `export default {\nroutes: ${JSON.stringify(routes)},\nloaders: {\n${loaders.join(',\n')}\n}${bucketFields}\n};\n`;
}

/** Source of the index module: the core table, imported statically, and a loader per directory. */
export function indexModuleSource(): string {
  const directories = Array.from(
    { length: ROUTE_DIRECTORY_COUNT },
    (_, index) =>
      `() => import(/* webpackChunkName: ${JSON.stringify(directoryChunkName(index))} */ './directory-${String(index)}.js')`,
  );
  return `import core from './core.js';\nexport {core};\nexport const directories = [\n${directories.join(',\n')}\n];\n`;
}

/**
 * Source of directory `index`: a loader per bucket it lists, and `files: FILES_PLACEHOLDER`,
 * which the build replaces with those buckets' file hashes.
 */
export function directoryModuleSource(index: number): string {
  const buckets = Array.from({ length: BUCKETS_PER_DIRECTORY }, (_, slot) => {
    const bucket = index * BUCKETS_PER_DIRECTORY + slot;
    return `() => import(/* webpackChunkName: ${JSON.stringify(bucketChunkName(bucket))} */ './bucket-${String(bucket)}.js')`;
  });
  return `export default {\nbuckets: [\n${buckets.join(',\n')}\n],\nfiles: ${JSON.stringify(FILES_PLACEHOLDER)}\n};\n`;
}

/** Where the generated modules go, under the site's generated files directory. */
export const GENERATED_FOLDER = 'route-chunks';

/** What {@link writeRouteModules} found, for the manifest step after the client build. */
export interface RouteModulesPlan {
  tables: RouteTables;
  /** Where the client route tree module was written. */
  clientRoutesFile: string;
  chunkNames: Record<string, ChunkNameTree>;
  registry: RegistryModules;
}

/**
 * Reads the upstream generated route code in `generatedFilesDir` and writes `route-chunks/index.js`,
 * `core.js`, `directory-<n>.js`, `bucket-<n>.js` and the client route tree `routes.js` beside it.
 * @throws Error naming the file when the upstream code has an unexpected shape.
 */
export function writeRouteModules(generatedFilesDir: string): RouteModulesPlan {
  const read = (name: string): string => fs.readFileSync(path.join(generatedFilesDir, name), 'utf8');
  const registry = parseRegistry(read('registry.js'));
  const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, ChunkNameTree>;
  const routesSource = read('routes.js');
  const tables = splitRoutes(parseRoutes(routesSource));
  const tree = planRouteTree(parseRouteTree(routesSource));
  const outDir = path.join(generatedFilesDir, GENERATED_FOLDER);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'core.js'), tableModuleSource(tables.core, chunkNames, registry));
  tables.buckets.forEach((keys, index) => {
    fs.writeFileSync(
      path.join(outDir, `bucket-${String(index)}.js`),
      tableModuleSource(keys, chunkNames, registry, tree.bucketLeaves[index] ?? []),
    );
  });
  for (let index = 0; index < ROUTE_DIRECTORY_COUNT; index += 1) {
    fs.writeFileSync(path.join(outDir, `directory-${String(index)}.js`), directoryModuleSource(index));
  }
  fs.writeFileSync(path.join(outDir, 'index.js'), indexModuleSource());
  const clientRoutesFile = path.join(outDir, 'routes.js');
  fs.writeFileSync(clientRoutesFile, tree.clientSource);
  return { tables, clientRoutesFile, chunkNames, registry };
}

/**
 * For the server render's manifest: module request → the directory and bucket chunks its page
 * needs, for every request that exactly one leaf route uses (a doc's content, a tag page's props).
 * The server reports those requests while rendering the page, so its HTML then lists the page's
 * directory and bucket too.
 */
export function uniqueRequestBuckets(
  plan: Pick<RouteModulesPlan, 'tables' | 'chunkNames' | 'registry'>,
): Map<string, string[]> {
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
  const result = new Map<string, string[]>();
  for (const [request, users] of routesByRequest) {
    if (users.size !== 1) continue;
    const [key] = [...users];
    const bucket = key === undefined ? undefined : bucketOfRoute.get(key);
    if (bucket !== undefined) {
      result.set(request, [directoryChunkName(directoryOfBucket(bucket).directory), bucketChunkName(bucket)]);
    }
  }
  return result;
}
