/**
 * Keyboard-only use of the mobile menu: the focus and Escape logic behind the Navbar/MobileSidebar swizzle,
 * on a stand-in for the sidebar's markup (a header, the main menu panel and the secondary panel,
 * one of them inert). The browser test (test/e2e/keyboard.e2e.ts) proves it on the real sidebar.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import {
  focusableElements,
  focusFirstIn,
  useMobileSidebarKeyboard,
  type MobileSidebarElements,
  type MobileSidebarState,
} from '@site/src/lib/mobile-sidebar-keyboard';

const elements: MobileSidebarElements = {
  sidebar: () => document.querySelector<HTMLElement>('.sidebar'),
  visiblePanel: () => document.querySelector<HTMLElement>('.panel:not([inert])'),
  toggle: () => document.querySelector<HTMLElement>('.toggle'),
};

/** React 18 knows no `inert` prop: set the attribute itself, as the theme's mobile sidebar does. */
function inertProps(inert: boolean): Record<string, string | undefined> {
  return { inert: inert ? '' : undefined };
}

function Navbar({ shown, secondaryShown, close }: MobileSidebarState) {
  useMobileSidebarKeyboard({ shown, secondaryShown, close }, elements);
  return (
    <nav>
      <button type="button" className="toggle" aria-expanded={shown}>
        Toggle navigation bar
      </button>
      <a href="/elsewhere">Elsewhere</a>
      <div className="sidebar">
        <span tabIndex={-1}>Not in the tab order</span>
        <a href="/">Home</a>
        <button type="button">Close navigation bar</button>
        <div className="panel" {...inertProps(secondaryShown)}>
          <button type="button" disabled>
            Disabled
          </button>
          <a href="/intro">Intro</a>
        </div>
        <div className="panel" {...inertProps(!secondaryShown)}>
          <button type="button">← Back to main menu</button>
          <a href="/guides/subnets">Subnets</a>
        </div>
      </div>
    </nav>
  );
}

/** The navbar on a doc page, sidebar closed, and a way to re-render it with new state. */
function renderNavbar() {
  const close = vi.fn();
  const state = { shown: false, secondaryShown: true, close };
  const view = render(<Navbar {...state} />);
  const update = (next: Partial<MobileSidebarState>) => {
    Object.assign(state, next);
    view.rerender(<Navbar {...state} />);
  };
  return { close, update };
}

const focused = () => document.activeElement;

describe('focusableElements and focusFirstIn', () => {
  it('list what Tab reaches, in order, leaving out inert panels, disabled controls and tabindex -1', () => {
    render(<Navbar shown secondaryShown close={vi.fn()} />);
    const names = focusableElements(document.querySelector('.sidebar') ?? document).map((el) => el.textContent);
    expect(names).toEqual(['Home', 'Close navigation bar', '← Back to main menu', 'Subnets']);
  });

  it('skip an element the browser refuses to focus (one that is not rendered)', () => {
    render(<Navbar shown secondaryShown={false} close={vi.fn()} />);
    const home = screen.getByRole('link', { name: 'Home' });
    home.focus = () => undefined;
    expect(focusFirstIn(document.querySelector('.sidebar'))).toBe(
      screen.getByRole('button', { name: 'Close navigation bar' }),
    );
    expect(focusFirstIn(null)).toBeNull();
  });
});

describe('useMobileSidebarKeyboard', () => {
  it('moves focus into the sidebar when it opens', () => {
    const { update } = renderNavbar();
    screen.getByRole('button', { name: 'Toggle navigation bar' }).focus();
    update({ shown: true });
    expect(focused()).toBe(screen.getByRole('link', { name: 'Home' }));
  });

  it('keeps trying on the next frames while the opening sidebar cannot take focus yet', async () => {
    const { update } = renderNavbar();
    const home = screen.getByRole('link', { name: 'Home' });
    const close = screen.getByRole('button', { name: 'Close navigation bar' });
    const back = screen.getByRole('button', { name: '← Back to main menu' });
    const links = screen.getByRole('link', { name: 'Subnets' });
    const refuse = () => undefined;
    const focusHome = home.focus.bind(home);
    for (const el of [home, close, back, links]) el.focus = refuse;
    update({ shown: true });
    expect(focused()).toBe(document.body);
    home.focus = focusHome;
    await vi.waitFor(() => {
      expect(focused()).toBe(home);
    });
  });

  it('closes on Escape and gives focus back to the toggle button', () => {
    const { close, update } = renderNavbar();
    update({ shown: true });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Subnets' }), { key: 'Escape' });
    expect(close).toHaveBeenCalledTimes(1);
    update({ shown: false });
    expect(focused()).toBe(screen.getByRole('button', { name: 'Toggle navigation bar' }));
  });

  it('leaves Escape alone while closed, inside a dialog, or once a handler has used it', () => {
    const { close, update } = renderNavbar();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    update({ shown: true });
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    dialog.remove();
    const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    used.preventDefault();
    document.body.dispatchEvent(used);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(close).not.toHaveBeenCalled();
  });

  it('moves focus to the first item of the main menu after "Back to main menu"', () => {
    const { update } = renderNavbar();
    update({ shown: true });
    screen.getByRole('button', { name: '← Back to main menu' }).focus();
    update({ secondaryShown: false });
    expect(focused()).toBe(screen.getByRole('link', { name: 'Intro' }));
  });

  it('gives focus back to the toggle button after "Close navigation bar"', () => {
    const { update } = renderNavbar();
    update({ shown: true });
    screen.getByRole('button', { name: 'Close navigation bar' }).focus();
    update({ shown: false });
    expect(focused()).toBe(screen.getByRole('button', { name: 'Toggle navigation bar' }));
  });

  it('does not take focus from outside the sidebar, nor move it while the sidebar is closed', () => {
    const { update } = renderNavbar();
    update({ shown: true });
    const elsewhere = screen.getByRole('link', { name: 'Elsewhere' });
    elsewhere.focus();
    update({ secondaryShown: false });
    expect(focused()).toBe(elsewhere);
    update({ shown: false });
    expect(focused()).toBe(elsewhere);
    // Docusaurus re-selects the secondary menu while closed, ready for the next opening.
    screen.getByRole('button', { name: 'Close navigation bar' }).focus();
    update({ secondaryShown: true });
    expect(focused()).toBe(screen.getByRole('button', { name: 'Close navigation bar' }));
  });
});
