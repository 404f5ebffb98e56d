/**
 * Keyboard and focus handling for the mobile navbar sidebar, so that the mobile menu can be
 * operated by keyboard alone (ARCHITECTURE.md, 'Accessibility'). Docusaurus 3.10 leaves focus where it was when the
 * sidebar opens, drops it to the body when a panel turns inert or the sidebar closes, and ignores
 * Escape. This hook knows nothing of Docusaurus: the Navbar/MobileSidebar swizzle passes it the
 * sidebar state and how to find the elements.
 */
import { useEffect, useRef } from 'react';

/** Elements that take focus from Tab (tabindex -1 and disabled controls excluded). */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

/** How many animation frames {@link focusFirstWhenReady} keeps trying (about half a second). */
const MAX_FRAMES = 30;

/**
 * The Tab-reachable elements inside `root`, in document order, leaving out inert subtrees. Whether
 * each one is rendered (not `display: none` or `visibility: hidden`) is left to the browser: see
 * {@link focusFirstIn}.
 */
export function focusableElements(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.closest('[inert]') === null);
}

/**
 * Focuses the first element inside `root` that accepts focus, trying each candidate in order: the
 * browser refuses elements that are not rendered (a collapsed category, a sidebar still hidden),
 * so a refused one is skipped. Scrolling is prevented: the sidebar clips its sliding panels
 * horizontally, and scrolling one into view would shift them.
 * @returns the focused element, or null when none took focus.
 */
export function focusFirstIn(root: ParentNode | null): HTMLElement | null {
  if (!root) return null;
  for (const el of focusableElements(root)) {
    el.focus({ preventScroll: true });
    if (document.activeElement === el) return el;
  }
  return null;
}

/**
 * {@link focusFirstIn}, retried on the next animation frames while `stillWanted()` holds: the
 * sidebar fades in from `visibility: hidden`, so at the moment it opens nothing in it can take focus.
 */
function focusFirstWhenReady(root: () => ParentNode | null, stillWanted: () => boolean): void {
  let frames = 0;
  const attempt = (): void => {
    if (!stillWanted() || focusFirstIn(root()) || frames >= MAX_FRAMES) return;
    frames += 1;
    requestAnimationFrame(attempt);
  };
  attempt();
}

/** Whether focus was lost (on the body) or sits inside `root`. */
function focusIsLostOrIn(root: Element | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (root?.contains(active) ?? false);
}

/** Whether a key event comes from inside a dialog (the search or subscriber dialog), which owns Escape. */
function fromDialog(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('[role="dialog"], [aria-modal="true"]') !== null;
}

/** The mobile sidebar's state, from Docusaurus. */
export interface MobileSidebarState {
  /** Whether the sidebar is open. */
  shown: boolean;
  /** Whether the secondary panel (the doc sidebar) is the visible one, rather than the main menu. */
  secondaryShown: boolean;
  /** Closes the sidebar; called only while it is open. */
  close: () => void;
}

/** How to find the elements involved; each may return null (the sidebar is not rendered on desktop). */
export interface MobileSidebarElements {
  /** The sidebar itself. */
  sidebar: () => HTMLElement | null;
  /** The panel now showing: the main menu or the secondary menu. */
  visiblePanel: () => HTMLElement | null;
  /** The navbar button that opens and closes the sidebar. */
  toggle: () => HTMLElement | null;
}

/**
 * Makes the mobile sidebar usable by keyboard alone:
 * - when it opens, focus moves to its first focusable element;
 * - when the visible panel switches ("Back to main menu"), focus moves to the first focusable
 *   element of the newly visible panel, if focus was in the sidebar (the old panel turns inert);
 * - Escape closes it (unless a dialog has focus, or a handler already used the key);
 * - when it closes by Escape, or while focus was inside it or already lost (its close button, a
 *   link in it, the backdrop), focus returns to the toggle button. After a link, the router then
 *   moves focus to the new page as it always does.
 *
 * `elements` is read when needed, never as a dependency, so it may be a new object every render.
 */
export function useMobileSidebarKeyboard(
  { shown, secondaryShown, close }: MobileSidebarState,
  elements: MobileSidebarElements,
): void {
  const elementsRef = useRef(elements);
  const shownRef = useRef(shown);
  const previousShown = useRef(shown);
  const previousSecondary = useRef(secondaryShown);
  const closedByEscape = useRef(false);

  useEffect(() => {
    elementsRef.current = elements;
    shownRef.current = shown;
  });

  useEffect(() => {
    if (!shown) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || fromDialog(event)) return;
      closedByEscape.current = true;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [shown, close]);

  useEffect(() => {
    if (previousShown.current === shown) return;
    previousShown.current = shown;
    const { sidebar, toggle } = elementsRef.current;
    if (shown) {
      focusFirstWhenReady(sidebar, () => shownRef.current);
      return;
    }
    if (closedByEscape.current || focusIsLostOrIn(sidebar())) toggle()?.focus();
    closedByEscape.current = false;
  }, [shown]);

  useEffect(() => {
    if (previousSecondary.current === secondaryShown) return;
    previousSecondary.current = secondaryShown;
    const { sidebar, visiblePanel } = elementsRef.current;
    // The secondary menu also flips while the sidebar is closed, ready for the next opening.
    if (!shownRef.current || !focusIsLostOrIn(sidebar())) return;
    focusFirstWhenReady(visiblePanel, () => shownRef.current);
  }, [secondaryShown]);
}
