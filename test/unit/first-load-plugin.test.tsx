/**
 * plugins/first-load: its `useWindowSize` answers as upstream's (`"ssr"` until hydration, then
 * `"desktop"` or `"mobile"` by the 996 px breakpoint, again on every resize), and the plugin swaps
 * it in only for theme-common's own module.
 */
import path from 'node:path';

import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { isUpstreamUseWindowSize, UPSTREAM_USE_WINDOW_SIZE } from '@site/plugins/first-load';
import { useWindowSize } from '@site/plugins/first-load/client/useWindowSize';

function Size(): ReactNode {
  return <p>{useWindowSize()}</p>;
}

function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

describe('useWindowSize', () => {
  afterEach(() => {
    setWidth(1024);
  });

  it('answers "mobile" at 996 px and below, "desktop" above, and follows resizes', async () => {
    setWidth(412);
    await act(async () => {
      render(<Size />);
      await Promise.resolve();
    });
    expect(screen.getByText('mobile')).toBeTruthy();
    await act(async () => {
      setWidth(997);
      window.dispatchEvent(new Event('resize'));
      await Promise.resolve();
    });
    expect(screen.getByText('desktop')).toBeTruthy();
    await act(async () => {
      setWidth(996);
      window.dispatchEvent(new Event('resize'));
      await Promise.resolve();
    });
    expect(screen.getByText('mobile')).toBeTruthy();
  });
});

describe('hydration plugin', () => {
  const themeCommonLib = path.dirname(path.dirname(UPSTREAM_USE_WINDOW_SIZE));

  it("replaces theme-common's own useWindowSize, from its index and from its contexts, and nothing else", () => {
    expect(isUpstreamUseWindowSize('./hooks/useWindowSize', themeCommonLib)).toBe(true);
    expect(isUpstreamUseWindowSize('../hooks/useWindowSize', path.join(themeCommonLib, 'contexts'))).toBe(true);
    expect(isUpstreamUseWindowSize('./hooks/useWindowSize', '/work/site/src')).toBe(false);
    expect(isUpstreamUseWindowSize('@docusaurus/theme-common', themeCommonLib)).toBe(false);
    expect(isUpstreamUseWindowSize('./hooks/useWindowSize', undefined)).toBe(false);
  });
});
