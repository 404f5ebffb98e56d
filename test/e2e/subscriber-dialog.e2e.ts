/**
 * The private repository notice on real content in Chromium: it opens for a private link and not for
 * a public one, Continue opens a new tab, and the don't-warn flag survives a reload.
 */
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';

const PAGE =
  '/guides/build-it-yourself/landing-zone/deployment-walkthrough/configure-the-security-baseline-for-the-root-account';
const PUBLIC_PAGE = '/tools';

const session = registerBrowserSession();
const { open } = session;

const privateLink = 'main a[href^="https://github.com/gruntwork-io/terraform-aws-"]';

describe('subscriber-only notice', () => {
  it('opens for a private repository link in real content, and Cancel closes it', async () => {
    const { page } = await open(PAGE);
    const link = page.locator(privateLink).first();
    const href = (await link.getAttribute('href')) ?? '';
    const repo = new URL(href).pathname.split('/')[2];
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'For Subscribers Only' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `This link leads to the private ${repo ?? ''} repository visible only to subscribers; everyone else will see a 404.`,
    );
    expect(page.url()).toBe(`${baseUrl()}${PAGE}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
  });

  it('opens from the View source link of a module page and of a service page', async () => {
    for (const path of [
      '/reference/modules/terraform-aws-vpc/vpc-app/',
      '/reference/services/networking/management-vpc',
    ]) {
      const { page } = await open(path);
      await page.getByRole('link', { name: 'View source' }).click();
      const dialog = page.getByRole('dialog', { name: 'For Subscribers Only' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('does not open for a public repository link', async () => {
    const w = await open(PUBLIC_PAGE);
    const link = w.page.locator('main a[href^="https://github.com/gruntwork-io/cloud-nuke"]').first();
    const href = (await link.getAttribute('href')) ?? '';
    w.expectedForeign.push(href);
    const popup = w.context.waitForEvent('page');
    await link.click();
    await (await popup).close();
    expect(await w.page.getByRole('dialog').count()).toBe(0);
  });

  it('Continue opens the link in a new tab and closes the dialog', async () => {
    const w = await open(PAGE);
    const link = w.page.locator(privateLink).first();
    const href = (await link.getAttribute('href')) ?? '';
    w.expectedForeign.push(href);
    await link.click();
    const popup = w.context.waitForEvent('page');
    const request = w.context.waitForEvent('request', (r) => r.url() === href);
    await w.page.getByRole('button', { name: 'Continue' }).click();
    const tab = await popup;
    await request;
    expect(tab).not.toBe(w.page);
    await tab.close();
    await w.page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('remembers "don\'t show again" across a reload, so the link opens directly', async () => {
    const w = await open(PAGE);
    await w.page.locator(privateLink).first().click();
    await w.page.getByRole('checkbox', { name: "Don't show this notice again" }).check();
    expect(await w.page.evaluate(() => localStorage.getItem('dontWarnGitHubLinks'))).toBe('true');
    await w.page.keyboard.press('Escape');
    await w.page.reload();
    await w.page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    const link = w.page.locator(privateLink).first();
    w.expectedForeign.push((await link.getAttribute('href')) ?? '');
    const popup = w.context.waitForEvent('page');
    await link.click();
    await (await popup).close();
    expect(await w.page.getByRole('dialog').count()).toBe(0);
  });
});
