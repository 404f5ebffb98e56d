/**
 * The Copy page button and the View as Markdown link on a doc page, in Chromium with clipboard
 * permissions: the copy puts the page's Markdown twin on the clipboard, the button reads "Copied"
 * for 2 s with a status announcement, and no copying code loads before the reader reaches for it.
 */
import { describe, expect, it } from 'vitest';

import { COPIED_STATE_MS } from '../../plugins/markdown-twins/contract';

import { baseUrl, registerBrowserSession } from './browser';

const DOC = '/intro/core-concepts/infrastructure-as-code';
const TWIN = `${DOC}.md`;
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

const { open } = registerBrowserSession();

describe('Copy page', () => {
  it('copies the Markdown twin, shows Copied for 2 s and announces it', async () => {
    const { page } = await open(DOC, CLIPBOARD);
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor({ state: 'visible', timeout: 5000 });
    // Timed from here: the checks below take several hundred ms on a loaded machine.
    const copiedAt = Date.now();
    await expect(page.getByRole('status').filter({ hasText: 'Page copied' }).textContent()).resolves.toBe(
      'Page copied to the clipboard as Markdown',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const twin = await (await fetch(`${baseUrl()}${TWIN}`)).text();
    expect(copied).toBe(twin);
    expect(copied).toMatch(/^---\ntitle: Infrastructure as Code\n/);
    // Back to its label once the Copied state has shown for its time.
    await page
      .getByRole('button', { name: 'Copy page' })
      .waitFor({ state: 'visible', timeout: COPIED_STATE_MS + 2000 });
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(COPIED_STATE_MS - 300);
  });

  it('loads no copying code until the pointer reaches the button', async () => {
    const { page } = await open(DOC, CLIPBOARD);
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    expect(scripts).toEqual([]);
    await page.getByRole('button', { name: 'Copy page' }).hover();
    await expect.poll(() => scripts.length, { timeout: 5000 }).toBeGreaterThan(0);
  });

  it('links the twin as View as Markdown, served as Markdown', async () => {
    const { page } = await open(DOC);
    const link = page.getByRole('link', { name: 'View as Markdown' });
    expect(await link.getAttribute('href')).toBe(TWIN);
    const response = await fetch(`${baseUrl()}${TWIN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  });
});
