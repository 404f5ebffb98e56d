/**
 * Bundler loader for `npm start` only: rewrites the route registry that Docusaurus generates
 * (`.docusaurus/registry.js`) so that lazy compilation can defer every page's module.
 *
 * Each registry entry is `[() => import("<module>"), "<module>", require.resolveWeak("<module>")]`.
 * The weak reference builds nothing into a chunk, but it still makes the bundler build the module,
 * so all ~1,100 pages would be compiled before the first page is served. The loader replaces each
 * `require.resolveWeak("<module>")` with the string `"<module>"`: react-loadable uses that third
 * element only to ask whether the module is already in the bundle, and a string that is no module
 * id answers "no", so the page loads through its `import()`, which lazy compilation compiles on
 * the first request. The file is parsed with acorn, never pattern-matched.
 *
 * @param {string} source the generated registry
 * @returns {string} the registry without weak references
 * @throws Error naming the file when an entry's third element is not `require.resolveWeak` of a
 *   string (Docusaurus changed the registry's shape: re-check this loader against it).
 */
const { parse } = require('acorn');

/** @param {any} node */
const isResolveWeak = (node) =>
  node?.type === 'CallExpression' &&
  node.callee?.type === 'MemberExpression' &&
  node.callee.object?.type === 'Identifier' &&
  node.callee.object.name === 'require' &&
  node.callee.property?.type === 'Identifier' &&
  node.callee.property.name === 'resolveWeak';

/**
 * The edits that turn `source` into the registry without weak references.
 * @param {string} source
 * @param {string} [file] named in errors
 * @returns {{ start: number, end: number, text: string }[]}
 */
function weakReferenceEdits(source, file = 'registry.js') {
  const program = /** @type {any} */ (parse(source, { ecmaVersion: 'latest', sourceType: 'module' }));
  const declaration = program.body.find((node) => node.type === 'ExportDefaultDeclaration')?.declaration;
  if (declaration?.type !== 'ObjectExpression') throw new Error(`preview: ${file}: default export is not an object`);
  return declaration.properties.map((property) => {
    const weak = property.value?.type === 'ArrayExpression' ? property.value.elements[2] : undefined;
    const request = weak?.arguments?.[0];
    if (!isResolveWeak(weak) || request?.type !== 'Literal' || typeof request.value !== 'string') {
      const name = property.key?.value ?? property.key?.name ?? '?';
      throw new Error(
        `preview: ${file}: entry "${name}" does not end with require.resolveWeak("<module>"); Docusaurus changed the registry's shape`,
      );
    }
    return { start: weak.start, end: weak.end, text: JSON.stringify(request.value) };
  });
}

/**
 * The registry source without weak references (see the file comment).
 * @param {string} source
 * @param {string} [file]
 * @returns {string}
 */
function withoutWeakReferences(source, file) {
  let result = source;
  for (const edit of weakReferenceEdits(source, file).sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** @this {{ resourcePath: string }} @param {string} source */
function registryLoader(source) {
  return withoutWeakReferences(source, this.resourcePath);
}

module.exports = registryLoader;
module.exports.withoutWeakReferences = withoutWeakReferences;
