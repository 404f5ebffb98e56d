/**
 * plugins/route-chunks (issue 8): the client manifest learns which chunks each `import()` request
 * loads, so the server render can list a page's route chunks in its HTML.
 */
import { describe, expect, it } from 'vitest';

import { addImportOrigins, type ClientManifest } from '@site/plugins/route-chunks';

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: { main: ['main'], '305': ['305'] },
  assets: { main: {}, '305': {}, '316': {}, '14155': {}, '19005': {} },
};

describe('addImportOrigins', () => {
  it('maps each import request to its own chunk and the split chunks it shares', () => {
    const result = addImportOrigins(manifest, [
      { id: '305', origins: [{ request: '@site/docs/intro.md' }] },
      { id: '14155', origins: [{ request: '@theme/DocItem' }, { request: '@site/docs/intro.md' }] },
      { id: '316', origins: [{ request: '@theme/DocItem' }] },
      { id: '19005', origins: [{ request: '@theme/DocItem' }] },
    ]);
    expect(result.origins['@site/docs/intro.md']).toEqual(['305', '14155']);
    expect(result.origins['@theme/DocItem']).toEqual(['14155', '316', '19005']);
  });

  it('keeps the existing keys, entry points and assets, and leaves the input untouched', () => {
    const before = JSON.stringify(manifest);
    const result = addImportOrigins(manifest, [{ id: '316', origins: [{ request: 'main' }] }]);
    expect(result.origins.main).toEqual(['main']);
    expect(result.origins['305']).toEqual(['305']);
    expect(result.entrypoints).toEqual(['main']);
    expect(result.assets).toBe(manifest.assets);
    expect(JSON.stringify(manifest)).toBe(before);
  });

  it('skips chunks without an id and origins without a request (entry chunks)', () => {
    const result = addImportOrigins(manifest, [
      { id: null, origins: [{ request: '@site/docs/a.md' }] },
      { id: '316', origins: [{ request: null }, {}] },
      { id: '19005' },
    ]);
    expect(Object.keys(result.origins).sort()).toEqual(['305', 'main']);
  });

  it('throws, naming the manifest and the request, when a chunk is missing from the assets', () => {
    expect(() =>
      addImportOrigins(
        manifest,
        [{ id: '999', origins: [{ request: '@site/docs/b.md' }] }],
        '/site/.docusaurus/client-manifest.json',
      ),
    ).toThrow(
      'route-chunks: /site/.docusaurus/client-manifest.json: chunk 999 of import("@site/docs/b.md") is not in "assets"',
    );
  });
});
