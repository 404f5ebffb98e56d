/**
 * Code highlighting and Mermaid diagrams on built pages (ARCHITECTURE.md, 'Code highlighting' and
 * 'Mermaid diagrams'), on the feature pages of the fixture build (`npm run build:fixtures`,
 * test/fixtures/feature-pages): fences with every option, `CodeBlock`s whose code is known only
 * at run time (in MDX, from a raw-loader import, in a React page) and a diagram, in both colour
 * modes, under the production Content-Security-Policy (any violation or console error fails the
 * test). On the default build: a page without these features loads neither the highlighter nor
 * anything of Mermaid.
 */
import * as cheerio from 'cheerio';
import { describe, expect, inject, it } from 'vitest';
import type { Page, Response } from 'playwright-core';

import { answerAnalytics } from './analytics-stub';
import { registerBrowserSession, type WatchedPage } from './browser';
import { COLOR_MODES } from './page-types';
import fixtureBuild from './fixtures/fixture-build.json';

const fixtureBaseUrl = inject('fixtureBaseUrl');
const featurePages = fixtureBuild.featurePages.route;
const session = registerBrowserSession(() => fixtureBaseUrl);
const defaultBuild = registerBrowserSession();

/** The chunk names given to the two on-demand chunks (`webpackChunkName`). */
const HIGHLIGHTER_CHUNK = /\/code-highlighter\.[0-9a-f]+\.js$/;
const DIAGRAM_CHUNK = /\/mermaid-diagram\.[0-9a-f]+\.js$/;

/** A string only the mermaid library holds (its parse error), to spot it in any script. */
const MERMAID_LIBRARY = 'Syntax error in text';

/** Records the scripts a page fetches, with their bodies. */
function recordScripts(page: Page): { url: string; body: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
    }
  });
  return scripts;
}

/** Opens `path` of the fixture build in `mode`, hydrated; analytics requests are answered. */
async function open(path: string, mode: (typeof COLOR_MODES)[number] = 'light'): Promise<WatchedPage> {
  const watched = await session.watch({ colorScheme: mode });
  await answerAnalytics(watched.page);
  await watched.page.goto(`${fixtureBaseUrl}${featurePages}${path}`);
  await watched.page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  return watched;
}

/** A code block by its title, and the text of its tokens of one Prism type. */
function block(page: Page, title: string) {
  const container = page.locator('.theme-code-block').filter({ has: page.getByText(title, { exact: true }) });
  return {
    container,
    tokens: (type: string) => container.locator(`.token.${type}`).allTextContents(),
  };
}

/** The server HTML of a feature page, as a crawler or a reader without JavaScript gets it, parsed. */
async function serverHtml(page: Page, path: string): Promise<cheerio.CheerioAPI> {
  const response = await page.request.get(`${fixtureBaseUrl}${featurePages}${path}`);
  return cheerio.load(await response.text());
}

/** The texts of the keyword tokens of the block titled `title` in server HTML. */
function serverKeywords($: cheerio.CheerioAPI, title: string): string[] {
  const container = $('.theme-code-block').filter((_index, element) => $(element).text().includes(title));
  return container
    .find('.token.keyword')
    .map((_index, element) => $(element).text())
    .get();
}

describe.skipIf(fixtureBaseUrl === '')(
  fixtureBaseUrl === ''
    ? 'feature pages (skipped: needs build-fixtures/, made by npm run build:fixtures)'
    : 'feature pages',
  () => {
    it('fences: magic comments removed and their lines marked, ranges, title, line numbers, tokens', async () => {
      const { page } = await open('code-blocks');
      const server = block(page, 'server.js');
      expect(await server.container.locator('pre').textContent()).not.toContain('highlight-');
      expect(await server.tokens('keyword')).toEqual(['const']);
      expect(await server.container.locator('.theme-code-block-highlighted-line').allTextContents()).toEqual([
        'server.keepAliveTimeout = 65 * 1000;',
        'server.headersTimeout = 66 * 1000;',
        'server.requestTimeout = 0;',
      ]);
      // Line numbers are drawn by CSS counters, one number element per line.
      expect(await server.container.locator('.token-line > [class*="codeLineNumber"]').count()).toBe(4);

      const fence = page.locator('.theme-code-block.language-hcl').first();
      expect(await fence.locator('.token-line').count()).toBe(6);
      expect(
        await fence
          .locator('.token-line')
          .evaluateAll((lines) =>
            lines.flatMap((line, index) =>
              line.classList.contains('theme-code-block-highlighted-line') ? [index + 1] : [],
            ),
          ),
      ).toEqual([2, 4, 5]);
    });

    it('highlights CodeBlocks with run-time code in the server HTML, from MDX, a raw-loader import and a React page', async () => {
      const { page } = await open('code-blocks');
      const mdx = await serverHtml(page, 'code-blocks');
      const react = await serverHtml(page, 'react-code-block');
      expect(serverKeywords(mdx, 'versions.tf')).toEqual(['terraform', 'required_providers']);
      expect(serverKeywords(mdx, 'vpc.tf')).toEqual(expect.arrayContaining(['variable', 'output']));
      expect(serverKeywords(react, 'backend.tf')).toEqual(expect.arrayContaining(['terraform', 'backend']));
    });

    it.each(COLOR_MODES)(
      'keeps run-time CodeBlocks highlighted through hydration and the chunk load, in %s mode',
      async (mode) => {
        const watched = await session.watch({ colorScheme: mode });
        await answerAnalytics(watched.page);
        const scripts = recordScripts(watched.page);
        const { page } = watched;
        // Any moment the blocks lose their tokens (a client render of plain text) is recorded.
        await page.addInitScript(() => {
          const lost: string[] = [];
          (window as unknown as { lostTokens: string[] }).lostTokens = lost;
          document.addEventListener('DOMContentLoaded', () => {
            new MutationObserver(() => {
              for (const title of ['versions.tf', 'vpc.tf']) {
                const container = Array.from(document.querySelectorAll('.theme-code-block')).find((element) =>
                  element.textContent.includes(title),
                );
                if (!container?.querySelector('.token.keyword')) lost.push(title);
              }
            }).observe(document.body, { subtree: true, childList: true });
          });
        });
        await page.goto(`${fixtureBaseUrl}${featurePages}code-blocks`);
        await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');

        expect(await block(page, 'versions.tf').tokens('keyword')).toEqual(['terraform', 'required_providers']);
        const vpc = block(page, 'vpc.tf');
        expect(await vpc.tokens('keyword')).toEqual(expect.arrayContaining(['variable', 'output']));
        // Prism's HCL grammar, as stock renders it: block labels are types, with their spaces.
        expect(await vpc.tokens('type')).toEqual([' "vpc_cidr_block" ', '"aws_vpc"', ' "vpc_id" ']);
        expect(await vpc.container.locator('.token-line').count()).toBe(18);
        expect(await page.evaluate(() => (window as unknown as { lostTokens: string[] }).lostTokens)).toEqual([]);
        expect(scripts.filter((script) => HIGHLIGHTER_CHUNK.test(script.url))).toHaveLength(1);

        // Coloured by the stylesheet of the mode: a keyword and the plain text differ.
        const colours = await vpc.container
          .locator('.token.keyword')
          .first()
          .evaluate((keyword) => [
            getComputedStyle(keyword).color,
            getComputedStyle(keyword.closest('pre') ?? keyword).color,
          ]);
        expect(colours[0]).not.toBe(colours[1]);
      },
    );

    it('highlights a run-time CodeBlock reached by a client-side navigation', async () => {
      const { page } = await open('diagram');
      await page.getByRole('link', { name: 'code blocks' }).click();
      await page.waitForURL(/\/code-blocks$/);
      await expect
        .poll(() => block(page, 'versions.tf').tokens('keyword'), { timeout: 10_000 })
        .toEqual(['terraform', 'required_providers']);
    });

    it.each(COLOR_MODES)('draws a Mermaid diagram in %s mode under the CSP, with its source hidden', async (mode) => {
      const { page } = await open('diagram', mode);
      const diagram = page.locator('.docusaurus-mermaid-container svg');
      await diagram.waitFor({ state: 'visible', timeout: 20_000 });
      await expect.poll(() => diagram.textContent()).toContain('Application Load Balancer');

      const source = page.locator('pre.language-mermaid');
      expect(await source.getAttribute('hidden')).toBe('');
      expect(await source.evaluate((pre) => getComputedStyle(pre).display)).toBe('none');
      expect(await source.locator('code').textContent()).toBe(
        [
          'flowchart LR',
          '  client[Client] --> alb[Application Load Balancer]',
          '  alb --> tg[Target group]',
          '  tg --> ecs[ECS service]',
        ].join('\n'),
      );
      // Not exposed to assistive technology: no element of the accessibility tree holds the source.
      const tree = await page.locator('main').ariaSnapshot();
      expect(tree).not.toContain('flowchart LR');
    });

    it('writes the diagram source, hidden, into the server HTML', async () => {
      const { page } = await open('diagram');
      const $ = await serverHtml(page, 'diagram');
      const source = $('pre.language-mermaid');
      expect(source.is('[hidden]')).toBe(true);
      expect(source.children('code').text()).toBe(
        [
          'flowchart LR',
          '  client[Client] --> alb[Application Load Balancer]',
          '  alb --> tg[Target group]',
          '  tg --> ecs[ECS service]',
        ].join('\n'),
      );
    });
  },
);

describe('a page without run-time code blocks or diagrams (default build)', () => {
  it('loads neither the highlighter nor any Mermaid code', async () => {
    const watched = await defaultBuild.watch();
    const scripts = recordScripts(watched.page);
    await watched.page.goto(`${inject('baseUrl')}/guides/build-it-yourself/vpc/core-concepts/cidr-notation`);
    await watched.page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await watched.page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(2);
    expect(
      scripts.map((script) => script.url).filter((url) => HIGHLIGHTER_CHUNK.test(url) || DIAGRAM_CHUNK.test(url)),
    ).toEqual([]);
    const bodies = await Promise.all(scripts.map((script) => script.body));
    expect(
      bodies.filter((body) => body.includes(MERMAID_LIBRARY) || body.includes('docusaurus-mermaid-container')),
    ).toEqual([]);
  });
});
