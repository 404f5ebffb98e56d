/**
 * The shape of the prose a reader reads many of in a row: module and service descriptions,
 * knowledge-base articles and guide headings. A template shows as one sentence count most
 * descriptions share, an opening many of them start with, lengths bunched in one narrow band, a
 * phrase that recurs across a large share of articles, or a heading many pages carry.
 *
 * Markdown is parsed with remark (unified), so code blocks, inline code and HTML never count as
 * prose; sentences are split by the platform's sentence segmenter (`Intl.Segmenter`).
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import { loadCatalog } from '../../plugins/catalog/load';
import { listMarkdownFiles } from './analyze';
import { distribution, sentenceCount, type Distribution } from './release-shape';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_./-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/** One word of prose as written, and whether it opens its sentence. */
export interface ProseWord {
  text: string;
  sentenceStart: boolean;
}

/**
 * The sentences of a Markdown text's prose, each as its words in order. A code span, code block or
 * HTML node ends the run of words it interrupts, so no phrase spans code; headings, list items
 * and paragraphs are separate runs too.
 */
export function proseSentences(markdown: string): ProseWord[][] {
  const tree: Root = parser.parse(markdown);
  const runs: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    if (current.length > 0) runs.push(current.join(''));
    current = [];
  };
  const walk = (node: Nodes): void => {
    if (node.type === 'code' || node.type === 'inlineCode' || node.type === 'html') {
      flush();
      return;
    }
    if (node.type === 'text') {
      current.push(node.value);
      return;
    }
    if ('children' in node) {
      const block = node.type !== 'emphasis' && node.type !== 'strong' && node.type !== 'link';
      if (block) flush();
      for (const child of node.children) walk(child);
      if (block) flush();
    }
  };
  walk(tree);
  flush();
  const sentences: ProseWord[][] = [];
  for (const run of runs) {
    for (const { segment } of segmenter.segment(run.replace(/\s+/g, ' '))) {
      const words = segment.match(WORD) ?? [];
      if (words.length > 0) sentences.push(words.map((text, i) => ({ text, sentenceStart: i === 0 })));
    }
  }
  return sentences;
}

/** One description to measure: where it lives, for messages, and its Markdown text. */
export interface Described {
  id: string;
  text: string;
}

/** How a set of descriptions is shaped. */
export interface DescriptionShape {
  /** Sentences per description, most common count first. */
  sentences: Distribution;
  /** Openings (first three words, lower-cased) that more than one description shares, with their ids. */
  sharedOpenings: [opening: string, ids: string[]][];
  /** Words per description, sorted ascending. */
  lengths: number[];
  total: number;
}

/** Sentence counts, shared openings and lengths of `items`. */
export function descriptionShape(items: readonly Described[]): DescriptionShape {
  const openings = new Map<string, string[]>();
  const lengths: number[] = [];
  for (const item of items) {
    const words = proseSentences(item.text).flat();
    lengths.push(words.length);
    const opening = words
      .slice(0, 3)
      .map((word) => word.text.toLowerCase())
      .join(' ');
    openings.set(opening, [...(openings.get(opening) ?? []), item.id]);
  }
  return {
    sentences: distribution(items.map((item) => sentenceCount(item.text))),
    sharedOpenings: [...openings].filter(([, ids]) => ids.length > 1).sort((a, b) => b[1].length - a[1].length),
    lengths: lengths.sort((a, b) => a - b),
    total: items.length,
  };
}

/** The value below which `share` (0–1) of the sorted `values` fall, by nearest rank. */
export function quantile(sorted: readonly number[], share: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** One Markdown document to measure: its file, for messages, and its body. */
export interface Document {
  file: string;
  markdown: string;
}

/** A phrase, and the documents it occurs in. */
export interface PhraseSpread {
  phrase: string;
  files: string[];
}

/** A word that is code or an identifier rather than English: it holds a digit, `_`, `.`, `/` or an inner capital. */
const isIdentifier = (word: string): boolean => /[\d_./]/.test(word) || /\p{Ll}\p{Lu}/u.test(word);

/**
 * Words the documents themselves write as names: capitalised somewhere other than at the start of
 * a sentence (Terraform, AWS, CloudFront). The pronoun "I" is English, not a name.
 */
export function namesIn(sentences: readonly ProseWord[][]): Set<string> {
  const names = new Set<string>();
  for (const sentence of sentences)
    for (const word of sentence)
      if (!word.sentenceStart && /\p{Lu}/u.test(word.text) && word.text !== 'I') names.add(word.text.toLowerCase());
  return names;
}

/**
 * The phrases of `size` words or more that occur in the most documents, most widespread first. A
 * phrase is `size` consecutive words of one sentence of prose; any phrase with a name (see
 * {@link namesIn}) or an identifier is left out, so product names and code never count. Each
 * document counts once per phrase, however often it repeats it. Longer phrases are covered: any
 * phrase of more words contains one of `size` words that occurs at least as widely.
 */
export function phraseSpread(documents: readonly Document[], size = 3): PhraseSpread[] {
  const parsed = documents.map((doc) => ({ file: doc.file, sentences: proseSentences(doc.markdown) }));
  const names = namesIn(parsed.flatMap((doc) => doc.sentences));
  const where = new Map<string, string[]>();
  for (const doc of parsed) {
    const seen = new Set<string>();
    for (const sentence of doc.sentences) {
      const words = sentence.map((word) => word.text.toLowerCase().replace(/’/g, "'"));
      for (let i = 0; i + size <= words.length; i += 1) {
        const gram = words.slice(i, i + size);
        if (gram.some((word) => names.has(word) || isIdentifier(word))) continue;
        seen.add(gram.join(' '));
      }
    }
    for (const phrase of seen) where.set(phrase, [...(where.get(phrase) ?? []), doc.file]);
  }
  return [...where]
    .map(([phrase, files]) => ({ phrase, files }))
    .sort((a, b) => b.files.length - a.files.length || a.phrase.localeCompare(b.phrase));
}

/** English function words: an opening made only of these ("in the", "if you") is ordinary English, not a formula. */
const FUNCTION_WORDS = new Set(
  "a after all an and any are as at be before but by can do does for from has have how i if in is it it's its no not of on once or should so that the then there this to we what what's when where which why will with you your".split(
    ' ',
  ),
);

/**
 * The sentence openings (first `size` words, lower-cased) that occur in the most documents, most
 * widespread first; each document counts once per opening. Openings made only of function words
 * are left out.
 */
export function openingSpread(documents: readonly Document[], size = 2): PhraseSpread[] {
  const where = new Map<string, string[]>();
  for (const doc of documents) {
    const seen = new Set<string>();
    for (const sentence of proseSentences(doc.markdown)) {
      const opening = sentence.slice(0, size).map((word) => word.text.toLowerCase().replace(/’/g, "'"));
      if (opening.length === size && opening.some((word) => !FUNCTION_WORDS.has(word))) seen.add(opening.join(' '));
    }
    for (const opening of seen) where.set(opening, [...(where.get(opening) ?? []), doc.file]);
  }
  return [...where]
    .map(([phrase, files]) => ({ phrase, files }))
    .sort((a, b) => b.files.length - a.files.length || a.phrase.localeCompare(b.phrase));
}

/** The headings (depth 2 or 3, lower-cased) that head the most documents, most widespread first. */
export function headingSpread(documents: readonly Document[]): PhraseSpread[] {
  const where = new Map<string, string[]>();
  for (const doc of documents)
    for (const heading of new Set(headingTexts(doc.markdown).map((text) => text.toLowerCase())))
      where.set(heading, [...(where.get(heading) ?? []), doc.file]);
  return [...where]
    .map(([phrase, files]) => ({ phrase, files }))
    .sort((a, b) => b.files.length - a.files.length || a.phrase.localeCompare(b.phrase));
}

/** The text of every heading of depth 2 or 3 of a Markdown document, as written. */
export function headingTexts(markdown: string): string[] {
  const texts: string[] = [];
  visit(parser.parse(markdown), 'heading', (node) => {
    if (node.depth === 2 || node.depth === 3) texts.push(toString(node).trim());
  });
  return texts;
}

/** The prose these measures read, from the repository at `root`. */
export interface ProseCorpora {
  /** Every module and service description of `data/`, named by its file and entry. */
  descriptions: Described[];
  /** The knowledge-base articles (body without front matter). */
  articles: Document[];
  /** The guide pages (body without front matter). */
  guides: Document[];
}

/**
 * Reads the descriptions from `data/` (through the catalog loader, so invalid data throws its
 * `CatalogError` naming file and field) and the articles and guides from `docs/`.
 */
export function proseCorpora(root: string): ProseCorpora {
  const catalog = loadCatalog(path.join(root, 'data'));
  const read = (file: string): Document => ({
    file,
    markdown: matter(fs.readFileSync(path.join(root, file), 'utf8')).content,
  });
  return {
    descriptions: [
      ...catalog.repositories.flatMap((repo) =>
        repo.modules.map((module) => ({
          id: `data/modules/${repo.repository}.yml: ${module.name}`,
          text: module.description,
        })),
      ),
      ...catalog.serviceCategories.flatMap((category) =>
        category.services.map((service) => ({
          id: `data/services/${category.category}.yml: ${service.slug}`,
          text: service.description,
        })),
      ),
    ],
    articles: listMarkdownFiles(root, 'docs/discussions/knowledge-base').map(read),
    guides: listMarkdownFiles(root, 'docs/guides').map(read),
  };
}
