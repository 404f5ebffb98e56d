// @vitest-environment node
/**
 * Provenance of ejected files (see ARCHITECTURE.md, 'Upstream shape checks'). A file under
 * `src/theme/` or `plugins/<name>/theme/` that takes the place of an upstream theme component
 * without wrapping `@theme-original/...` or `@theme-init/...` is an ejected copy, and so is any file under `src/` or
 * `plugins/` whose header says it was ejected from or based on a Docusaurus package. Each must
 * start with a header naming the upstream package, its version, the upstream file and why it was
 * ejected; the version must be the one installed, so upgrading Docusaurus fails here, file by
 * file, until each copy has been compared with the new upstream file and its header updated.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { ROOT, installedVersion, packageDir } from './upstream';

/**
 * Files that take an upstream component's place without copying it, and why they need no
 * provenance header.
 */
const WRITTEN_ANEW: Record<string, string> = {
  'src/theme/Root/index.tsx':
    "the documented way to add providers above every page: core's fallback Root only renders its children, which this one also does",
  'plugins/local-search/theme/SearchBar/index.tsx':
    'written for the offline index around the DocSearch modal; no code of theme-search-algolia is copied',
  'plugins/local-search/theme/SearchPage/index.tsx':
    'written for the offline index; no code of theme-search-algolia is copied',
};

/** Ejected files this repository has today; the discovery below must find at least these. */
const KNOWN_EJECTED = [
  'plugins/code-highlight/theme/CodeBlock/Container/index.tsx',
  'plugins/code-highlight/theme/CodeBlock/Content/index.tsx',
  'plugins/code-highlight/theme/CodeBlock/index.tsx',
  'plugins/route-chunks/client/ComponentCreator.tsx',
  'plugins/route-chunks/client/docusaurus.ts',
  'src/theme/AnnouncementBar/index.tsx',
  'src/theme/DocRoot/index.tsx',
  'src/theme/Loading/index.tsx',
  'src/theme/NavbarItem/DropdownNavbarItem/Desktop/index.tsx',
];

const CODE = /\.(?:ts|tsx)$/;

function filesUnder(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The first comment of a file, or '' when it starts with code. */
function header(source: string): string {
  const [range] = ts.getLeadingCommentRanges(source, 0) ?? [];
  return range ? source.slice(range.pos, range.end) : '';
}

/** Component names (`CodeBlock/Container`) of every installed upstream theme. */
function upstreamComponents(): Set<string> {
  const names = new Set<string>();
  const scope = path.dirname(packageDir('@docusaurus/core'));
  const folders = fs
    .readdirSync(scope)
    .map((pkg) => path.join(scope, pkg, 'lib', 'theme'))
    .concat(path.join(packageDir('@docusaurus/core'), 'lib', 'client', 'theme-fallback'));
  for (const folder of folders.filter((candidate) => fs.existsSync(candidate))) {
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const relative = path.relative(folder, path.join(entry.parentPath, entry.name)).replace(/\.js$/, '');
      names.add(relative.replace(/\/index$/, ''));
    }
  }
  return names;
}

/** The component a theme file stands for: `plugins/x/theme/CodeBlock/index.tsx` → `CodeBlock`. */
function componentOf(file: string): string | undefined {
  const match = /(?:^src\/theme\/|^plugins\/[^/]+\/theme\/)(.+)\.tsx?$/.exec(file);
  return match?.[1]?.replace(/\/index$/, '');
}

/**
 * True when the file imports `@theme-original/...` or `@theme-init/...` (the component as the
 * themes before it left it, which a theme plugin wraps): it wraps the upstream component.
 */
function wrapsOriginal(source: string): boolean {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.some(
      (entry) => entry.fileName.startsWith('@theme-original/') || entry.fileName.startsWith('@theme-init/'),
    );
}

const EJECTED_HEADER = /\b(?:Ejected from|Based on)\b[^@]*`?@docusaurus\//;

/** Every ejected file of the repository, root-relative, sorted. */
function ejectedFiles(): string[] {
  const components = upstreamComponents();
  const found = new Set<string>();
  const themeFiles = [
    ...filesUnder('src/theme'),
    ...fs.readdirSync(path.join(ROOT, 'plugins')).flatMap((plugin) => filesUnder(`plugins/${plugin}/theme`)),
  ];
  for (const file of themeFiles) {
    const component = componentOf(file);
    if (file in WRITTEN_ANEW || component === undefined || !components.has(component)) continue;
    if (!wrapsOriginal(fs.readFileSync(path.join(ROOT, file), 'utf8'))) found.add(file);
  }
  for (const file of [...filesUnder('src'), ...filesUnder('plugins')]) {
    if (EJECTED_HEADER.test(header(fs.readFileSync(path.join(ROOT, file), 'utf8')))) found.add(file);
  }
  return [...found].sort();
}

/**
 * What is wrong with an ejected file's header, one line per problem; empty when it names upstream
 * packages at their installed versions, an upstream file that exists in one of them, and a reason.
 */
function headerProblems(file: string): string[] {
  const text = header(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  if (!EJECTED_HEADER.test(text)) {
    return ['its header does not start with "Ejected from" (or "Based on") and the upstream @docusaurus package'];
  }
  const problems: string[] = [];
  const named = [...text.matchAll(/`?(@docusaurus\/[a-z-]+)`?,?\s+(\d+\.\d+\.\d+(?:-[\w.-]+)?)/g)].map(
    ([, pkg = '', version = '']) => ({ pkg, version }),
  );
  if (named.length === 0) problems.push('its header names no upstream version (as in "@docusaurus/core 3.10.2")');
  for (const { pkg, version } of named) {
    let installed: string;
    try {
      installed = installedVersion(pkg);
    } catch {
      problems.push(`its header names ${pkg}, which is not installed`);
      continue;
    }
    if (installed !== version) {
      problems.push(
        `its header names ${pkg} ${version}, but ${installed} is installed: compare it with the installed upstream file, carry the changes over, then put ${installed} in the header`,
      );
    }
  }
  // A path found in a named package is the upstream file; one found only in this repository
  // (`src/lib/doc-routes.ts`) is local; any other is a mistake.
  const inPackages = (file: string): boolean =>
    named.some(({ pkg }) => {
      try {
        const dir = packageDir(pkg);
        return [path.join(dir, file), path.join(dir, 'lib', file)].some((candidate) => fs.existsSync(candidate));
      } catch {
        return false;
      }
    });
  const paths = [...text.matchAll(/`?((?:lib|src|theme)\/[\w./-]+\.(?:tsx|ts|jsx|js))`?/g)].map(([, p = '']) => p);
  for (const namedPath of paths.filter((p) => !inPackages(p) && !fs.existsSync(path.join(ROOT, p)))) {
    problems.push(`its header names ${namedPath}, which is in none of ${named.map(({ pkg }) => pkg).join(', ')}`);
  }
  if (!paths.some(inPackages)) {
    problems.push('its header names no file of the upstream package (as in `lib/theme/DocRoot/index.js`)');
  }
  if (!/\b(?:why|reasons?|changed)\b/i.test(text)) problems.push('its header does not say why it was ejected ("Why:")');
  return problems;
}

describe('ejected files', () => {
  const ejected = ejectedFiles();

  it('are found: every known ejected file is among them', () => {
    expect(KNOWN_EJECTED.filter((file) => !ejected.includes(file))).toEqual([]);
  });

  it.each(ejected)('%s names its upstream package at the installed version, the upstream file and why', (file) => {
    const problems = headerProblems(file);
    if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  });

  it('the files written anew in an upstream component’s place still exist', () => {
    expect(Object.keys(WRITTEN_ANEW).filter((file) => !fs.existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
