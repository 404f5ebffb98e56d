// @vitest-environment node
/**
 * Upstream shapes that plugins/code-highlight and src/theme/Mermaid were written against. Each
 * check reads an installed upstream source file (parsed with TypeScript, never run) and fails,
 * naming the file and what changed, when its exports, imports, the props or hooks it uses, or the
 * data it reads differ from what the local code copies, wraps or replaces. When one fails: read
 * the upstream change, update the local file (and its provenance header), then this expectation.
 *
 * Self-contained on purpose: the other upstream-shape files in this folder share nothing with it.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const pkg = (name: string): string => path.join(ROOT, 'node_modules', name);

/** The version every upstream file below was read at. */
const VERSION = '3.10.2';

/** What one source file declares and uses, as far as these checks care. */
interface Shape {
  /** Module → imported names (`default`, `*`, or the named imports), type-only imports included. */
  imports: Record<string, string[]>;
  /** Exported names (`default` for the default export). */
  exports: string[];
  /** Names of the `use…` hooks the file calls. */
  hooks: string[];
  /** Property access chains (`metadata.code`, `prism.magicComments`), and destructured names. */
  reads: string[];
  /** Identifiers of the object literals passed to calls: `call(key1, key2, …)` per called function. */
  callKeys: Record<string, string[]>;
  /** String and template literal texts. */
  strings: string[];
}

function shapeOf(file: string): Shape {
  if (!fs.existsSync(file)) throw new Error(`upstream file ${path.relative(ROOT, file)} is gone`);
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const shape: Shape = { imports: {}, exports: [], hooks: [], reads: [], callKeys: {}, strings: [] };
  const add = (list: string[], value: string): void => {
    if (!list.includes(value)) list.push(value);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const names = (shape.imports[node.moduleSpecifier.text] ??= []);
      const clause = node.importClause;
      if (clause?.name) add(names, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) add(names, '*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) add(names, (element.propertyName ?? element.name).text);
      }
    }
    if (ts.isExportDeclaration(node)) {
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) add(shape.exports, element.name.text);
      }
    }
    if (ts.isExportAssignment(node)) add(shape.exports, 'default');
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    if (modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
      const isDefault = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) add(shape.exports, 'default');
      else if ((ts.isFunctionDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name) {
        add(shape.exports, node.name.text);
      } else if (ts.isTypeAliasDeclaration(node)) add(shape.exports, node.name.text);
      else if (ts.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) add(shape.exports, declaration.name.text);
        }
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (/^use[A-Z]\w*$/.test(callee)) add(shape.hooks, callee);
      const [first] = node.arguments;
      if (first && ts.isObjectLiteralExpression(first)) {
        const keys = (shape.callKeys[callee] ??= []);
        for (const property of first.properties) if (property.name) add(keys, property.name.getText(source));
      }
    }
    if (ts.isPropertyAccessExpression(node)) add(shape.reads, node.getText(source).replace(/\s+/g, ''));
    if (ts.isBindingElement(node)) add(shape.reads, (node.propertyName ?? node.name).getText(source));
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(shape.strings, node.text);
    if (ts.isTemplateExpression(node)) add(shape.strings, node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shape;
}

/** Fails with the file and the difference when `actual` is not `expected` (order ignored). */
function expectSame(file: string, what: string, actual: readonly string[], expected: readonly string[]): void {
  const added = actual.filter((item) => !expected.includes(item));
  const removed = expected.filter((item) => !actual.includes(item));
  expect(
    { added, removed },
    `${path.relative(ROOT, file)}: its ${what} changed (added ${JSON.stringify(added)}, removed ${JSON.stringify(removed)})`,
  ).toEqual({ added: [], removed: [] });
}

/** Fails with the file when `actual` lacks any of `expected`. */
function expectHas(file: string, what: string, actual: readonly string[], expected: readonly string[]): void {
  const missing = expected.filter((item) => !actual.includes(item));
  expect(missing, `${path.relative(ROOT, file)}: no longer ${what}: ${JSON.stringify(missing)}`).toEqual([]);
}

const themeClassic = pkg('@docusaurus/theme-classic');
const themeCommon = pkg('@docusaurus/theme-common');
const themeMermaid = pkg('@docusaurus/theme-mermaid');
const codeBlock = (file: string): string => path.join(themeClassic, 'src/theme/CodeBlock', file);

describe('the installed versions are the ones the local code was written against', () => {
  it.each(['theme-classic', 'theme-common', 'theme-mermaid', 'mdx-loader', 'core'])('@docusaurus/%s', (name) => {
    const manifest = JSON.parse(fs.readFileSync(pkg(`@docusaurus/${name}/package.json`), 'utf8')) as {
      version: string;
    };
    expect(manifest.version, `@docusaurus/${name} is ${manifest.version}; the checks below read ${VERSION}`).toBe(
      VERSION,
    );
  });
});

describe('theme-classic CodeBlock (ejected as plugins/code-highlight/theme/CodeBlock)', () => {
  it('index.tsx: picks String or Element content from the children, re-rendering once in the browser', () => {
    const file = codeBlock('index.tsx');
    const shape = shapeOf(file);
    expectSame(file, 'imports', Object.keys(shape.imports), [
      'react',
      '@docusaurus/useIsBrowser',
      '@theme/CodeBlock/Content/Element',
      '@theme/CodeBlock/Content/String',
      '@theme/CodeBlock',
    ]);
    expectSame(file, 'exports', shape.exports, ['default']);
    expectSame(file, 'hooks', shape.hooks, ['useIsBrowser']);
    expectHas(file, 'stringifying its children', shape.reads, ['React.Children.toArray', 'children.join']);
  });

  it('Content/index.tsx: highlights with prism-react-renderer from the block context', () => {
    const file = codeBlock('Content/index.tsx');
    const shape = shapeOf(file);
    expectSame(file, 'imports', Object.keys(shape.imports), [
      'react',
      'clsx',
      '@docusaurus/theme-common/internal',
      '@docusaurus/theme-common',
      'prism-react-renderer',
      '@theme/CodeBlock/Content',
      '@theme/CodeBlock/Line',
      './styles.module.css',
    ]);
    expectSame(file, 'hooks', shape.hooks, ['useCodeBlockContext', 'usePrismTheme']);
    expectHas(file, 'reading the block metadata the local Content reads', shape.reads, [
      'code',
      'language',
      'lineNumbersStart',
      'lineClassNames',
      'metadata.lineNumbersStart',
      'wordWrap.codeBlockRef',
    ]);
    expectHas(file, 'rendering the markup the local Content renders', shape.strings, ['thin-scrollbar']);
    expectHas(file, 'rendering lines with these Line props', shape.reads, ['styles.codeBlockLinesWithNumbering']);
  });

  it('Container/index.tsx: the Prism theme colours as inline CSS variables', () => {
    const file = codeBlock('Container/index.tsx');
    const shape = shapeOf(file);
    expectSame(file, 'hooks', shape.hooks, ['usePrismTheme']);
    expectHas(file, 'importing', shape.imports['@docusaurus/theme-common/internal'] ?? [], ['getPrismCssVariables']);
    expectHas(file, 'reading', shape.reads, ['ThemeClassNames.common.codeBlock', 'styles.codeBlockContainer']);
  });

  it('Content/String.tsx: builds the metadata the remark plugin rebuilds at build time', () => {
    const file = codeBlock('Content/String.tsx');
    const shape = shapeOf(file);
    expectSame(file, 'call of createCodeBlockMetadata', shape.callKeys.createCodeBlockMetadata ?? [], [
      'code',
      'className',
      'metastring',
      'magicComments',
      'defaultLanguage',
      'language',
      'title',
      'showLineNumbers',
    ]);
    expectHas(file, 'reading the Prism settings', shape.reads, [
      'props.children',
      'prism.magicComments',
      'prism.defaultLanguage',
    ]);
    expectHas(file, 'rendering through', Object.keys(shape.imports), ['@theme/CodeBlock/Layout']);
  });

  it('Line/index.tsx: takes the props the local TokenLines passes', () => {
    const file = codeBlock('Line/index.tsx');
    const shape = shapeOf(file);
    expectHas(file, 'reading the props', shape.reads, [
      'line',
      'classNames',
      'showLineNumbers',
      'getLineProps',
      'getTokenProps',
    ]);
  });

  it('MDXComponents/Code.tsx: hands every prop of a fenced block (the `tokens` prop too) to CodeBlock', () => {
    const file = path.join(themeClassic, 'src/theme/MDXComponents/Code.tsx');
    const text = fs.readFileSync(file, 'utf8');
    expect(text, `${path.relative(ROOT, file)}: no longer spreads its props into CodeBlock`).toMatch(
      /<CodeBlock \{\.\.\.\(props as ComponentProps<typeof CodeBlock>\)\} \/>/,
    );
  });
});

describe('theme-classic Prism client module (replaced by plugins/code-highlight/no-prism-languages.ts)', () => {
  it('the client module is listed by the theme and only hands Prism to @theme/prism-include-languages', () => {
    const index = path.join(themeClassic, 'src/index.ts');
    const shape = shapeOf(index);
    expectHas(
      index,
      'listing the client module and limiting Prism components to the additional languages',
      shape.strings,
      ['./prism-include-languages'],
    );
    expectHas(index, 'limiting the bundled Prism components with', shape.reads, [
      'currentBundler.instance.ContextReplacementPlugin',
    ]);
    const file = path.join(themeClassic, 'src/prism-include-languages.ts');
    const client = shapeOf(file);
    expectSame(file, 'imports', Object.keys(client.imports), [
      'prism-react-renderer',
      '@theme/prism-include-languages',
    ]);
    expect(
      fs.existsSync(path.join(themeClassic, 'lib/prism-include-languages.js')),
      'lib/prism-include-languages.js',
    ).toBe(true);
  });

  it('@theme/prism-include-languages: mounts Prism globally and requires each additional language (php after markup-templating)', () => {
    const file = path.join(themeClassic, 'src/theme/prism-include-languages.ts');
    const shape = shapeOf(file);
    expectSame(file, 'imports', Object.keys(shape.imports), [
      '@generated/docusaurus.config',
      'prismjs',
      'utility-types',
    ]);
    expectHas(file, 'reading', shape.reads, ['themeConfig', 'prism', 'additionalLanguages', 'globalThis.Prism']);
    expectHas(file, 'loading', shape.strings, [
      'php',
      'prismjs/components/prism-markup-templating.js',
      '`prismjs/components/prism-${lang}`',
    ]);
  });

  it('theme-classic options: the Prism defaults and validator the build-time settings use', () => {
    const file = path.join(themeClassic, 'src/options.ts');
    const shape = shapeOf(file);
    expectHas(file, 'exporting', shape.exports, ['DEFAULT_CONFIG', 'ThemeConfigSchema', 'validateThemeConfig']);
    expectHas(file, 'defaulting', shape.strings, [
      'theme-code-block-highlighted-line',
      'highlight-next-line',
      'highlight-start',
      'highlight-end',
    ]);
  });
});

describe('theme-common code-block helpers (run at build time by plugins/code-highlight/upstream.ts)', () => {
  const file = path.join(themeCommon, 'src/utils/codeBlockUtils.tsx');

  it('exports createCodeBlockMetadata with the parameters and result the remark plugin uses', () => {
    const shape = shapeOf(file);
    expectHas(file, 'exporting', shape.exports, [
      'createCodeBlockMetadata',
      'CodeBlockContextProvider',
      'useCodeBlockContext',
      'parseLines',
      'getLineNumbersStart',
      'CodeBlockMetadata',
    ]);
    expectHas(file, 'returning', shape.reads, ['params.code', 'params.metastring', 'params.magicComments']);
    const text = fs.readFileSync(file, 'utf8');
    const metadata = /export interface CodeBlockMetadata \{([^}]*)\}/.exec(text)?.[1] ?? '';
    const fields = [...metadata.matchAll(/^\s*(\w+):/gm)].map((match) => match[1] ?? '');
    expectSame(file, 'CodeBlockMetadata fields', fields, [
      'codeInput',
      'code',
      'className',
      'language',
      'title',
      'lineNumbersStart',
      'lineClassNames',
    ]);
  });

  it('imports only what the Node loader provides (one bundler alias, mapped to core)', () => {
    const lib = path.join(themeCommon, 'lib/utils');
    expectSame(`${lib}/codeBlockUtils.js`, 'imports', Object.keys(shapeOf(`${lib}/codeBlockUtils.js`).imports), [
      'react',
      'clsx',
      'parse-numeric-range',
      './reactUtils',
    ]);
    expectSame(`${lib}/reactUtils.js`, 'imports', Object.keys(shapeOf(`${lib}/reactUtils.js`).imports), [
      'react',
      '@docusaurus/useIsomorphicLayoutEffect',
    ]);
    expect(fs.existsSync(pkg('@docusaurus/core/lib/client/exports/useIsomorphicLayoutEffect.js'))).toBe(true);
  });

  it('is re-exported by @docusaurus/theme-common/internal, which the theme components import', () => {
    const internal = path.join(themeCommon, 'src/internal.ts');
    const shape = shapeOf(internal);
    expectHas(internal, 're-exporting', shape.exports, [
      'createCodeBlockMetadata',
      'useCodeBlockContext',
      'CodeBlockContextProvider',
      'getPrismCssVariables',
    ]);
  });
});

describe('prism-react-renderer (the tokenizer the theme uses, and the runtime highlighter chunk)', () => {
  it('exports Prism, useTokenize and normalizeTokens, and runs the tokenize hooks the build-time tokenizer runs', () => {
    const file = pkg('prism-react-renderer/dist/index.mjs');
    const text = fs.readFileSync(file, 'utf8');
    expect(text, `${path.relative(ROOT, file)}: exports changed`).toMatch(
      /export \{[^}]*\bHighlight2 as Highlight\b[^}]*\bPrism\b[^}]*\bnormalizeTokens_default as normalizeTokens\b[^}]*\buseTokenize\b/,
    );
    const useTokenize = /var useTokenize = [\s\S]*?\n\};/.exec(text)?.[0] ?? '';
    for (const step of [
      'if (grammar == null)',
      'return normalizeTokens_default([code]);',
      'prism.hooks.run("before-tokenize", prismConfig);',
      'prismConfig.tokens = prism.tokenize(code, grammar);',
      'prism.hooks.run("after-tokenize", prismConfig);',
      'return normalizeTokens_default(prismConfig.tokens);',
    ]) {
      expect(useTokenize, `${path.relative(ROOT, file)}: useTokenize no longer does ${step}`).toContain(step);
    }
    expect(text, `${path.relative(ROOT, file)}: Highlight no longer lower-cases the language`).toContain(
      'const language = _language.toLowerCase();',
    );
  });
});

describe('mdx-loader: the order the remark plugin relies on', () => {
  it('turns mermaid fences into diagrams before, and adds the metastring after, the site remark plugins', () => {
    const file = pkg('@docusaurus/mdx-loader/lib/processor.js');
    const text = fs.readFileSync(file, 'utf8');
    const order = [
      'options.markdownConfig.mermaid ? [mermaid_1.default] : []',
      '...(options.remarkPlugins ?? [])',
      'remarkPlugins.push(codeCompatPlugin_1.default)',
    ].map((step) => text.indexOf(step));
    expect(
      order.every((index) => index >= 0),
      `${path.relative(ROOT, file)}: a step moved or was renamed`,
    ).toBe(true);
    expect(
      [...order].sort((a, b) => a - b),
      `${path.relative(ROOT, file)}: the remark plugin order changed`,
    ).toEqual(order);
  });
});

describe('core client entry: why run-time blocks keep their server lines instead of a Suspense boundary', () => {
  it('hydrates only when HYDRATE_CLIENT_ENTRY is defined, and updates the browser context after hydrating', () => {
    const entry = pkg('@docusaurus/core/lib/client/clientEntry.js');
    expect(fs.readFileSync(entry, 'utf8'), path.relative(ROOT, entry)).toContain(
      'const hydrate = Boolean(process.env.HYDRATE_CLIENT_ENTRY);',
    );
    const browser = pkg('@docusaurus/core/lib/client/browserContext.js');
    expect(fs.readFileSync(browser, 'utf8'), path.relative(ROOT, browser)).toMatch(
      /useEffect\(\(\) => \{\s*setIsBrowser\(true\);\s*\}, \[\]\);/,
    );
  });
});

describe('theme-mermaid (wrapped by src/theme/Mermaid)', () => {
  it('provides only the Mermaid theme component, with a `value` prop, and no CodeBlock of its own', () => {
    const theme = path.join(themeMermaid, 'src/theme');
    expect(fs.readdirSync(theme), `${path.relative(ROOT, theme)}: its theme components changed`).toEqual(['Mermaid']);
    const file = path.join(theme, 'Mermaid/index.tsx');
    const shape = shapeOf(file);
    expectSame(file, 'exports', shape.exports, ['default']);
    expectHas(file, 'reading its source from', shape.reads, ['value']);
    expectHas(file, 'rendering from', shape.hooks, ['useMermaidRenderResult']);
  });

  it('loads the mermaid library itself on demand, and draws only in an effect (nothing on the server)', () => {
    const loader = path.join(themeMermaid, 'src/client/loadMermaid.ts');
    expect(fs.readFileSync(loader, 'utf8'), path.relative(ROOT, loader)).toContain("await import('mermaid')");
    const client = path.join(themeMermaid, 'src/client/index.ts');
    const shape = shapeOf(client);
    expectHas(client, 'exporting', shape.exports, ['useMermaidRenderResult', 'MermaidContainerClassName']);
    expectHas(client, 'drawing in', shape.hooks, ['useEffect']);
  });
});
