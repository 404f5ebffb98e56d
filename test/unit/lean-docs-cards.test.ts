// @vitest-environment node
/**
 * plugins/lean-docs, doc cards (ARCHITECTURE.md, 'Doc cards'): which card features a doc uses, read
 * from its MDX and the files it imports; which docs its cards may show; and the version metadata
 * a page's components read, with the error for a doc the page does not carry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PropSidebar, PropVersionDocs, PropVersionMetadata } from '@docusaurus/plugin-content-docs';
import { afterAll, describe, expect, it } from 'vitest';

import {
  GENERATED_INDEX_USAGE,
  UnknownCardDocError,
  cardDocIds,
  cardDocsModule,
  categoryTrail,
} from '@site/plugins/lean-docs/card-docs';
import { CardUsageReader, mayHoldCardFacts, noCardUsage, type CardUsage } from '@site/plugins/lean-docs/card-usage';
import { pageVersion, siteRelative } from '@site/plugins/lean-docs/client/pageVersion';

// Outside node_modules: imports of files inside a node_modules folder are packages, never followed.
const SITE = fs.mkdtempSync(path.join(os.tmpdir(), 'lean-docs-cards-'));
afterAll(() => {
  fs.rmSync(SITE, { recursive: true, force: true });
});

/** The site's Markdown parsing settings (Docusaurus's defaults, format `detect`). */
const PARSING = {
  markdownConfig: { format: 'detect', mdx1Compat: { comments: true, admonitions: true, headingIds: true } },
  admonitions: { keywords: ['answer'], extendDefaults: true },
};

/** Writes `files` (site-relative path → text) into the scratch site and returns a reader over it. */
function site(files: Record<string, string>): CardUsageReader {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(SITE, file)), { recursive: true });
    fs.writeFileSync(path.join(SITE, file), text);
  }
  return new CardUsageReader(SITE, PARSING);
}

const usageOf = (reader: CardUsageReader, file: string, format?: 'md' | 'mdx'): Promise<CardUsage> =>
  reader.usageOf(path.join(SITE, file), format);

/** The usage as plain data, for comparing. */
const plain = (usage: CardUsage) => ({ ...usage, docIds: Object.fromEntries(usage.docIds), literals: undefined });

describe('card usage of a doc', { timeout: 30_000 }, () => {
  it('reads DocCardList without items as the cards of its siblings', async () => {
    const reader = site({
      'docs/a/index.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Overview\n\n<DocCardList />\n",
    });
    expect(plain(await usageOf(reader, 'docs/a/index.mdx'))).toEqual({
      docIds: {},
      literals: undefined,
      siblings: true,
      category: false,
      sidebar: false,
      readsDocs: true,
    });
  });

  it('takes names as imported: a renamed DocCardList, and useCurrentSidebarCategory from theme-common', async () => {
    const reader = site({
      'docs/b.mdx': [
        "import Cards from '@theme/DocCardList';",
        "import { useCurrentSidebarCategory as category } from '@docusaurus/theme-common';",
        '',
        '<Cards items={category().items} />',
        '',
      ].join('\n'),
    });
    const usage = await usageOf(reader, 'docs/b.mdx');
    expect([usage.readsDocs, usage.siblings, usage.category]).toEqual([true, false, true]);
  });

  it('collects doc ids from docId properties, docId attributes and useDocById string arguments', async () => {
    const reader = site({
      'docs/c.mdx': [
        "import DocCard from '@theme/DocCard';",
        '',
        "<DocCard item={{ type: 'link', href: '/x', label: 'X', docId: 'guides/x' }} />",
        '',
        '<Custom docId="guides/y" />',
        '',
        "{useDocById(`guides/z`) && 'shown'}",
        '',
      ].join('\n'),
    });
    const usage = await usageOf(reader, 'docs/c.mdx');
    expect(Object.fromEntries(usage.docIds)).toEqual({
      'guides/x': 'docs/c.mdx',
      'guides/y': 'docs/c.mdx',
      'guides/z': 'docs/c.mdx',
    });
    expect(usage.siblings).toBe(false);
  });

  it('follows local imports: an MDX partial and a component, naming the file that asks for a doc', async () => {
    const reader = site({
      'docs/d.mdx': [
        "import Partial from './_partial.mdx';",
        "import Summary from '@site/src/components/Summary';",
        '',
        '<Partial />',
        '',
        '<Summary id="guides/intro" />',
        '',
      ].join('\n'),
      'docs/_partial.mdx': "import DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n",
      'src/components/Summary/index.tsx': [
        "import { useDocById } from '@docusaurus/plugin-content-docs/client';",
        "import { helper } from '../helper';",
        'export default function Summary({ id }: { id: string }) {',
        '  const doc = useDocById(id);',
        "  return <p>{doc?.title ?? helper('guides/other')}</p>;",
        '}',
      ].join('\n'),
      'src/components/helper.ts':
        "export const helper = (s: string): string => s;\nexport const FIXED = useDocById('guides/fixed');\n",
    });
    const usage = await usageOf(reader, 'docs/d.mdx');
    expect(usage.siblings).toBe(true);
    expect(usage.readsDocs).toBe(true);
    expect(Object.fromEntries(usage.docIds)).toEqual({ 'guides/fixed': 'src/components/helper.ts' });
    // String literals that may be doc ids, with the first file that holds each.
    expect(usage.literals.get('guides/intro')).toBe('docs/d.mdx');
    expect(usage.literals.get('guides/other')).toBe('src/components/Summary/index.tsx');
  });

  it('finds nothing in code, prose or plain Markdown that only mentions the components', async () => {
    const reader = site({
      'docs/e.mdx': '# Cards\n\nUse `<DocCardList />` in a category page:\n\n```mdx\n<DocCardList />\n```\n',
      'docs/f.md': '# Plain\n\n<DocCardList />\n',
      'docs/g.mdx': '# Written as md\n\n<DocCardList />\n',
    });
    expect(plain(await usageOf(reader, 'docs/e.mdx'))).toEqual(plain(noCardUsage()));
    expect(plain(await usageOf(reader, 'docs/f.md'))).toEqual(plain(noCardUsage()));
    // `mdx: {format: md}` front matter makes a .mdx file plain Markdown.
    expect(plain(await usageOf(reader, 'docs/g.mdx', 'md'))).toEqual(plain(noCardUsage()));
  });

  it('parses what Docusaurus parses: HTML comments, heading ids, admonitions with titles', async () => {
    const reader = site({
      'docs/h.mdx': [
        '<!-- a comment -->',
        '',
        '## Heading {#custom-id}',
        '',
        ':::note[Read this]',
        '',
        'The cards below list every page of this category.',
        '',
        ':::',
        '',
        "import DocCardList from '@theme/DocCardList';",
        '',
        '<DocCardList />',
        '',
      ].join('\n'),
    });
    expect((await usageOf(reader, 'docs/h.mdx')).siblings).toBe(true);
  });

  it('stops on a file that does not parse, naming it', async () => {
    const reader = site({ 'docs/i.mdx': "import DocCard from '@theme/DocCard';\n\n<DocCard item={{ type: }} />\n" });
    await expect(usageOf(reader, 'docs/i.mdx')).rejects.toThrow(
      /^lean-docs: cannot parse docs\/i\.mdx to find the doc cards it shows: /,
    );
  });

  it('skips parsing only files that name no feature and have no ESM line', () => {
    expect(mayHoldCardFacts('# Title\n\nRun `export A=1` first; import nothing.\n')).toBe(false);
    expect(mayHoldCardFacts('# Title\n\n```bash\nexport A=1\n```\n')).toBe(true);
    expect(mayHoldCardFacts("import X from './x';\n")).toBe(true);
    expect(mayHoldCardFacts('<DocCardList />')).toBe(true);
    expect(mayHoldCardFacts('{props.docId}')).toBe(true);
  });
});

/** A sidebar as the docs plugin hands it to the theme. */
const sidebar: PropSidebar = [
  { type: 'link', href: '/intro', label: 'Intro', docId: 'intro', unlisted: false },
  {
    type: 'category',
    label: 'VPC',
    href: '/vpc/',
    collapsed: true,
    collapsible: true,
    items: [
      { type: 'link', href: '/vpc/subnets', label: 'Subnets', docId: 'vpc/subnets', unlisted: false },
      {
        type: 'category',
        label: 'Peering',
        description: 'Connect two VPCs.',
        collapsed: true,
        collapsible: true,
        items: [
          { type: 'link', href: '/vpc/peering/accept', label: 'Accept', docId: 'vpc/peering/accept', unlisted: false },
        ],
      },
      { type: 'link', href: 'https://aws.amazon.com/vpc/', label: 'AWS VPC' },
    ],
  },
];

const docs: PropVersionDocs = Object.fromEntries(
  ['intro', 'vpc/index', 'vpc/subnets', 'vpc/peering/accept', 'other/far'].map((id) => [
    id,
    { id, title: `Title of ${id}`, description: `About ${id}.`, sidebar: id === 'other/far' ? 'other' : 'main' },
  ]),
);
const isDoc = (id: string): boolean => Object.hasOwn(docs, id);

describe('docs a page carries', () => {
  it('finds the deepest category that holds or links a page, as the theme does', () => {
    expect(categoryTrail(sidebar, '/vpc/').map((c) => c.label)).toEqual(['VPC']);
    expect(categoryTrail(sidebar, '/VPC')).toHaveLength(1);
    expect(categoryTrail(sidebar, '/vpc/peering/accept').map((c) => c.label)).toEqual(['VPC', 'Peering']);
    expect(categoryTrail(sidebar, '/intro')).toEqual([]);
  });

  it('gives a category page the docs its category lists, not those of nested categories', () => {
    const usage: CardUsage = { ...noCardUsage(), siblings: true, readsDocs: true };
    const ids = cardDocIds(usage, { permalink: '/vpc/', sidebarItems: sidebar }, 'docs/vpc/index.mdx', isDoc);
    expect(Object.fromEntries(ids)).toEqual({ 'vpc/subnets': 'docs/vpc/index.mdx' });
  });

  it("gives a top-level page's sibling cards the sidebar's top level", () => {
    const usage: CardUsage = { ...noCardUsage(), siblings: true, readsDocs: true };
    expect([
      ...cardDocIds(usage, { permalink: '/intro', sidebarItems: sidebar }, 'docs/intro.mdx', isDoc).keys(),
    ]).toEqual(['intro']);
  });

  it('gives useDocsSidebar the whole sidebar, and named ids and literal doc ids as they are', () => {
    const usage: CardUsage = {
      ...noCardUsage(),
      sidebar: true,
      readsDocs: true,
      docIds: new Map([['other/far', 'src/components/Far.tsx']]),
      literals: new Map([
        ['vpc/index', 'docs/intro.mdx'],
        ['not a doc', 'docs/intro.mdx'],
      ]),
    };
    const ids = cardDocIds(usage, { permalink: '/intro', sidebarItems: sidebar }, 'docs/intro.mdx', isDoc);
    expect(Object.fromEntries(ids)).toEqual({
      'other/far': 'src/components/Far.tsx',
      'vpc/index': 'docs/intro.mdx',
      intro: 'docs/intro.mdx',
      'vpc/subnets': 'docs/intro.mdx',
      'vpc/peering/accept': 'docs/intro.mdx',
    });
  });

  it('gives nothing to a page that renders no card, whatever hooks it calls', () => {
    const usage: CardUsage = { ...noCardUsage(), category: true, literals: new Map([['intro', 'docs/x.mdx']]) };
    expect(cardDocIds(usage, { permalink: '/vpc/', sidebarItems: sidebar }, 'docs/x.mdx', isDoc).size).toBe(0);
  });

  it('gives a generated index the docs its category lists', () => {
    const ids = cardDocIds(GENERATED_INDEX_USAGE, { permalink: '/vpc/', sidebarItems: sidebar }, 'index', isDoc);
    expect([...ids.keys()]).toEqual(['vpc/subnets']);
  });

  it("writes the docs' version metadata in id order, so equal sets make equal modules", () => {
    const module = cardDocsModule(
      new Map([
        ['vpc/subnets', 'a'],
        ['intro', 'b'],
      ]),
      docs,
    );
    expect(JSON.stringify(module)).toBe(
      JSON.stringify({ docs: { intro: docs.intro, 'vpc/subnets': docs['vpc/subnets'] } }),
    );
  });

  it('stops the build on a doc id no doc has, naming the file that names it', () => {
    expect(() => cardDocsModule(new Map([['vpc/subnet', 'docs/cards.mdx']]), docs)).toThrow(UnknownCardDocError);
    expect(() => cardDocsModule(new Map([['vpc/subnet', 'docs/cards.mdx']]), docs)).toThrow(
      "lean-docs: docs/cards.mdx names the doc id \"vpc/subnet\" (a card's `docId` or `useDocById('vpc/subnet')`), but no doc has this id.",
    );
  });
});

describe('the version metadata of a page', () => {
  const version: PropVersionMetadata = {
    pluginId: 'default',
    version: 'current',
    label: 'Next',
    banner: null,
    badge: false,
    noIndex: false,
    className: 'docs-version-current',
    isLast: true,
    docs: {},
    docsSidebars: {},
  };
  const page = pageVersion(version, {
    page: siteRelative('@site/docs/vpc/index.mdx'),
    cardDocs: { docs: { 'vpc/subnets': { id: 'vpc/subnets', title: 'Subnets', description: 'About vpc/subnets.' } } },
    sidebar: { name: 'main', items: sidebar },
  });

  it('answers for the docs and the sidebar the page carries, and keeps the other fields', () => {
    // What useDocById reads: version.docs[id].
    expect(page.docs['vpc/subnets']).toEqual({
      id: 'vpc/subnets',
      title: 'Subnets',
      description: 'About vpc/subnets.',
    });
    expect(Object.prototype.hasOwnProperty.call(page.docs, 'vpc/subnets')).toBe(true);
    expect(page.docsSidebars.main).toBe(sidebar);
    expect({ ...page, docs: undefined, docsSidebars: undefined }).toEqual({
      ...version,
      docs: undefined,
      docsSidebars: undefined,
    });
  });

  it('throws for a doc it does not carry, naming the page, the doc and what to do', () => {
    expect(() => page.docs.intro).toThrow(
      'lean-docs: docs/vpc/index.mdx asks for the doc "intro" (a card of it, or useDocById), which this page does not carry. ' +
        'Write "intro" as a string literal in docs/vpc/index.mdx, or in a component it imports that asks for it. ' +
        'See ARCHITECTURE.md, "Doc cards".',
    );
  });

  it('throws when the docs or sidebars are listed, and for another sidebar', () => {
    expect(() => Object.keys(page.docs)).toThrow(
      'lean-docs: docs/vpc/index.mdx asks for the list of all docs, which this page does not carry. Ask for each doc by id.',
    );
    expect(() => page.docsSidebars.other).toThrow(
      'lean-docs: docs/vpc/index.mdx asks for the sidebar "other", which this page does not carry. ' +
        'Read the page\'s own sidebar ("main") with useDocsSidebar().',
    );
    expect(() => Object.values(page.docsSidebars)).toThrow('asks for the list of all sidebars');
  });

  it('lets generic probes through: promise and JSON checks, prototype methods', () => {
    expect((page.docs as { then?: unknown }).then).toBeUndefined();
    expect(typeof page.docs.toString).toBe('function');
  });

  it('carries no docs on a page without a card docs module, and no sidebar on a page without one', () => {
    const bare = pageVersion(version, { page: 'docs/plain.md', cardDocs: undefined, sidebar: null });
    expect(() => bare.docs.intro).toThrow('lean-docs: docs/plain.md asks for the doc "intro"');
    expect(() => bare.docsSidebars.main).toThrow("Read the page's own sidebar (none) with useDocsSidebar().");
  });
});
