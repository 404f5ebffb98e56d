/**
 * Reads the hand-written docs with a real Markdown parser (unified + remark) and measures what
 * the content checks need: front matter, prose word count outside code, headings, the answer
 * block of knowledge-base articles, and word shingles for near-duplicate detection.
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Nodes } from 'mdast';
import { visit, SKIP } from 'unist-util-visit';

/** What the checks know about one Markdown file. */
export interface PageInfo {
  /** Path relative to the repo root, with forward slashes. */
  file: string;
  /** Front matter as parsed YAML. */
  frontMatter: Record<string, unknown>;
  /** Prose words outside code blocks, HTML and front matter. */
  words: number;
  /** Prose words inside `:::answer` containers (knowledge-base articles). */
  answerWords: number;
  /** Depths of all headings in the body, in order. */
  headingDepths: number[];
  /** All text, code included, for the placeholder scan. */
  fullText: string;
  /** Lower-cased prose words, in order, for shingling. */
  tokens: string[];
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_./-]*/gu;

/** Splits prose into words the way a reader would count them. */
export function countWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/**
 * Parses one Markdown file.
 * @throws Error naming the file when its front matter is not valid YAML.
 */
export function analyzeMarkdown(file: string, source: string): PageInfo {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source);
  } catch (error) {
    throw new Error(`${file}: malformed front matter: ${(error as Error).message}`);
  }
  const tree = processor.parse(parsed.content);
  const prose: string[] = [];
  const answer: string[] = [];
  const headingDepths: number[] = [];

  const collect = (node: Nodes, into: string[]): void => {
    visit(node, (child) => {
      if (child.type === 'code' || child.type === 'html') return SKIP;
      if (child.type === 'text' || child.type === 'inlineCode') into.push(child.value);
      return undefined;
    });
  };

  visit(tree, (node) => {
    if (node.type === 'heading') headingDepths.push(node.depth);
    if (node.type === 'containerDirective' && node.name === 'answer') {
      collect(node, answer);
    }
  });
  collect(tree, prose);

  const proseText = prose.join(' ');
  const tokens = countWords(proseText).map((w) => w.toLowerCase());
  return {
    file,
    frontMatter: parsed.data,
    words: tokens.length,
    answerWords: countWords(answer.join(' ')).length,
    headingDepths,
    fullText: source,
    tokens,
  };
}

/** Every `.md` and `.mdx` file below `dir`, relative to `root`, sorted. */
export function listMarkdownFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = path.join(abs, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith('_')) {
        out.push(path.relative(root, child).split(path.sep).join('/'));
      }
    }
  };
  walk(path.join(root, dir));
  return out.sort();
}

/** Placeholder patterns no page may contain (CONTRIBUTING.md, "What the content checks reject"). */
export const PLACEHOLDER_PATTERNS: readonly RegExp[] = [
  /lorem ipsum/i,
  /\bTODO\b/,
  /\bTBD\b/,
  /\bFIXME\b/,
  /coming soon/i,
  /\binsert (?:text|content) here\b/i,
];

/** The first placeholder found in `text`, or undefined. */
export function findPlaceholder(text: string): string | undefined {
  for (const pattern of PLACEHOLDER_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/** Hashes of the `size`-word shingles of a token list (a set, so repeats count once). */
export function shingles(tokens: readonly string[], size = 8): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= tokens.length; i += 1) out.add(tokens.slice(i, i + size).join(' '));
  return out;
}

/** A pair of pages and the share of the smaller page's shingles that the other also has (0–1). */
export interface OverlapPair {
  a: string;
  b: string;
  overlap: number;
}

/**
 * Pairs of pages whose shingle overlap is at least `threshold` of the smaller page. Uses an
 * inverted index, so it stays fast for a thousand pages.
 */
export function findNearDuplicates(
  pages: readonly { file: string; tokens: readonly string[] }[],
  threshold: number,
): OverlapPair[] {
  const sets = pages.map((p) => shingles(p.tokens));
  const postings = new Map<string, number[]>();
  sets.forEach((set, index) => {
    for (const s of set) {
      const list = postings.get(s);
      if (list) list.push(index);
      else postings.set(s, [index]);
    }
  });
  const shared = new Map<string, number>();
  for (const list of postings.values()) {
    if (list.length < 2 || list.length > 50) continue;
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const key = `${String(list[i])}:${String(list[j])}`;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
    }
  }
  const pairs: OverlapPair[] = [];
  for (const [key, count] of shared) {
    const [i, j] = key.split(':').map(Number) as [number, number];
    const smaller = Math.min(sets[i]?.size ?? 0, sets[j]?.size ?? 0);
    if (smaller === 0) continue;
    const overlap = count / smaller;
    if (overlap >= threshold) pairs.push({ a: pages[i]?.file ?? '', b: pages[j]?.file ?? '', overlap });
  }
  return pairs.sort((x, y) => y.overlap - x.overlap);
}
