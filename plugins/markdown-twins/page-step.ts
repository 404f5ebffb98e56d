/**
 * The Markdown twins' page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the Markdown body of each doc and Markdown page, from its built HTML.
 */
import type { Root } from 'mdast';

import { findFirst, stringProperty, textContent } from '../post-build/hast';
import type { BuiltPage, PageReader } from '../post-build/types';
import { htmlToMarkdownTree, markdownFromTree } from './convert';

/** Options of the twins' page reader. */
export interface TwinPageOptions {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** The routes whose twin is converted from the built page (docs, Markdown and React pages). */
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

/** What the twin of one route takes from its built page. */
export interface TwinBody {
  route: string;
  /** The Markdown of the page's content. */
  body: string;
  /** The document's title without the site's name (`Title | Site` → `Title`), or ''. */
  title: string;
  /** The page's `<meta name="description">`, or ''. */
  description: string;
}

/** The page's title and description as its `<head>` gives them to readers and search engines. */
function headOf(page: BuiltPage): { title: string; description: string } {
  const title = findFirst(page.tree, (node) => node.tagName === 'title');
  const meta = findFirst(
    page.tree,
    (node) => node.tagName === 'meta' && stringProperty(node, 'name') === 'description',
  );
  const fullTitle = title === undefined ? '' : textContent(title).trim();
  const separator = fullTitle.lastIndexOf(' | ');
  return {
    title: separator < 0 ? fullTitle : fullTitle.slice(0, separator),
    description: (meta === undefined ? undefined : stringProperty(meta, 'content'))?.trim() ?? '',
  };
}

/** The twin body of each wanted route the page serves; undefined when it serves none. */
export const readPage: PageReader<TwinPageOptions, TwinBody[]> = (page, options) => {
  let wanted = routeSets.get(options);
  if (wanted === undefined) {
    wanted = new Set(options.routes);
    routeSets.set(options, wanted);
  }
  const bodies = page.routes.flatMap((route): TwinBody[] => {
    if (!wanted.has(route)) return [];
    const tree = twinTreeOf(page, options, route);
    return tree === undefined ? [] : [{ route, body: markdownFromTree(tree), ...headOf(page) }];
  });
  return bodies.length > 0 ? bodies : undefined;
};
