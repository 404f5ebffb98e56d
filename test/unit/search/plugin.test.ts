// @vitest-environment node
/**
 * What the local-search plugin registers with Docusaurus: its theme components, the search page's
 * route and the global data the browser reads; and that the contract it shares with the browser
 * imports nothing, so both sides can load it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PluginContentLoadedActions, RouteConfig } from '@docusaurus/types';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import localSearchPlugin from '@site/plugins/local-search';
import { PLUGIN_NAME, type LocalSearchData } from '@site/plugins/local-search/contract';

/** Runs the plugin's `contentLoaded` for a site at `baseUrl`; returns the routes and global data it set. */
async function contentLoaded(baseUrl: string): Promise<{ routes: RouteConfig[]; globalData: unknown[] }> {
  const routes: RouteConfig[] = [];
  const globalData: unknown[] = [];
  const actions = {
    addRoute: (route: RouteConfig) => routes.push(route),
    setGlobalData: (data: unknown) => globalData.push(data),
  } as unknown as PluginContentLoadedActions;
  const plugin = localSearchPlugin({ baseUrl });
  await plugin.contentLoaded?.({ content: undefined, actions });
  return { routes, globalData };
}

describe('local-search plugin', () => {
  it('is named by the contract, so the browser finds its global data', () => {
    expect(localSearchPlugin({ baseUrl: '/' }).name).toBe(PLUGIN_NAME);
  });

  it('adds the search page at /search (under the base URL) as its theme component, and says where the index is', async () => {
    const root = await contentLoaded('/');
    expect(root.routes).toEqual([{ path: '/search', component: '@theme/SearchPage', exact: true }]);
    expect(root.globalData).toEqual([{ bundlePath: '/pagefind/' } satisfies LocalSearchData]);

    const nested = await contentLoaded('/docs/');
    expect(nested.routes.map((route) => route.path)).toEqual(['/docs/search']);
    expect(nested.globalData).toEqual([{ bundlePath: '/docs/pagefind/' }]);
  });

  it('ships the navbar search bar and the search page in its theme folder', () => {
    const plugin = localSearchPlugin({ baseUrl: '/' });
    const themePath = plugin.getThemePath?.() ?? '';
    for (const component of ['SearchBar', 'SearchPage']) {
      expect(fs.existsSync(path.join(themePath, component, 'index.tsx')), component).toBe(true);
    }
    expect(plugin.getTypeScriptThemePath?.()).toBe(themePath);
  });
});

describe('the plugin contract', () => {
  it('imports nothing, so it loads in Node and in the browser alike', () => {
    const file = path.join(import.meta.dirname, '../../../plugins/local-search/contract.ts');
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    expect(importedFiles.map((imported) => imported.fileName)).toEqual([]);
  });
});
