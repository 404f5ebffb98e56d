/**
 * Keyboard-only use of the interactive parts of the site in Chromium: the
 * subscriber-only dialog, a navbar dropdown and the mobile menu, driven with Tab, Shift+Tab,
 * Enter, Space and Escape only, starting from the page as loaded (focus on the body). The last
 * test checks that blocked browser storage breaks none of it.
 *
 * The navbar parts prove the site's fixes for keyboard gaps in upstream Docusaurus 3.10 (see
 * ARCHITECTURE.md, 'Accessibility'): Escape closes a navbar dropdown and puts focus on its toggle (the ejected
 * NavbarItem/DropdownNavbarItem/Desktop); the mobile menu takes focus when it opens, moves it to the
 * main menu after "Back to main menu", closes on Escape, and gives focus back to its toggle button
 * when it closes (the Navbar/MobileSidebar wrapper). Upstream ignores Escape in both and drops focus
 * to the body in the mobile menu.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { classifyLink } from '../../src/lib/subscriber-links';
import { DIALOG_CLOSE_DELAY_MS, SCROLL_UNLOCK_DELAY_MS, STORAGE_KEYS } from '../../src/site-constants';

import { baseUrl, registerBrowserSession } from './browser';

/** A module page: its "View source" link points into a private repository. */
const MODULE_PAGE = '/reference/modules/terraform-aws-vpc/vpc-app/';
/** A guide page, so the mobile menu opens on the doc sidebar (the secondary menu). */
const GUIDE_PAGE = '/guides/build-it-yourself/vpc/core-concepts/subnets';
const DIALOG_TITLE = 'For Subscribers Only';
const CHECKBOX_NAME = "Don't show this notice again";
const MOBILE = { width: 390, height: 844 };

const session = registerBrowserSession();
const { open } = session;

/** Whether `target` is the focused element. */
function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Whether nothing has focus yet (a freshly loaded page). */
function bodyHasFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement === document.body);
}

/**
 * Presses `key` until `target` has focus, as a keyboard user would.
 * @returns how many presses it took; throws when `max` presses never reach it.
 */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 200): Promise<number> {
  await target.waitFor({ state: 'attached' });
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(key);
    if (await hasFocus(target)) return presses;
  }
  throw new Error(`${key} pressed ${String(max)} times never reached ${target.toString()}`);
}

/** Where focus is: whether inside the dialog, and a short name of the focused control. */
function focusInDialog(page: Page): Promise<{ inDialog: boolean; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const name = el instanceof HTMLInputElement ? `${el.type} input` : (el?.textContent ?? '').trim();
    return { inDialog: el?.closest('[role="dialog"]') != null, name };
  });
}

/**
 * Finds the first link in the page content that the site's own classifier calls subscriber-only
 * (general variant: the CIS and Enterprise sets are empty in this build), then tabs to it
 * from the top of the page.
 */
async function tabToPrivateLink(page: Page): Promise<{ link: Locator; href: string; repo: string }> {
  expect(await bodyHasFocus(page)).toBe(true);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((candidate) => classifyLink(candidate)?.variant === 'general');
  if (href === undefined) throw new Error('e2e: the page has no subscriber-only link in its content');
  const repo = classifyLink(href)?.repo ?? '';
  const link = page.locator(`main a[href=${JSON.stringify(href)}]`).first();
  await pressUntilFocused(page, link);
  return { link, href, repo };
}

describe('subscriber-only dialog by keyboard', () => {
  it('opens with Enter on a private link, keeps Tab and Shift+Tab inside, toggles with Space, closes with Escape', async () => {
    const { page } = await open(MODULE_PAGE);
    const { link, repo } = await tabToPrivateLink(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await dialog.waitFor();
    expect(await dialog.locator('p').textContent()).toBe(
      `This link leads to the private ${repo} repository visible only to subscribers; everyone else will see a 404.`,
    );
    // Enter was held back: the page did not navigate.
    expect(page.url()).toBe(`${baseUrl()}${MODULE_PAGE}`);
    expect((await focusInDialog(page)).inDialog).toBe(true);

    // The focus trap: every Tab and Shift+Tab lands on one of the dialog's three controls, in order.
    const forward: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await focusInDialog(page);
      expect(focus.inDialog).toBe(true);
      forward.push(focus.name);
    }
    expect(new Set(forward)).toEqual(new Set(['checkbox input', 'Cancel', 'Continue']));
    expect(forward.slice(3)).toEqual(forward.slice(0, 3));
    const backward: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Shift+Tab');
      const focus = await focusInDialog(page);
      expect(focus.inDialog).toBe(true);
      backward.push(focus.name);
    }
    expect(new Set(backward)).toEqual(new Set(['checkbox input', 'Cancel', 'Continue']));
    expect(backward.slice(3)).toEqual(backward.slice(0, 3));
    // Shift+Tab walks the same cycle the other way.
    expect(backward.slice(0, 3)).not.toEqual(forward.slice(0, 3));

    // Space ticks and unticks the don't-warn checkbox, and the flag follows it.
    const checkbox = dialog.getByRole('checkbox', { name: CHECKBOX_NAME });
    await pressUntilFocused(page, checkbox, 'Tab', 3);
    expect(await checkbox.isChecked()).toBe(false);
    await page.keyboard.press('Space');
    expect(await checkbox.isChecked()).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.dontWarnGithub)).toBe('true');
    await page.keyboard.press('Space');
    expect(await checkbox.isChecked()).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.dontWarnGithub)).toBeNull();

    // Escape closes it and gives focus back to the link, so Enter opens it again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back in an effect after the dialog unmounts: poll until it lands.
    await expect.poll(() => hasFocus(link)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(link)).toBe(true);
  });

  it('closes with Enter on Cancel and gives focus back to the link', async () => {
    const { page } = await open(MODULE_PAGE);
    const { link } = await tabToPrivateLink(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await dialog.waitFor();
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Cancel' }), 'Tab', 3);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(link)).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}${MODULE_PAGE}`);
  });

  it(`opens the link in a new tab with Enter on Continue, closes ${String(DIALOG_CLOSE_DELAY_MS)} ms later and unlocks scrolling ${String(SCROLL_UNLOCK_DELAY_MS)} ms after that`, async () => {
    const watched = await open(MODULE_PAGE);
    const { page, context } = watched;
    const { href } = await tabToPrivateLink(page);
    watched.expectedForeign.push(href);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await pressUntilFocused(page, dialog.getByRole('button', { name: 'Continue' }), 'Tab', 3);

    // Time the close and the unlock in the page itself, so test-runner latency cannot blur them.
    await page.evaluate(() => {
      const marks: { enter?: number; closed?: number; unlocked?: number } = {};
      Object.assign(window, { __keyboardMarks: marks });
      document.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter') marks.enter = performance.now();
        },
        { capture: true, once: true },
      );
      new MutationObserver(() => {
        const now = performance.now();
        if (marks.closed === undefined && document.querySelector('[role="dialog"]') === null) marks.closed = now;
        if (marks.closed !== undefined && marks.unlocked === undefined && document.body.style.overflow !== 'hidden')
          marks.unlocked = now;
      }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    });
    const popup = context.waitForEvent('page');
    const request = context.waitForEvent('request', (r) => r.url() === href);
    await page.keyboard.press('Enter');
    const tab = await popup;
    await request;
    expect(tab).not.toBe(page);
    await tab.close();
    await dialog.waitFor({ state: 'detached', timeout: DIALOG_CLOSE_DELAY_MS * 10 });
    await page.waitForFunction(() => document.body.style.overflow !== 'hidden', undefined, {
      timeout: SCROLL_UNLOCK_DELAY_MS * 10,
    });
    const marks = await page.evaluate(
      () =>
        (window as unknown as { __keyboardMarks: { enter?: number; closed?: number; unlocked?: number } })
          .__keyboardMarks,
    );
    const { enter = Number.NaN, closed = Number.NaN, unlocked = Number.NaN } = marks;
    // 5 ms of slack for timer and clock granularity.
    expect(closed - enter).toBeGreaterThanOrEqual(DIALOG_CLOSE_DELAY_MS - 5);
    expect(unlocked - closed).toBeGreaterThanOrEqual(SCROLL_UNLOCK_DELAY_MS - 5);
    expect(page.url()).toBe(`${baseUrl()}${MODULE_PAGE}`);
  });
});

describe('navbar dropdown by keyboard', () => {
  it('opens Library Reference with Enter, closes it with Escape onto its toggle, tabs through its items, closes when focus leaves, and follows an item with Enter', async () => {
    const { page } = await open('/intro');
    expect(await bodyHasFocus(page)).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Library Reference' });
    // `has` is matched inside each dropdown, so it names the toggle without the navbar prefix.
    const menu = nav.locator('.dropdown', { has: page.getByRole('button', { name: 'Library Reference' }) });
    const modules = menu.getByRole('link', { name: 'Modules', exact: true });
    const services = menu.getByRole('link', { name: 'Services', exact: true });
    const nextNavbarItem = nav.getByRole('link', { name: 'Tools', exact: true });

    await pressUntilFocused(page, toggle);
    expect(await toggle.getAttribute('aria-haspopup')).toBe('true');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await modules.isVisible()).toBe(false);

    await page.keyboard.press('Enter');
    await modules.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(page.url()).toBe(`${baseUrl()}/intro`);

    // Escape closes it, from one of its items or from the toggle, and focus lands on the toggle.
    await page.keyboard.press('Tab');
    expect(await hasFocus(modules)).toBe(true);
    await page.keyboard.press('Escape');
    await modules.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await hasFocus(toggle)).toBe(true);
    await page.keyboard.press('Enter');
    await modules.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await modules.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await hasFocus(toggle)).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}/intro`);

    await page.keyboard.press('Enter');
    await modules.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await hasFocus(modules)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(services)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    // Tabbing past the last item closes the menu, and its items leave the tab order.
    await page.keyboard.press('Tab');
    expect(await hasFocus(nextNavbarItem)).toBe(true);
    await modules.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(toggle)).toBe(true);

    await page.keyboard.press('Enter');
    await modules.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await hasFocus(modules)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/reference/modules/intro`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The menu closes once the new page takes focus away from it.
    await modules.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe(`mobile menu by keyboard at ${String(MOBILE.width)} px`, () => {
  it('opens with Enter and takes focus, goes back to the main menu onto its first item, closes with Escape and with Close, giving focus back to the menu button', async () => {
    const { page } = await open(GUIDE_PAGE, { viewport: MOBILE });
    expect(await bodyHasFocus(page)).toBe(true);
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    const sidebar = page.locator('.navbar-sidebar');
    const shown = page.locator('.navbar-sidebar--show');
    const back = sidebar.getByRole('button', { name: /Back to main menu/ });
    const close = sidebar.getByRole('button', { name: 'Close navigation bar' });
    const secondaryShown = sidebar.locator('.navbar-sidebar__items--show-secondary');
    const primaryPanel = sidebar.locator('.navbar-sidebar__item').nth(0);
    const secondaryPanel = sidebar.locator('.navbar-sidebar__item').nth(1);
    const focusInSidebar = () => sidebar.evaluate((el) => el.contains(document.activeElement));
    /** Opens the menu with Enter on the focused menu button; focus moves to its first item, the logo. */
    const openMenu = async () => {
      expect(await hasFocus(toggle)).toBe(true);
      await page.keyboard.press('Enter');
      await shown.waitFor({ state: 'attached' });
      await sidebar.waitFor({ state: 'visible' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      // Focus follows once the sidebar starts fading in (it is not focusable while hidden).
      await expect.poll(focusInSidebar).toBe(true);
      expect(await hasFocus(sidebar.locator('a[href]').first())).toBe(true);
    };
    /** Waits until the menu has closed, with focus back on the menu button. */
    const expectClosed = async () => {
      await shown.waitFor({ state: 'detached' });
      await sidebar.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await hasFocus(toggle)).toBe(true);
    };

    await pressUntilFocused(page, toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    await openMenu();

    // On a doc page the sidebar opens on the doc sidebar (the secondary menu); the main menu is inert.
    expect(await secondaryShown.count()).toBe(1);
    expect(await primaryPanel.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await pressUntilFocused(page, back, 'Tab', 5);
    await page.keyboard.press('Tab');
    expect(await secondaryPanel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(back)).toBe(true);

    // Back to main menu: the secondary panel turns inert and focus moves to the main menu's first item.
    await page.keyboard.press('Enter');
    await secondaryShown.waitFor({ state: 'detached' });
    expect(await primaryPanel.evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    expect(await secondaryPanel.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await primaryPanel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await hasFocus(primaryPanel.locator('a[href], button').first())).toBe(true);
    expect(await hasFocus(primaryPanel.getByRole('link', { name: 'Intro', exact: true }))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(primaryPanel.getByRole('link', { name: 'Guides', exact: true }))).toBe(true);

    // Escape closes it and focus goes back to the menu button, so Enter opens it again.
    await page.keyboard.press('Escape');
    await expectClosed();
    await openMenu();

    // Close navigation bar: the same.
    await pressUntilFocused(page, close, 'Tab', 5);
    await page.keyboard.press('Enter');
    await expectClosed();
    expect(page.url()).toBe(`${baseUrl()}${GUIDE_PAGE}`);
  });
});

describe('blocked browser storage', () => {
  it('still renders, still warns every time about private links, and still flips the colour mode', async () => {
    const watched = await session.watch({ colorScheme: 'light' });
    const { page, context } = watched;
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      });
    });
    // Both our storage helper and Docusaurus report blocked storage with console.warn, never
    // console.error, so nothing needs allowing in expectedConsole: any console error still fails
    // the test. Every warning must be one of these two kinds.
    const OWN_WARNING = /^Could not (read|write|remove) "[^"]+" (from|to) browser storage/;
    const DOCUSAURUS_WARNING = /^Docusaurus browser storage is not available\./;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${baseUrl()}${MODULE_PAGE}`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    // The init script took effect: reading localStorage throws, as with storage blocked.
    const storageError = await page.evaluate(() => {
      try {
        window.localStorage.getItem('theme');
        return null;
      } catch (error) {
        return error instanceof DOMException ? error.name : String(error);
      }
    });
    expect(storageError).toBe('SecurityError');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBeTruthy();

    const link = page.getByRole('link', { name: 'View source' });
    expect(classifyLink((await link.getAttribute('href')) ?? '')?.variant).toBe('general');
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    const checkbox = dialog.getByRole('checkbox', { name: CHECKBOX_NAME });
    await link.click();
    await dialog.waitFor();
    await checkbox.check();
    expect(await checkbox.isChecked()).toBe(true);
    // Escape (unlike Cancel) keeps the choice, so the next click shows whether it was remembered.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await link.click();
    await dialog.waitFor();
    expect(await checkbox.isChecked()).toBe(false);
    expect(page.url()).toBe(`${baseUrl()}${MODULE_PAGE}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The toggle cycles system → light → dark (respectPrefersColorScheme is on).
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    const toggle = page.getByRole('button', { name: /dark and light mode/ });
    for (let i = 0; i < 3 && (await page.getAttribute('html', 'data-theme')) !== 'dark'; i += 1) await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');

    const flag = `"${STORAGE_KEYS.dontWarnGithub}"`;
    expect(warnings.some((text) => text.startsWith(`Could not read ${flag}`))).toBe(true);
    expect(warnings.some((text) => text.startsWith(`Could not write ${flag}`))).toBe(true);
    expect(warnings.some((text) => DOCUSAURUS_WARNING.test(text))).toBe(true);
    expect(warnings.filter((text) => !OWN_WARNING.test(text) && !DOCUSAURUS_WARNING.test(text))).toEqual([]);
  });
});
