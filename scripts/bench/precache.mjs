/**
 * What the service worker precaches on a reader's first visit: the entries of the precache list
 * that Workbox's `injectManifest` wrote into `<build>/sw.js` (an array literal of
 * `{ revision, url }` objects, found by parsing the script with acorn), with the size of each file
 * in the build. Used by the bench report and the size budget test.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { parse } from 'acorn';
import { simple } from 'acorn-walk';

/** The string value of property `name` of an object literal node, or undefined. */
function stringProperty(node, name) {
  const property = node.properties.find(
    (candidate) =>
      candidate.type === 'Property' &&
      ((candidate.key.type === 'Literal' && candidate.key.value === name) ||
        (candidate.key.type === 'Identifier' && candidate.key.name === name)),
  );
  return property?.value.type === 'Literal' && typeof property.value.value === 'string'
    ? property.value.value
    : undefined;
}

/** Whether an array literal node is a Workbox precache list: every element `{ revision, url }`. */
function isPrecacheList(node) {
  return (
    node.elements.length > 0 &&
    node.elements.every(
      (element) =>
        element?.type === 'ObjectExpression' &&
        element.properties.length === 2 &&
        stringProperty(element, 'url') !== undefined &&
        element.properties.some(
          (property) => property.type === 'Property' && [property.key.value, property.key.name].includes('revision'),
        ),
    )
  );
}

/**
 * The precached files of the build in `buildDir`.
 * @param {string} buildDir - the build folder.
 * @returns {{ files: { url: string, bytes: number }[], bytes: number, gzip: number }} sizes in
 *   bytes: `bytes` as stored, `gzip` the sum of each file at gzip level 9 (what a compressing server
 *   sends).
 * @throws {Error} naming `sw.js` when it is missing, does not parse, holds no precache list or more
 *   than one, or lists a file that is not in the build.
 */
export function precacheOf(buildDir) {
  const worker = path.join(buildDir, 'sw.js');
  if (!fs.existsSync(worker)) throw new Error(`precache: ${worker} is missing (build with the offline plugin)`);
  let tree;
  try {
    tree = parse(fs.readFileSync(worker, 'utf8'), { ecmaVersion: 'latest', sourceType: 'script' });
  } catch (error) {
    throw new Error(`precache: ${worker} does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lists = [];
  simple(tree, {
    ArrayExpression(node) {
      if (isPrecacheList(node)) lists.push(node);
    },
  });
  if (lists.length !== 1) throw new Error(`precache: ${worker} holds ${lists.length} precache lists, not one`);
  const files = lists[0].elements.map((element) => {
    const url = stringProperty(element, 'url') ?? '';
    const file = path.join(buildDir, url);
    if (!fs.existsSync(file)) throw new Error(`precache: ${worker} lists ${url}, which is not in the build`);
    const body = fs.readFileSync(file);
    return { url: `/${url.replace(/^\//, '')}`, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
  });
  return {
    files: files.map(({ url, bytes }) => ({ url, bytes })),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}
