// @vitest-environment node
/**
 * Which side of the build a module may be imported from, read from the imports themselves:
 * - browser code never imports the configuration-only module `site-config.ts` (footer,
 *   announcement, sidebar names, site address), directly or through other local modules, so none
 *   of it ships in the browser bundles. Browser code is every module under `src/` and the client
 *   modules and theme components of the local plugins;
 * - the modules `docusaurus.config.ts` loads in Node import local files by relative path: the
 *   `@site/` alias exists only in the bundler, and the build stops on it.
 * Imports are read with TypeScript's own pre-processor, dynamic `import()` included, and followed
 * through `@site/` and relative specifiers.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG_MODULE = 'site-config.ts';
const SOURCE = /\.(?:ts|tsx|js|jsx|mjs)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Reads a root-relative file; returns undefined when there is none. */
type ReadFile = (file: string) => string | undefined;

const readFromDisk: ReadFile = (file) => {
  const absolute = path.join(ROOT, file);
  return fs.existsSync(absolute) && fs.statSync(absolute).isFile() ? fs.readFileSync(absolute, 'utf8') : undefined;
};

/** The import specifiers written in `file` (static, dynamic and type-only). */
function specifiers(file: string, read: ReadFile): string[] {
  const text = read(file);
  return text === undefined ? [] : ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The local modules `file` imports (static, dynamic and type-only), as root-relative paths with
 * `/` separators. Package imports and files that do not exist (aliases such as `@theme/`) are left
 * out; a local specifier resolves as the bundler does: as written, then with a source extension,
 * then as a folder's index.
 */
function localImports(file: string, read: ReadFile): string[] {
  return specifiers(file, read).flatMap((fileName) => {
    let base: string;
    if (fileName.startsWith('@site/')) base = fileName.slice('@site/'.length);
    else if (fileName.startsWith('.')) base = path.posix.join(path.posix.dirname(file), fileName);
    else return [];
    const found = CANDIDATES.map((suffix) => path.posix.normalize(base + suffix)).find(
      (candidate) => SOURCE.test(candidate) && read(candidate) !== undefined,
    );
    return found === undefined ? [] : [found];
  });
}

/** Every local module reachable from `entries`, the entries included. */
function reachable(entries: readonly string[], read: ReadFile): Set<string> {
  const seen = new Set(entries);
  for (const file of seen) for (const next of localImports(file, read)) seen.add(next);
  return seen;
}

/**
 * Follows the local imports from `entries` and returns the chain of files from an entry to
 * `target` (`entry → … → target`), or `undefined` when no entry reaches it.
 */
function importChain(entries: readonly string[], target: string, read: ReadFile): string[] | undefined {
  const parent = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (file === target) {
      const chain: string[] = [];
      for (let at: string | null | undefined = file; at; at = parent.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of localImports(file, read)) {
      if (parent.has(next)) continue;
      parent.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

/** Source files below a root-relative folder, root-relative with `/` separators. */
function sourcesUnder(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE.test(name))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

/** Every module that runs in the browser: `src/`, and each local plugin's `client` and `theme` code. */
function browserEntries(): string[] {
  const plugins = fs
    .readdirSync(path.join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `plugins/${entry.name}`);
  return [
    ...sourcesUnder('src'),
    ...plugins.flatMap((dir) => [
      ...(readFromDisk(`${dir}/client.ts`) === undefined ? [] : [`${dir}/client.ts`]),
      ...sourcesUnder(`${dir}/client`),
      ...sourcesUnder(`${dir}/theme`),
    ]),
  ];
}

describe('the import walk', () => {
  it('follows @site/, relative and dynamic imports, and reports the chain that reaches the target', () => {
    const files: Record<string, string> = {
      'src/theme/Root/index.tsx': "const load = () => import('@site/src/components/Dialog');",
      'src/components/Dialog/index.tsx': "import { x } from '../../lib/util';\nimport React from 'react';",
      'src/lib/util.ts': "export { TITLE as x } from '../../site-config';",
      'site-config.ts': "export const TITLE = 'T';",
      'src/lib/clean.ts': "import { ROUTES } from './routes';",
      'src/lib/routes.ts': 'export const ROUTES = {};',
    };
    const read: ReadFile = (file) => files[file];
    expect(importChain(['src/theme/Root/index.tsx'], CONFIG_MODULE, read)).toEqual([
      'src/theme/Root/index.tsx',
      'src/components/Dialog/index.tsx',
      'src/lib/util.ts',
      'site-config.ts',
    ]);
    expect(importChain(['src/lib/clean.ts'], CONFIG_MODULE, read)).toBeUndefined();
  });

  it('resolves the real tree: the Root wrapper reaches the dialog and the plugin contract', () => {
    const imports = localImports('src/theme/Root/index.tsx', readFromDisk);
    expect(imports).toContain('src/components/SubscriberDialog/index.tsx');
    expect(imports).toContain('plugins/subscriber-links/contract.ts');
    expect(browserEntries()).toContain('plugins/image-zoom/client.ts');
  });
});

describe('browser code', () => {
  it(`never imports ${CONFIG_MODULE}, directly or through another module`, () => {
    expect(readFromDisk(CONFIG_MODULE), `${CONFIG_MODULE} exists`).toBeDefined();
    // On failure, the chain of imports from a browser module to the configuration module.
    expect(importChain(browserEntries(), CONFIG_MODULE, readFromDisk) ?? []).toEqual([]);
  });
});

describe('modules the configuration loads in Node', () => {
  it('import local files by relative path, since the `@site/` alias exists only in the bundler', () => {
    const nodeModules = reachable(['docusaurus.config.ts', 'sidebars.ts'], readFromDisk);
    expect(nodeModules.has('plugins/markdown-twins/pages.ts')).toBe(true);
    const aliased = [...nodeModules].filter((file) =>
      specifiers(file, readFromDisk).some((specifier) => specifier.startsWith('@site/')),
    );
    expect(aliased).toEqual([]);
  });
});
