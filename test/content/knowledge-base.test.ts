// @vitest-environment node
/**
 * Knowledge-base checks: the articles are exactly the contract's numbers, titles are
 * unique, and every article is tagged so it appears on tag pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { analyzeMarkdown } from './analyze';
import { readContract } from '../contract/built-site';

const ROOT = path.resolve(__dirname, '../..');
const KB_DIR = path.join(ROOT, 'docs/discussions/knowledge-base');
const files = fs.existsSync(KB_DIR) ? fs.readdirSync(KB_DIR).filter((name) => /\.mdx?$/.test(name)) : [];
const articles = files.map((name) =>
  analyzeMarkdown(`docs/discussions/knowledge-base/${name}`, fs.readFileSync(path.join(KB_DIR, name), 'utf8')),
);
const contractNumbers = readContract()
  .filter((route) => route.startsWith('/discussions/knowledge-base/'))
  .map((route) => Number(route.split('/').pop()));
const articleNumbers = files.map((name) => Number(name.replace(/\.mdx?$/, '')));

describe('knowledge base', () => {
  it('has an article only at numbers of the URL contract', () => {
    expect(articleNumbers.filter((n) => !contractNumbers.includes(n))).toEqual([]);
  });

  it('has an article at every number of the contract', () => {
    const missing = contractNumbers.filter((n) => !articleNumbers.includes(n));
    expect(missing).toEqual([]);
  });

  it('gives no two articles the same title', () => {
    const titles = articles.map((a) => String(a.frontMatter.title).trim().toLowerCase());
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
  });

  it('tags every article', () => {
    const untagged = articles
      .filter((a) => !Array.isArray(a.frontMatter.tags) || a.frontMatter.tags.length === 0)
      .map((a) => a.file);
    expect(untagged).toEqual([]);
  });

  it('marks an accepted answer in every article', () => {
    expect(articles.filter((a) => a.answerWords === 0).map((a) => a.file)).toEqual([]);
  });
});
