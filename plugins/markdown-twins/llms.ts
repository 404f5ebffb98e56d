/**
 * The site-wide files for readers' AI assistants, in the llmstxt.org format: `llms.txt` (an index
 * of every page, linking each page's Markdown twin, with each section's size in tokens),
 * `llms-full.txt` (every page's Markdown, one after another) and, for each section whose text is
 * over {@link SECTION_FILE_MIN_TOKENS} tokens, the same for that section alone
 * (`/llms-full/<section>.txt`), so that an assistant can load one section instead of the whole site.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { PhrasingContent, RootContent } from 'mdast';

import { LLMS_FULL_TXT_PATH } from './contract';
import { markdownFromTree, titledBody } from './convert';
import { SECTIONS, type SectionName, type SitePage } from './pages';
import { twinPathOf } from './twin-address';

/**
 * The tokenizer sizes are counted with: OpenAI's `o200k_base` encoding (GPT-4o, GPT-5), from the
 * `gpt-tokenizer` package, which ships the encoding. Other models' tokenizers give other counts,
 * usually within a few tenths.
 */
export const TOKENIZER = 'o200k_base';

/** A section whose full text has more tokens than this gets a file of its own. */
export const SECTION_FILE_MIN_TOKENS = 100_000;

/** Size in tokens of the whole site's text and of each section's. */
export interface LlmsSizes {
  /** Tokens of `llms-full.txt`. */
  site: number;
  /** Per section with pages: its tokens, and the path of its own full-text file when it has one. */
  sections: ReadonlyMap<SectionName, { tokens: number; file?: string }>;
}

/** A file of full text to write into the build: its site path and content. */
export interface FullTextFile {
  path: string;
  text: string;
}

/** Site path of a section's own full-text file: `Library Reference: Modules` → `/llms-full/library-reference-modules.txt`. */
export function sectionFilePath(section: SectionName): string {
  const slug = section
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/llms-full/${slug}.txt`;
}

/**
 * Every full-text file (`llms-full.txt` and the per-section files of large sections) and the
 * sizes `llms.txt` states.
 * @param count - the token counter, {@link TOKENIZER} unless a test passes another.
 */
export function llmsFullFiles(
  pages: readonly SitePage[],
  count: (text: string) => number = countTokens,
): { files: FullTextFile[]; sizes: LlmsSizes } {
  const site = renderLlmsFullTxt(pages);
  const files: FullTextFile[] = [{ path: LLMS_FULL_TXT_PATH, text: site }];
  const sections = new Map<SectionName, { tokens: number; file?: string }>();
  for (const section of SECTIONS) {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length === 0) continue;
    const text = renderLlmsFullTxt(inSection);
    const tokens = count(text);
    if (tokens > SECTION_FILE_MIN_TOKENS) {
      const file = sectionFilePath(section);
      files.push({ path: file, text });
      sections.set(section, { tokens, file });
    } else sections.set(section, { tokens });
  }
  return { files, sizes: { site: count(site), sections } };
}

/** `1234567` as `1,234,567`. */
const formatCount = (value: number): string => value.toLocaleString('en-US');

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
 * `llms.txt`: the site's name as H1, the summary as a blockquote, a paragraph naming the
 * whole-site file and its size, then one H2 per section: a paragraph with the size of the section's
 * full text in tokens (linking its own file when it has one, see {@link llmsFullFiles}), then each
 * of its pages once as `- [Title](absolute URL of its twin): description`. Sections with no page
 * are left out; `Optional` (release months, tags, site pages) comes last.
 */
export function renderLlmsTxt(site: SiteSummary, pages: readonly SitePage[], sizes: LlmsSizes): string {
  const fullTxt = `${site.siteUrl}${LLMS_FULL_TXT_PATH}`;
  const children: RootContent[] = [
    { type: 'heading', depth: 1, children: [text(site.title)] },
    { type: 'blockquote', children: [{ type: 'paragraph', children: [text(site.summary)] }] },
    {
      type: 'paragraph',
      children: [
        text('Each link leads to the page as Markdown. Every page in one file: '),
        { type: 'link', url: fullTxt, children: [text('llms-full.txt')] },
        text(
          ` (${formatCount(sizes.site)} tokens). Sizes are counted with the ${TOKENIZER} tokenizer. A section of more than ${formatCount(SECTION_FILE_MIN_TOKENS)} tokens has a file of its own.`,
        ),
      ],
    },
  ];
  for (const section of SECTIONS) {
    const inSection = pages.filter((page) => page.section === section);
    const size = sizes.sections.get(section);
    if (inSection.length === 0 || size === undefined) continue;
    children.push({ type: 'heading', depth: 2, children: [text(section)] });
    children.push({
      type: 'paragraph',
      children:
        size.file === undefined
          ? [
              text(`Full text: ${formatCount(size.tokens)} tokens, in `),
              { type: 'link', url: fullTxt, children: [text('llms-full.txt')] },
              text('.'),
            ]
          : [
              text(`Full text: ${formatCount(size.tokens)} tokens, in `),
              { type: 'link', url: `${site.siteUrl}${size.file}`, children: [text(size.file.slice(1))] },
              text('.'),
            ],
    });
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
