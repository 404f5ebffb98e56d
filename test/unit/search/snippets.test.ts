/**
 * The modal's hit list from page records: heading hits without snippets, and the snippets that
 * fill in after the hits.
 */
import { describe, expect, it, vi } from 'vitest';

import { createLocalSearchClient, toDocSearchHits } from '@site/plugins/local-search/client/adapter';
import type { SearchHit } from '@site/plugins/local-search/client/hits';
import { createSnippetStore } from '@site/plugins/local-search/client/snippets';

const hit = (excerpt: string, headingExcerpt: string): SearchHit => ({
  url: '/reference/modules/vpc-app/',
  title: 'VPC for applications',
  section: 'Modules',
  excerpt,
  headings: [
    { title: 'NAT gateways', url: '/reference/modules/vpc-app/#nat', excerpt: headingExcerpt, path: ['NAT gateways'] },
    {
      title: 'nat_gateway_count',
      url: '/reference/modules/vpc-app/#input-nat_gateway_count',
      excerpt: headingExcerpt,
      path: ['Inputs', 'nat_gateway_count'],
    },
  ],
});

describe('modal hits from page records', () => {
  it('shows headings without snippets as heading hits under the page title, an h3 under its h2', () => {
    const hits = toDocSearchHits([hit('', '')]);
    expect(
      hits.map((h) => [h.type, h.url, h.hierarchy.lvl0, h.hierarchy.lvl1, h.hierarchy.lvl2, h.hierarchy.lvl3]),
    ).toEqual([
      ['lvl1', '/reference/modules/vpc-app/', 'Modules', 'VPC for applications', null, null],
      ['lvl2', '/reference/modules/vpc-app/#nat', 'Modules', 'VPC for applications', 'NAT gateways', null],
      [
        'lvl3',
        '/reference/modules/vpc-app/#input-nat_gateway_count',
        'Modules',
        'VPC for applications',
        'Inputs',
        'nat_gateway_count',
      ],
    ]);
  });

  it('shows a heading with its snippet as a content hit', () => {
    const hits = toDocSearchHits([hit('a <mark>nat</mark>', 'the <mark>nat</mark> cost')]);
    expect(hits[1]).toMatchObject({ type: 'content', content: 'the <mark>nat</mark> cost' });
  });
});

describe('snippet store', () => {
  it('fills in the snippets of the latest query, and drops those of a query overtaken by another', async () => {
    const store = createSnippetStore();
    const listener = vi.fn();
    store.subscribe(listener);
    let resolveOld: (hits: SearchHit[]) => void = () => undefined;
    const old = new Promise<SearchHit[]>((resolve) => (resolveOld = resolve));
    store.follow(() => old);
    await new Promise((resolve) => setTimeout(resolve, 50));
    store.follow(() => Promise.resolve([hit('a <mark>nat</mark>', 'the <mark>nat</mark> cost')]));
    await vi.waitFor(() => {
      expect(store.get('/reference/modules/vpc-app/')).toBe('a <mark>nat</mark>');
    });
    expect(store.get('/reference/modules/vpc-app/#nat')).toBe('the <mark>nat</mark> cost');
    resolveOld([hit('stale', 'stale')]);
    await Promise.resolve();
    expect(store.get('/reference/modules/vpc-app/')).toBe('a <mark>nat</mark>');
    // A new query clears the snippets until its own arrive.
    store.follow(null);
    expect(store.get('/reference/modules/vpc-app/')).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('loads the snippets only after the hit list has painted, and never those of a query overtaken before', async () => {
    const store = createSnippetStore();
    const overtaken = vi.fn(() => Promise.resolve([hit('stale', 'stale')]));
    const latest = vi.fn(() => Promise.resolve([hit('a <mark>vpc</mark>', '')]));
    store.follow(overtaken);
    store.follow(latest);
    expect(latest).not.toHaveBeenCalled();
    await vi.waitFor(() => {
      expect(store.get('/reference/modules/vpc-app/')).toBe('a <mark>vpc</mark>');
    });
    expect(overtaken).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('logs a fragment that cannot load and keeps the hits without snippets', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createSnippetStore();
    store.follow(() => Promise.reject(new Error('fragment: HTTP 500')));
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledWith('Search snippets could not be loaded', expect.any(Error));
    });
    expect(store.get('/reference/modules/vpc-app/')).toBeUndefined();
    warn.mockRestore();
  });
});

describe('a burst of queries in the modal', () => {
  it('runs the first and the newest query, and answers the ones in between with the newest answer', async () => {
    const searched: string[] = [];
    const client = createLocalSearchClient(async (query) => {
      searched.push(query);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { query, total: 1, hits: [hit('', '')] };
    });
    const first = client.search({ requests: [{ query: 'v' }] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Two more keys while "v" is still being searched.
    const answers = await Promise.all([
      first,
      client.search({ requests: [{ query: 'vp' }] }),
      client.search({ requests: [{ query: 'vpc' }] }),
    ]);
    expect(searched).toEqual(['v', 'vpc']);
    expect(answers.map((answer) => answer.results[0]?.query)).toEqual(['v', 'vpc', 'vpc']);
  });
});
