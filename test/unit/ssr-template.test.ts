/**
 * The page template (ssr-template.ts): scripts are preloaded in the head, and the loader at the
 * end of the body runs them in order once the page has painted its first content.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { LOADER_TIMEOUT_MS, SCRIPT_LOADER, SSR_TEMPLATE } from '@site/ssr-template';

/** Paint entries the page's observer is told about, and the frame callbacks waiting to run. */
let observers: ((list: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
let frames: FrameRequestCallback[] = [];

function runLoader(): void {
  // The loader is an inline script of the built page; run its exact text.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(SCRIPT_LOADER) as () => void)();
}

function paint(name: string): void {
  for (const callback of observers) callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
}

function nextFrame(): void {
  const waiting = frames;
  frames = [];
  for (const callback of waiting) callback(0);
}

const scripts = (): string[] => Array.from(document.body.querySelectorAll('script'), (script) => script.src);

describe('script loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    observers = [];
    frames = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint', 'resource'];
        constructor(callback: (typeof observers)[number]) {
          observers.push(callback);
        }
        observe(): void {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    document.head.innerHTML =
      '<link rel="preload" as="script" href="/assets/js/runtime~main.1.js">' +
      '<link rel="preload" as="font" href="/assets/fonts/inter.woff2">' +
      '<link rel="preload" as="script" href="/assets/js/main.2.js">' +
      '<link rel="preload" as="script" href="/assets/js/route-bucket-7.3.js">';
    document.body.innerHTML = '<div id="__docusaurus"><p>Content</p></div>';
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs nothing before the first contentful paint, then every preloaded script once, in order, not async', () => {
    runLoader();
    nextFrame();
    nextFrame();
    vi.advanceTimersByTime(LOADER_TIMEOUT_MS - 1);
    expect(scripts()).toEqual([]);
    paint('first-paint');
    vi.advanceTimersByTime(0);
    expect(scripts()).toEqual([]);

    paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(scripts().map((src) => new URL(src).pathname)).toEqual([
      '/assets/js/runtime~main.1.js',
      '/assets/js/main.2.js',
      '/assets/js/route-bucket-7.3.js',
    ]);
    expect(Array.from(document.body.querySelectorAll('script'), (script) => script.async)).toEqual([
      false,
      false,
      false,
    ]);

    // The time limit comes later and adds nothing.
    vi.runAllTimers();
    expect(scripts()).toHaveLength(3);
  });

  it("gives each script the link's href as written, so the bundler's runtime finds a queued chunk script instead of fetching it again", () => {
    runLoader();
    paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(Array.from(document.body.querySelectorAll('script'), (script) => script.getAttribute('src'))).toEqual([
      '/assets/js/runtime~main.1.js',
      '/assets/js/main.2.js',
      '/assets/js/route-bucket-7.3.js',
    ]);
  });

  it('runs the scripts at the time limit when no contentful paint is reported', () => {
    runLoader();
    vi.advanceTimersByTime(LOADER_TIMEOUT_MS - 1);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toHaveLength(3);
  });

  it('runs the scripts two frames later where the browser reports no paint', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    runLoader();
    nextFrame();
    vi.advanceTimersByTime(0);
    expect(scripts()).toEqual([]);
    nextFrame();
    vi.advanceTimersByTime(0);
    expect(scripts()).toHaveLength(3);
  });
});

describe('page template', () => {
  it('preloads the scripts in the head instead of running them, and ends the body with the loader', () => {
    expect(SSR_TEMPLATE).toContain(
      '<link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />',
    );
    expect(SSR_TEMPLATE).not.toContain('defer></script>');
    expect(SSR_TEMPLATE).toContain(`<script>${SCRIPT_LOADER}</script>\n  </body>`);
  });
});
