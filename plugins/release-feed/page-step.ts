/**
 * The release feed's page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the content of each month of release notes, as the Markdown of its page's model (the
 * tree its twin writes too, computed once per page).
 */
import type { Root } from 'mdast';

import type { PageReader } from '../post-build/types';

/** Options of the feed's page reader. */
export interface FeedPageOptions {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** Route of each month page → its month (`YYYY-MM`). */
  months: Readonly<Record<string, string>>;
}

/** `[month, content]` of a month page; undefined for any other page. */
export const readPage: PageReader<FeedPageOptions, [string, Root]> = (page, options) => {
  for (const route of page.routes) {
    const month = options.months[route];
    if (month === undefined) continue;
    const tree = page.markdown(options.siteUrl, route);
    if (tree !== undefined) return [month, tree];
  }
  return undefined;
};
