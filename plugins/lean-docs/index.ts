/**
 * The docs plugin (`@docusaurus/plugin-content-docs`), with a lighter version payload.
 *
 * Issue 8 (first-load JS budget): every doc page loads its version's metadata, whose `docs` map
 * holds the id, title, sidebar and description of all ~1,100 docs (81 KB gzip, 49 KB of it
 * descriptions). The only reader of that map in the theme is `useDocById` in DocCard, which
 * takes a card's description from it; this site renders no DocCard (no generated-index pages,
 * no DocCardList), so the descriptions are dropped from that one route prop. Each doc's own page
 * metadata, and so its `<meta name="description">`, is untouched.
 *
 * Everything else is the upstream plugin: same name, id, options, routes and global data.
 */
import type { LoadContext, Plugin, PluginModule, RouteConfig } from '@docusaurus/types';
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';

/** Shape of the version prop's `docs` map (doc id → doc summary) that this plugin slims. */
type VersionDocs = Record<string, { description?: string } & Record<string, unknown>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns `route` (and its child routes) with the descriptions removed from any `version.docs`
 * prop. Routes without that prop come back unchanged. Pure; never throws.
 */
export function withoutDocDescriptions(route: RouteConfig): RouteConfig {
  const routes = route.routes?.map(withoutDocDescriptions);
  const version = route.props?.version;
  if (!isRecord(version) || !isRecord(version.docs)) return routes ? { ...route, routes } : route;
  const docs = Object.fromEntries(
    Object.entries(version.docs as VersionDocs).map(([id, doc]) => [
      id,
      Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'description')),
    ]),
  );
  return { ...route, ...(routes && { routes }), props: { ...route.props, version: { ...version, docs } } };
}

/**
 * Docusaurus plugin factory.
 * @param options - the docs plugin's options, already normalized by {@link validateOptions}
 *   (Docusaurus runs it first, so they arrive as the docs plugin's `PluginOptions`).
 * @throws whatever the docs plugin throws (invalid sidebars, broken front matter, and so on).
 */
export async function leanDocsPlugin(context: LoadContext, options: unknown): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options as PluginOptions);
  const { contentLoaded } = plugin;
  return {
    ...plugin,
    async contentLoaded(args) {
      await contentLoaded?.({
        ...args,
        actions: {
          ...args.actions,
          addRoute: (route) => {
            args.actions.addRoute(withoutDocDescriptions(route));
          },
        },
      });
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
