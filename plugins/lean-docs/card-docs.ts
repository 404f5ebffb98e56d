/**
 * The docs whose metadata a page's cards may show, from what the page uses (`card-usage.ts`) and
 * where it sits in its sidebar (see ARCHITECTURE.md, 'Doc cards'). Pure functions.
 *
 * A card of a doc shows the doc's description, which the theme's `DocCard` reads with
 * `useDocById(item.docId)` from the version metadata. A page carries, as its `cardDocs` route
 * module, the metadata (id, title, description, sidebar: the fields the docs plugin puts in the
 * version metadata) of:
 * - every doc it names by id (`docId`, `useDocById('id')`);
 * - when it renders a card or calls `useDocById` or `useDocsVersion` at all:
 *   - the docs whose id is a string literal of the page (`<DocSummary id="guides/intro" />`);
 *   - with `DocCardList` without `items` or `useCurrentSidebarSiblings()`: the docs linked from
 *     its siblings (the items of the deepest category that holds or links the page, or the
 *     sidebar's top level);
 *   - with `useCurrentSidebarCategory()`: the docs linked from that category's items;
 *   - with `useDocsSidebar()`: the docs linked anywhere in its sidebar.
 * A generated-index page carries the docs linked from its category's items.
 */
import type {
  PropSidebar,
  PropSidebarItem,
  PropSidebarItemCategory,
  PropVersionDoc,
  PropVersionDocs,
} from '@docusaurus/plugin-content-docs';

import type { CardDocsModule } from './contract';
import type { CardUsage } from './card-usage';

/** Whether two paths are the same page, as the theme compares them (case and trailing slash ignored). */
export function isSamePath(a: string | undefined, b: string | undefined): boolean {
  const normalize = (p: string | undefined): string | undefined =>
    (p === undefined || p === '' || p.endsWith('/') ? p : `${p}/`)?.toLowerCase();
  return normalize(a) === normalize(b);
}

/**
 * The categories of `items` that hold or link the page at `permalink`, from the top to the deepest,
 * found as the theme's `useCurrentSidebarCategory` and `useCurrentSidebarSiblings` find them (the
 * docs plugin's `getSidebarBreadcrumbs` with `onlyCategories`): depth first, the first category
 * whose link is the page (not looking inside it) or that holds a doc link to it.
 */
export function categoryTrail(items: PropSidebar, permalink: string): PropSidebarItemCategory[] {
  const trail: PropSidebarItemCategory[] = [];
  const extract = (list: readonly PropSidebarItem[]): boolean => {
    for (const item of list) {
      if (item.type === 'category') {
        if (isSamePath(item.href, permalink) || extract(item.items)) {
          trail.unshift(item);
          return true;
        }
      } else if (item.type === 'link' && item.docId && isSamePath(item.href, permalink)) {
        return true;
      }
    }
    return false;
  };
  extract(items);
  return trail;
}

/** The doc ids of the doc links among `items` (and, when `deep`, inside their categories). */
export function linkedDocIds(items: readonly PropSidebarItem[], deep: boolean): string[] {
  return items.flatMap((item) => {
    if (item.type === 'link') return item.docId ? [item.docId] : [];
    if (item.type === 'category' && deep) return linkedDocIds(item.items, true);
    return [];
  });
}

/** Where a page sits: its permalink and its sidebar's items (none when it shows no sidebar). */
export interface PagePlace {
  permalink: string;
  sidebarItems: PropSidebar | undefined;
}

/**
 * The doc ids whose metadata the page's cards may ask for, each with the file that makes it
 * needed (the page's `source` for the ids its place brings). `isDoc` tells which strings are doc
 * ids: a string literal of the page counts only when it is one, while a `docId` or
 * `useDocById('id')` is kept either way, so that {@link cardDocsModule} reports a wrong one.
 */
export function cardDocIds(
  usage: CardUsage,
  place: PagePlace,
  source: string,
  isDoc: (id: string) => boolean,
): Map<string, string> {
  const ids = new Map(usage.docIds);
  const add = (docIds: readonly string[], from: string): void => {
    for (const id of docIds) if (!ids.has(id)) ids.set(id, from);
  };
  if (!usage.readsDocs) return ids;
  for (const [value, file] of usage.literals) if (isDoc(value)) add([value], file);
  const items = place.sidebarItems;
  if (items !== undefined) {
    const deepest = categoryTrail(items, place.permalink).at(-1);
    if (usage.siblings) add(linkedDocIds(deepest?.items ?? items, false), source);
    if (usage.category && deepest) add(linkedDocIds(deepest.items, false), source);
    if (usage.sidebar) add(linkedDocIds(items, true), source);
  }
  return ids;
}

/** The usage of a generated-index page: the theme renders its category's items as cards. */
export const GENERATED_INDEX_USAGE: CardUsage = {
  docIds: new Map(),
  literals: new Map(),
  siblings: false,
  category: true,
  sidebar: false,
  readsDocs: true,
};

/** Thrown when a page names a doc id that no doc has; names the file and the id. */
export class UnknownCardDocError extends Error {
  constructor(file: string, id: string) {
    super(
      `lean-docs: ${file} names the doc id "${id}" (a card's \`docId\` or \`useDocById('${id}')\`), but no doc ` +
        "has this id. A doc's id is its path in the docs folder without the extension, or its `id` front matter; " +
        'a draft doc has none in a production build.',
    );
    this.name = 'UnknownCardDocError';
  }
}

/**
 * The `cardDocs` module of a page: the version metadata's entries of `ids`, in id order (so equal
 * sets give equal modules, which pages then share).
 * @throws UnknownCardDocError for an id that `docs` lacks, naming the file that names it.
 */
export function cardDocsModule(ids: ReadonlyMap<string, string>, docs: PropVersionDocs): CardDocsModule {
  const entries: [string, PropVersionDoc][] = [...ids]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, file]) => {
      const doc = docs[id];
      if (doc === undefined) throw new UnknownCardDocError(file, id);
      return [id, doc];
    });
  return { docs: Object.fromEntries(entries) };
}
