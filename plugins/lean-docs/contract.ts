/**
 * What the lean-docs plugin shares with the browser: the keys of the route modules a doc route
 * loads beside its content, and the shape of the card metadata. Safe to import on both sides.
 */

/** The key of a doc route's module that holds (and registers) its sidebar's items. */
export const SIDEBAR_ITEMS_MODULE = 'sidebarItems';

/**
 * The key of a page's module that holds the metadata of the docs its cards may show (see
 * ARCHITECTURE.md, 'Doc cards'). Only pages that render cards have it.
 */
export const CARD_DOCS_MODULE = 'cardDocs';

/** One doc's entry in the version metadata: the fields the docs plugin gives `useDocById`. */
export interface CardDoc {
  id: string;
  title: string;
  description: string;
  sidebar?: string | undefined;
}

/** The {@link CARD_DOCS_MODULE} module: doc id → its entry. */
export interface CardDocsModule {
  docs: Record<string, CardDoc>;
}
