/**
 * The Markdown twins' page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the Markdown body of each doc and Markdown page, from the page's model.
 */
import type { PageReader } from '../post-build/types';
import { markdownFromTree } from './convert';

/** Options of the twins' page reader. */
export interface TwinPageOptions {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** The routes whose twin is converted from the built page (docs, Markdown and React pages). */
  routes: readonly string[];
}

const routeSets = new WeakMap<TwinPageOptions, ReadonlySet<string>>();

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

/** The twin body of each wanted route the page serves; undefined when it serves none. */
export const readPage: PageReader<TwinPageOptions, TwinBody[]> = (page, options) => {
  let wanted = routeSets.get(options);
  if (wanted === undefined) {
    wanted = new Set(options.routes);
    routeSets.set(options, wanted);
  }
  const { documentTitle: title, description } = page.model;
  const bodies = page.routes.flatMap((route): TwinBody[] => {
    if (!wanted.has(route)) return [];
    const tree = page.markdown(options.siteUrl, route);
    return tree === undefined ? [] : [{ route, body: markdownFromTree(tree), title, description }];
  });
  return bodies.length > 0 ? bodies : undefined;
};
