// @vitest-environment node
/**
 * Comments, strings and test names must stand on their own: a reader of this repository has no
 * product specification, facts sheet, issue tracker or developers' guide beside it. Each citation
 * of one (a section number of the specification, the facts sheet's file name, an issue number) is
 * to be replaced by the behaviour in words, or by a pointer to a section of ARCHITECTURE.md by its
 * heading. The patterns and samples below are the only places the forms are spelled out. The test lists every
 * citation left, by file and line. It reads every text file of src, plugins, scripts and test and
 * the configuration files at the root (see repo-files.ts); only this file is left out, since it
 * spells the forms out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { listSourceFiles, REPO_ROOT } from './repo-files';

/** This file, relative to the repository root. */
const SELF = path.relative(REPO_ROOT, __filename).split(path.sep).join('/');

/** The forms a citation of an outside document takes, each with the name the failure shows. */
const CITATIONS: readonly [name: string, pattern: RegExp][] = [
  ['the specification', /\bSPEC\b/],
  ['a section sign', /§/],
  ['the facts sheet', /\bFACTS(?:\.md)?\b/],
  ['an issue number', /\bissues? #?\d+/i],
  ["the developers' guide", /\bdevelopers'? guide\b/i],
  ['the spec, in words', /\bthe spec\b|\bspec says\b/i],
];

/** The lines of `text` that cite an outside document: `<line>: <forms found>: <the line, trimmed>`. */
function findCitations(text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const forms = CITATIONS.filter(([, pattern]) => pattern.test(line)).map(([name]) => name);
    return forms.length === 0 ? [] : [`${String(index + 1)}: ${forms.join(', ')}: ${line.trim().slice(0, 140)}`];
  });
}

describe('citations of documents outside the repository', () => {
  it('recognises each form, and leaves ordinary words alone', () => {
    expect(
      findCitations(
        [
          '/** Crash screen (SPEC §8). */',
          "describe('footer (FACTS.md)', () => {",
          '// Accepted answer (issue 7); see issues 2, 4 and 5.',
          "// As the developers' guide says.",
          "it('gives the sidebar the spec assigns', () => {",
          '// A specification of the route, a spec object, the issue tracker, the guide page, reissue 3 times.',
        ].join('\n'),
      ),
    ).toEqual([
      '1: the specification, a section sign: /** Crash screen (SPEC §8). */',
      "2: the facts sheet: describe('footer (FACTS.md)', () => {",
      '3: an issue number: // Accepted answer (issue 7); see issues 2, 4 and 5.',
      "4: the developers' guide: // As the developers' guide says.",
      "5: the spec, in words: it('gives the sidebar the spec assigns', () => {",
    ]);
  });

  it('are gone from comments, strings and test names', () => {
    const files = listSourceFiles().filter((file) => file !== SELF);
    expect(files).toContain('docusaurus.config.ts');
    const found = files.flatMap((file) =>
      findCitations(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')).map((citation) => `${file}:${citation}`),
    );
    expect(found).toEqual([]);
  });
});
