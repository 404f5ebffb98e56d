/**
 * The docs plugin (`@docusaurus/plugin-content-docs`), with a lighter version payload.
 *
 * Upstream, every doc page loads its version's metadata (one JSON chunk, 93 KB gzip here with
 * 1,068 docs) with two large parts:
 * - `docs`: id, title, description and sidebar of every doc (81 KB gzip). Its only reader in the
 *   theme is `useDocById`, which `DocCard` uses for a doc's description. It is emptied; instead a
 *   page that can render cards (a `DocCard` or `DocCardList` in its MDX or in a file it imports, a
 *   generated-index page) loads the metadata of the docs its cards can show as its `cardDocs`
 *   route module, found by parsing its source (`card-usage.ts`, `card-docs.ts`), and the theme's
 *   `DocItem` and `DocCategoryGeneratedIndexPage`, wrapped in `theme/`, give its components a
 *   version metadata made of it (`client/pageVersion.ts`, `client/PageVersionProvider.tsx`).
 *   See ARCHITECTURE.md, 'Doc cards'.
 * - `docsSidebars`: all 26 sidebars. Each sidebar now has a module of its own
 *   (`sidebar-<name>.js`, written with `createData`), and every doc route that shows a sidebar
 *   loads its sidebar's module as the `sidebarItems` route module. That module registers the
 *   items (`client/sidebars.ts`) as it loads, which is before the page renders (routes preload
 *   their modules first, on the server and in the browser), and the site's `DocRoot` reads them
 *   from there. A page ships its own sidebar, not all 26.
 *
 * - Global data: every page loads the plugin's global data, whose doc list (id, path, sidebar of
 *   every doc) serves only the navbar's doc items, to find the doc they link to and whether the
 *   current page is theirs. The list keeps the docs those items can match: the docs that `doc`
 *   items name and the docs of the sidebars that `docSidebar` items name.
 *
 * Everything else is the upstream plugin: same name, id, options and routes.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule, RouteConfig } from '@docusaurus/types';
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type {
  DocMetadata,
  LoadedContent,
  PluginOptions,
  PropSidebar,
  PropVersionDocs,
} from '@docusaurus/plugin-content-docs';

import { GENERATED_INDEX_USAGE, cardDocIds, cardDocsModule } from './card-docs';
import { CardUsageReader, type CardUsage } from './card-usage';
import { CARD_DOCS_MODULE, SIDEBAR_ITEMS_MODULE } from './contract';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns `route` (and its child routes) with any `version` prop slimmed: `docs` emptied and
 * `docsSidebars` emptied, every route that names a `sidebar` given the module of that sidebar
 * (`sidebarModules`: sidebar name → module path) as its {@link SIDEBAR_ITEMS_MODULE} module, and
 * every route listed in `cardModules` (route path → module path) that module as its
 * {@link CARD_DOCS_MODULE} module. Other routes come back unchanged. Pure.
 * @throws Error naming the route when it names a sidebar that has no module.
 */
export function withLeanVersion(
  route: RouteConfig,
  sidebarModules: ReadonlyMap<string, string>,
  cardModules: ReadonlyMap<string, string> = new Map(),
): RouteConfig {
  const routes = route.routes?.map((child) => withLeanVersion(child, sidebarModules, cardModules));
  let lean: RouteConfig = routes ? { ...route, routes } : route;
  const version = route.props?.version;
  if (isRecord(version) && (isRecord(version.docs) || isRecord(version.docsSidebars))) {
    lean = { ...lean, props: { ...route.props, version: { ...version, docs: {}, docsSidebars: {} } } };
  }
  const sidebar = (route as RouteConfig & { sidebar?: unknown }).sidebar;
  if (typeof sidebar === 'string') {
    const module = sidebarModules.get(sidebar);
    if (module === undefined)
      throw new Error(`lean-docs: route ${route.path} names sidebar "${sidebar}", which has no module`);
    lean = { ...lean, modules: { ...lean.modules, [SIDEBAR_ITEMS_MODULE]: module } };
  }
  const cards = route.routes === undefined ? cardModules.get(route.path) : undefined;
  if (cards !== undefined) lean = { ...lean, modules: { ...lean.modules, [CARD_DOCS_MODULE]: cards } };
  return lean;
}

/** The sidebars of every `version` prop in `route` and its children, by sidebar name. */
export function versionSidebars(route: RouteConfig): Map<string, unknown> {
  const sidebars = new Map<string, unknown>();
  const version = route.props?.version;
  if (isRecord(version) && isRecord(version.docsSidebars)) {
    for (const [name, items] of Object.entries(version.docsSidebars)) sidebars.set(name, items);
  }
  for (const child of route.routes ?? []) {
    for (const [name, items] of versionSidebars(child)) sidebars.set(name, items);
  }
  return sidebars;
}

/** The docs of every `version` prop in `route` and its children, by doc id. */
export function versionDocs(route: RouteConfig): PropVersionDocs {
  const version = route.props?.version;
  const docs: PropVersionDocs =
    isRecord(version) && isRecord(version.docs) ? { ...(version.docs as PropVersionDocs) } : {};
  for (const child of route.routes ?? []) Object.assign(docs, versionDocs(child));
  return docs;
}

/** A page the docs plugin adds: a doc (its `content` module) or a category's generated index. */
export type PageRoute =
  | { kind: 'doc'; path: string; sidebar: string | undefined; source: string }
  | { kind: 'generated-index'; path: string; sidebar: string | undefined };

/** The doc and generated-index pages below `route`, the routes that can render cards. */
export function pageRoutes(route: RouteConfig): PageRoute[] {
  if (route.routes !== undefined) return route.routes.flatMap(pageRoutes);
  const sidebar = (route as RouteConfig & { sidebar?: unknown }).sidebar;
  const base = { path: route.path, sidebar: typeof sidebar === 'string' ? sidebar : undefined };
  const content = isRecord(route.modules) ? route.modules.content : undefined;
  if (typeof content === 'string') return [{ kind: 'doc', ...base, source: content }];
  if (isRecord(route.props?.categoryGeneratedIndex)) return [{ kind: 'generated-index', ...base }];
  return [];
}

/**
 * Source of one sidebar's module: the items as a literal, registered under the sidebar's name
 * when the module loads, and exported as its default.
 */
export function sidebarModuleSource(name: string, items: unknown): string {
  return [
    "import { registerSidebar } from '@site/plugins/lean-docs/client/sidebars';",
    `const items = ${JSON.stringify(items)};`,
    `registerSidebar(${JSON.stringify(name)}, items);`,
    'export default items;',
    '',
  ].join('\n');
}

/** What the navbar's doc items point at: doc ids (`type: 'doc'`) and sidebar ids (`type: 'docSidebar'`). */
export interface NavbarDocTargets {
  docIds: Set<string>;
  sidebarIds: Set<string>;
}

/** The doc ids and sidebar ids the navbar items (dropdowns included) point at. */
export function navbarDocTargets(items: readonly unknown[]): NavbarDocTargets {
  const targets: NavbarDocTargets = { docIds: new Set(), sidebarIds: new Set() };
  const visit = (item: unknown): void => {
    if (!isRecord(item)) return;
    if (item.type === 'doc' && typeof item.docId === 'string') targets.docIds.add(item.docId);
    if (item.type === 'docSidebar' && typeof item.sidebarId === 'string') targets.sidebarIds.add(item.sidebarId);
    if (Array.isArray(item.items)) item.items.forEach(visit);
  };
  items.forEach(visit);
  return targets;
}

/**
 * The docs plugin's global data with each version's doc list cut to the docs the navbar can use
 * (see the file comment). Other fields are kept. Pure.
 */
export function withNavbarDocsOnly(data: unknown, targets: NavbarDocTargets): unknown {
  if (!isRecord(data) || !Array.isArray(data.versions)) return data;
  const versions = data.versions.map((version: unknown) => {
    if (!isRecord(version) || !Array.isArray(version.docs)) return version;
    const docs = version.docs.filter(
      (doc: unknown) =>
        isRecord(doc) &&
        ((typeof doc.id === 'string' && targets.docIds.has(doc.id)) ||
          (typeof doc.sidebar === 'string' && targets.sidebarIds.has(doc.sidebar))),
    );
    return { ...version, docs };
  });
  return { ...data, versions };
}

/** Finds which docs each page's cards can show, and writes one `cards-<hash>.json` module per distinct set. */
class CardModules {
  private readonly written = new Map<string, string>();

  constructor(
    private readonly reader: CardUsageReader,
    private readonly siteDir: string,
    private readonly createData: (name: string, data: string) => Promise<string>,
  ) {}

  /**
   * Route path → module path, for every page of `route` whose cards can show a doc.
   * @param docsBySource - the loaded docs by their `source` (`@site/...`).
   * @throws CardUsageParseError for a file that does not parse, UnknownCardDocError for a doc id
   *   that no doc has.
   */
  async forRoute(route: RouteConfig, docsBySource: ReadonlyMap<string, DocMetadata>): Promise<Map<string, string>> {
    const sidebars = versionSidebars(route) as Map<string, PropSidebar>;
    const docs = versionDocs(route);
    const modules = new Map<string, string>();
    for (const page of pageRoutes(route)) {
      let usage: CardUsage = GENERATED_INDEX_USAGE;
      let source = `the generated index ${page.path}`;
      if (page.kind === 'doc') {
        const doc = docsBySource.get(page.source);
        if (doc === undefined)
          throw new Error(`lean-docs: route ${page.path} loads ${page.source}, which is no loaded doc`);
        source = doc.source.replace(/^@site\//, '');
        const format = (doc.frontMatter as { mdx?: { format?: 'md' | 'mdx' | 'detect' } }).mdx?.format;
        usage = await this.reader.usageOf(path.join(this.siteDir, source), format);
      }
      const sidebarItems = page.sidebar === undefined ? undefined : sidebars.get(page.sidebar);
      const ids = cardDocIds(usage, { permalink: page.path, sidebarItems }, source, (id) => Object.hasOwn(docs, id));
      if (ids.size === 0) continue;
      const json = JSON.stringify(cardDocsModule(ids, docs));
      const name = `cards-${createHash('sha256').update(json).digest('hex').slice(0, 16)}.json`;
      let module = this.written.get(name);
      if (module === undefined) {
        module = await this.createData(name, json);
        this.written.set(name, module);
      }
      modules.set(page.path, module);
    }
    return modules;
  }
}

/**
 * Docusaurus plugin factory.
 * @param options - the docs plugin's options, already normalized by {@link validateOptions}
 *   (Docusaurus runs it first, so they arrive as the docs plugin's `PluginOptions`).
 * @throws whatever the docs plugin throws (invalid sidebars, broken front matter, and so on); from
 *   `contentLoaded`, CardUsageParseError naming a doc or imported file that does not parse and
 *   UnknownCardDocError naming a file that names a doc id no doc has.
 */
export async function leanDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin<LoadedContent>> {
  const docsOptions = options as PluginOptions;
  const plugin = await docsPlugin(context, docsOptions);
  const { contentLoaded } = plugin;
  const navbar = (context.siteConfig.themeConfig as { navbar?: { items?: unknown[] } }).navbar;
  const targets = navbarDocTargets(navbar?.items ?? []);
  // One reader for the plugin's life, so `npm start` reloads re-parse only the files that changed.
  const reader = new CardUsageReader(context.siteDir, {
    markdownConfig: context.siteConfig.markdown,
    admonitions: docsOptions.admonitions,
  });
  return {
    ...plugin,
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    getTypeScriptThemePath() {
      return path.join(__dirname, 'theme');
    },
    async contentLoaded(args) {
      const added: RouteConfig[] = [];
      await contentLoaded?.({
        ...args,
        actions: {
          ...args.actions,
          addRoute: (route) => added.push(route),
          setGlobalData: (data) => {
            args.actions.setGlobalData(withNavbarDocsOnly(data, targets));
          },
        },
      });
      const docsBySource = new Map(
        args.content.loadedVersions.flatMap((version) => version.docs).map((doc) => [doc.source, doc] as const),
      );
      const cards = new CardModules(reader, context.siteDir, args.actions.createData);
      for (const route of added) {
        const sidebarModules = new Map<string, string>();
        for (const [name, items] of versionSidebars(route)) {
          sidebarModules.set(
            name,
            await args.actions.createData(`sidebar-${name}.js`, sidebarModuleSource(name, items)),
          );
        }
        args.actions.addRoute(withLeanVersion(route, sidebarModules, await cards.forRoute(route, docsBySource)));
      }
    },
  };
}

/**
 * The factory with its option validator attached (Docusaurus validates a function plugin's
 * options with its `validateOptions` property), typed as the config's plugin list expects:
 * `PluginModule<unknown>`, which the docs plugin's concrete content and option types do not
 * satisfy structurally, hence the cast.
 */
const leanDocs = Object.assign(leanDocsPlugin, { validateOptions }) as unknown as PluginModule;
export default leanDocs;
