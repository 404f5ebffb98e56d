/**
 * plugins/analytics: what every page's head holds when a measurement id is set, and what the
 * inline loader does in a browser with and without Global Privacy Control or Do Not Track.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HtmlTagObject, LoadContext } from '@docusaurus/types';

import analyticsPlugin, { analyticsLoaderScript, parseOptions } from '@site/plugins/analytics';

const ID = 'G-TEST1234';

/** The plugin as the production build creates it. */
function productionPlugin() {
  vi.stubEnv('NODE_ENV', 'production');
  const plugin = analyticsPlugin({} as LoadContext, { measurementId: ID });
  if (!plugin) throw new Error('the plugin is off in production');
  return plugin;
}

/** Runs the loader in this jsdom page, as the page's head would. */
function runLoader(): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the loader is an inline script by design
  const loader = new Function(analyticsLoaderScript(ID)) as () => void;
  loader();
}

const gtagScripts = (): HTMLScriptElement[] =>
  Array.from(document.querySelectorAll('script')).filter((script) => script.src.includes('googletagmanager.com'));

/** Defines a navigator property for one test. */
function setNavigator(name: 'globalPrivacyControl' | 'doNotTrack', value: unknown): void {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const script of gtagScripts()) script.remove();
  const win = window as unknown as Record<string, unknown>;
  delete win.dataLayer;
  delete win.gtag;
  for (const name of ['globalPrivacyControl', 'doNotTrack']) Reflect.deleteProperty(navigator, name);
});

describe('analytics plugin', () => {
  it('rejects a malformed measurement id, naming the variable', () => {
    for (const bad of ['', 'UA-12345-1', 'g-test1234', 'G-TE"</script>']) {
      expect(() => parseOptions({ measurementId: bad })).toThrow(
        /^analytics: option measurementId must be a Google Analytics 4 measurement id from GTAG_MEASUREMENT_ID/,
      );
    }
    expect(() => analyticsPlugin({} as LoadContext, {})).toThrow(
      'analytics: option measurementId must be a Google Analytics 4 measurement id from GTAG_MEASUREMENT_ID (G-XXXXXXXXXX), got nothing',
    );
    expect(parseOptions({ measurementId: ID }).measurementId).toBe(ID);
  });

  it('adds nothing outside production builds', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(analyticsPlugin({} as LoadContext, { measurementId: ID })).toBeNull();
  });

  it('puts one inline loader in the head: no static gtag script and no preconnect to Google', () => {
    const tags = productionPlugin().injectHtmlTags?.({ content: undefined });
    const headTags = (tags?.headTags ?? []) as HtmlTagObject[];
    expect(headTags).toHaveLength(1);
    expect(headTags[0]).toEqual({ tagName: 'script', innerHTML: analyticsLoaderScript(ID) });
    expect(tags?.preBodyTags ?? []).toEqual([]);
    expect(tags?.postBodyTags ?? []).toEqual([]);
  });

  it('keeps the official client module that sends a page view after each route change', () => {
    const modules = productionPlugin().getClientModules?.() ?? [];
    expect(modules).toHaveLength(1);
    const source = fs.readFileSync(modules[0] ?? '', 'utf8');
    expect(source).toContain('onRouteDidUpdate');
    expect(source).toContain("'page_view'");
  });
});

describe('analytics loader', () => {
  it('queues the config with IP anonymisation and the full page path, then inserts gtag.js', () => {
    window.history.pushState({}, '', '/guides/?from=nav#set-up');
    runLoader();
    const queued = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => [...args] as unknown[]);
    expect(queued[0]?.[0]).toBe('js');
    expect(queued[1]).toEqual(['config', ID, { anonymize_ip: true, page_path: '/guides/?from=nav#set-up' }]);
    expect(gtagScripts().map((script) => [script.src, script.async])).toEqual([
      [`https://www.googletagmanager.com/gtag/js?id=${ID}`, true],
    ]);
  });

  it.each([
    ['Global Privacy Control is on', 'globalPrivacyControl', true],
    ['Do Not Track is 1', 'doNotTrack', '1'],
  ] as const)('loads nothing and queues nothing when %s', (_, name, value) => {
    setNavigator(name, value);
    runLoader();
    expect(gtagScripts()).toEqual([]);
    expect('dataLayer' in window).toBe(false);
    // Route-change page views of the client module still find a function, which does nothing.
    const gtag = (window as unknown as { gtag: (...args: unknown[]) => void }).gtag;
    gtag('event', 'page_view');
    expect('dataLayer' in window).toBe(false);
  });

  it.each([
    ['Global Privacy Control is false', 'globalPrivacyControl', false],
    ['Do Not Track is 0', 'doNotTrack', '0'],
  ] as const)('loads gtag.js when %s', (_, name, value) => {
    setNavigator(name, value);
    runLoader();
    expect(gtagScripts()).toHaveLength(1);
  });
});
