/**
 * The Atom feed (RFC 4287) of the monthly release notes: one entry per month, newest first. Each
 * entry's id is the month page's permanent address, its `updated` the date of the month's newest
 * release, and its content the month's release notes as HTML.
 */
import { Feed } from 'feed';
import { escapeText } from 'entities';
import type { Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { toParse5 } from 'hast-util-to-parse5';
import { serialize } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

/** One month of the feed. */
export interface FeedMonth {
  /** `YYYY-MM`. */
  month: string;
  /** The month page's title, as plain text. */
  title: string;
  /** One sentence about the month, as plain text. */
  summary: string;
  /** ISO date (`YYYY-MM-DD`) of the month's newest release. */
  newestDate: string;
  /** The month's release notes as mdast (no JSX). */
  content: Root;
}

/** The feed's own details. */
export interface FeedSite {
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** Path of the releases index, ending in `/`. */
  indexPath: string;
  /** Path of the feed file. */
  feedPath: string;
  title: string;
  description: string;
  /** The publisher, used as the feed's author. */
  author: string;
  copyright: string;
}

/**
 * Serialises mdast as an HTML fragment. Text and attributes are escaped by the HTML serialiser;
 * `]]>` is broken up so the fragment can sit in an XML CDATA section.
 */
export function htmlFromTree(tree: Root): string {
  const fragment = toParse5(toHast(tree), { space: 'html' }) as DefaultTreeAdapterMap['parentNode'];
  return serialize(fragment).replaceAll(']]>', ']]&gt;');
}

/** Midnight UTC of an ISO date; throws on an invalid date. */
function utcDate(iso: string): Date {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`release-feed: invalid date "${iso}"`);
  return date;
}

/**
 * Renders the Atom feed.
 * @param site - the feed's own details.
 * @param months - the months, in any order; the feed lists them newest first.
 * @returns the feed as an XML document (UTF-8).
 * @throws when a month's `newestDate` is not a valid ISO date, or when there is no month.
 */
export function renderReleasesAtom(site: FeedSite, months: readonly FeedMonth[]): string {
  if (months.length === 0) throw new Error('release-feed: no release month to publish');
  const sorted = [...months].sort((a, b) => b.month.localeCompare(a.month));
  const updated = sorted.map((m) => utcDate(m.newestDate)).reduce((a, b) => (a > b ? a : b));
  const indexUrl = `${site.siteUrl}${site.indexPath}`;
  const feed = new Feed({
    id: indexUrl,
    link: indexUrl,
    title: site.title,
    description: site.description,
    updated,
    copyright: site.copyright,
    author: { name: site.author, link: site.siteUrl },
    feedLinks: { atom: `${site.siteUrl}${site.feedPath}` },
    generator: 'Gruntwork Docs',
  });
  for (const month of sorted) {
    const url = `${indexUrl}${month.month}/`;
    feed.addItem({
      // The feed package writes titles and summaries as `type="html"`: escape them as HTML text.
      title: escapeText(month.title),
      id: url,
      link: url,
      date: utcDate(month.newestDate),
      description: escapeText(month.summary),
      content: htmlFromTree(month.content),
    });
  }
  return feed.atom1();
}
