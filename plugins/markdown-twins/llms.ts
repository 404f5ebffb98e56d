/**
 * The two site-wide files for readers' AI assistants, in the llmstxt.org format:
 * `llms.txt` (an index of every page, linking each page's Markdown twin) and `llms-full.txt`
 * (every page's Markdown, one after another).
 */
import type { PhrasingContent, RootContent } from 'mdast';

import { markdownFromTree, titledBody } from './convert';
import { SECTIONS, type SitePage } from './pages';
import { twinPathOf } from './twin-address';

const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** What `llms.txt` says about the site, under its title. */
export interface SiteSummary {
  /** The site's name (the H1). */
  title: string;
  /** One paragraph (the blockquote). */
  summary: string;
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
}

/**
 * `llms.txt`: the site's name as H1, the summary as a blockquote, then one H2 per section listing
 * each of its pages once as `- [Title](absolute URL of its twin): description`. Sections with no
 * page are left out; `Optional` (release months, tags, site pages) comes last.
 */
export function renderLlmsTxt(site: SiteSummary, pages: readonly SitePage[]): string {
  const children: RootContent[] = [
    { type: 'heading', depth: 1, children: [text(site.title)] },
    { type: 'blockquote', children: [{ type: 'paragraph', children: [text(site.summary)] }] },
    {
      type: 'paragraph',
      children: [
        text('Each link leads to the page as Markdown. Every page in one file: '),
        { type: 'link', url: `${site.siteUrl}/llms-full.txt`, children: [text('llms-full.txt')] },
        text('.'),
      ],
    },
  ];
  for (const section of SECTIONS) {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length === 0) continue;
    children.push({ type: 'heading', depth: 2, children: [text(section)] });
    children.push({
      type: 'list',
      ordered: false,
      spread: false,
      children: inSection.map((page) => ({
        type: 'listItem',
        spread: false,
        children: [
          {
            type: 'paragraph',
            children: [
              {
                type: 'link',
                url: `${site.siteUrl}${twinPathOf(page.path)}`,
                children: [text(page.title)],
              },
              ...(page.description === '' ? [] : [text(`: ${page.description.replace(/\s+/g, ' ')}`)]),
            ],
          },
        ],
      })),
    });
  }
  return markdownFromTree({ type: 'root', children });
}

/**
 * `llms-full.txt`: every page's Markdown in reading order, each headed by its title (H1) and a
 * `URL:` line with its address on the site.
 */
export function renderLlmsFullTxt(pages: readonly SitePage[]): string {
  return pages
    .map((page) => {
      const [heading, ...rest] = titledBody(page).split('\n');
      // A bare URL: site addresses hold no character Markdown would read as syntax.
      const source = `URL: ${page.url}`;
      return [heading ?? '', '', source, ...rest].join('\n');
    })
    .join('\n');
}
