// @vitest-environment node
/**
 * Content checks over the hand-written pages (guides, FAQ, introduction, knowledge base): word minimums, no
 * placeholders, no near-duplicates, and a title, description and h2 on every page. Pages
 * generated from data/ are checked by the catalog schema tests instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { analyzeMarkdown, findNearDuplicates, findPlaceholder, listMarkdownFiles, type PageInfo } from './analyze';
import { KB_ANSWER_MIN_WORDS, MAX_SHARED_TEXT, ruleFor } from './rules';
import { GENERATED_SITE_DIR } from '../../plugins/catalog/layout';

const ROOT = path.resolve(__dirname, '../..');
const files = [...listMarkdownFiles(ROOT, 'docs'), ...listMarkdownFiles(ROOT, 'src/pages')].filter(
  (file) => !file.startsWith(`${GENERATED_SITE_DIR}/`),
);
const pages: PageInfo[] = files.map((file) => analyzeMarkdown(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));

describe('hand-written pages', () => {
  it('exist', () => {
    expect(pages.length).toBeGreaterThan(30);
  });

  it('each meet the word minimum of their kind', () => {
    const short = pages.flatMap((page) => {
      const rule = ruleFor(page.file);
      return rule && page.words < rule.minWords
        ? [`${page.file}: ${page.words} words, ${rule.kind} needs ${rule.minWords}`]
        : [];
    });
    expect(short).toEqual([]);
  });

  it('each have a title and a description in front matter', () => {
    const missing = pages.flatMap((page) => {
      const problems: string[] = [];
      if (typeof page.frontMatter.title !== 'string' || page.frontMatter.title.trim() === '')
        problems.push(`${page.file}: front matter field "title" is missing`);
      const description = page.frontMatter.description;
      if (typeof description !== 'string' || description.trim().length < 20)
        problems.push(`${page.file}: front matter field "description" is missing or shorter than 20 characters`);
      return problems;
    });
    expect(missing).toEqual([]);
  });

  it('each have at least one h2, and an h1 only on top-level pages', () => {
    const bad = pages.flatMap((page) => {
      const problems: string[] = [];
      // A knowledge-base article's h2 is the "Accepted answer" heading that `:::answer` renders.
      const isArticle = page.file.startsWith('docs/discussions/knowledge-base/');
      if (!isArticle && !page.headingDepths.includes(2)) problems.push(`${page.file}: no ## heading`);
      // A doc's title is its h1; a Markdown page of src/pages writes its own.
      const h1Count = page.headingDepths.filter((depth) => depth === 1).length;
      if (page.file.startsWith('src/pages/') && h1Count !== 1)
        problems.push(`${page.file}: needs exactly one # heading`);
      if (page.file.startsWith('docs/') && h1Count > 0)
        problems.push(`${page.file}: has a # heading (the title is the h1)`);
      return problems;
    });
    expect(bad).toEqual([]);
  });

  it('contain no placeholder text', () => {
    const found = pages.flatMap((page) => {
      const hit = findPlaceholder(page.fullText);
      return hit ? [`${page.file}: "${hit}"`] : [];
    });
    expect(found).toEqual([]);
  });

  it('do not share most of their text with another page', () => {
    const pairs = findNearDuplicates(pages, MAX_SHARED_TEXT).map(
      (p) => `${p.a} ~ ${p.b}: ${Math.round(p.overlap * 100)}%`,
    );
    expect(pairs).toEqual([]);
  }, 60_000);

  it('knowledge-base articles each have an answer of at least the minimum length', () => {
    const kb = pages.filter((page) => page.file.startsWith('docs/discussions/knowledge-base/'));
    const bad = kb.flatMap((page) =>
      page.answerWords < KB_ANSWER_MIN_WORDS ? [`${page.file}: answer has ${page.answerWords} words`] : [],
    );
    expect(bad).toEqual([]);
  });
});

describe('content analysis', () => {
  it('counts prose words outside code blocks only', () => {
    const page = analyzeMarkdown(
      'x.md',
      '---\ntitle: T\n---\n\n## Heading words\n\nOne two three.\n\n```hcl\nresource "a" "b" {}\n```\n',
    );
    expect(page.words).toBe(5);
    expect(page.headingDepths).toEqual([2]);
  });

  it('counts words inside an answer block separately', () => {
    const page = analyzeMarkdown('x.md', 'Question text here.\n\n:::answer\n\nThe fix is simple.\n\n:::\n');
    expect(page.answerWords).toBe(4);
    expect(page.words).toBe(7);
  });

  it('names the file when front matter is malformed', () => {
    expect(() => analyzeMarkdown('docs/bad.md', '---\ntitle: [unclosed\n---\nText')).toThrow(
      /docs\/bad\.md: malformed front matter/,
    );
  });

  it('finds placeholders and near-duplicates', () => {
    expect(findPlaceholder('This section is coming soon.')).toBe('coming soon');
    expect(findPlaceholder('A real sentence about NAT gateways.')).toBeUndefined();
    const tokens = 'a b c d e f g h i j k l m n o p q r s t'.split(' ');
    const pairs = findNearDuplicates(
      [
        { file: 'one', tokens },
        { file: 'two', tokens: [...tokens, 'extra'] },
        { file: 'three', tokens: [...tokens].reverse() },
      ],
      0.5,
    );
    expect(pairs.map((p) => `${p.a}~${p.b}`)).toEqual(['one~two']);
  });
});
