/**
 * The docs plugin (`@docusaurus/plugin-content-docs`), with a lighter version payload.
 *
 * Upstream, every doc page loads its version's metadata (one JSON chunk, 44 KB gzip here) with
 * two large parts:
 * - `docs`: id, title and sidebar of all ~1,100 docs. Its only reader in the theme is
 *   `useDocById`, used by `DocCard` (generated-index pages and `DocCardList`), which this site does
 *   not render. It is emptied; a page that did render a `DocCard` would stop the build with the
 *   theme's own "no version doc found by id" error, and a generated-index category stops it here.
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
import type { LoadContext, Plugin, PluginModule, RouteConfig } from '@docusaurus/types';
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';

import { SIDEBAR_ITEMS_MODULE } from './contract';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns `route` (and its child routes) with any `version` prop slimmed: `docs` emptied and
 * `docsSidebars` emptied, and every route that names a `sidebar` given the module of that sidebar
 * (`sidebarModules`: sidebar name → module path) as its {@link SIDEBAR_ITEMS_MODULE} module.
 * Routes without either come back unchanged. Pure.
 * @throws Error naming the route when it names a sidebar that has no module.
 */
export function withLeanVersion(route: RouteConfig, sidebarModules: ReadonlyMap<string, string>): RouteConfig {
  const routes = route.routes?.map((child) => withLeanVersion(child, sidebarModules));
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
    lean = { ...lean, modules: { ...route.modules, [SIDEBAR_ITEMS_MODULE]: module } };
  }
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

/** The theme component of a sidebar category's generated index page, which needs the `docs` map. */
const GENERATED_INDEX_COMPONENT = '@theme/DocCategoryGeneratedIndexPage';

/**
 * Stops the build when `route` or a child is a generated index page.
 * @throws Error naming the page's path: link the category to a doc instead.
 */
export function assertNoGeneratedIndex(route: RouteConfig): void {
  if (route.component === GENERATED_INDEX_COMPONENT) {
    throw new Error(
      `lean-docs: ${route.path} is a generated index of a sidebar category, which needs the doc list this site ` +
        'leaves out of the version data. Link the category to a doc (`link: {type: doc, id: ...}`) instead.',
    );
  }
  for (const child of route.routes ?? []) assertNoGeneratedIndex(child);
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

/**
 * Docusaurus plugin factory.
 * @param options - the docs plugin's options, already normalized by {@link validateOptions}
 *   (Docusaurus runs it first, so they arrive as the docs plugin's `PluginOptions`).
 * @throws whatever the docs plugin throws (invalid sidebars, broken front matter, and so on), and
 *   {@link assertNoGeneratedIndex}'s Error when a sidebar category asks for a generated index.
 */
export async function leanDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options as PluginOptions);
  const { contentLoaded } = plugin;
  const navbar = (context.siteConfig.themeConfig as { navbar?: { items?: unknown[] } }).navbar;
  const targets = navbarDocTargets(navbar?.items ?? []);
  return {
    ...plugin,
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
      for (const route of added) {
        assertNoGeneratedIndex(route);
        const sidebarModules = new Map<string, string>();
        for (const [name, items] of versionSidebars(route)) {
          sidebarModules.set(
            name,
            await args.actions.createData(`sidebar-${name}.js`, sidebarModuleSource(name, items)),
          );
        }
        args.actions.addRoute(withLeanVersion(route, sidebarModules));
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
