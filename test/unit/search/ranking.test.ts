/**
 * The ranking of the offline search: what a reader sees first for a query, given Pagefind's
 * results and the page records.
 */
import { describe, expect, it } from 'vitest';

import {
  engineWords,
  matchingHeadings,
  parseQuery,
  rankResults,
  stem,
  toRankablePage,
  type RankablePage,
} from '@site/plugins/local-search/client/ranking';
import type { PageRecord } from '@site/plugins/local-search/contract';

const SECTIONS = ['Guides', 'Modules', 'Knowledge Base', 'FAQ'];

function index(records: Record<string, PageRecord>): Map<string, RankablePage> {
  return new Map(Object.entries(records).map(([id, record]) => [id, toRankablePage(record, SECTIONS)]));
}

/** The ids in ranked order, for results that Pagefind returned in `order` with falling scores. */
function rank(query: string, order: string[], records: Record<string, PageRecord>): string[] {
  const results = order.map((id, i) => ({ id, score: 10 - i }));
  return rankResults(results, parseQuery(query), index(records)).map((result) => result.id);
}

describe('ranking', () => {
  it('puts a page whose title holds the query above a page whose body mentions it', () => {
    expect(
      rank('cluster autoscaler', ['kb', 'module'], {
        kb: [2, '/discussions/knowledge-base/1', 'Nodes stay pending after an upgrade', []],
        module: [
          1,
          '/reference/modules/terraform-aws-eks/eks-k8s-cluster-autoscaler/',
          'Kubernetes Cluster Autoscaler',
          [],
        ],
      }),
    ).toEqual(['module', 'kb']);
  });

  it('puts a guide above a knowledge-base answer whose title matches as well', () => {
    expect(
      rank('nat gateways', ['kb', 'guide'], {
        kb: [2, '/discussions/knowledge-base/2', 'NAT gateways', []],
        guide: [0, '/guides/vpc/nat-gateways', 'NAT gateways', []],
      }),
    ).toEqual(['guide', 'kb']);
  });

  it('puts a page with all query words in its title above one with some of them', () => {
    expect(
      rank('nat gateway cost', ['some', 'all'], {
        some: [0, '/guides/vpc/nat-gateways', 'NAT gateways', []],
        all: [2, '/discussions/knowledge-base/3', 'Cutting the cost of a NAT gateway', []],
      }),
    ).toEqual(['all', 'some']);
  });

  it('matches a word the reader typed past as a whole word, and the word being typed as a prefix', () => {
    const records: Record<string, PageRecord> = {
      scaling: [0, '/guides/autoscaling', 'Cluster autoscaling', []],
      scaler: [0, '/guides/autoscaler', 'Cluster autoscaler', []],
    };
    expect(rank('cluster autoscaler ', ['scaling', 'scaler'], records)).toEqual(['scaler', 'scaling']);
    // Still typing "autoscal": both titles match it as a prefix; Pagefind's order stands.
    expect(rank('cluster autoscal', ['scaling', 'scaler'], records)).toEqual(['scaling', 'scaler']);
  });

  it('ranks a title that holds the query as a phrase above one that holds the words apart', () => {
    expect(
      rank('security group', ['apart', 'phrase'], {
        apart: [0, '/guides/a', 'Group security for teams', []],
        phrase: [0, '/guides/b', 'Security group rules for teams', []],
      }),
    ).toEqual(['phrase', 'apart']);
  });

  it('lets a FAQ question in a heading count like a title', () => {
    expect(
      rank('what are generate blocks', ['kb', 'faq'], {
        kb: [2, '/discussions/knowledge-base/4', 'Duplicate provider from a generate block', []],
        faq: [3, '/faq/terragrunt/', 'Terragrunt FAQ', [['generate', 'What are generate blocks for?', 3]]],
      }),
    ).toEqual(['faq', 'kb']);
  });

  it('keeps Pagefind results that have no page record, on their engine score', () => {
    expect(rank('vpc', ['unknown', 'known'], { known: [0, '/guides/vpc', 'Other', []] })).toHaveLength(2);
  });
});

describe('query words', () => {
  it('stems plurals and -ing/-ed forms, but keeps -er apart from -ing', () => {
    expect(['gateways', 'policies', 'forking', 'rotated', 'rotate'].map(stem)).toEqual([
      'gateway',
      'policy',
      'fork',
      'rotat',
      'rotat',
    ]);
    expect(stem('autoscaler')).not.toBe(stem('autoscaling'));
  });

  it('leaves stop words out of what the engine must find, unless nothing else is left', () => {
    expect(engineWords(['taint', 'vs', 'replace'])).toEqual(['taint', 'replace']);
    expect(engineWords(['what', 'is'])).toEqual(['what', 'is']);
  });
});

describe('matching headings', () => {
  it('lists the headings that hold the most query words first, with the h2 above an h3', () => {
    const page = toRankablePage(
      [
        1,
        '/reference/modules/vpc-app/',
        'VPC for applications',
        [
          ['inputs', 'Inputs', 2],
          ['input-nat_gateway_count', 'nat_gateway_count', 3],
          ['nat', 'NAT instances', 2],
          ['nat-gateways', 'NAT gateways and their cost', 2],
          ['outputs', 'Outputs', 2],
        ],
      ],
      SECTIONS,
    );
    expect(matchingHeadings(page, parseQuery('nat gateways'))).toEqual([
      { id: 'nat-gateways', text: 'NAT gateways and their cost', path: ['NAT gateways and their cost'] },
      { id: 'nat', text: 'NAT instances', path: ['NAT instances'] },
    ]);
    expect(matchingHeadings(page, parseQuery('nat_gateway_count'))).toEqual([
      { id: 'input-nat_gateway_count', text: 'nat_gateway_count', path: ['Inputs', 'nat_gateway_count'] },
    ]);
  });
});
