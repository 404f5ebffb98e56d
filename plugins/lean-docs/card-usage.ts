/**
 * Which doc-card features a doc uses, read from its source with real parsers (see ARCHITECTURE.md,
 * 'Doc cards').
 *
 * A doc page carries the title and description of only the docs its cards can show. To know which
 * those are before anything renders, this module parses the page's MDX as Docusaurus does (its own
 * preprocessor, then remark with the MDX, front matter, directive, GFM and comment syntax) and the
 * local files it imports (MDX partials with the same parser, components with TypeScript's parser),
 * and collects:
 * - doc ids named as string literals: a `docId` property or JSX attribute, and `useDocById('id')`;
 * - every other string literal (and JSX attribute string), which names a doc when a component
 *   passes it on to `useDocById` (`<DocSummary id="guides/intro" />`);
 * - `DocCardList` without `items` and `useCurrentSidebarSiblings()`: the cards of the page's
 *   siblings in its sidebar;
 * - `useCurrentSidebarCategory()`: the items of the page's sidebar category;
 * - `useDocsSidebar()`: any item of the page's sidebar;
 * - `DocCard`, `DocCardList`, `useDocById` and `useDocsVersion`: something that reads a doc's
 *   metadata at all.
 *
 * Names are taken as imported (`import Cards from '@theme/DocCardList'` is a `DocCardList`), or as
 * written when not imported (components registered in `MDXComponents`). Only local imports
 * (relative, or `@site/`) are followed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Plugin } from 'unified';
import { getFormat } from '@docusaurus/mdx-loader/lib/format.js';
import preprocess from '@docusaurus/mdx-loader/lib/preprocessor.js';

/** The doc-card features a file and the local files it imports use. */
export interface CardUsage {
  /** Doc ids named as string literals, each with the site-relative file that names it first. */
  docIds: Map<string, string>;
  /** Every other string literal, each with the file that holds it first: a doc id when a doc has it. */
  literals: Map<string, string>;
  /** `DocCardList` without `items`, or `useCurrentSidebarSiblings()`. */
  siblings: boolean;
  /** `useCurrentSidebarCategory()`. */
  category: boolean;
  /** `useDocsSidebar()`. */
  sidebar: boolean;
  /** `DocCard`, `DocCardList`, `useDocById` or `useDocsVersion`: something that reads doc metadata. */
  readsDocs: boolean;
}

/** An empty usage: a file that uses none of the features. */
export function noCardUsage(): CardUsage {
  return { docIds: new Map(), literals: new Map(), siblings: false, category: false, sidebar: false, readsDocs: false };
}

/** What one file says, before its imports are resolved. */
interface FileFacts {
  /** Local name → what it imports (`default`, `*` or an export name) from which module. */
  imports: Map<string, { source: string; imported: string }>;
  /** Modules the file imports or re-exports (for following local files). */
  sources: string[];
  /** JSX elements: the name as written, and whether it has an `items` attribute (`unknown` with a spread). */
  elements: { name: string; items: boolean | 'unknown' }[];
  /** Calls: the callee's name (an identifier, or a member's property), and a string literal first argument. */
  calls: { name: string; literal?: string }[];
  /** Values of `docId` properties and attributes that are string literals. */
  docIds: string[];
  /** Every string literal and JSX attribute string (import sources aside). */
  literals: string[];
}

function emptyFacts(): FileFacts {
  return { imports: new Map(), sources: [], elements: [], calls: [], docIds: [], literals: [] };
}

/** The theme components that render cards, by the module that default-exports them. */
const CARD_COMPONENT_MODULES: Record<string, string> = {
  '@theme/DocCard': 'DocCard',
  '@theme/DocCardList': 'DocCardList',
  '@theme-original/DocCard': 'DocCard',
  '@theme-original/DocCardList': 'DocCardList',
};

/** What `local` stands for in `facts`: the card component a default import names, an imported export's name, or itself. */
function canonicalName(facts: FileFacts, local: string): string {
  const binding = facts.imports.get(local);
  if (binding === undefined) return local;
  if (binding.imported === 'default') return CARD_COMPONENT_MODULES[binding.source] ?? local;
  return binding.imported === '*' ? local : binding.imported;
}

/** Adds what `facts` (of the file `file`, site-relative) say to `usage`. */
function addFacts(usage: CardUsage, facts: FileFacts, file: string): void {
  for (const element of facts.elements) {
    // `<ns.DocCardList>` is named by its last part.
    const name = canonicalName(facts, element.name.split('.').at(-1) ?? element.name);
    if (name === 'DocCard' || name === 'DocCardList') usage.readsDocs = true;
    if (name === 'DocCardList' && element.items !== true) usage.siblings = true;
  }
  for (const call of facts.calls) {
    const name = canonicalName(facts, call.name);
    if (name === 'useDocsVersion') usage.readsDocs = true;
    if (name === 'useDocById') {
      usage.readsDocs = true;
      if (call.literal !== undefined && !usage.docIds.has(call.literal)) usage.docIds.set(call.literal, file);
    }
    if (name === 'useCurrentSidebarSiblings') usage.siblings = true;
    if (name === 'useCurrentSidebarCategory') usage.category = true;
    if (name === 'useDocsSidebar') usage.sidebar = true;
  }
  for (const id of facts.docIds) if (!usage.docIds.has(id)) usage.docIds.set(id, file);
  for (const value of facts.literals) if (!usage.literals.has(value)) usage.literals.set(value, file);
}

// ---------------------------------------------------------------------------------------------
// MDX: remark's syntax tree, whose ESM, expressions and attribute values carry estree programs.
// ---------------------------------------------------------------------------------------------

/** A node of an estree program, as far as the walk needs it. */
interface EsNode {
  type: string;
  [key: string]: unknown;
}

const isEsNode = (value: unknown): value is EsNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** A string literal's value (`'x'`, or a template without expressions), else undefined. */
function esString(node: unknown): string | undefined {
  if (!isEsNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && Array.isArray(node.expressions) && node.expressions.length === 0) {
    const [quasi] = node.quasis as { value: { cooked?: string } }[];
    return quasi?.value.cooked;
  }
  if (node.type === 'JSXExpressionContainer') return esString(node.expression);
  return undefined;
}

/** The name of an identifier, string literal or JSX name node. */
function esName(node: unknown): string | undefined {
  if (!isEsNode(node)) return undefined;
  if (node.type === 'Identifier' || node.type === 'JSXIdentifier') return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'JSXMemberExpression') return `${esName(node.object) ?? ''}.${esName(node.property) ?? ''}`;
  return undefined;
}

/** Collects the facts of one estree node and everything below it. */
function collectEstree(node: EsNode, facts: FileFacts): void {
  switch (node.type) {
    case 'ImportDeclaration': {
      const source = esString(node.source);
      if (source === undefined) break;
      facts.sources.push(source);
      for (const specifier of node.specifiers as EsNode[]) {
        const local = esName(specifier.local);
        if (local === undefined) continue;
        const imported =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportNamespaceSpecifier'
              ? '*'
              : (esName(specifier.imported) ?? local);
        facts.imports.set(local, { source, imported });
      }
      return;
    }
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression': {
      const source = esString(node.source);
      if (source !== undefined) facts.sources.push(source);
      break;
    }
    case 'CallExpression': {
      const callee = node.callee as EsNode;
      const name =
        callee.type === 'MemberExpression' && callee.computed !== true ? esName(callee.property) : esName(callee);
      const literal = esString((node.arguments as unknown[])[0]);
      if (name !== undefined) facts.calls.push(literal === undefined ? { name } : { name, literal });
      if (name === 'require' && literal !== undefined) facts.sources.push(literal);
      break;
    }
    case 'Literal':
    case 'TemplateLiteral': {
      const value = esString(node);
      if (value !== undefined) facts.literals.push(value);
      break;
    }
    case 'Property': {
      const value = esString(node.value);
      if (node.computed !== true && esName(node.key) === 'docId' && value !== undefined) facts.docIds.push(value);
      break;
    }
    case 'JSXOpeningElement': {
      const name = esName(node.name);
      const attributes = node.attributes as EsNode[];
      if (name !== undefined) facts.elements.push({ name, items: jsxHasItems(attributes) });
      for (const attribute of attributes) {
        const value = esString(attribute.value);
        if (attribute.type === 'JSXAttribute' && esName(attribute.name) === 'docId' && value !== undefined)
          facts.docIds.push(value);
      }
      break;
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'range') continue;
    if (Array.isArray(value)) {
      for (const child of value) if (isEsNode(child)) collectEstree(child, facts);
    } else if (isEsNode(value)) collectEstree(value, facts);
  }
}

/** Whether JSX attributes include `items`: `unknown` when a spread may bring it. */
function jsxHasItems(attributes: readonly EsNode[]): boolean | 'unknown' {
  if (attributes.some((attribute) => attribute.type === 'JSXAttribute' && esName(attribute.name) === 'items'))
    return true;
  return attributes.some((attribute) => attribute.type === 'JSXSpreadAttribute') ? 'unknown' : false;
}

/** A remark node, with the MDX fields the walk reads. */
interface MdxNode {
  type: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown; data?: { estree?: EsNode } }[];
  data?: { estree?: EsNode };
  children?: MdxNode[];
}

/** Collects the facts of an MDX syntax tree. */
function collectMdx(node: MdxNode, facts: FileFacts): void {
  if (node.data?.estree) collectEstree(node.data.estree, facts);
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
    const attributes = node.attributes ?? [];
    const items = attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'items')
      ? true
      : attributes.some((attribute) => attribute.type === 'mdxJsxExpressionAttribute')
        ? 'unknown'
        : false;
    facts.elements.push({ name: node.name, items });
    for (const attribute of attributes) {
      if (attribute.data?.estree) collectEstree(attribute.data.estree, facts);
      const value = attribute.value as { data?: { estree?: EsNode } } | string | null | undefined;
      if (typeof value === 'object' && value?.data?.estree) collectEstree(value.data.estree, facts);
      if (typeof value === 'string') facts.literals.push(value);
      if (attribute.type === 'mdxJsxAttribute' && attribute.name === 'docId' && typeof value === 'string')
        facts.docIds.push(value);
    }
  }
  for (const child of node.children ?? []) collectMdx(child, facts);
}

/** How Docusaurus reads Markdown, as far as parsing goes (the site's `markdown` configuration). */
export interface MarkdownParsing {
  /** `siteConfig.markdown`: format, mdx1Compat, preprocessor. */
  markdownConfig: unknown;
  /** The docs plugin's `admonitions` option. */
  admonitions: unknown;
}

type Parser = (content: string) => Root;

/** MDX parsers: without and with the HTML comment syntax, both as Docusaurus's MDX loader sets them up. */
async function loadParsers(): Promise<{ mdx: Parser; withComments: Parser }> {
  // The comment syntax comes from the package Docusaurus's MDX loader uses, resolved from there.
  const fromMdxLoader = createRequire(require.resolve('@docusaurus/mdx-loader'));
  const { default: remarkComment } = (await import(fromMdxLoader.resolve('@slorber/remark-comment'))) as {
    default: Plugin;
  };
  const base = () =>
    unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter).use(remarkDirective).use(remarkGfm);
  const mdx = base();
  const withComments = base().use(remarkComment);
  return { mdx: (content) => mdx.parse(content), withComments: (content) => withComments.parse(content) };
}

// ---------------------------------------------------------------------------------------------
// Scripts (.js, .jsx, .ts, .tsx): TypeScript's parser.
// ---------------------------------------------------------------------------------------------

type Ts = typeof import('typescript');

/** Collects the facts of a script with TypeScript's syntax tree. */
function collectScript(ts: Ts, file: string, text: string): FileFacts {
  const facts = emptyFacts();
  const kind = /\.[cm]?tsx?$/.test(file)
    ? file.endsWith('x')
      ? ts.ScriptKind.TSX
      : ts.ScriptKind.TS
    : ts.ScriptKind.JSX;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const stringOf = (node: import('typescript').Node | undefined): string | undefined => {
    if (node === undefined) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return stringOf(node.expression);
    return undefined;
  };
  const jsx = (
    tag: import('typescript').JsxTagNameExpression,
    attributes: import('typescript').JsxAttributes,
  ): void => {
    const props = attributes.properties;
    const items = props.some((p) => ts.isJsxAttribute(p) && p.name.getText(source) === 'items')
      ? true
      : props.some((p) => ts.isJsxSpreadAttribute(p))
        ? 'unknown'
        : false;
    facts.elements.push({ name: tag.getText(source), items });
    for (const p of props) {
      const value = ts.isJsxAttribute(p) ? stringOf(p.initializer) : undefined;
      if (ts.isJsxAttribute(p) && p.name.getText(source) === 'docId' && value !== undefined) facts.docIds.push(value);
    }
  };
  const visit = (node: import('typescript').Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) facts.literals.push(node.text);
    if (ts.isImportDeclaration(node)) {
      const from = stringOf(node.moduleSpecifier);
      if (from !== undefined) {
        facts.sources.push(from);
        const clause = node.importClause;
        if (clause?.name) facts.imports.set(clause.name.text, { source: from, imported: 'default' });
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings))
          facts.imports.set(bindings.name.text, { source: from, imported: '*' });
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements)
            facts.imports.set(element.name.text, {
              source: from,
              imported: (element.propertyName ?? element.name).text,
            });
        }
      }
      return;
    } else if (ts.isExportDeclaration(node)) {
      const from = stringOf(node.moduleSpecifier);
      if (from !== undefined) facts.sources.push(from);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const literal = stringOf(node.arguments[0]);
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : callee.kind === ts.SyntaxKind.ImportKeyword
            ? 'import'
            : undefined;
      if (name !== undefined) facts.calls.push(literal === undefined ? { name } : { name, literal });
      if ((name === 'require' || name === 'import') && literal !== undefined) facts.sources.push(literal);
    } else if (ts.isPropertyAssignment(node)) {
      const key = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : undefined;
      const value = stringOf(node.initializer);
      if (key === 'docId' && value !== undefined) facts.docIds.push(value);
    } else if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      jsx(node.tagName, node.attributes);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

// ---------------------------------------------------------------------------------------------
// Files and their imports.
// ---------------------------------------------------------------------------------------------

/** Names whose absence from a file means it uses no card feature itself (the facts collected above). */
const FEATURE_NAMES = [
  'DocCard',
  'useDocById',
  'useCurrentSidebar',
  'useDocsSidebar',
  'useDocsVersion',
  'docId',
  'import(',
  'require(',
];

/**
 * Whether an MDX file can hold any fact: it names a feature, or it has ESM, which MDX allows only
 * on a line that starts with `import ` or `export ` (its syntax extension enters ESM nowhere else),
 * and which may import a component that does. Any other file parses to no facts, so it is not
 * parsed: of the site's 285 MDX files, 40 (shell examples with `export`) pass this test.
 */
export function mayHoldCardFacts(text: string): boolean {
  if (FEATURE_NAMES.some((name) => text.includes(name))) return true;
  return text.split(/\r\n|\r|\n/).some((line) => line.startsWith('import ') || line.startsWith('export '));
}

const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs'];
const MARKDOWN_EXTENSIONS = ['.mdx', '.md'];
const RESOLVE_EXTENSIONS = [...SCRIPT_EXTENSIONS, ...MARKDOWN_EXTENSIONS];

/** The file a local import names, or undefined for a package or a missing file. */
function resolveLocal(source: string, fromFile: string, siteDir: string): string | undefined {
  let base: string;
  if (source.startsWith('./') || source.startsWith('../')) base = path.resolve(path.dirname(fromFile), source);
  else if (source.startsWith('@site/')) base = path.join(siteDir, source.slice('@site/'.length));
  else return undefined;
  const candidates = [
    base,
    ...RESOLVE_EXTENSIONS.map((ext) => `${base}${ext}`),
    ...RESOLVE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** Thrown when a file cannot be parsed; names the file. */
export class CardUsageParseError extends Error {
  constructor(file: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`lean-docs: cannot parse ${file} to find the doc cards it shows: ${reason}`, { cause });
    this.name = 'CardUsageParseError';
  }
}

/**
 * Reads the card usage of doc files and the files they import, caching each file's facts by path
 * and modification time (so `npm start` reloads re-read only what changed).
 */
export class CardUsageReader {
  private parsers: Promise<Awaited<ReturnType<typeof loadParsers>>> | undefined;
  private ts: Ts | undefined;
  private readonly cache = new Map<string, { mtimeMs: number; facts: FileFacts }>();

  /**
   * @param siteDir - the site folder; files are named relative to it in usage and errors.
   * @param parsing - the site's Markdown configuration, so files parse as Docusaurus parses them.
   */
  constructor(
    private readonly siteDir: string,
    private readonly parsing: MarkdownParsing,
  ) {}

  /**
   * The card usage of the doc at `file` (absolute) and every local file it imports.
   * @param frontMatterFormat - the doc's `mdx.format` front matter, which can override its
   *   extension (a file read as plain Markdown holds no components).
   * @throws CardUsageParseError naming a file that does not parse.
   */
  async usageOf(file: string, frontMatterFormat?: 'md' | 'mdx' | 'detect'): Promise<CardUsage> {
    const usage = noCardUsage();
    const seen = new Set<string>();
    const queue: string[] = [file];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (seen.has(next)) continue;
      seen.add(next);
      // An imported partial has no front matter of its own that could change its format.
      const facts = await this.factsOf(next, next === file ? frontMatterFormat : undefined);
      addFacts(usage, facts, this.relative(next));
      for (const source of facts.sources) {
        const imported = resolveLocal(source, next, this.siteDir);
        if (imported !== undefined && !imported.includes(`${path.sep}node_modules${path.sep}`)) queue.push(imported);
      }
    }
    return usage;
  }

  private relative(file: string): string {
    return path.relative(this.siteDir, file).split(path.sep).join('/');
  }

  private async factsOf(file: string, frontMatterFormat: 'md' | 'mdx' | 'detect' | undefined): Promise<FileFacts> {
    const { mtimeMs } = fs.statSync(file);
    const key = `${file}\0${frontMatterFormat ?? ''}`;
    const cached = this.cache.get(key);
    if (cached?.mtimeMs === mtimeMs) return cached.facts;
    const facts = await this.parse(file, frontMatterFormat);
    this.cache.set(key, { mtimeMs, facts });
    return facts;
  }

  private async parse(file: string, frontMatterFormat: 'md' | 'mdx' | 'detect' | undefined): Promise<FileFacts> {
    const ext = path.extname(file);
    const config = this.parsing.markdownConfig as {
      format: 'md' | 'mdx' | 'detect';
      mdx1Compat: { comments: boolean };
    };
    const isScript = SCRIPT_EXTENSIONS.includes(ext);
    if (!isScript && !MARKDOWN_EXTENSIONS.includes(ext)) return emptyFacts();
    // Plain Markdown (Docusaurus's own rule, from the extension and front matter) holds no components.
    if (!isScript && getFormat({ filePath: file, frontMatterFormat, markdownConfigFormat: config.format }) === 'md')
      return emptyFacts();
    const text = fs.readFileSync(file, 'utf8');
    try {
      if (isScript) {
        // TypeScript is CommonJS: its namespace arrives as `default` or as the module itself.
        const loaded = (await import('typescript')) as Ts & { default?: Ts };
        this.ts ??= loaded.default ?? loaded;
        return collectScript(this.ts, file, text);
      }
      if (!mayHoldCardFacts(text)) return emptyFacts();
      const content = preprocess({
        fileContent: text,
        filePath: file,
        markdownConfig: this.parsing.markdownConfig as never,
        admonitions: this.parsing.admonitions as never,
      });
      this.parsers ??= loadParsers();
      const parsers = await this.parsers;
      const tree = (config.mdx1Compat.comments ? parsers.withComments : parsers.mdx)(content);
      const facts = emptyFacts();
      for (const node of tree.children) collectMdx(node as MdxNode, facts);
      return facts;
    } catch (error) {
      throw new CardUsageParseError(this.relative(file), error);
    }
  }
}
