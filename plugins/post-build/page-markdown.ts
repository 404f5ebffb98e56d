/**
 * The content of a rendered page as Markdown (mdast): the projection of the page model
 * (page-model.ts) that the Markdown twins write out and the release feed serialises as HTML. The
 * page's hast is converted with `hast-util-to-mdast` after the theme's structures are rewritten
 * as plain HTML; the caller writes the tree (remark-stringify, mdast-util-to-hast).
 */
import type { Element, ElementContent, Root as HastRoot, Text as HastText } from 'hast';
import { defaultHandlers, toMdast, type State } from 'hast-util-to-mdast';
import { decodeHTML } from 'entities';
import type { Code, InlineCode, ListItem, Root } from 'mdast';

import { classList, findAll, findFirst, hasClass, prune, stringProperty, textContent } from './hast';
import { renderedPageOf, type RenderedPage } from './page-model';

/** A site path (`/x`) or `pathname:///x` as an absolute URL; other URLs unchanged. */
export function absoluteUrl(url: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/$/, '');
  if (url.startsWith('pathname://')) return absoluteUrl(url.slice('pathname://'.length), siteUrl);
  if (url.startsWith('/') && !url.startsWith('//')) return `${origin}${url}`;
  return url;
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

/** Where a page is, for {@link markdownOf}. */
export interface MarkdownAddress {
  /** The site's origin, for example `https://docs.gruntwork.io`; site paths are prefixed with it. */
  siteUrl: string;
  /** The page's absolute URL, against which relative addresses resolve. */
  pageUrl: string;
}

/** What {@link normalise} needs: where the page is, and the build file of each inlined image. */
interface MarkdownContext extends MarkdownAddress {
  imageFile: ReadonlyMap<string, string | undefined>;
}

/** A site-relative or page-relative address as an absolute one; fragments and other URLs unchanged. */
function resolveUrl(value: string, options: MarkdownContext): string {
  if (value === '' || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//'))
    return value;
  if (value.startsWith('/')) return absoluteUrl(value, options.siteUrl);
  return new URL(value, options.pageUrl).href;
}

/** The theme's rendered structures as plain HTML, or undefined to keep the element as it is. */
function normalise(node: Element, options: MarkdownContext): ElementContent[] | undefined {
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
    const file = options.imageFile.get(node.properties.src);
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
 * The Markdown (mdast) of a rendered page's content: its content without chrome and title
 * ({@link RenderedPage.content}), with the theme's rendered structures written as the HTML they
 * mean (a code block as `pre > code`, an admonition as a blockquote with its label, a tab set as
 * one labelled section per tab, a card as a link with its description), every address absolute,
 * an inlined image linked to the build file with the same bytes ({@link RenderedPage.images}).
 * Nothing here knows a component by name: any component gets the Markdown of what it renders.
 * @returns the tree, or undefined when the page has no content.
 */
export function markdownOf(page: RenderedPage, address: MarkdownAddress): Root | undefined {
  if (page.content === undefined) return undefined;
  const context: MarkdownContext = {
    ...address,
    imageFile: new Map(page.images.map((image) => [image.src, image.file])),
  };
  const content = prune(
    page.content,
    () => false,
    (node) => normalise(node, context),
  );
  // React's `<!-- -->` markers between text parts are not content.
  const body: HastRoot = { type: 'root', children: withoutComments(content.children) };
  const mdast = toMdast(body, {
    newlines: true,
    handlers: { pre: codeHandler, code: inlineCodeHandler, li: listItemHandler },
  });
  return mdast.type === 'root' ? mdast : { type: 'root', children: [] };
}

/** Options of {@link htmlToMarkdownTree}. */
export interface HtmlToMarkdownOptions extends MarkdownAddress {
  /** Site path of each image file of the build by the SHA-256 (hex) of its bytes. */
  images?: Readonly<Record<string, string>>;
}

/**
 * The Markdown of a built page's hast: its model ({@link renderedPageOf}) projected by
 * {@link markdownOf}. For tests and tools that hold one page; the pipeline builds the model once
 * and shares it.
 * @returns the tree, or undefined when the page has no content.
 */
export function htmlToMarkdownTree(tree: HastRoot, options: HtmlToMarkdownOptions): Root | undefined {
  const page = renderedPageOf(tree, 'index.html', { images: options.images ?? {} });
  return markdownOf(page, { siteUrl: options.siteUrl, pageUrl: options.pageUrl });
}
