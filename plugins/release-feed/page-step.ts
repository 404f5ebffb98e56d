/**
 * The release feed's page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the content of each month of release notes, as the Markdown tree its twin has.
 */
import type { Root } from 'mdast';

import { twinTreeOf } from '../markdown-twins/page-step';
import type { PageReader } from '../post-build/types';

/** Options of the feed's page reader. */
export interface FeedPageOptions {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** Image files by the SHA-256 of their bytes, as the twins get them. */
  images: Readonly<Record<string, string>>;
  /** Route of each month page → its month (`YYYY-MM`). */
  months: Readonly<Record<string, string>>;
}

/** `[month, content]` of a month page; undefined for any other page. */
export const readPage: PageReader<FeedPageOptions, [string, Root]> = (page, options) => {
  for (const route of page.routes) {
    const month = options.months[route];
    if (month === undefined) continue;
    const tree = twinTreeOf(page, options, route);
    if (tree !== undefined) return [month, tree];
  }
  return undefined;
};
