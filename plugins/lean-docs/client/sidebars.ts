/**
 * The sidebars the current page (and any page visited before it) has loaded, by name. Each
 * sidebar's module (written by the lean-docs plugin) registers its items here when it loads; a
 * doc route loads its sidebar's module before the page renders, so the items are here by the
 * time `DocRoot` asks.
 */
import type { PropSidebar } from '@docusaurus/plugin-content-docs';

const sidebars = new Map<string, PropSidebar>();

/** Records the items of sidebar `name`. Called by the generated sidebar modules. */
export function registerSidebar(name: string, items: PropSidebar): void {
  sidebars.set(name, items);
}

/**
 * The items of sidebar `name`.
 * @throws Error naming the sidebar when its module has not loaded, which would mean a doc route
 *   was rendered without the module the plugin gave it.
 */
export function sidebarItems(name: string): PropSidebar {
  const items = sidebars.get(name);
  if (items === undefined) throw new Error(`lean-docs: the items of sidebar "${name}" have not been loaded`);
  return items;
}
