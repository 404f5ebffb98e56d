// @vitest-environment node
/**
 * Upstream shape check of `plugins/analytics` (see ARCHITECTURE.md, 'Upstream shape checks'). The
 * plugin wraps the official gtag plugin: it keeps its lifecycle methods and its client module
 * (`lib/gtag.js`, resolved by path), and replaces the head tags it injects with one loader. The
 * official plugin must still return the same lifecycle methods, name that client module, inject
 * exactly the tags the loader replaces, and the client module must still send its page views
 * through `window.gtag`, which the loader defines.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, it } from 'vitest';

import { expectShape, expectUpstream, moduleShape, packageDir, upstreamFile, type Recheck } from './upstream';

const PKG = '@docusaurus/plugin-google-gtag';

const RECHECK: Recheck = {
  local: 'plugins/analytics/index.ts',
  test: 'test/unit/upstream-shapes/analytics.test.ts',
  reliesOn:
    "the official plugin's lifecycle methods, its client module lib/gtag.js sending page views through window.gtag, and the four head tags the loader replaces",
};

interface HtmlTag {
  tagName: string;
  attributes?: Record<string, unknown>;
  innerHTML?: string;
}

interface OfficialPlugin {
  getClientModules(): string[];
  injectHtmlTags(): { headTags?: HtmlTag[] };
}

/** A head tag in a few words: its name, its attribute names and where it points. */
function describeTag(tag: HtmlTag): string {
  const attributes = Object.keys(tag.attributes ?? {}).sort();
  const address = tag.attributes?.href ?? tag.attributes?.src;
  const target = typeof address === 'string' ? (address.split('?')[0] ?? '') : '';
  return `${tag.tagName}(${attributes.join(',')})${target ? ` ${target}` : ''}${tag.innerHTML ? ' inline' : ''}`;
}

const savedEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = savedEnv;
});

describe('the official gtag plugin (@docusaurus/plugin-google-gtag)', () => {
  it('returns the lifecycle methods, client module and head tags the wrapper was written against (3.10.2)', () => {
    const file = upstreamFile(PKG, 'lib/index.js');
    const require = createRequire(path.join(packageDir(PKG), 'package.json'));
    const official = (require('./lib/index.js') as { default: (context: unknown, options: unknown) => unknown })
      .default;
    // The official plugin adds nothing outside production builds.
    process.env.NODE_ENV = 'production';
    const plugin = official({}, { trackingID: ['G-TEST0001'], anonymizeIP: true }) as OfficialPlugin;
    const keys = Object.keys(plugin).sort();
    expectUpstream(
      JSON.stringify(keys) === JSON.stringify(['contentLoaded', 'getClientModules', 'injectHtmlTags', 'name']),
      `the plugin object now has ${keys.join(', ')}; the wrapper keeps all but getClientModules and injectHtmlTags`,
      file,
      RECHECK,
    );
    const modules = plugin.getClientModules();
    expectUpstream(
      JSON.stringify(modules) === JSON.stringify(['./gtag']),
      `its client modules are now ${modules.join(', ')}, and the wrapper names lib/gtag.js`,
      file,
      RECHECK,
    );
    const tags = (plugin.injectHtmlTags().headTags ?? []).map(describeTag);
    expectUpstream(
      JSON.stringify(tags) === JSON.stringify(HEAD_TAGS),
      `its head tags are now: ${tags.join('; ')}`,
      file,
      RECHECK,
    );
  });

  it('its client module sends page views through window.gtag on route updates (3.10.2)', async () => {
    const file = upstreamFile(PKG, 'lib/gtag.js');
    expectShape('the client module', file, moduleShape(file), GTAG_CLIENT, RECHECK);
    const clientModule = ((await import(file.absolute)) as { default: Record<string, unknown> }).default;
    expectUpstream(
      typeof clientModule.onRouteDidUpdate === 'function',
      'the client module no longer has onRouteDidUpdate',
      file,
      RECHECK,
    );
  });
});

/** The head tags of @docusaurus/plugin-google-gtag 3.10.2, each as {@link describeTag} writes it. */
const HEAD_TAGS = [
  'link(href,rel) https://www.google-analytics.com',
  'link(href,rel) https://www.googletagmanager.com',
  'script(async,src) https://www.googletagmanager.com/gtag/js',
  'script() inline',
];

/** The shape of `lib/gtag.js` in @docusaurus/plugin-google-gtag 3.10.2. */
const GTAG_CLIENT = {
  imports: [],
  exports: ['default'],
  calls: ['gtag', 'setTimeout'],
  reads: ['hash', 'location', 'pathname', 'previousLocation', 'search'],
  strings: ['event', 'page_path', 'page_view', 'set'],
};
