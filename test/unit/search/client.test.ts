/**
 * The browser side of search: the search flow against a fake Pagefind, the hits it maps, and the
 * DocSearch adapter. The spelling corrector has its own tests (spelling.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';

import {
  MODAL_PAGES_PER_QUERY,
  createLocalSearchClient,
  toDocSearchHits,
} from '@site/plugins/local-search/client/adapter';
import { toPermalink } from '@site/plugins/local-search/client/hits';
import { toPageIndex, type PagefindApi } from '@site/plugins/local-search/client/indexLoader';
import { searchSite } from '@site/plugins/local-search/client/search';
import { toVocabulary } from '@site/plugins/local-search/client/spelling';
import { searchUrl } from '@site/src/lib/routes';

const vocabulary = toVocabulary(['terraform', 'gateway', 'subnet', 'terragrunt', 'dependency', 'gateways']);

function fakePagefind(pages: Record<string, string[]>): PagefindApi {
  return {
    options: vi.fn(() => Promise.resolve()),
    init: vi.fn(() => Promise.resolve()),
    search: vi.fn((query: string) =>
      Promise.resolve({
        results: (pages[query] ?? []).map((url, i) => ({
          id: url,
          score: 1 - i / 10,
          data: () =>
            Promise.resolve({
              url: `${url}/`,
              excerpt: `about <mark>${query}</mark>`,
              meta: { title: `Title of ${url}`, section: 'Guides' },
              sub_results: [
                { title: 'Whole page', url: `${url}/`, excerpt: 'x' },
                { title: 'A heading', url: `${url}/#a-heading`, excerpt: `under <mark>${query}</mark>` },
              ],
            }),
        })),
      }),
    ),
  };
}

describe('searchSite', () => {
  it('searches the corrected query and returns hits with permalinks and heading anchors', async () => {
    const api = fakePagefind({ 'nat gateway': ['/guides/nat'] });
    const outcome = await searchSite(api, vocabulary, 'nat gatway', 5);
    expect(api.search).toHaveBeenCalledWith('nat gateway');
    expect(outcome).toMatchObject({ query: 'nat gateway', corrected: true, total: 1 });
    expect(outcome.hits[0]).toMatchObject({ url: '/guides/nat/', title: 'Title of /guides/nat', section: 'Guides' });
    expect(outcome.hits[0]?.headings).toEqual([
      { title: 'A heading', url: '/guides/nat/#a-heading', excerpt: 'under <mark>nat gateway</mark>' },
    ]);
  });

  it('does not search at all for an empty query or a word that matches nothing', async () => {
    const api = fakePagefind({});
    expect((await searchSite(api, vocabulary, '   ', 5)).total).toBe(0);
    expect((await searchSite(api, vocabulary, 'xyzzyplugh', 5)).total).toBe(0);
    expect(api.search).not.toHaveBeenCalled();
  });

  it('loads data for at most `limit` pages', async () => {
    const api = fakePagefind({ subnet: ['/a', '/b', '/c', '/d'] });
    const outcome = await searchSite(api, vocabulary, 'subnet', 2);
    expect(outcome.total).toBe(4);
    expect(outcome.hits.map((h) => h.url)).toEqual(['/a/', '/b/']);
  });

  it('puts a module typed by its exact name first', async () => {
    const named = toVocabulary(['master'], { 'kms-master-key': '/reference/kms-master-key' });
    const api = fakePagefind({
      'kms master key': ['/guides/kms', '/reference/kms-master-key-multi-region', '/reference/kms-master-key'],
    });
    const outcome = await searchSite(api, named, 'kms-master-key', 2);
    expect(outcome.hits.map((h) => h.url)).toEqual(['/reference/kms-master-key/', '/guides/kms/']);
  });

  it('maps Pagefind file URLs to permalinks', () => {
    expect(toPermalink('/intro/index.html')).toBe('/intro/');
    expect(toPermalink('/tools.html')).toBe('/tools');
  });
});

describe('DocSearch adapter', () => {
  const hits = [
    {
      url: '/guides/nat',
      title: 'NAT <gateways>',
      section: 'Guides',
      excerpt: 'a <mark>nat</mark>',
      headings: [{ title: 'Cost', url: '/guides/nat#cost', excerpt: 'the <mark>nat</mark> cost' }],
    },
  ];

  it('gives one page hit and one content hit per heading, grouped by section', () => {
    const docHits = toDocSearchHits(hits);
    expect(docHits.map((h) => [h.type, h.url, h.hierarchy.lvl0, h.hierarchy.lvl1, h.hierarchy.lvl2])).toEqual([
      ['lvl1', '/guides/nat', 'Guides', 'NAT &lt;gateways&gt;', null],
      ['content', '/guides/nat#cost', 'Guides', 'NAT &lt;gateways&gt;', 'Cost'],
    ]);
    expect(docHits[1]?._snippetResult.content.value).toBe('the <mark>nat</mark> cost');
    expect(Object.keys(docHits[0]?._highlightResult.hierarchy ?? {})).toEqual([
      'lvl0',
      'lvl1',
      'lvl2',
      'lvl3',
      'lvl4',
      'lvl5',
      'lvl6',
    ]);
  });

  it('answers the modal request with hits and the total number of pages', async () => {
    const search = vi.fn(() => Promise.resolve({ query: 'nat', total: 12, hits }));
    const client = createLocalSearchClient(search, { pagesPerQuery: 8 });
    const response = await client.search({ requests: [{ query: 'nat', indexName: 'local', hitsPerPage: 20 }] });
    expect(search).toHaveBeenCalledWith('nat', 8);

    // By default the modal asks for five pages, so their fragments load in one round of requests.
    await createLocalSearchClient(search).search({ requests: [{ query: 'nat' }] });
    expect(search).toHaveBeenLastCalledWith('nat', MODAL_PAGES_PER_QUERY);
    expect(MODAL_PAGES_PER_QUERY).toBe(5);
    expect(response.results[0]).toMatchObject({ nbHits: 12, query: 'nat', hitsPerPage: 20 });
    expect(response.results[0]?.hits).toHaveLength(2);
  });

  it('answers a query that cannot load the index with no hits and reports the failure, without rejecting', async () => {
    const statuses: (Error | null)[] = [];
    let indexReachable = false;
    const search = () =>
      indexReachable
        ? Promise.resolve({ query: 'vpc', total: 12, hits })
        : Promise.reject(new SyntaxError('Unexpected token <'));
    const client = createLocalSearchClient(search, { onIndexStatus: (error) => statuses.push(error) });

    const failed = await client.search({ requests: [{ query: 'vpc' }] });
    expect(failed.results[0]).toMatchObject({ nbHits: 0, hits: [] });
    expect(statuses[0]?.message).toBe('The search index could not be loaded: Unexpected token <');

    indexReachable = true;
    const recovered = await client.search({ requests: [{ query: 'vpc' }] });
    expect(recovered.results[0]).toMatchObject({ nbHits: 12 });
    expect(statuses[1]).toBeNull();
  });

  it('links "see all results" to the search page with the query encoded', () => {
    expect(searchUrl('nat gateway')).toBe('/search?q=nat%20gateway');
    expect(searchUrl('vpc/nat & eks?')).toBe('/search?q=vpc%2Fnat%20%26%20eks%3F');
  });
});

describe('searchSite with page records', () => {
  const records = toPageIndex({
    sections: ['Guides', 'Knowledge Base'],
    pages: {
      '/guides/nat': [0, '/guides/nat', 'NAT gateways', [['cost', 'What NAT gateways cost', 2]]],
      '/kb/1': [1, '/discussions/knowledge-base/1', 'Plan fails after a NAT gateway change', []],
      '/guides/taint': [0, '/guides/taint', 'Taint and replace', []],
    },
  });

  it('answers from the records at once, ranked, and loads the snippets only when asked', async () => {
    const api = fakePagefind({ 'nat gateway': ['/kb/1', '/guides/nat'] });
    const outcome = await searchSite(api, vocabulary, 'nat gateway', 5, { pages: records, excerpts: false });
    expect(outcome.hits).toEqual([
      {
        url: '/guides/nat',
        title: 'NAT gateways',
        section: 'Guides',
        excerpt: '',
        headings: [
          { title: 'What NAT gateways cost', url: '/guides/nat#cost', excerpt: '', path: ['What NAT gateways cost'] },
        ],
      },
      {
        url: '/discussions/knowledge-base/1',
        title: 'Plan fails after a NAT gateway change',
        section: 'Knowledge Base',
        excerpt: '',
        headings: [],
      },
    ]);
    const withExcerpts = await outcome.withExcerpts?.();
    expect(withExcerpts?.map((hit) => hit.excerpt)).toEqual([
      'about <mark>nat gateway</mark>',
      'about <mark>nat gateway</mark>',
    ]);
  });

  it('brings in the page of a hyphenated module name typed inside a longer query, and lets the ranking place it', async () => {
    const named = toPageIndex({
      sections: ['Modules', 'Guides', 'Knowledge Base'],
      pages: {
        '/vpc-app': [0, '/reference/vpc-app/', 'vpc-app', [['inputs', 'Inputs', 2]]],
        '/guide': [1, '/guides/deploy-the-vpc', 'Deploy the VPC', []],
        '/kb/7': [2, '/discussions/knowledge-base/7', 'vpc-app already exists in the state', []],
      },
    });
    const names = toVocabulary(['which', 'inputs', 'does', 'take', 'already', 'exists'], {
      'vpc-app': '/reference/vpc-app/',
    });
    const api = fakePagefind({
      'inputs vpc app take': ['/guide'],
      'vpc app': ['/guide', '/vpc-app'],
      'vpc app already exists': ['/kb/7'],
    });
    // The module page lacks "take", so Pagefind leaves it out; the name brings it back, first.
    const question = await searchSite(api, names, 'which inputs does `vpc-app` take?', 5, {
      pages: named,
      excerpts: false,
    });
    expect(question.hits.map((hit) => hit.url)).toEqual(['/reference/vpc-app/', '/guides/deploy-the-vpc']);
    // Brought in, not pinned: an error message that names the module still ranks its answer first.
    const error = await searchSite(api, names, 'vpc-app already exists', 5, { pages: named, excerpts: false });
    expect(error.hits.map((hit) => hit.url)).toEqual(['/discussions/knowledge-base/7', '/reference/vpc-app/']);
    // A one-word name inside a longer query names nothing: no search by the name alone.
    const plain = toVocabulary(['rotate', 'password'], { rds: '/reference/rds/' });
    const rds = fakePagefind({ 'rotate rds password': ['/guide'] });
    await searchSite(rds, plain, 'rotate rds password', 5, { pages: named, excerpts: false });
    expect(rds.search).toHaveBeenCalledTimes(1);
  });

  it('leaves stop words out of the engine query, and drops a word that matches no page when nothing holds them all', async () => {
    const api = fakePagefind({
      'taint replace': ['/guides/taint'],
      taint: ['/guides/taint'],
      replace: ['/guides/taint'],
    });
    const words = toVocabulary(['taint', 'replace']);
    const stop = await searchSite(api, words, 'taint vs replace', 5, { pages: records, excerpts: false });
    expect(api.search).toHaveBeenCalledWith('taint replace');
    expect(stop.hits.map((hit) => hit.url)).toEqual(['/guides/taint']);
    const dropped = await searchSite(api, words, 'taint replace xyz', 5, { pages: records, excerpts: false });
    expect(dropped).toMatchObject({ query: 'taint replace', corrected: true });
    expect(dropped.hits.map((hit) => hit.url)).toEqual(['/guides/taint']);
  });
});
