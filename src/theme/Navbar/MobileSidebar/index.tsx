/**
 * Swizzle (wrap) of Navbar/MobileSidebar: the mobile menu can be operated by keyboard alone (see
 * ARCHITECTURE.md, 'Accessibility'). Docusaurus 3.10 ignores Escape, leaves focus behind the
 * sidebar when it opens, and drops focus to the body after "Back to main menu" and after "Close
 * navigation bar". The upstream sidebar renders unchanged; the wrapper reads the sidebar state from
 * the theme hooks and moves focus (src/lib/mobile-sidebar-keyboard.ts): Escape closes it, opening
 * focuses its first item, a panel switch focuses the new panel's first item, and closing returns
 * focus to the "Toggle navigation bar" button.
 *
 * A wrap is enough: the state is public through the theme hooks, and the elements are found by
 * Docusaurus's stable theme class names and Infima's toggle class.
 *
 * The menu is rendered once the reader shows intent to open it (a pointer over, a touch on or
 * focus on "Toggle navigation bar", or the menu opening): upstream renders it, with every navbar
 * item and the page's whole doc sidebar, on every phone page right after hydration, hidden. See
 * ARCHITECTURE.md, 'In the browser'.
 */
import { useEffect, useState, type ReactNode } from 'react';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useNavbarMobileSidebar, useNavbarSecondaryMenu } from '@docusaurus/theme-common/internal';

import { useMobileSidebarKeyboard, type MobileSidebarElements } from '@site/src/lib/mobile-sidebar-keyboard';

const { mobileSidebar } = ThemeClassNames.layout.navbar;

const elements: MobileSidebarElements = {
  sidebar: () => document.querySelector<HTMLElement>(`.${mobileSidebar.container}`),
  visiblePanel: () => document.querySelector<HTMLElement>(`.${mobileSidebar.panel}:not([inert])`),
  toggle: () => document.querySelector<HTMLElement>(`.${ThemeClassNames.layout.navbar.container} .navbar__toggle`),
};

/** Events on the toggle that show intent to open the menu. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * True from the first sign of intent to open the menu (see the file comment) or its first opening.
 * Never throws.
 */
function useMenuWanted(shown: boolean): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return undefined;
    const onIntent = (event: Event): void => {
      if (event.target instanceof Element && event.target.closest('.navbar__toggle')) setWanted(true);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [wanted]);
  return wanted || shown;
}

export default function NavbarMobileSidebarWrapper(): ReactNode {
  const { shown, toggle } = useNavbarMobileSidebar();
  const { shown: secondaryShown } = useNavbarSecondaryMenu();
  useMobileSidebarKeyboard({ shown, secondaryShown, close: toggle }, elements);
  return useMenuWanted(shown) ? <NavbarMobileSidebar /> : null;
}
