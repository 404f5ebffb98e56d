/**
 * Markdown twins: what a page's source becomes (admonitions, tabs, reference components, links),
 * what stops the build, and that titles and table cells survive any characters.
 */
import type { Root, Table, Text } from 'mdast';
import fc from 'fast-check';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';

import { markdownTwinPath } from '../../../plugins/markdown-twins/contract';
import {
  markdownFromTree,
  sourceToMarkdownTree,
  TwinError,
  twinDocument,
} from '../../../plugins/markdown-twins/convert';

const SITE = 'https://docs.example.com';

function twinBody(source: string, format: 'md' | 'mdx' = 'md'): string {
  return markdownFromTree(
    sourceToMarkdownTree({
      file: 'docs/page.mdx',
      absolutePath: '/nowhere/docs/page.mdx',
      source,
      format,
      siteUrl: SITE,
    }),
  );
}

function parse(markdown: string): Root {
  return unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(markdown);
}

describe('markdownTwinPath', () => {
  it('appends .md, or index.md after a trailing slash, and drops query and fragment', () => {
    expect(markdownTwinPath('/')).toBe('/index.md');
    expect(markdownTwinPath('/intro')).toBe('/intro.md');
    expect(markdownTwinPath('/guides/')).toBe('/guides/index.md');
    expect(markdownTwinPath('/faq/eks/?q=1#top')).toBe('/faq/eks/index.md');
  });
});

describe('sourceToMarkdownTree', () => {
  it('turns an admonition into a blockquote headed by its type and label', () => {
    const body = twinBody(':::warning[What you must do]\n\nRun `terraform init -upgrade`.\n\n:::\n');
    expect(body).toBe('> **Warning: What you must do**\n>\n> Run `terraform init -upgrade`.\n');
  });

  it('marks the knowledge-base answer as the answer', () => {
    const body = twinBody('Why does it fail?\n\n:::answer\n\nBecause the lock is stale.\n\n:::\n');
    expect(body).toBe('Why does it fail?\n\n> **Accepted answer**\n>\n> Because the lock is stale.\n');
  });

  it('renders a tab set as one labelled section per tab', () => {
    const source = [
      '<Tabs groupId="iac-tool">',
      '<TabItem value="terraform" label="Terraform" default>',
      '',
      '```hcl title="main.tf"',
      'module "vpc" {}',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="terragrunt" label="Terragrunt">',
      '',
      'Use `terragrunt apply`.',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(twinBody(source, 'mdx')).toBe(
      '**Terraform**\n\n```hcl title="main.tf"\nmodule "vpc" {}\n```\n\n**Terragrunt**\n\nUse `terragrunt apply`.\n',
    );
  });

  it('writes the reference components as sentences', () => {
    const source = [
      '<ModuleHeader repository="terraform-aws-vpc" module="vpc-app" version="v0.22.4" kind="terraform" sourceUrl="https://github.com/gruntwork-io/terraform-aws-vpc" />',
      '',
      '<ReferenceEntry kind="input" type={"list(string)"} required={false} defaultValue={"[]"} />',
      '',
      '<ReferenceEntry kind="input" type={"string"} required={true} />',
      '',
      '<ReferenceEntry kind="output" />',
      '',
      '<ReleaseMeta kind="breaking" kindLabel="Breaking change" date="2023-03-09" />',
    ].join('\n');
    expect(twinBody(source, 'mdx')).toBe(
      [
        '**Terraform module** `terraform-aws-vpc/modules/vpc-app`, version `v0.22.4`. [View source](https://github.com/gruntwork-io/terraform-aws-vpc)',
        'Type: `list(string)`. Default: `[]`.',
        'Type: `string`. **Required**.',
        '**Breaking change**, released 2023-03-09.\n',
      ].join('\n\n'),
    );
  });

  it('makes site links and images absolute, keeps other links, and drops heading ids', () => {
    const body = twinBody(
      '## Subnets {#subnets}\n\nSee [CIDR](/guides/cidr#x), [feed](pathname:///a/atom.xml), [AWS](https://aws.amazon.com) and ![a diagram](/img/vpc.svg).\n',
    );
    expect(body).toBe(
      `## Subnets\n\nSee [CIDR](${SITE}/guides/cidr#x), [feed](${SITE}/a/atom.xml), [AWS](https://aws.amazon.com) and ![a diagram](${SITE}/img/vpc.svg).\n`,
    );
  });

  it('keeps a colon in prose as text, not as a directive', () => {
    expect(twinBody('Ports 80:tcp and a:b stay.\n')).toBe('Ports 80:tcp and a:b stay.\n');
  });

  it('drops imports and MDX comments, and removes a page H1 (the twin writes the title)', () => {
    expect(twinBody("import X from '@site/x';\n\n# Own title\n\n{/* a note */}\n\nText.\n", 'mdx')).toBe('Text.\n');
  });

  it('stops on a component with no Markdown rendering, naming the file and the component', () => {
    expect(() => twinBody('<Carousel items={3} />\n', 'mdx')).toThrow(TwinError);
    expect(() => twinBody('<Carousel items={3} />\n', 'mdx')).toThrow(/docs\/page\.mdx: <Carousel>/);
  });

  it('stops on a container that is not an admonition, and on an MDX expression', () => {
    expect(() => twinBody(':::details\n\nHidden.\n\n:::\n')).toThrow(/docs\/page\.mdx: :::details/);
    expect(() => twinBody('The answer is {40 + 2}.\n', 'mdx')).toThrow(/docs\/page\.mdx: \{40 \+ 2\}/);
  });

  it('stops on a component attribute that is an expression rather than a value', () => {
    expect(() => twinBody('<ReleaseMeta kind="fix" kindLabel={label} date="2023-01-01" />\n', 'mdx')).toThrow(
      /<ReleaseMeta kindLabel>/,
    );
  });
});

describe('escaping', () => {
  it('keeps any title and description exact through front matter and the H1', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !/[\n\r]/.test(s)),
        fc.string().filter((s) => !/[\n\r]/.test(s)),
        (title, description) => {
          const doc = twinDocument({ title, description, url: `${SITE}/x`, body: 'Body.\n' });
          const tree = parse(doc);
          const [yaml, heading] = tree.children;
          expect(yaml?.type).toBe('yaml');
          expect(parseYaml((yaml as { value: string }).value)).toEqual({ title, description, url: `${SITE}/x` });
          expect(heading?.type).toBe('heading');
          // Leading and trailing spaces are written as character references, so even they survive.
          expect(toString(heading)).toBe(title);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(['a < b & c', 'use `terraform apply`', 'x | y', '[not a link](x)', '*not emphasis*', '# not a heading'])(
    'keeps %j literal in a title',
    (title) => {
      const heading = parse(twinDocument({ title, description: '', url: SITE, body: '' })).children[1];
      expect(heading?.type).toBe('heading');
      expect(toString(heading)).toBe(title);
    },
  );

  it('keeps pipes, backticks and angle brackets inside table cells', () => {
    const cells = ['a | b', 'run `x | y`', '<none> & more'];
    const table: Table = {
      type: 'table',
      children: [
        {
          type: 'tableRow',
          children: cells.map(() => ({ type: 'tableCell', children: [{ type: 'text', value: 'h' }] })),
        },
        {
          type: 'tableRow',
          children: cells.map((value) => ({ type: 'tableCell', children: [{ type: 'text', value }] })),
        },
      ],
    };
    const markdown = markdownFromTree({ type: 'root', children: [table] });
    const parsed = parse(markdown).children[0] as Table;
    expect(parsed.type).toBe('table');
    expect(parsed.children[1]?.children.map((cell) => toString(cell))).toEqual(cells);
  });

  it('round-trips a hand-written GFM table with an escaped pipe and inline code', () => {
    const body = twinBody('| Flag | Meaning |\n| --- | --- |\n| `-lock=false` | skip a \\| lock |\n');
    const table = parse(body).children[0] as Table;
    expect(table.type).toBe('table');
    const cells = table.children[1]?.children.map((cell) => toString(cell));
    expect(cells).toEqual(['-lock=false', 'skip a | lock']);
    expect((table.children[1]?.children[0]?.children[0] as Text | undefined)?.type).toBe('inlineCode');
  });
});
