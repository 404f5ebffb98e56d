/**
 * What the lean-docs plugin shares with the browser: the route module key under which a doc route
 * loads its sidebar. Safe to import on both sides.
 */

/** The key of a doc route's module that holds (and registers) its sidebar's items. */
export const SIDEBAR_ITEMS_MODULE = 'sidebarItems';
