// @vitest-environment node
/**
 * Comments point to ARCHITECTURE.md by section heading ("see ARCHITECTURE.md, 'Search modes'").
 * Every such pointer must name a heading the file has, so renaming a section without its pointers
 * fails here, naming each stale pointer by file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';

import { listSourceFiles, REPO_ROOT } from './repo-files';

/** The text of every heading of ARCHITECTURE.md, parsed as Markdown. */
function architectureHeadings(): Set<string> {
  const tree = unified()
    .use(remarkParse)
    .parse(fs.readFileSync(path.join(REPO_ROOT, 'ARCHITECTURE.md'), 'utf8'));
  const headings = new Set<string>();
  visit(tree, 'heading', (node: Heading) => {
    headings.add(toString(node));
  });
  return headings;
}

/**
 * A pointer: `ARCHITECTURE.md,` then the heading in single or double quotes, possibly on the next
 * comment line (after `*`, `//` or `#` and white space).
 */
const POINTER = /ARCHITECTURE\.md,(?:\s|\*|\/\/|#)*(['"])([^'"\n]+)\1/g;

/** Each pointer of `text` as [line number, heading named]. */
function findPointers(text: string): [line: number, heading: string][] {
  return [...text.matchAll(POINTER)].map((match) => [text.slice(0, match.index).split('\n').length, match[2] ?? '']);
}

describe('pointers to ARCHITECTURE.md', () => {
  const headings = architectureHeadings();

  it('finds a pointer that wraps onto the next comment line, and its line', () => {
    expect(findPointers("/**\n * keyboard (see ARCHITECTURE.md,\n * 'Accessibility'), and\n */")).toEqual([
      [2, 'Accessibility'],
    ]);
  });

  it('name only headings that ARCHITECTURE.md has', () => {
    const files = listSourceFiles();
    const pointers = files.flatMap((file) =>
      findPointers(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')).map(([line, heading]) => ({
        at: `${file}:${String(line)}`,
        heading,
      })),
    );
    expect(pointers.length).toBeGreaterThan(0);
    expect(pointers.filter((pointer) => !headings.has(pointer.heading))).toEqual([]);
  });
});
