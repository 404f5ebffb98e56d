/**
 * The section index and its BM25F ranking on a small site built in memory: which terms a text
 * gives, which pages a question finds and in what order, and which passage a hit shows.
 */
// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { PagesFile } from '@site/plugins/local-search/contract';
import { BM25F, rankPages, sectionStats, withSectionPriors } from '@site/plugins/local-search/client/bm25f';
import {
  passageOf,
  planQuery,
  searchSections,
  type SectionSearch,
  sectionPriorsFor,
} from '@site/plugins/local-search/client/sectionSearch';
import { toVocabulary } from '@site/plugins/local-search/client/spelling';
import { shardOf, termList, termsOf } from '@site/plugins/local-search/client/terms';
import {
  buildSectionIndex,
  readIntents,
  shardStarts,
  splitSections,
  type Fragment,
} from '@site/plugins/local-search/sections';

/** A fragment as Pagefind writes it: words, and the word offset of each heading anchor. */
function fragment(url: string, parts: [id: string | null, text: string][]): Fragment {
  const words: string[] = [];
  const anchors: Fragment['anchors'] = [];
  for (const [id, text] of parts) {
    if (id !== null) anchors.push({ element: 'h2', id, text: text.split('.')[0] ?? '', location: words.length });
    words.push(...text.split(/\s+/));
  }
  return { url, content: words.join(' '), anchors };
}

const PAGES: PagesFile = {
  sections: ['Guides', 'Modules', 'Knowledge Base'],
  pages: {
    a: [0, '/guides/nat', 'NAT gateways', [['what-it-costs', 'What it costs', 2]]],
    b: [
      1,
      '/reference/modules/ecs-service/',
      'ECS service',
      [['input-enable_execute_command', 'enable_execute_command', 2]],
    ],
    c: [2, '/kb/1', 'Health checks kill slow tasks', []],
  },
};

const FRAGMENTS = new Map<string, Fragment>([
  [
    'a',
    fragment('/guides/nat', [
      [null, 'NAT gateways. A NAT gateway gives private subnets outbound access to the internet.'],
      ['what-it-costs', 'What it costs. Each NAT gateway costs an hourly fee plus a fee per gigabyte processed.'],
    ]),
  ],
  [
    'b',
    fragment('/reference/modules/ecs-service/', [
      [null, 'ECS service. Runs tasks on an ECS cluster.'],
      ['input-enable_execute_command', 'enable_execute_command. Type: bool. Turns on ECS Exec for a shell in a task.'],
    ]),
  ],
  [
    'c',
    fragment('/kb/1', [
      [null, 'Health checks kill slow tasks. The load balancer stops tasks that fail health checks while starting.'],
    ]),
  ],
]);

/** The section search of the small site, with every file in memory. */
function smallSite(): SectionSearch {
  const { file, shards } = buildSectionIndex(PAGES, FRAGMENTS, { egress: 'outbound internet' });
  return {
    stats: sectionStats(file),
    pages: PAGES,
    shard: (n) => Promise.resolve(shards[n] ?? {}),
    fragmentWords: (id) => Promise.resolve((FRAGMENTS.get(id)?.content ?? '').split(' ')),
  };
}

const vocabulary = toVocabulary(['gateway', 'gateways', 'health', 'checks', 'service', 'costs', 'tasks', 'enable']);

describe('terms', () => {
  it('keeps identifiers whole and also gives their parts', () => {
    expect(termList('--upload-to-acm')).toEqual(['upload-to-acm', 'upload', 'to', 'acm']);
    expect(termList('Set enable_execute_command.')).toEqual([
      'set',
      'enable_execute_command',
      'enabl',
      'execut',
      'command',
    ]);
    expect(termList('v0.26.0')).toEqual(['v0.26.0', '0.26.0', '0.26', 'v0', '26', '0']);
  });

  it('gives a version without its v and its release line, so `0.26`, `0.26.0` and `v0.26.0` meet', () => {
    expect(termList('cis-1.5.0')).toEqual(['cis-1.5.0', '1.5.0', '1.5', 'cis', '1', '5', '0']);
    expect(termList('CIS 1.5')).toEqual(['cis', '1.5', '1', '5']);
  });

  it("gives a path's named segments, so a module named alone finds the path that holds it", () => {
    expect(termList('terraform-aws-service-catalog/modules/services/eks-core-services')).toEqual(
      expect.arrayContaining(['terraform-aws-service-catalog', 'eks-core-services']),
    );
    expect(termList('eks-core-services')).not.toContain('eks-core-services/');
  });

  it('counts a bare number as a word and a word with a digit as an identifier', () => {
    const kinds = termsOf('route 53 ec2').map((entry) => [entry.term, entry.identifier]);
    expect(kinds).toEqual([
      ['rout', false],
      ['53', false],
      ['ec2', true],
    ]);
  });

  it('stems plain words so plurals meet their singular', () => {
    expect(termList('Gateways policies')).toEqual(termList('gateway policy'));
  });

  it('puts a term in the last shard whose first term is not after it', () => {
    const starts = ['', 'cidr', 'eks', 'vpc'];
    expect(shardOf('aws_lb_listener', starts)).toBe(0);
    expect(shardOf('cidr', starts)).toBe(1);
    expect(shardOf('cidr_block', starts)).toBe(1);
    expect(shardOf('eks-cluster-control-plane', starts)).toBe(2);
    expect(shardOf('zone', starts)).toBe(3);
  });
});

describe('term shards', () => {
  it('cuts the sorted terms into contiguous ranges, each term in the shard the browser looks in', () => {
    const { file, shards } = buildSectionIndex(PAGES, FRAGMENTS, {});
    expect(file.shardStarts[0]).toBe('');
    expect(file.shards).toBe(file.shardStarts.length);
    expect(shards).toHaveLength(file.shards);
    const inOrder = shards.flatMap((shard) => Object.keys(shard));
    expect(inOrder).toEqual([...inOrder].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    shards.forEach((shard, n) => {
      expect(Object.keys(shard).length).toBeGreaterThan(0);
      for (const term of Object.keys(shard)) expect(shardOf(term, file.shardStarts)).toBe(n);
    });
  });

  it('gives the ranges about equal sizes, and a term larger than a share a range of its own', () => {
    const big = Array.from({ length: 40 }, (_, i) => i);
    const terms: [string, number[]][] = [
      ['a', [0, 1]],
      ['b', [0, 1]],
      ['c', big],
      ['d', [0, 1]],
      ['e', [0, 1]],
      ['f', [0, 1]],
      ['g', [0, 1]],
    ];
    expect(shardStarts(terms, 3)).toEqual(['', 'c', 'd']);
    expect(shardStarts(terms, 1)).toEqual(['']);
  });
});

describe('splitSections', () => {
  it('cuts a page at the anchors of its headings, and keeps the text before the first', () => {
    const sections = splitSections(FRAGMENTS.get('a') as Fragment, ['what-it-costs']);
    expect(sections.map((section) => [section.heading, section.text.split(' ').slice(0, 3).join(' ')])).toEqual([
      [-1, 'NAT gateways. A'],
      [0, 'What it costs.'],
    ]);
  });
});

describe('section search', () => {
  it('finds a page for a question whose words no single page holds all of', async () => {
    const outcome = await searchSections(smallSite(), vocabulary, 'how much does a nat gateway cost per month', 3);
    expect(outcome.hits[0]?.url).toBe('/guides/nat');
    expect(outcome.hits[0]?.answer?.url).toBe('/guides/nat#what-it-costs');
    expect(outcome.hits[0]?.answer?.passage).toContain('hourly fee');
  });

  it('finds an identifier typed alone, pointing at its section', async () => {
    const outcome = await searchSections(smallSite(), vocabulary, 'enable_execute_command', 3);
    expect(outcome.hits[0]?.answer).toMatchObject({
      url: '/reference/modules/ecs-service/#input-enable_execute_command',
      heading: 'enable_execute_command',
    });
  });

  it('marks the matched words of the passage, escaped', async () => {
    const outcome = await searchSections(smallSite(), vocabulary, 'health checks', 3);
    expect(outcome.hits[0]?.url).toBe('/kb/1');
    expect(outcome.hits[0]?.excerpt).toContain('<mark>Health</mark>');
  });

  it('marks the words that found the passage, not the question words around them', async () => {
    const outcome = await searchSections(smallSite(), vocabulary, 'what do the health checks do to the tasks', 3);
    expect(outcome.hits[0]?.url).toBe('/kb/1');
    expect(outcome.hits[0]?.excerpt).toContain('<mark>Health</mark>');
    expect(outcome.hits[0]?.excerpt).not.toContain('<mark>The</mark>');
    expect(outcome.hits[0]?.excerpt).toContain('The load balancer');
  });

  it('answers a query of words the site lacks with no hits, and an empty query too', async () => {
    expect((await searchSections(smallSite(), vocabulary, 'zzyzx qqq', 3)).total).toBe(0);
    expect((await searchSections(smallSite(), vocabulary, '   ', 3)).total).toBe(0);
  });

  it('keeps only the pages of a section when asked', async () => {
    const outcome = await searchSections(smallSite(), vocabulary, 'tasks', 3, { section: 'Modules' });
    expect(outcome.hits.map((hit) => hit.section)).toEqual(['Modules']);
  });

  it('corrects a typo of a finished word and says so', async () => {
    const plan = await planQuery(smallSite(), vocabulary, 'helth checks');
    expect(plan.corrected).toBe(true);
    expect(plan.terms.map((term) => term.term)).toContain('health');
  });

  it('completes the word being typed with whole words only, not with the parts of an identifier', async () => {
    const typing = toVocabulary(['enable_execute_command', 'enable', 'tasks']);
    const terms = (await planQuery(smallSite(), typing, 'enab')).terms.map((term) => term.term);
    expect(terms).toContain('enable_execute_command');
    expect(terms).not.toContain('execute');
    expect(terms).not.toContain('command');
  });

  it('weighs an identifier double in a short query and as a word in a sentence', async () => {
    const weightOf = async (query: string) =>
      (await planQuery(smallSite(), vocabulary, query)).terms.find((term) => term.term === 'enable_execute_command')
        ?.weight;
    expect(await weightOf('enable_execute_command ecs')).toBe(2);
    expect(
      await weightOf('my ecs tasks keep failing health checks after I set enable_execute_command on the service'),
    ).toBe(1);
  });

  it('finds a page by a synonym from the data file that the page never uses', async () => {
    const outcome = await searchSections(smallSite(), vocabulary, 'egress ', 3);
    expect(outcome.hits[0]?.url).toBe('/guides/nat');
  });
});

describe('rankPages', () => {
  it('ranks a page holding the rarer term above one holding only a common one', () => {
    const { file, shards } = buildSectionIndex(PAGES, FRAGMENTS, {});
    const postings = (term: string) => shards[shardOf(term, file.shardStarts)]?.[term] ?? [];
    const ranked = rankPages(
      sectionStats(file),
      [
        { term: 'task', weight: 1, postings: postings('task') },
        { term: 'balancer', weight: 1, postings: postings('balancer') },
      ],
      (page) => PAGES.pages[file.pageIds[page] ?? ''],
    );
    expect(file.pageIds[ranked[0]?.page ?? -1]).toBe('c');
  });

  it("adds each section's prior: a reference page a little ahead falls behind the guide, and the order stays stable", () => {
    const ranked = [
      { page: 0, score: 10, section: 0, heading: -1, matched: [] },
      { page: 1, score: 9, section: 1, heading: -1, matched: [] },
      { page: 2, score: 9, section: 2, heading: -1, matched: [] },
    ];
    const sectionOf = (page: number) => ['Modules', 'Guides', 'Knowledge Base'][page];
    const order = withSectionPriors(ranked, sectionOf, { ...BM25F, sectionPrior: { Modules: -2 } });
    expect(order.map((entry) => [entry.page, entry.score])).toEqual([
      [1, 9],
      [2, 9],
      [0, 8],
    ]);
    expect(withSectionPriors(ranked, sectionOf, { ...BM25F, sectionPrior: {} }).map((entry) => entry.page)).toEqual([
      0, 1, 2,
    ]);
  });
});

describe('query intents', () => {
  const intents = {
    Releases: { words: ['release releases released', 'added', 'when'], atLeast: 2, prior: 12 },
  };

  it('gives the section its intent prior when the query holds enough of its words, in any form listed', () => {
    expect(sectionPriorsFor('which release added keep-warm', intents, { Modules: -2 })).toEqual({
      Modules: -2,
      Releases: 12,
    });
    expect(sectionPriorsFor('When were FIFO topics added?', intents, {})).toEqual({ Releases: 12 });
  });

  it('keeps the fixed priors when the query holds too few of the words or other forms of them', () => {
    expect(sectionPriorsFor('release notes for keep-warm', intents, { Modules: -2 })).toEqual({ Modules: -2 });
    expect(sectionPriorsFor('in which order when adding an account', intents, {})).toEqual({});
  });

  it("reads the site's intents file, and names the file, the section and the field of a bad entry", () => {
    const sections = ['Releases', 'Modules'];
    expect(Object.keys(readIntents(['Releases', 'Guides']))).toEqual(['Releases']);
    const write = (data: unknown): string => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'intents-')), 'intents.json');
      fs.writeFileSync(file, JSON.stringify(data));
      return file;
    };
    const bad = write({ Blog: { words: ['x'], atLeast: 1, prior: 1 } });
    expect(() => readIntents(sections, bad)).toThrow(`${bad}: "Blog": not a search section (Releases, Modules)`);
    const low = write({ Releases: { words: ['release'], atLeast: 2, prior: 1 } });
    expect(() => readIntents(sections, low)).toThrow(`${low}: "Releases": field atLeast must be a whole number`);
    const upper = write({ Releases: { words: ['Release'], atLeast: 1, prior: 1 } });
    expect(() => readIntents(sections, upper)).toThrow(`${upper}: "Releases": field words must list lower-case words`);
  });
});

describe('passageOf', () => {
  it('starts at the sentence with the most matched terms and stops near 600 characters', () => {
    const words = `First sentence here. ${'filler word. '.repeat(200)}The answer holds gateway cost.`.split(' ');
    const passage = passageOf(words, new Set(['gateway', 'cost']));
    expect(passage.text.startsWith('The answer holds gateway cost.')).toBe(true);
    const long = passageOf('a '.repeat(1000).split(' '), new Set(['a']));
    expect(long.text.length).toBeLessThanOrEqual(600);
  });
});
