/**
 * Writes a Markdown twin: the Markdown of a page's content (the page model's projection
 * `markdownOf`, plugins/post-build/page-markdown.ts) as clean CommonMark with GFM tables, headed by
 * the page's title and front matter. See ARCHITECTURE.md, 'Markdown twins and llms.txt'.
 */
import type { PhrasingContent, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { stringify as stringifyYaml } from 'yaml';

import { LLMS_TXT_PATH } from './contract';

/** Thrown when a page cannot have a twin; names the file or route and what is missing. */
export class TwinError extends Error {
  constructor(
    readonly file: string,
    readonly construct: string,
    detail: string,
  ) {
    super(`${file}: ${construct}: ${detail}`);
    this.name = 'TwinError';
  }
}

/** The inline Markdown of a title, for front matter and headings. */
const textNode = (value: string): PhrasingContent => ({ type: 'text', value });

/** remark-stringify settings for every twin, so all twins read alike. */
export const STRINGIFY_OPTIONS: StringifyOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  resourceLink: true,
};

const STRINGIFIER = unified().use(remarkGfm).use(remarkStringify, STRINGIFY_OPTIONS).freeze();

/**
 * Writes an mdast tree as CommonMark with GFM (tables, strikethrough). Text is escaped wherever
 * Markdown would read it as syntax (brackets, backticks, pipes in table cells, and so on).
 * @throws when the tree still holds a node Markdown cannot express (JSX, directives).
 */
export function markdownFromTree(tree: Root): string {
  return STRINGIFIER.stringify(tree);
}

/** One page as its twin sees it. */
export interface TwinPage {
  /** The page's title (its H1). */
  title: string;
  /** One-sentence summary; may be empty. */
  description: string;
  /** Absolute URL of the HTML page. */
  url: string;
  /** The page's Markdown body, without front matter and without an H1. */
  body: string;
}

/** The body of a twin headed by its title as an H1 (escaped where Markdown needs it). */
export function titledBody(page: TwinPage): string {
  const heading = markdownFromTree({
    type: 'root',
    children: [{ type: 'heading', depth: 1, children: [textNode(page.title)] }],
  });
  return `${heading}\n${page.body}`;
}

/**
 * The one line each twin starts with (after its front matter, which must come first to be front
 * matter): a blockquote pointing to the index of every page, `llms.txt`, at the page's origin.
 */
export function llmsPointerLine(pageUrl: string): string {
  return `> Index of every page of this site, for AI assistants: [llms.txt](${new URL(LLMS_TXT_PATH, pageUrl).href})\n`;
}

/**
 * The full text of a `.md` twin: YAML front matter with exactly `title`, `description` and `url`,
 * the line pointing to `llms.txt` ({@link llmsPointerLine}), then the titled body.
 */
export function twinDocument(page: TwinPage): string {
  const frontMatter = stringifyYaml(
    { title: page.title, description: page.description, url: page.url },
    { lineWidth: 0 },
  );
  return `---\n${frontMatter}---\n\n${llmsPointerLine(page.url)}\n${titledBody(page)}`;
}
