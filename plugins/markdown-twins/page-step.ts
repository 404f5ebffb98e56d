/**
 * The Markdown twins' page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the Markdown body of each doc and Markdown page, from its built HTML.
 */
import type { Root } from 'mdast';

import type { BuiltPage, PageReader } from '../post-build/types';
import { htmlToMarkdownTree, markdownFromTree } from './convert';

/** Options of the twins' page reader. */
export interface TwinPageOptions {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** The routes whose twin is converted from the built page (docs and Markdown pages). */
  routes: readonly string[];
  /** Site path of each image of the build by the SHA-256 of its bytes (see `htmlToMarkdownTree`). */
  images: Readonly<Record<string, string>>;
}

const routeSets = new WeakMap<TwinPageOptions, ReadonlySet<string>>();

/**
 * The twin's mdast of a page served at `route`, computed once per page and shared with the other
 * steps of the same page (the release feed reads it too).
 * @returns the tree, or undefined when the page has no content.
 */
export function twinTreeOf(page: BuiltPage, options: Omit<TwinPageOptions, 'routes'>, route: string): Root | undefined {
  return page.memo(`markdown-twins:${route}`, () =>
    htmlToMarkdownTree(page.tree, { ...options, pageUrl: `${options.siteUrl}${route}` }),
  );
}

/** `[route, Markdown body]` of each wanted route the page serves; undefined when it serves none. */
export const readPage: PageReader<TwinPageOptions, [string, string][]> = (page, options) => {
  let wanted = routeSets.get(options);
  if (wanted === undefined) {
    wanted = new Set(options.routes);
    routeSets.set(options, wanted);
  }
  const bodies = page.routes.flatMap((route): [string, string][] => {
    if (!wanted.has(route)) return [];
    const tree = twinTreeOf(page, options, route);
    return tree === undefined ? [] : [[route, markdownFromTree(tree)]];
  });
  return bodies.length > 0 ? bodies : undefined;
};
