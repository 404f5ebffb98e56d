/**
 * Shared helper of the upstream shape checks (see ARCHITECTURE.md, 'Upstream shape checks'): reads
 * an installed upstream file and describes what a local replacement depends on (its imports,
 * exports, the hooks and functions it calls, the properties it reads, the JSX it renders), parsed
 * with TypeScript's own parser. Each test records that description as upstream had it when the
 * replacement was written, and {@link expectShape} fails with a message naming the upstream file,
 * what changed and the local file to re-check.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository root. */
export const ROOT = path.resolve(__dirname, '../../..');

/** One installed upstream file. */
export interface UpstreamFile {
  /** Package name, such as `@docusaurus/core`. */
  pkg: string;
  /** The installed version of {@link pkg}. */
  version: string;
  /** Path inside the package, such as `lib/client/docusaurus.js`. */
  file: string;
  /** Absolute path on disk. */
  absolute: string;
  source: string;
  /** `@docusaurus/core 3.10.2, lib/client/docusaurus.js`, for messages. */
  label: string;
}

/**
 * The folder of an installed package, found as Node finds it from the repository root (the
 * nearest `node_modules/<pkg>`; its `package.json` may not be importable through `exports`).
 * @throws Error naming the package when it is not installed.
 */
export function packageDir(pkg: string): string {
  const candidates = require.resolve.paths(pkg) ?? [];
  const found = [path.join(ROOT, 'node_modules'), ...candidates]
    .map((folder) => path.join(folder, pkg))
    .find((folder) => fs.existsSync(path.join(folder, 'package.json')));
  if (found === undefined) throw new Error(`${pkg} is not installed`);
  return found;
}

/** The installed version of `pkg`. */
export function installedVersion(pkg: string): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'package.json'), 'utf8')) as {
    version: string;
  };
  return version;
}

/**
 * Reads `file` of the installed `pkg`.
 * @throws Error naming the package, its version and the path when the file no longer exists (an
 *   upgrade moved or removed it).
 */
export function upstreamFile(pkg: string, file: string): UpstreamFile {
  const version = installedVersion(pkg);
  const absolute = path.join(packageDir(pkg), file);
  const label = `${pkg} ${version}, ${file}`;
  if (!fs.existsSync(absolute)) throw new Error(`${label}: the file no longer exists in the installed package`);
  return { pkg, version, file, absolute, source: fs.readFileSync(absolute, 'utf8'), label };
}

/**
 * What a replacement depends on in an upstream module, each list sorted and without repeats:
 * - `imports`: `source: name` per imported binding (`default`, `*`, or the imported name), and
 *   `import(): source` per dynamic import;
 * - `exports`: exported names (`default` included);
 * - `hooks`: functions called whose name starts with `use` and a capital (`useThemeConfig`);
 * - `calls`: other functions and methods called, by their last name (`matchPath`, `preventDefault`);
 * - `reads`: property names read, by member access, string index or destructuring (`isActive`);
 * - `strings`: string literals passed as arguments to a call (`'mousedown'`, `'page_view'`);
 * - `jsx`: each element rendered, as `Tag(attribute,...)`, with the value of attributes set to a
 *   string (`role=banner`), and `...` for a spread;
 * - `constructs`: what is created with `new`, as written (`ChunkAssetPlugin_1.default`).
 */
export interface Shape {
  imports: string[];
  exports: string[];
  hooks: string[];
  calls: string[];
  reads: string[];
  strings: string[];
  jsx: string[];
  constructs: string[];
}

type Field = keyof Shape;
const FIELDS: readonly Field[] = ['imports', 'exports', 'hooks', 'calls', 'reads', 'strings', 'jsx', 'constructs'];
const HOOK = /^use[A-Z]/;

function parse(file: UpstreamFile): ts.SourceFile {
  const kind = /\.tsx?$/.test(file.file) ? ts.ScriptKind.TSX : ts.ScriptKind.JSX;
  return ts.createSourceFile(file.absolute, file.source, ts.ScriptTarget.Latest, true, kind);
}

/** The function a call calls: `(0, lib.fn)` (compiled CommonJS) and `(fn)` are `lib.fn` and `fn`. */
function callee(node: ts.Expression): ts.Expression {
  if (ts.isParenthesizedExpression(node)) return callee(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) return callee(node.right);
  return node;
}

function lastName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

function tagName(node: ts.JsxTagNameExpression): string {
  return node.getText();
}

/** Hooks, calls, reads and JSX found under `node`. */
function bodyShape(node: ts.Node): Omit<Shape, 'imports' | 'exports'> {
  const hooks = new Set<string>();
  const calls = new Set<string>();
  const reads = new Set<string>();
  const strings = new Set<string>();
  const jsx = new Set<string>();
  const constructs = new Set<string>();
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child)) {
      const called = callee(child.expression);
      const name = lastName(called);
      if (name !== undefined) (HOOK.test(name) ? hooks : calls).add(name);
      for (const argument of child.arguments) if (ts.isStringLiteralLike(argument)) strings.add(argument.text);
      // A method's object is still read: `a.b.c()` reads `b`.
      if (ts.isPropertyAccessExpression(called)) visit(called.expression);
      else if (!ts.isIdentifier(called)) visit(called);
      child.arguments.forEach(visit);
      return;
    }
    if (ts.isNewExpression(child)) constructs.add(child.expression.getText());
    if (ts.isPropertyAccessExpression(child)) reads.add(child.name.text);
    if (ts.isElementAccessExpression(child) && ts.isStringLiteralLike(child.argumentExpression)) {
      reads.add(child.argumentExpression.text);
    }
    if (ts.isBindingElement(child) && ts.isObjectBindingPattern(child.parent)) {
      const key = child.propertyName ?? child.name;
      if (ts.isIdentifier(key) || ts.isStringLiteralLike(key)) reads.add(key.text);
    }
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child)) {
      const opening = ts.isJsxElement(child) ? child.openingElement : child;
      const attributes = opening.attributes.properties.map((attribute) => {
        if (!ts.isJsxAttribute(attribute)) return '...';
        const { initializer } = attribute;
        const name = attribute.name.getText();
        return initializer && ts.isStringLiteral(initializer) ? `${name}=${initializer.text}` : name;
      });
      jsx.add(`${tagName(opening.tagName)}(${[...new Set(attributes)].sort().join(',')})`);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  const sorted = (set: Set<string>): string[] => [...set].sort();
  return {
    hooks: sorted(hooks),
    calls: sorted(calls),
    reads: sorted(reads),
    strings: sorted(strings),
    jsx: sorted(jsx),
    constructs: sorted(constructs),
  };
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

/** The shape of a whole upstream module (see {@link Shape}). */
export function moduleShape(file: UpstreamFile): Shape {
  const sourceFile = parse(file);
  const imports = new Set<string>();
  const exports = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!clause) imports.add(`${from}: (side effects)`);
      if (clause?.name) imports.add(`${from}: default`);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imports.add(`${from}: *`);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) imports.add(`${from}: ${(element.propertyName ?? element.name).text}`);
      }
    } else if (ts.isExportAssignment(statement)) {
      exports.add('default');
    } else if (ts.isExportDeclaration(statement)) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : '';
      if (!statement.exportClause) exports.add(`* from ${from}`);
      else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) exports.add(element.name.text);
      }
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) exports.add('default');
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) exports.add(declaration.name.getText());
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
        exports.add(statement.name.text);
      }
    }
  }
  const visitDynamic = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      imports.add(`import(): ${node.arguments[0].text}`);
    }
    ts.forEachChild(node, visitDynamic);
  };
  visitDynamic(sourceFile);
  return { imports: [...imports].sort(), exports: [...exports].sort(), ...bodyShape(sourceFile) };
}

/**
 * The shape of one top-level function of an upstream module, declared as `function name` or
 * `const name = () => ...`; `imports` and `exports` are empty.
 * @throws Error naming the file when it has no such function.
 */
export function functionShape(file: UpstreamFile, name: string): Shape {
  const sourceFile = parse(file);
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
      return { imports: [], exports: [], ...bodyShape(statement) };
    }
    if (ts.isVariableStatement(statement)) {
      const declaration = statement.declarationList.declarations.find((item) => item.name.getText() === name);
      if (declaration?.initializer) return { imports: [], exports: [], ...bodyShape(declaration.initializer) };
    }
  }
  throw new Error(`${file.label}: no top-level function ${name}`);
}

/** Every string literal of an upstream file, such as the name of a runtime function it defines. */
export function stringLiterals(file: UpstreamFile): string[] {
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return [...found].sort();
}

/** What changed between two shapes, one line per field that differs; empty when they agree. */
export function shapeDifferences(expected: Partial<Shape>, actual: Shape): string[] {
  const lines: string[] = [];
  for (const field of FIELDS) {
    const want = expected[field];
    if (want === undefined) continue;
    const added = actual[field].filter((item) => !want.includes(item));
    const removed = want.filter((item) => !actual[field].includes(item));
    if (added.length + removed.length === 0) continue;
    const parts = [...added.map((item) => `+ ${item}`), ...removed.map((item) => `- ${item}`)];
    lines.push(`  ${field}: ${parts.join(', ')}`);
  }
  return lines;
}

/** What the message of a failed shape check tells the reader to re-check. */
export interface Recheck {
  /** The local file that replaces or copies the upstream one, root-relative. */
  local: string;
  /** The test file holding the expectation, root-relative. */
  test: string;
  /** What the local file relies on, in a few words. */
  reliesOn: string;
}

/**
 * Message of a failed check: the upstream package, version and file, what changed, and what to
 * re-check.
 */
function shapeMessage(headline: string, file: UpstreamFile, changes: readonly string[], recheck: Recheck): string {
  return [
    `${file.label}: ${headline}`,
    ...changes,
    `${recheck.local} relies on ${recheck.reliesOn}.`,
    `Re-check it against ${path.relative(ROOT, file.absolute)}, carry the change over (or drop the replacement),`,
    `then update the expectation in ${recheck.test}.`,
  ].join('\n');
}

/**
 * Fails, with {@link shapeMessage}, when `actual` differs from `expected` in any field `expected`
 * lists. Fields `expected` leaves out are not compared.
 * @throws Error when they differ.
 */
export function expectShape(
  what: string,
  file: UpstreamFile,
  actual: Shape,
  expected: Partial<Shape>,
  recheck: Recheck,
): void {
  const changes = shapeDifferences(expected, actual);
  if (changes.length > 0) {
    throw new Error(
      shapeMessage(`${what} differs from what ${recheck.local} was written against:`, file, changes, recheck),
    );
  }
}

/**
 * Fails, naming the file and what to re-check, when `condition` is false: for checks that are not
 * a parsed shape (a value upstream code returns, a class name).
 * @throws Error when `condition` is false.
 */
export function expectUpstream(condition: boolean, what: string, file: UpstreamFile, recheck: Recheck): void {
  if (!condition) throw new Error(shapeMessage(what, file, [], recheck));
}
