/**
 * Doc cards and generated-index pages as a reader sees them (ARCHITECTURE.md, 'Doc cards'), in a
 * built site: the doc-cards fixture (`test/fixtures/doc-cards/`), built here with the site's docs
 * plugin (`plugins/lean-docs`) and theme (`src/theme`), served on a free loopback port and read in
 * Chromium after hydration. Each page is a case a writer finds in the Docusaurus docs; the expected
 * cards are what stock Docusaurus 3.10 renders for it (📄️ for a doc, 🔗 for another site, 🗃 for
 * a category, unless the label starts with its own emoji; the doc's description, or the category's
 * description or item count). A page that asked for a doc it does not carry would stop the build,
 * and any console error fails the test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serveBuild } from '../../scripts/bench/lighthouse.mjs';
import { cachedBuild } from '../../scripts/build-cache.mjs';
import { registerBrowserSession } from './browser';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = 'test/fixtures/doc-cards/docusaurus.config.ts';
/** Scratch folders inside node_modules/.cache, so a run leaves nothing in the worktree. */
const SCRATCH = path.join(ROOT, 'node_modules/.cache/doc-cards');
const OUT = path.join(SCRATCH, 'build');

let server: { origin: string; close: () => Promise<void> } | undefined;

beforeAll(async () => {
  let failure = '';
  // Built once per change of its inputs: a run whose inputs match a stored build copies that one
  // (scripts/build-cache.mjs).
  const { ok } = await cachedBuild({
    name: 'doc-cards',
    outputs: [path.relative(ROOT, OUT)],
    testInputs: ['test/fixtures/doc-cards/'],
    extra: [CONFIG],
    log: () => undefined,
    build: () => {
      fs.rmSync(SCRATCH, { recursive: true, force: true });
      const build = spawnSync(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
          'build',
          ROOT,
          '--config',
          CONFIG,
          '--out-dir',
          OUT,
        ],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: {
            ...process.env,
            // Its own generated folder and no persistent bundler cache, so the site's own build is untouched.
            DOCUSAURUS_GENERATED_FILES_DIR_NAME: path.relative(ROOT, path.join(SCRATCH, 'generated')),
            DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
          },
        },
      );
      failure = `${build.stdout}\n${build.stderr}`;
      return build.status === 0;
    },
  });
  if (!ok) throw new Error(`the doc-cards fixture did not build:\n${failure}`);
}, 600_000);

beforeAll(async () => {
  server = await serveBuild(OUT);
});

afterAll(async () => {
  await server?.close();
});

const session = registerBrowserSession(() => server?.origin ?? '');

/** A card as the reader sees it: its heading (icon and title), its description and where it links. */
interface Card {
  title: string;
  description: string;
  href: string;
}

/** The cards in the page's main content, in order. */
function cards(page: Page): Promise<Card[]> {
  return page.locator('main a.card').evaluateAll((links) =>
    links.map((link) => ({
      // The heading's icon and title, which the theme renders side by side.
      title: Array.from(link.querySelector('h2')?.children ?? [], (part) => part.textContent).join(' '),
      description: link.querySelector('p')?.textContent ?? '',
      href: link.getAttribute('href') ?? '',
    })),
  );
}

const NETWORKING_CARDS: Card[] = [
  {
    title: '📄️ Subnets',
    description: 'How a VPC splits its CIDR block across Availability Zones.',
    href: '/guide/networking/subnets',
  },
  {
    title: '🧭 Route tables',
    description: 'Where traffic from a subnet goes next.',
    href: '/guide/networking/route-tables',
  },
  {
    title: '🗃 VPC peering',
    description: 'Connect two VPCs without a gateway.',
    href: '/guide/networking/peering/accepter',
  },
  {
    title: '📄️ Related pages',
    description: 'The other pages of the networking category.',
    href: '/guide/networking/related',
  },
];

const HOOKS_CARDS: Card[] = [
  {
    title: '📄️ Hand-written cards',
    description: 'A card list whose items are written in the page.',
    href: '/guide/hooks/hand-written',
  },
  {
    title: '📄️ One card',
    description: 'A single DocCard that points into another sidebar.',
    href: '/guide/hooks/single-card',
  },
  {
    title: '📄️ Summary by id',
    description: 'A component that reads a doc with useDocById.',
    href: '/guide/hooks/by-id',
  },
  { title: '📄️ Hook report', description: 'What the docs hooks return on a doc page.', href: '/guide/hooks/report' },
];

describe('doc cards in a built page', () => {
  it("a category's link doc with <DocCardList /> shows a card per item of its category", async () => {
    const { page } = await session.open('/guide/networking/');
    expect(await cards(page)).toEqual(NETWORKING_CARDS);
  });

  it('<DocCardList /> on another doc of the category shows its siblings', async () => {
    const { page } = await session.open('/guide/networking/related');
    expect(await cards(page)).toEqual(NETWORKING_CARDS);
  });

  it('<DocCardList items={useCurrentSidebarCategory().items} /> shows the category items', async () => {
    const { page } = await session.open('/guide/hooks/');
    expect(await cards(page)).toEqual(HOOKS_CARDS);
  });

  it('hand-written items: a doc of another sidebar, another site, a link without a doc id, a category', async () => {
    const { page } = await session.open('/guide/hooks/hand-written');
    expect(await cards(page)).toEqual([
      {
        title: '📄️ Remote state',
        description: 'Keep state in S3 so every run sees the same resources.',
        href: '/elsewhere/remote-state',
      },
      {
        title: '🔗 Terraform language',
        description: 'The language reference on the HashiCorp site.',
        href: 'https://developer.hashicorp.com/terraform/language',
      },
      { title: '📄️ Subnets, without an id', description: '', href: '/guide/networking/subnets' },
      { title: '🗃 Networking pages', description: '2 items', href: '/guide/networking/' },
    ]);
  });

  it('a single <DocCard> of a doc in another sidebar', async () => {
    const { page } = await session.open('/guide/hooks/single-card');
    expect(await cards(page)).toEqual([
      {
        title: '📄️ State locking',
        description: 'A DynamoDB table stops two applies from writing state at once.',
        href: '/elsewhere/state-locking',
      },
    ]);
  });

  it("a writer's component reads a doc with useDocById from an id it is given", async () => {
    const { page } = await session.open('/guide/hooks/by-id');
    await expect(page.getByRole('complementary', { name: 'Doc summary' }).textContent()).resolves.toBe(
      'Subnets: How a VPC splits its CIDR block across Availability Zones.',
    );
  });

  it('the docs hooks return what a writer reads in stock Docusaurus', async () => {
    const { page } = await session.open('/guide/hooks/report');
    const facts = Object.fromEntries(
      await page
        .locator('main dl > div')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
        ),
    ) as Record<string, string>;
    expect(facts).toEqual({
      'useDocsSidebar name': 'guideSidebar',
      'useDocsSidebar items': 'Networking, Reference, Hooks',
      useDocsVersion: 'default current Next isLast=true',
      useActivePlugin: 'default /',
      useDocsPreferredVersion: 'none',
      useCurrentSidebarCategory: 'Hooks: Hand-written cards, One card, Summary by id, Hook report',
      customProps: '[["🧭 Route tables",{"badge":"updated"}]]',
    });
  });

  it('cards render after an in-site navigation too', async () => {
    const { page } = await session.open('/');
    await page.getByRole('link', { name: 'Guide' }).first().click();
    await page.waitForURL('**/guide/networking/');
    await expect.poll(() => cards(page)).toEqual(NETWORKING_CARDS);
    await page.getByRole('link', { name: 'Hooks' }).click();
    await page.waitForURL('**/guide/hooks/');
    await expect.poll(() => cards(page)).toEqual(HOOKS_CARDS);
  });
});

describe('generated-index pages in a built page', () => {
  it('a category with `link: {type: generated-index}` in _category_.yml: title, description, metadata, cards', async () => {
    const { page } = await session.open('/guide/reference/all');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Reference pages');
    await expect(page.locator('main header p').textContent()).resolves.toBe(
      'Inputs, outputs and state, one page each.',
    );
    await expect(page.title()).resolves.toBe('Reference pages | Doc cards fixture');
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe(
      'Inputs, outputs and state, one page each.',
    );
    await expect(page.locator('meta[name="keywords"]').getAttribute('content')).resolves.toBe('terraform,reference');
    await expect(page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toBe(
      'https://docs.example.invalid/img/favicon.svg',
    );
    expect(await cards(page)).toEqual([
      {
        title: '📄️ Inputs',
        description: 'Variables a module reads, with their types and defaults.',
        href: '/guide/reference/inputs',
      },
      { title: '📄️ Outputs', description: 'Values a module exports to its caller.', href: '/guide/reference/outputs' },
      // A nested category with its own generated index links to it, with its item count.
      { title: '🗃 State', description: '1 item', href: '/category/state' },
    ]);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['', 'Reference']);
    await expect(page.locator('nav.pagination-nav a').allTextContents()).resolves.toEqual([
      'PreviousRelated pages',
      'NextInputs',
    ]);
    await expect(page.locator('nav[aria-label="Docs sidebar"] .menu__link--active').allTextContents()).resolves.toEqual(
      ['Reference'],
    );
  });

  it('a nested generated index with the default title and slug', async () => {
    const { page } = await session.open('/category/state');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('State');
    expect(await cards(page)).toEqual([
      {
        title: '📄️ Backends',
        description: 'The S3 backend stores state in a bucket and locks it.',
        href: '/guide/reference/state/backends',
      },
    ]);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['', 'Reference', 'State']);
  });

  it('a generated index declared in sidebars.ts', async () => {
    const { page } = await session.open('/category/state-storage');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('State storage');
    await expect(page.locator('main header p').textContent()).resolves.toBe(
      'Where Terraform keeps state, and how teams share it.',
    );
    expect(await cards(page)).toEqual([
      {
        title: '📄️ Remote state',
        description: 'Keep state in S3 so every run sees the same resources.',
        href: '/elsewhere/remote-state',
      },
      {
        title: '📄️ State locking',
        description: 'A DynamoDB table stops two applies from writing state at once.',
        href: '/elsewhere/state-locking',
      },
    ]);
    await expect(page.locator('nav.pagination-nav a').allTextContents()).resolves.toEqual(['NextRemote state']);
  });
});
