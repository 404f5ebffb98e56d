/**
 * Turns a page's Markdown or MDX source into its Markdown twin: clean CommonMark with GFM tables,
 * no JSX, no imports, no directives, every site link absolute.
 *
 * The source is parsed into mdast with the same syntax extensions the site's build uses
 * (front matter, GFM, directives, and MDX for `.mdx` files), each MDX construct is replaced by
 * the Markdown that means the same thing, and the tree is written back out with remark-stringify.
 * Anything with no Markdown meaning stops the build with the file and the construct named.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Blockquote, Heading, Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { stringify as stringifyYaml } from 'yaml';

/** Thrown when a page uses something that has no Markdown meaning; names the file and construct. */
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

/** The labels admonition containers (`:::note` ... `:::`) get in a twin, by directive name. */
export const ADMONITION_LABELS: Readonly<Record<string, string>> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  answer: 'Accepted answer',
};

/** Labels of the `kind` of a module header (`terraform`, `script`, `service`). */
export const MODULE_KIND_LABELS: Readonly<Record<string, string>> = {
  terraform: 'Terraform module',
  script: 'Script module',
  service: 'Service',
};

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** What a component renderer gets: the element, its file, and a way to convert its children. */
export interface ComponentContext {
  /** The page's file, as it appears in error messages. */
  file: string;
  /** Reads a string or boolean attribute; throws a TwinError when it is an expression. */
  attr: (name: string) => string | boolean | undefined;
  /** The element's children, already converted. */
  children: () => RootContent[];
}

/**
 * Renders one MDX component as Markdown nodes. To support a new component, add an entry to
 * {@link COMPONENT_RENDERERS}.
 */
export type ComponentRenderer = (element: JsxElement, context: ComponentContext) => RootContent[];

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const strong = (children: PhrasingContent[]): PhrasingContent => ({ type: 'strong', children });
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

function requireString(context: ComponentContext, element: JsxElement, name: string): string {
  const value = context.attr(name);
  if (typeof value !== 'string' || value === '')
    throw new TwinError(context.file, `<${element.name ?? ''}>`, `attribute "${name}" must be a non-empty string`);
  return value;
}

/** The Markdown meaning of each MDX component the site's pages use. */
export const COMPONENT_RENDERERS: Readonly<Record<string, ComponentRenderer>> = {
  // A tab set becomes one labelled section per tab, in order.
  Tabs: (_element, context) => context.children(),
  TabItem: (element, context) => {
    const label = context.attr('label');
    const value = context.attr('value');
    const name = typeof label === 'string' ? label : typeof value === 'string' ? value : undefined;
    if (name === undefined) throw new TwinError(context.file, '<TabItem>', 'needs a label or a value');
    return [paragraph([strong([text(name)])]), ...context.children()];
  },
  ModuleHeader: (element, context) => {
    const kind = requireString(context, element, 'kind');
    const label = MODULE_KIND_LABELS[kind];
    if (label === undefined) throw new TwinError(context.file, '<ModuleHeader>', `unknown kind "${kind}"`);
    const repository = requireString(context, element, 'repository');
    const module = requireString(context, element, 'module');
    const version = requireString(context, element, 'version');
    const sourceUrl = requireString(context, element, 'sourceUrl');
    return [
      paragraph([
        strong([text(label)]),
        text(' '),
        code(`${repository}/modules/${module}`),
        text(', version '),
        code(version),
        text('. '),
        { type: 'link', url: sourceUrl, children: [text('View source')] },
      ]),
    ];
  },
  ReferenceEntry: (element, context) => {
    if (context.attr('kind') === 'output') return [];
    const type = requireString(context, element, 'type');
    const parts: PhrasingContent[] = [text('Type: '), code(type), text('. ')];
    if (context.attr('required') === true) parts.push(strong([text('Required')]), text('.'));
    else parts.push(text('Default: '), code(requireString(context, element, 'defaultValue')), text('.'));
    return [paragraph(parts)];
  },
  ReleaseMeta: (element, context) => [
    paragraph([
      strong([text(requireString(context, element, 'kindLabel'))]),
      text(`, released ${requireString(context, element, 'date')}.`),
    ]),
  ],
};

/** Options of {@link sourceToMarkdownTree}. */
export interface ConvertOptions {
  /** The file's path as error messages name it (relative to the site). */
  file: string;
  /** Absolute path of the file, to resolve the Markdown files an MDX page imports. */
  absolutePath: string;
  /** The file's text. */
  source: string;
  /** `mdx` parses JSX and imports; `md` is CommonMark plus directives. */
  format: 'md' | 'mdx';
  /** The site's origin, for example `https://docs.gruntwork.io`; site paths are prefixed with it. */
  siteUrl: string;
}

// One frozen processor per format, built once: building one runs every syntax extension's setup.
const PARSERS = {
  md: unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).freeze(),
  mdx: unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(remarkMdx).freeze(),
} as const;

function parser(format: 'md' | 'mdx') {
  return PARSERS[format];
}

/** A site path (`/x`) or `pathname:///x` as an absolute URL; other URLs unchanged. */
export function absoluteUrl(url: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/$/, '');
  if (url.startsWith('pathname://')) return absoluteUrl(url.slice('pathname://'.length), siteUrl);
  if (url.startsWith('/') && !url.startsWith('//')) return `${origin}${url}`;
  return url;
}

/** Removes an explicit heading id (`{#my-id}`) from the end of a heading. */
function stripHeadingId(heading: Heading): void {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return;
  const at = last.value.lastIndexOf('{#');
  if (at === -1 || !last.value.trimEnd().endsWith('}')) return;
  last.value = last.value.slice(0, at).trimEnd();
  if (last.value === '') heading.children.pop();
}

/** The original source of a node, for directives that were never meant as directives (`a:b`). */
function sourceOf(node: Nodes, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? '' : source.slice(start, end);
}

function isCommentOnly(node: MdxFlowExpression | MdxTextExpression): boolean {
  const program = node.data?.estree;
  return program !== null && program !== undefined && program.body.length === 0;
}

/** Local components an MDX page imports from Markdown files: local name → absolute file. */
function localImports(node: MdxjsEsm, absolutePath: string, imports: Map<string, string | null>): void {
  const program = node.data?.estree;
  for (const statement of program?.body ?? []) {
    if (statement.type !== 'ImportDeclaration') continue;
    const from = String(statement.source.value);
    for (const specifier of statement.specifiers) {
      const isMarkdown = from.startsWith('.') && /\.mdx?$/.test(from) && specifier.type === 'ImportDefaultSpecifier';
      imports.set(specifier.local.name, isMarkdown ? path.resolve(path.dirname(absolutePath), from) : null);
    }
  }
}

function admonition(node: ContainerDirective, file: string, convert: (n: Nodes[]) => RootContent[]): Blockquote {
  const label = ADMONITION_LABELS[node.name];
  if (label === undefined)
    throw new TwinError(file, `:::${node.name}`, 'this container has no Markdown rendering; use an admonition');
  const [first, ...rest] = node.children;
  const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel === true;
  const title: PhrasingContent[] = hasLabel ? [text(`${label}: `), ...first.children] : [text(label)];
  const body = convert(hasLabel ? rest : node.children);
  return { type: 'blockquote', children: [paragraph([strong(title)]), ...(body as Blockquote['children'])] };
}

/**
 * Parses a page's source and returns the mdast of its twin's body (front matter removed).
 * @throws TwinError naming the file and the component, container or expression that has no
 *   Markdown meaning, or an attribute a component needs.
 */
export function sourceToMarkdownTree(options: ConvertOptions): Root {
  const { file, source, siteUrl } = options;
  const tree = parser(options.format).parse(source);
  const imports = new Map<string, string | null>();
  for (const node of tree.children) if (node.type === 'mdxjsEsm') localImports(node, options.absolutePath, imports);

  const convertAll = (nodes: readonly Nodes[]): RootContent[] => nodes.flatMap((node) => convertNode(node));

  function jsxAttr(element: JsxElement, name: string): string | boolean | undefined {
    const attribute = element.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
    if (attribute === undefined || attribute.type !== 'mdxJsxAttribute') return undefined;
    if (attribute.value === null || attribute.value === undefined) return true;
    if (typeof attribute.value === 'string') return attribute.value;
    const program = attribute.value.data?.estree;
    const statement = program?.body[0];
    if (statement?.type === 'ExpressionStatement' && statement.expression.type === 'Literal') {
      const { value } = statement.expression;
      if (typeof value === 'string' || typeof value === 'boolean') return value;
    }
    throw new TwinError(
      file,
      `<${element.name ?? ''} ${name}>`,
      'only string and boolean attribute values have a Markdown rendering',
    );
  }

  function convertElement(element: JsxElement): RootContent[] {
    const name = element.name ?? '';
    const imported = imports.get(name);
    if (typeof imported === 'string') {
      const body = sourceToMarkdownTree({
        ...options,
        file: path.relative(path.dirname(options.absolutePath), imported),
        absolutePath: imported,
        source: fs.readFileSync(imported, 'utf8'),
        format: imported.endsWith('.mdx') ? 'mdx' : 'md',
      });
      return body.children;
    }
    const renderer = COMPONENT_RENDERERS[name];
    if (renderer === undefined)
      throw new TwinError(
        file,
        `<${name === '' ? 'fragment' : name}>`,
        'this component has no Markdown rendering; add one to COMPONENT_RENDERERS in plugins/markdown-twins/convert.ts',
      );
    return renderer(element, {
      file,
      attr: (attributeName) => jsxAttr(element, attributeName),
      children: () => convertAll(element.children),
    });
  }

  function convertNode(node: Nodes): RootContent[] {
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        if (isCommentOnly(node)) return [];
        throw new TwinError(file, `{${node.value}}`, 'an MDX expression has no Markdown rendering');
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return convertElement(node);
      case 'containerDirective':
        return [admonition(node, file, convertAll)];
      case 'leafDirective':
        return [paragraph([text(sourceOf(node, source))])];
      case 'textDirective':
        return [text(sourceOf(node, source))];
      case 'link':
      case 'image':
      case 'definition':
        node.url = absoluteUrl(node.url, siteUrl);
        break;
      case 'heading':
        stripHeadingId(node);
        break;
      default:
        break;
    }
    if ('children' in node) {
      (node as { children: RootContent[] }).children = convertAll(node.children as Nodes[]);
    }
    return [node as RootContent];
  }

  const children = convertAll(tree.children);
  // The twin writes the title as its H1; a page that writes its own H1 loses it here.
  if (children[0]?.type === 'heading' && children[0].depth === 1) children.shift();
  return { type: 'root', children };
}

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
    children: [{ type: 'heading', depth: 1, children: [text(page.title)] }],
  });
  return `${heading}\n${page.body}`;
}

/**
 * The full text of a `.md` twin: YAML front matter with exactly `title`, `description` and `url`,
 * then the titled body.
 */
export function twinDocument(page: TwinPage): string {
  const frontMatter = stringifyYaml(
    { title: page.title, description: page.description, url: page.url },
    { lineWidth: 0 },
  );
  return `---\n${frontMatter}---\n\n${titledBody(page)}`;
}
