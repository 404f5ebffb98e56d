/**
 * `useWindowSize` of the client build: `"desktop"`, `"mobile"` or, until the page has hydrated,
 * `"ssr"`.
 *
 * Ejected from @docusaurus/theme-common 3.10.2 `lib/hooks/useWindowSize.js` (MIT). Why: the
 * server renders the page for `"ssr"` (the desktop sidebar and table of contents, hidden by CSS on
 * a phone); on a phone, the first measurement after hydration then swaps them for their mobile
 * versions, and upstream applies it as an ordinary update, which React renders in one task of
 * about 60 ms on a mid-range phone (the doc page's longest task after load). Here that first
 * measurement is applied in a transition, which React renders in slices of 5 ms and interrupts
 * for input; what is shown does not change meanwhile, since CSS already hides the desktop parts.
 * Later updates (on `resize`) are upstream's. See ARCHITECTURE.md, 'In the browser'.
 */
import { startTransition, useEffect, useState } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** The window sizes, as upstream names them. */
type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** Upstream's breakpoint, which Infima's CSS hardcodes too (px). */
const DESKTOP_BREAKPOINT = 996;

function getWindowSize(desktopBreakpoint: number): WindowSize {
  if (!ExecutionEnvironment.canUseDOM) {
    throw new Error('getWindowSize() should only be called after React hydration');
  }
  return window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile';
}

/**
 * The current window size as an enum value, re-rendering only when a breakpoint is crossed.
 * Returns `"ssr"` on the server and during hydration.
 * @param options.desktopBreakpoint - width (px) above which the window is `"desktop"`; 996 by default
 * @throws Error (from the first measurement) outside a browser, as upstream.
 */
export function useWindowSize({
  desktopBreakpoint = DESKTOP_BREAKPOINT,
}: { desktopBreakpoint?: number } = {}): WindowSize {
  const [windowSize, setWindowSize] = useState<WindowSize>(() => 'ssr');
  useEffect(() => {
    function updateWindowSize(): void {
      setWindowSize(getWindowSize(desktopBreakpoint));
    }
    startTransition(updateWindowSize);
    window.addEventListener('resize', updateWindowSize);
    return () => {
      window.removeEventListener('resize', updateWindowSize);
    };
  }, [desktopBreakpoint]);
  return windowSize;
}
