/**
 * The release-notes Atom feed, read back with a real XML parser (the DOM's DOMParser in XML mode):
 * the elements RFC 4287 requires, newest month first, stable ids, and characters that would
 * break XML or HTML arriving intact.
 */
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';

import { renderReleasesAtom, type FeedMonth, type FeedSite } from '../../../plugins/release-feed/atom';

const ATOM = 'http://www.w3.org/2005/Atom';

const SITE: FeedSite = {
  siteUrl: 'https://docs.example.com',
  indexPath: '/releases/',
  feedPath: '/releases/atom.xml',
  title: 'Docs & <release> notes',
  description: 'Every month.',
  author: 'Gruntwork',
  copyright: '© Gruntwork',
};

function month(id: string, newestDate: string, summary: string): FeedMonth {
  const content: Root = {
    type: 'root',
    children: [
      { type: 'heading', depth: 2, children: [{ type: 'text', value: 'terraform-aws-vpc' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: summary },
          { type: 'inlineCode', value: 'a < b && c ]]> d' },
        ],
      },
    ],
  };
  return { month: id, title: `Release notes: ${id} <&>`, summary: `Summary of ${id} & more`, newestDate, content };
}

function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

function child(parent: Element | undefined, name: string): Element | undefined {
  if (parent === undefined) return undefined;
  return Array.from(parent.children).find((el) => el.namespaceURI === ATOM && el.localName === name);
}

const MONTHS = [
  month('2023-01', '2023-01-27', 'Fixes <script>alert(1)</script> & friends'),
  month('2023-03', '2023-03-30', 'Breaking: `count` ]]> is gone'),
  month('2023-02', '2023-02-14', 'Plain text'),
];

describe('renderReleasesAtom', () => {
  const doc = parseXml(renderReleasesAtom(SITE, MONTHS));
  const feed = doc.documentElement;
  const entries = Array.from(feed.children).filter((el) => el.localName === 'entry');

  it('is an Atom feed with the feed-level elements RFC 4287 requires', () => {
    expect(feed.namespaceURI).toBe(ATOM);
    expect(feed.localName).toBe('feed');
    expect(child(feed, 'id')?.textContent).toBe('https://docs.example.com/releases/');
    expect(child(feed, 'title')?.textContent).toBe('Docs & <release> notes');
    expect(child(feed, 'author')?.getElementsByTagNameNS(ATOM, 'name')[0]?.textContent).toBe('Gruntwork');
    const self = Array.from(feed.getElementsByTagNameNS(ATOM, 'link')).find((l) => l.getAttribute('rel') === 'self');
    expect(self?.getAttribute('href')).toBe('https://docs.example.com/releases/atom.xml');
  });

  it('is updated at the newest release, in RFC 3339', () => {
    expect(child(feed, 'updated')?.textContent).toBe('2023-03-30T00:00:00.000Z');
  });

  it('has one entry per month, newest first, each with id, title, updated, link and HTML content', () => {
    expect(entries.map((e) => child(e, 'id')?.textContent)).toEqual([
      'https://docs.example.com/releases/2023-03/',
      'https://docs.example.com/releases/2023-02/',
      'https://docs.example.com/releases/2023-01/',
    ]);
    for (const entry of entries) {
      expect(child(entry, 'title')?.getAttribute('type')).toBe('html');
      expect(child(entry, 'updated')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
      expect(child(entry, 'link')?.getAttribute('href')).toBe(child(entry, 'id')?.textContent);
      expect(child(entry, 'content')?.getAttribute('type')).toBe('html');
    }
  });

  it('escapes titles as HTML text, so a reader shows them literally', () => {
    const html = child(entries[0], 'title')?.textContent ?? '';
    expect(new DOMParser().parseFromString(html, 'text/html').body.textContent).toBe('Release notes: 2023-03 <&>');
  });

  it('carries markup and code with <, & and ]]> as escaped HTML that reads back exactly', () => {
    const oldest = new DOMParser().parseFromString(child(entries[2], 'content')?.textContent ?? '', 'text/html');
    expect(oldest.querySelector('h2')?.textContent).toBe('terraform-aws-vpc');
    expect(oldest.querySelector('script')).toBeNull();
    expect(oldest.querySelector('p')?.textContent).toBe(
      'Fixes <script>alert(1)</script> & friends' + 'a < b && c ]]> d',
    );
    expect(oldest.querySelector('code')?.textContent).toBe('a < b && c ]]> d');
  });

  it('gives each month the same id whatever else is in the feed', () => {
    const alone = parseXml(renderReleasesAtom(SITE, MONTHS.slice(0, 1)));
    const entry = Array.from(alone.documentElement.children).find((el) => el.localName === 'entry');
    expect(child(entry, 'id')?.textContent).toBe('https://docs.example.com/releases/2023-01/');
  });

  it('refuses an invalid date or an empty feed', () => {
    expect(() => renderReleasesAtom(SITE, [month('2023-04', '2023-04-31x', 'x')])).toThrow(
      /invalid date "2023-04-31x"/,
    );
    expect(() => renderReleasesAtom(SITE, [])).toThrow(/no release month/);
  });
});
