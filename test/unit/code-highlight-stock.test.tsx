// @vitest-environment node
/**
 * The build-time highlighter against stock Docusaurus: for every language and alias stock
 * highlights (the languages prism-react-renderer bundles and the site's `additionalLanguages`), a
 * fenced block goes through the remark plugin and through what the stock theme does with the same
 * fence (MDX's `code` element, the theme's `createCodeBlockMetadata`, prism-react-renderer's
 * `Highlight`), with and without magic comments. Both must give the same lines, with the same token
 * types and text, token for token.
 */
import { createRequire } from 'node:module';

import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight, Prism, type Token } from 'prism-react-renderer';
import { toHast } from 'mdast-util-to-hast';
import type { Element, Root as HastRoot } from 'hast';
import type { Code, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';

// The theme's own helper, read from the installed theme-common (its package exports hide the file).
import { createCodeBlockMetadata } from '../../node_modules/@docusaurus/theme-common/lib/utils/codeBlockUtils.js';
import createSiteConfig from '../../docusaurus.config';
import { TOKENS_PROP, type EncodedLines } from '@site/plugins/code-highlight/contract';
import remarkHighlightCode from '@site/plugins/code-highlight/remark';
import { prismSettings } from '@site/plugins/code-highlight/settings';

const prism = prismSettings((createSiteConfig().themeConfig as { prism: object }).prism);

// What the theme's `prism-include-languages` does in the browser: the site's additional languages,
// registered on prism-react-renderer's Prism while it is mounted as `globalThis.Prism`.
const globals = globalThis as { Prism?: unknown };
globals.Prism = Prism;
for (const language of prism.additionalLanguages)
  createRequire(import.meta.url)(`prismjs/components/prism-${language}`);
delete globals.Prism;

/** Realistic code per grammar; a grammar without its own sample gets {@link GENERIC}. */
const SAMPLES: Record<string, string> = {
  javascript: [
    "import fs from 'node:fs';",
    'const server = app.listen(8080);',
    'server.keepAliveTimeout = 65 * 1000; // above the idle timeout',
    'export async function read(path) {',
    '  return JSON.parse(await fs.promises.readFile(path, `utf8`));',
    '}',
  ].join('\n'),
  typescript: [
    'interface Subnet { cidr: string; zone?: string }',
    'export function size(subnet: Subnet): number {',
    "  const bits = Number(subnet.cidr.split('/')[1]);",
    '  return 2 ** (32 - bits) - 5;',
    '}',
  ].join('\n'),
  jsx: ['export default function Card({ title }) {', '  return <div className="card">{title}</div>;', '}'].join('\n'),
  tsx: [
    'export function Badge({ version }: { version: string }) {',
    '  return <span title={version}>v{version}</span>;',
    '}',
  ].join('\n'),
  markup: [
    '<!doctype html>',
    '<html lang="en">',
    '  <body class="docs">',
    '    <a href="/guides/">Guides</a>',
    '  </body>',
    '</html>',
  ].join('\n'),
  css: ['.navbar { color: #1f2328; }', '@media (max-width: 996px) {', '  .navbar__item { display: none; }', '}'].join(
    '\n',
  ),
  yaml: ['name: deploy', 'on:', '  push:', '    branches: [main] # only main', 'env:', '  AWS_REGION: us-east-1'].join(
    '\n',
  ),
  markdown: [
    '---',
    'title: Route tables',
    '---',
    '',
    '## Set up',
    '',
    'Run **terraform apply**, then read the [guide](/guides/).',
    '',
    '```hcl',
    'module "vpc" {}',
    '```',
  ].join('\n'),
  python: [
    'import boto3',
    '',
    'def buckets(region: str) -> list[str]:',
    '    s3 = boto3.client("s3", region_name=region)',
    '    return [b["Name"] for b in s3.list_buckets()["Buckets"]]',
  ].join('\n'),
  json: [
    '{',
    '  "Version": "2012-10-17",',
    '  "Statement": [{ "Effect": "Allow", "Action": "s3:GetObject" }]',
    '}',
  ].join('\n'),
  go: ['package main', '', 'import "fmt"', '', 'func main() {', '\tfmt.Println("terratest")', '}'].join('\n'),
  sql: ['SELECT name, engine', 'FROM rds_instances -- every region', "WHERE engine = 'postgres';"].join('\n'),
  graphql: ['query Modules($first: Int) {', '  modules(first: $first) { name version }', '}'].join('\n'),
  hcl: [
    'module "vpc" {',
    '  source = "git::git@github.com:gruntwork-io/terraform-aws-vpc.git//modules/vpc-app?ref=v0.26.0"',
    '',
    '  vpc_name   = "mgmt"',
    '  cidr_block = "10.0.0.0/16"',
    '  num_nat_gateways = var.num_nat_gateways',
    '}',
  ].join('\n'),
  bash: [
    '#!/usr/bin/env bash',
    'set -euo pipefail',
    'for region in us-east-1 eu-west-1; do',
    '  aws s3 ls --region "$region" | wc -l',
    'done',
  ].join('\n'),
  docker: [
    'FROM golang:1.22 AS build',
    'WORKDIR /src',
    'COPY . .',
    'RUN go build -o /out/app ./cmd/app',
    'ENTRYPOINT ["/out/app"]',
  ].join('\n'),
  diff: [
    '--- a/main.tf',
    '+++ b/main.tf',
    '@@ -1,3 +1,3 @@',
    '-  instance_type = "t3.micro"',
    '+  instance_type = "t3.small"',
    '   ami = var.ami',
  ].join('\n'),
  ini: ['[default]', 'region = us-east-1', '; profile used by CI', 'output = json'].join('\n'),
};

const GENERIC = [
  '// a comment',
  'let total = 42 + 0x1f; /* block */',
  'fn("text", \'chars\') { return [1, 2.5, true] }',
  '# hash comment',
  '',
  '<tag attr="value">body</tag>',
].join('\n');

/** The grammar (a `Prism.languages` object) each sample is written for. */
const sampleFor = (language: string): string => {
  const grammar = Prism.languages[language];
  const entry = Object.entries(SAMPLES).find(([name]) => Prism.languages[name] === grammar);
  return entry?.[1] ?? GENERIC;
};

/** The comment that the theme recognises as a magic comment in `language` (its own table). */
function magicComment(language: string, directive: string): string {
  if (['html', 'markdown', 'md', 'xml', 'svg', 'markup', 'mathml', 'ssml', 'atom', 'rss'].includes(language)) {
    return `<!-- ${directive} -->`;
  }
  if (['python', 'py', 'bash', 'sh', 'shell', 'yaml', 'yml', 'docker', 'dockerfile', 'ini', 'hcl'].includes(language)) {
    return `# ${directive}`;
  }
  if (language === 'sql') return `-- ${directive}`;
  return `// ${directive}`;
}

/** `code` with a highlight-next-line before its second line and a highlight block around its last two. */
function withMagicComments(code: string, language: string): string {
  const lines = code.split('\n');
  const last = lines.length - 2;
  return [
    lines[0],
    magicComment(language, 'highlight-next-line'),
    ...lines.slice(1, last),
    magicComment(language, 'highlight-start'),
    ...lines.slice(last),
    magicComment(language, 'highlight-end'),
  ].join('\n');
}

/** Every language name stock resolves: prism-react-renderer's, then the additional ones and their aliases. */
function stockLanguages(): string[] {
  return Object.keys(Prism.languages).filter((name) => {
    const grammar: unknown = Prism.languages[name];
    return typeof grammar === 'object' && grammar !== null;
  });
}

interface Block {
  tokens: EncodedLines;
  stock: EncodedLines;
  code: string;
  lineClassNames: Record<number, string[]>;
}

/** What prism-react-renderer's `Highlight` gives the theme for `code` in `language`. */
function highlight(code: string, language: string): Token[][] {
  let lines: Token[][] = [];
  renderToStaticMarkup(
    <Highlight prism={Prism} code={code} language={language}>
      {({ tokens }) => {
        lines = tokens;
        return <></>;
      }}
    </Highlight>,
  );
  return lines;
}

const encode = (lines: Token[][]): EncodedLines =>
  lines.map((line) => line.map((token) => [token.types.join(' '), token.empty ? '\n' : token.content]));

function textOf(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
}

/** The fence through the remark plugin, and through what stock does with the `code` element MDX makes. */
async function compare(markdown: string): Promise<Block> {
  const processor = unified().use(remarkParse).use(remarkHighlightCode, prism);
  const tree = (await processor.run(processor.parse(markdown))) as Root;
  const node = tree.children[0] as Code;
  const pre = (toHast(tree) as HastRoot).children.find((child): child is Element => child.type === 'element');
  const code = pre?.children[0] as Element;
  const classes = code.properties.className;
  const metadata = createCodeBlockMetadata({
    code: textOf(code),
    className: Array.isArray(classes) ? classes.join(' ') : undefined,
    metastring: node.meta ?? undefined,
    language: undefined,
    defaultLanguage: prism.defaultLanguage,
    magicComments: prism.magicComments,
    title: undefined,
    showLineNumbers: undefined,
  });
  return {
    tokens: JSON.parse(String(code.properties[TOKENS_PROP])) as EncodedLines,
    stock: encode(highlight(metadata.code, metadata.language)),
    code: metadata.code,
    lineClassNames: metadata.lineClassNames,
  };
}

/** A fence of four backticks, so samples may hold fences of three. */
const fence = (language: string, code: string, meta = ''): string =>
  `\`\`\`\`${language}${meta ? ` ${meta}` : ''}\n${code}\n\`\`\`\`\n`;

describe('build-time tokens equal stock, for every language stock highlights', () => {
  const languages = stockLanguages();

  it('covers the bundled languages, their aliases and the additional languages with theirs', () => {
    expect(languages).toEqual(
      expect.arrayContaining(['js', 'ts', 'py', 'yml', 'md', 'html', 'xml', 'svg', 'jsx', 'tsx', 'go', 'json']),
    );
    expect(languages).toEqual(
      expect.arrayContaining(['hcl', 'bash', 'sh', 'shell', 'docker', 'dockerfile', 'diff', 'ini']),
    );
  });

  it.each(languages)('%s: same tokens, line by line', async (language) => {
    const block = await compare(fence(language, sampleFor(language)));
    expect(block.tokens).toEqual(block.stock);
    expect(block.tokens.length).toBe(sampleFor(language).split('\n').length);
  });

  it.each(languages)('%s with magic comments: the comments removed, same tokens as stock', async (language) => {
    const block = await compare(fence(language, withMagicComments(sampleFor(language), language)));
    expect(block.code).toBe(sampleFor(language));
    expect(Object.keys(block.lineClassNames).length).toBeGreaterThan(0);
    expect(block.tokens).toEqual(block.stock);
  });

  it('highlights a `js` fence with magic comments, a title, line numbers and no other metadata', async () => {
    const code = withMagicComments(SAMPLES.javascript ?? '', 'js');
    const block = await compare(fence('js', code, 'title="server.js" showLineNumbers'));
    expect(block.tokens).toEqual(block.stock);
    expect(block.tokens.flat().filter(([types]) => types.includes('keyword')).length).toBeGreaterThan(3);
  });

  it('keeps magic comments when the metastring gives line ranges, as stock does', async () => {
    const code = withMagicComments(SAMPLES.hcl ?? '', 'hcl');
    const block = await compare(fence('hcl', code, '{2,4-5}'));
    expect(block.code).toBe(code);
    expect(block.tokens).toEqual(block.stock);
  });

  it('lower-cases the language, as stock does', async () => {
    const block = await compare(fence('HCL', SAMPLES.hcl ?? ''));
    expect(block.tokens).toEqual(block.stock);
    expect(block.tokens[0]?.[0]).toEqual(['keyword', 'module']);
  });

  it.each(['console', 'powershell', 'text', ''])(
    'leaves a language stock does not highlight plain: "%s"',
    async (language) => {
      const block = await compare(fence(language, 'PS> terraform plan\nNo changes.'));
      expect(block.tokens).toEqual(block.stock);
      expect(block.tokens).toEqual([[['plain', 'PS> terraform plan']], [['plain', 'No changes.']]]);
    },
  );
});
