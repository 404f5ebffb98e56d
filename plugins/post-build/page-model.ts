/**
 * The rendered page: what the post-build pipeline derives once from each built page and hands to
 * every page step. The search records, the Markdown twins and the release feed are projections of
 * it, so "what is the content of a page" is decided here and nowhere else: which element holds the
 * content ({@link contentElementOf}), which elements inside it are never content ({@link CHROME},
 * {@link isChrome}), and which heading is the page's title.
 *
 * The model is built in the thread that reads the page (the main thread or a worker) and is never
 * copied between threads. Nothing here changes the page's tree: the content is a pruned copy.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';

import {
  classList,
  findAll,
  findAllInside,
  findFirst,
  findFirstInside,
  hasClass,
  isAriaHidden,
  isHidden,
  prune,
  stringProperty,
  textContent,
} from './hast';
import { ROUTES } from '../../src/lib/routes';

/**
 * Every part of a page that is navigation or chrome, never content, as CSS selectors. {@link isChrome}
 * is the same list written out as a test; a unit test holds the two equal.
 */
export const CHROME = [
  'nav',
  'header.navbar',
  'footer',
  'button',
  'script',
  'style',
  'template',
  'noscript',
  'svg',
  '.theme-doc-toc-mobile',
  // A table of contents inside the article (`TOCInline`, a Markdown page's TOC column): the
  // headings themselves are content.
  '.table-of-contents',
  '.theme-doc-breadcrumbs',
  '.theme-doc-footer',
  '.pagination-nav',
  '.hash-link',
  '[aria-hidden="true"]',
  // Hidden elements, but a tab set's hidden panels (the reader opens them with a click) and a
  // diagram's source kept beside its drawing (src/theme/Mermaid), which are content.
  '[hidden]:not([role="tabpanel"]):not(pre.language-mermaid)',
];

const CHROME_TAGS = new Set(['nav', 'footer', 'button', 'script', 'style', 'template', 'noscript', 'svg']);
const CHROME_CLASSES = [
  'theme-doc-toc-mobile',
  'table-of-contents',
  'theme-doc-breadcrumbs',
  'theme-doc-footer',
  'pagination-nav',
  'hash-link',
];

/**
 * Whether an element is a diagram's source, kept hidden beside its drawing (`pre.language-mermaid`,
 * rendered by src/theme/Mermaid). It is content; a projection that shows only what a reader sees
 * (the search) leaves it out.
 */
export function isDiagramSource(element: Element): boolean {
  return element.tagName === 'pre' && hasClass(element, 'language-mermaid');
}

/**
 * Whether an element matches one of the {@link CHROME} selectors (written out as a test, which is
 * many times faster than matching the selectors on every element of every page).
 */
export function isChrome(element: Element): boolean {
  if (CHROME_TAGS.has(element.tagName)) return true;
  if (element.tagName === 'header' && hasClass(element, 'navbar')) return true;
  const classes = classList(element);
  if (CHROME_CLASSES.some((name) => classes.includes(name))) return true;
  if (isAriaHidden(element)) return true;
  return isHidden(element) && stringProperty(element, 'role') !== 'tabpanel' && !isDiagramSource(element);
}

/**
 * The element that holds a page's content: the doc's Markdown (`article .theme-doc-markdown`),
 * else the article of a Markdown page (`main article`), else `main`.
 */
export function contentElementOf(tree: Root): Element | undefined {
  const isArticle = (node: Element): boolean => node.tagName === 'article';
  const isMain = (node: Element): boolean => node.tagName === 'main';
  return (
    findFirstInside(tree, isArticle, (node) => hasClass(node, 'theme-doc-markdown')) ??
    findFirstInside(tree, isMain, isArticle) ??
    findFirst(tree, isMain)
  );
}

/** What kind of route a page is, from the classes the theme puts on `<html>`. */
export type RouteKind = 'doc' | 'markdown-page' | 'react-page' | 'tag-list' | 'tag-page' | 'not-found' | 'other';

/** A heading of the content that a link can jump to. */
export interface PageHeading {
  /** Anchor id, without `#`. */
  id: string;
  /** Its text, without the anchor link, trimmed. */
  text: string;
  level: 2 | 3 | 4 | 5 | 6;
  /** The heading in {@link RenderedPage.content}, for steps that split the content at headings. */
  element: Element;
}

/** An image of the content. */
export interface PageImage {
  /** Its `src` as the page writes it (a site path, a URL or a `data:` URL). */
  src: string;
  /** Its `alt`, as hast reads it; '' when it has none. */
  alt: string;
  /**
   * The site path of the build's image file with the same bytes, for an image the bundler inlined
   * as a `data:` URL; undefined for any other image or when no file matches.
   */
  file: string | undefined;
}

/** What the pipeline knows of the whole build when it builds each page's model. */
export interface PageModelInput {
  /** Site path of each image file of the build by the SHA-256 (hex) of its bytes ({@link imageIndexOf}). */
  images: Readonly<Record<string, string>>;
}

/** One built page as every page step sees it. Read-only. */
export interface RenderedPage {
  /** The kind of route ({@link RouteKind}). */
  kind: RouteKind;
  /**
   * The page's title: the text of the content's first `h1`, else {@link documentTitle}; trimmed,
   * '' when it has neither.
   */
  title: string;
  /** The document's `<title>` without the site's name (`Title | Site` → `Title`), trimmed, or ''. */
  documentTitle: string;
  /** The page's `<meta name="description">`, trimmed, or ''. */
  description: string;
  /**
   * A copy of the content element ({@link contentElementOf}) without its chrome ({@link isChrome})
   * and without the title's `h1`; undefined when the page has no content element.
   */
  content: Element | undefined;
  /** The content's `h2` to `h6` that carry an id, in document order. */
  headings: readonly PageHeading[];
  /** The texts of the tag links in the doc footer (`.theme-doc-footer a[href^="/tags/"]`). */
  tags: readonly string[];
  /** The content's images, in document order. */
  images: readonly PageImage[];
}

/** File extensions of the images {@link imageIndexOf} indexes. */
const IMAGE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif']);

/**
 * Site path of every image file of a build by the SHA-256 (hex) of its bytes, so an image that the
 * bundler inlined as a `data:` URL is linked to the file with the same bytes. Each file is read and
 * hashed once; of two files with the same bytes, the first in path order wins.
 * @param files - the build's files, relative and `/`-separated, sorted.
 */
export function imageIndexOf(outDir: string, files: readonly string[]): Record<string, string> {
  const images: Record<string, string> = {};
  for (const file of files) {
    if (!IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    const digest = createHash('sha256')
      .update(fs.readFileSync(path.join(outDir, file)))
      .digest('hex');
    images[digest] ??= `/${file}`;
  }
  return images;
}

/** The SHA-256 (hex) of the bytes of a `data:` URL, or undefined when it is not one. Never throws. */
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

/** The kind of a page, from the classes of its `<html>` and its file. */
function routeKindOf(tree: Root, file: string): RouteKind {
  if (file === `${ROUTES.notFound.slice(1)}.html`) return 'not-found';
  const html = findFirst(tree, (node) => node.tagName === 'html');
  const classes = html === undefined ? [] : classList(html);
  if (classes.includes('docs-doc-page')) return 'doc';
  if (classes.includes('docs-tags-list-page')) return 'tag-list';
  if (classes.includes('docs-tags-doc-list-page')) return 'tag-page';
  if (classes.includes('mdx-page')) return 'markdown-page';
  if (classes.includes('plugin-pages')) return 'react-page';
  return 'other';
}

/** The document's title without the site's name, and its description, from `<head>`. */
function headOf(tree: Root): { documentTitle: string; description: string } {
  const title = findFirst(tree, (node) => node.tagName === 'title');
  const meta = findFirst(tree, (node) => node.tagName === 'meta' && stringProperty(node, 'name') === 'description');
  const fullTitle = title === undefined ? '' : textContent(title).trim();
  const separator = fullTitle.lastIndexOf(' | ');
  return {
    documentTitle: separator < 0 ? fullTitle : fullTitle.slice(0, separator),
    description: (meta === undefined ? undefined : stringProperty(meta, 'content'))?.trim() ?? '',
  };
}

/** Removes `target` from the children of its parent under `root` (a copy the caller owns). */
function detach(root: Element, target: Element): void {
  const walk = (parent: Element): boolean => {
    const at = parent.children.indexOf(target);
    if (at >= 0) {
      parent.children.splice(at, 1);
      return true;
    }
    return parent.children.some((child) => child.type === 'element' && walk(child));
  };
  walk(root);
}

const HEADING_LEVELS: Readonly<Record<string, PageHeading['level']>> = { h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/**
 * Builds the model of one built page from its hast (which it does not change). Each distinct
 * `data:` image of the content is hashed once.
 * @param file - the page's HTML file, relative to the build folder (`intro/index.html`).
 */
export function renderedPageOf(tree: Root, file: string, input: PageModelInput): RenderedPage {
  const { documentTitle, description } = headOf(tree);
  const tags = findAllInside(
    tree,
    (node) => hasClass(node, 'theme-doc-footer'),
    (node) => node.tagName === 'a' && (stringProperty(node, 'href') ?? '').startsWith(ROUTES.tags),
  )
    .map((node) => textContent(node).trim())
    .filter(Boolean);
  const found = contentElementOf(tree);
  const content = found === undefined ? undefined : prune(found, isChrome);
  const h1 = content === undefined ? undefined : findFirst(content, (node) => node.tagName === 'h1');
  if (content !== undefined && h1 !== undefined) detach(content, h1);
  const headings =
    content === undefined
      ? []
      : findAll(content, (node) => node.tagName in HEADING_LEVELS && node.properties.id !== undefined).map(
          (element): PageHeading => ({
            id: stringProperty(element, 'id') ?? '',
            text: textContent(element).trim(),
            level: HEADING_LEVELS[element.tagName] ?? 6,
            element,
          }),
        );
  const files = new Map<string, string | undefined>();
  const images =
    content === undefined
      ? []
      : findAll(content, (node) => node.tagName === 'img').map((element): PageImage => {
          const src = stringProperty(element, 'src') ?? '';
          if (!files.has(src)) {
            const digest = dataUrlDigest(src);
            files.set(src, digest === undefined ? undefined : input.images[digest]);
          }
          return { src, alt: stringProperty(element, 'alt') ?? '', file: files.get(src) };
        });
  return {
    kind: routeKindOf(tree, file),
    title: ((h1 === undefined ? '' : textContent(h1)) || documentTitle).trim(),
    documentTitle,
    description,
    content,
    headings,
    tags,
    images,
  };
}
