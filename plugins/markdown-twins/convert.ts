/**
 * Turns a built page into its Markdown twin: the Markdown of the page's rendered article, clean
 * CommonMark with GFM tables, every site link absolute.
 *
 * The page's hast (parsed once by the post-build pipeline) is cut to its article, everything that
 * is not content is left out (hidden elements, buttons, icons, the copy, edit, breadcrumb, table of
 * contents and pagination chrome), the theme's rendered structures are written as the HTML they
 * mean (a code block as `pre > code`, an admonition as a blockquote with its label, a tab set as
 * one labelled section per tab, a card as a link with its description), and the result is
 * converted with `hast-util-to-mdast` and written with remark-stringify. Nothing here knows a
 * component by name: any component a writer uses gets a twin from what it renders.
 * See ARCHITECTURE.md, 'Markdown twins and llms.txt'.
 */
import { createHash } from 'node:crypto';
import type { Element, ElementContent, Root as HastRoot, Text as HastText } from 'hast';
import { defaultHandlers, toMdast, type State } from 'hast-util-to-mdast';
import { decodeHTML } from 'entities';
import type { Code, InlineCode, ListItem, PhrasingContent, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { stringify as stringifyYaml } from 'yaml';

import {
  classList,
  findAll,
  findFirst,
  findFirstInside,
  hasClass,
  isAriaHidden,
  isHidden,
  prune,
  stringProperty,
  textContent,
} from '../post-build/hast';
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

/** A site path (`/x`) or `pathname:///x` as an absolute URL; other URLs unchanged. */
export function absoluteUrl(url: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/$/, '');
  if (url.startsWith('pathname://')) return absoluteUrl(url.slice('pathname://'.length), siteUrl);
  if (url.startsWith('/') && !url.startsWith('//')) return `${origin}${url}`;
  return url;
}

/**
 * Where a page's content is: the doc's Markdown (`article .theme-doc-markdown`), else the article
 * of a Markdown page (`main article`), else `main`.
 */
export function contentRootOf(tree: HastRoot): Element | undefined {
  const isArticle = (node: Element): boolean => node.tagName === 'article';
  const isMain = (node: Element): boolean => node.tagName === 'main';
  return (
    findFirstInside(tree, isArticle, (node) => hasClass(node, 'theme-doc-markdown')) ??
    findFirstInside(tree, isMain, isArticle) ??
    findFirst(tree, isMain)
  );
}

/** Elements of the theme that are never content, wherever they sit: by tag, and by class. */
const CHROME_TAGS = new Set(['script', 'style', 'template', 'noscript', 'button', 'svg', 'nav']);
const CHROME_CLASSES = [
  'hash-link',
  'theme-doc-toc-mobile',
  // A table of contents inside the article (`TOCInline`): the twin has the headings themselves.
  'table-of-contents',
  'theme-doc-breadcrumbs',
  'theme-doc-footer',
  'pagination-nav',
];

/** Whether an element is chrome: by tag or class above, or `aria-hidden="true"`. */
function isChrome(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName) || isAriaHidden(element)) return true;
  const classes = classList(element);
  return CHROME_CLASSES.some((name) => classes.includes(name));
}

/** A diagram's source, kept hidden beside its drawing: the twin keeps it as a fence. */
const isDiagramSource = (element: Element): boolean =>
  element.tagName === 'pre' && classList(element).some((name) => name.startsWith('language-'));

/**
 * Whether an element is not content: chrome, or hidden (`hidden`). A tab set's hidden panels are
 * content (the reader opens them with a click), and so is a hidden code block (a diagram's source,
 * kept by {@link hiddenContent}).
 */
function isNotContent(element: Element): boolean {
  if (isChrome(element)) return true;
  return isHidden(element) && stringProperty(element, 'role') !== 'tabpanel' && !isDiagramSource(element);
}

const text = (value: string): HastText => ({ type: 'text', value });
const element = (tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** The `language-*` of an element's classes, if any. */
function languageOf(node: Element): string | undefined {
  const name = classList(node).find((value) => value.startsWith('language-'));
  return name?.slice('language-'.length);
}

/** The text of a code block as written: every text node, a `<br>` as a line break. */
function codeText(node: Element): string {
  let value = '';
  const walk = (parent: Element): void => {
    for (const child of parent.children) {
      if (child.type === 'text') value += child.value;
      else if (child.type === 'element') {
        if (child.tagName === 'br') value += '\n';
        else walk(child);
      }
    }
  };
  walk(node);
  return value.replace(/\n+$/, '');
}

/** A `pre` as a code block with its language and text, for {@link codeHandler}. */
function codeBlock(pre: Element): Element {
  const code = findFirst(pre, (node) => node.tagName === 'code');
  const language = languageOf(pre) ?? (code === undefined ? undefined : languageOf(code));
  return element('pre', [text(codeText(pre))], { dataLanguage: language, dataCode: true });
}

/** The bold label of an admonition: its type, then its title when the title is not the type. */
function admonitionLabel(type: string, heading: Element | undefined): ElementContent[] {
  const capitalised = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);
  const title = heading === undefined ? '' : textContent(heading).trim();
  const lastWord = title.split(/\s+/).at(-1)?.toLowerCase();
  if (title === '' || lastWord === type.toLowerCase()) return [text(capitalised(title || type))];
  return [text(`${capitalised(type)}: `), ...(heading?.children ?? [])];
}

/** An admonition (the theme's `theme-admonition-<type>`) as a blockquote headed by its label. */
function admonition(node: Element): Element {
  const type =
    classList(node)
      .find((name) => name.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length) ?? 'note';
  const [heading, ...content] = node.children.filter((child): child is Element => child.type === 'element');
  return element('blockquote', [element('p', [element('strong', admonitionLabel(type, heading))]), ...content]);
}

/** The tab panels of a tab set, in order (not those of a tab set inside one). */
function tabPanels(node: Element): Element[] {
  const panels: Element[] = [];
  const walk = (parent: Element): void => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (stringProperty(child, 'role') === 'tabpanel') panels.push(child);
      else walk(child);
    }
  };
  walk(node);
  return panels;
}

/** A tab set (a `tablist` and its panels) as one bold-labelled section per tab. */
function tabSet(node: Element, tablist: Element): ElementContent[] {
  const labels = findAll(tablist, (child) => stringProperty(child, 'role') === 'tab').map((tab) =>
    textContent(tab).trim(),
  );
  return tabPanels(node).flatMap((panel, index) => [
    element('p', [element('strong', [text(labels[index] ?? String(index + 1))])]),
    ...panel.children,
  ]);
}

const BLOCK = new Set(['p', 'div', 'section', 'article', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol']);

/** A link that wraps blocks (a card: title and description) as a link of its title, then the rest. */
function blockLink(node: Element): Element {
  const blocks = node.children.filter((child): child is Element => child.type === 'element');
  const [first, ...rest] = blocks;
  const title = textContent(first ?? node).trim();
  const description = rest
    .map((block) => textContent(block).trim())
    .filter(Boolean)
    .join(' ');
  return element('p', [
    element('a', [text(title)], { href: node.properties.href }),
    ...(description === '' ? [] : [text(`: ${description}`)]),
  ]);
}

/** Options of {@link htmlToMarkdownTree}. */
export interface HtmlToMarkdownOptions {
  /** The site's origin, for example `https://docs.gruntwork.io`; site paths are prefixed with it. */
  siteUrl: string;
  /** The page's absolute URL, against which relative addresses resolve. */
  pageUrl: string;
  /**
   * Site path of each image file of the build by the SHA-256 (hex) of its bytes: an image the
   * bundler inlined into the page as a `data:` URL is linked to the file with the same bytes.
   */
  images?: Readonly<Record<string, string>>;
}

/** The SHA-256 (hex) of the bytes of a `data:` URL, or undefined when it is not one. */
export function dataUrlDigest(url: string): string | undefined {
  const match = /^data:[^,]*?(;base64)?,(.*)$/s.exec(url);
  if (match === null) return undefined;
  const [, base64, payload = ''] = match;
  let bytes: Buffer;
  try {
    bytes = base64 === undefined ? Buffer.from(decodeURIComponent(payload)) : Buffer.from(payload, 'base64');
  } catch {
    return undefined;
  }
  return createHash('sha256').update(bytes).digest('hex');
}

/** A site-relative or page-relative address as an absolute one; fragments and other URLs unchanged. */
function resolveUrl(value: string, options: HtmlToMarkdownOptions): string {
  if (value === '' || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//'))
    return value;
  if (value.startsWith('/')) return absoluteUrl(value, options.siteUrl);
  return new URL(value, options.pageUrl).href;
}

/** The theme's rendered structures as plain HTML, or undefined to keep the element as it is. */
function normalise(node: Element, options: HtmlToMarkdownOptions): ElementContent[] | undefined {
  if (hasClass(node, 'theme-code-block')) {
    // Its `pre` is already a code block (children are written first); add the container's title.
    const pre = findFirst(node, (child) => child.tagName === 'pre');
    if (pre === undefined) return [];
    const title = textContent(prune(node, (child) => child === pre)).trim();
    pre.properties.dataLanguage ??= languageOf(node);
    if (title !== '') pre.properties.dataTitle = title;
    return [pre];
  }
  if (node.tagName === 'pre' && node.properties.dataCode === undefined) return [codeBlock(node)];
  if (hasClass(node, 'theme-admonition')) return [admonition(node)];
  const tablist = node.children.find(
    (child): child is Element => child.type === 'element' && stringProperty(child, 'role') === 'tablist',
  );
  if (tablist !== undefined) return tabSet(node, tablist);
  if (node.tagName === 'a' && typeof node.properties.href === 'string') {
    node.properties.href = resolveUrl(node.properties.href, options);
    if (node.children.some((child) => child.type === 'element' && BLOCK.has(child.tagName))) return [blockLink(node)];
  }
  // Inline code keeps its text as written (spaces and line breaks, as a Markdown code span does).
  if (node.tagName === 'code') node.properties.dataText = textContent(node);
  // The image loader escapes an apostrophe in alt text as `&#39;` once too often; read it as meant.
  if (node.tagName === 'img' && typeof node.properties.alt === 'string')
    node.properties.alt = decodeHTML(node.properties.alt);
  if (node.tagName === 'img' && typeof node.properties.src === 'string') {
    const digest = dataUrlDigest(node.properties.src);
    const file = digest === undefined ? undefined : options.images?.[digest];
    node.properties.src = resolveUrl(file ?? node.properties.src, options);
  }
  return undefined;
}

/** Children without HTML comments, at every depth (the nodes are the pruned copy's own). */
function withoutComments(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type === 'comment') return [];
    if (child.type === 'element') child.children = withoutComments(child.children);
    return [child];
  });
}

/** Inline `code` → a code span of its text as written ({@link normalise} keeps it). */
function inlineCodeHandler(state: State, node: Element): InlineCode {
  const result: InlineCode = { type: 'inlineCode', value: stringProperty(node, 'dataText') ?? textContent(node) };
  state.patch(node, result);
  return result;
}

/**
 * A list item, loose (blank lines around its blocks) exactly when it holds paragraphs, as MDX
 * renders a loose item; a nested list alone keeps it tight.
 */
function listItemHandler(state: State, node: Element): ListItem {
  const result = defaultHandlers.li(state, node);
  result.spread = node.children.some((child) => child.type === 'element' && child.tagName === 'p');
  return result;
}

/** `pre` (as {@link codeBlock} writes it) → a fenced code block with its language and title. */
function codeHandler(state: State, node: Element): Code {
  const title = stringProperty(node, 'dataTitle');
  const result: Code = {
    type: 'code',
    lang: stringProperty(node, 'dataLanguage') ?? null,
    meta: title === undefined ? null : `title="${title}"`,
    value: textContent(node),
  };
  state.patch(node, result);
  return result;
}

/**
 * Converts a built page's hast into the mdast of its twin's body: the content root
 * ({@link contentRootOf}) without its title (the twin writes the title as its H1).
 * @returns the tree, or undefined when the page has no content root.
 */
export function htmlToMarkdownTree(tree: HastRoot, options: HtmlToMarkdownOptions): Root | undefined {
  const found = contentRootOf(tree);
  if (found === undefined) return undefined;
  // The title: the header's h1 (a doc), or the first h1 (a Markdown page).
  const title = findFirst(found, (node) => node.tagName === 'h1');
  const content = prune(
    found,
    (node) => node === title || isNotContent(node),
    (node) => normalise(node, options),
  );
  // React's `<!-- -->` markers between text parts are not content.
  const body: HastRoot = { type: 'root', children: withoutComments(content.children) };
  const mdast = toMdast(body, {
    newlines: true,
    handlers: { pre: codeHandler, code: inlineCodeHandler, li: listItemHandler },
  });
  return mdast.type === 'root' ? mdast : { type: 'root', children: [] };
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
