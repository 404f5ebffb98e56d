// @vitest-environment node
/**
 * The docs plugin wrapper: the pages exist before the docs plugin reads `docs/`, invalid data stops
 * the load before the docs plugin runs, `data/` is watched for `npm start`, and everything else is
 * the wrapped docs plugin's own. The wrapped plugin (`plugins/lean-docs`) is replaced by a recorder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { validateOptions, type LoadedContent } from '@docusaurus/plugin-content-docs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { CatalogError } from '../../../plugins/catalog/load';
import { GENERATED_SITE_DIR, MANIFEST_FILE } from '../../../plugins/catalog/layout';
import { validMonth, validRepository, writeDataDir } from './fixtures';

/** What the recorded docs plugin saw when its loadContent ran. */
const seen: { manifestExisted?: boolean; options?: unknown } = {};
const content = { loadedVersions: [] } as unknown as LoadedContent;
const contentLoaded = vi.fn();

vi.mock('../../../plugins/lean-docs', () => ({
  leanDocsPlugin: (context: LoadContext, options: unknown): Promise<Plugin<LoadedContent>> => {
    seen.options = options;
    return Promise.resolve({
      name: 'docusaurus-plugin-content-docs',
      getPathsToWatch: () => [path.join(context.siteDir, 'docs/**/*.{md,mdx}')],
      loadContent: () => {
        seen.manifestExisted = fs.existsSync(path.join(context.siteDir, GENERATED_SITE_DIR, MANIFEST_FILE));
        return Promise.resolve(content);
      },
      contentLoaded,
    });
  },
}));

const { default: catalogDocs, catalogDocsPlugin } = await import('../../../plugins/catalog');

/** A site folder with valid data; `broken` makes the module file invalid. */
function site(broken = false): LoadContext {
  const siteDir = writeDataDir({
    'data/modules/terraform-aws-vpc.yml': broken ? { ...validRepository, summary: 'Too short.' } : validRepository,
    'data/releases/2016-06.yml': validMonth('2016-06', 'v0.1.0'),
  });
  return { siteDir } as LoadContext;
}

beforeEach(() => {
  delete seen.manifestExisted;
  delete seen.options;
});

describe('catalogDocsPlugin', () => {
  it('generates the pages first, then returns what the docs plugin loaded', async () => {
    const context = site();
    const plugin = await catalogDocsPlugin(context, { path: 'docs' });
    expect(seen.options).toEqual({ path: 'docs' });
    await expect(plugin.loadContent?.()).resolves.toBe(content);
    expect(seen.manifestExisted).toBe(true);
    expect(
      fs.existsSync(
        path.join(context.siteDir, GENERATED_SITE_DIR, 'reference/modules/terraform-aws-vpc/vpc-app/index.mdx'),
      ),
    ).toBe(true);
  });

  it('generates again only when a data file changed since the last generation', async () => {
    const context = site();
    const plugin = await catalogDocsPlugin(context, {});
    const page = path.join(
      context.siteDir,
      GENERATED_SITE_DIR,
      'reference/modules/terraform-aws-vpc/vpc-app/index.mdx',
    );
    await plugin.loadContent?.();
    // A reload after a doc edit: nothing in data/ changed, so a page removed by hand stays removed.
    fs.rmSync(page);
    await plugin.loadContent?.();
    expect(fs.existsSync(page)).toBe(false);
    // A data file changes: the pages are generated again.
    const moduleFile = path.join(context.siteDir, 'data/modules/terraform-aws-vpc.yml');
    fs.appendFileSync(moduleFile, '\n# edited\n');
    await plugin.loadContent?.();
    expect(fs.existsSync(page)).toBe(true);
  });

  it('generates again when the generated folder lost its manifest', async () => {
    const context = site();
    const plugin = await catalogDocsPlugin(context, {});
    await plugin.loadContent?.();
    fs.rmSync(path.join(context.siteDir, GENERATED_SITE_DIR), { recursive: true });
    await plugin.loadContent?.();
    expect(fs.existsSync(path.join(context.siteDir, GENERATED_SITE_DIR, MANIFEST_FILE))).toBe(true);
  });

  it('does not generate until loadContent, so creating the plugin writes nothing', async () => {
    const context = site();
    await catalogDocsPlugin(context, {});
    expect(fs.existsSync(path.join(context.siteDir, 'docs'))).toBe(false);
  });

  it('stops on invalid data before the docs plugin loads', async () => {
    const plugin = await catalogDocsPlugin(site(true), {});
    await expect(plugin.loadContent?.()).rejects.toBeInstanceOf(CatalogError);
    expect(seen.manifestExisted).toBeUndefined();
  });

  it('watches the data files as well as the docs, and keeps the docs plugin name and lifecycle', async () => {
    const context = site();
    const plugin = await catalogDocsPlugin(context, {});
    expect(plugin.getPathsToWatch?.()).toEqual([
      path.join(context.siteDir, 'docs/**/*.{md,mdx}'),
      path.join(context.siteDir, 'data/**/*.{yml,yaml}'),
    ]);
    expect(plugin.name).toBe('docusaurus-plugin-content-docs');
    expect(plugin.contentLoaded).toBe(contentLoaded);
  });

  it('validates its options with the validator of the docs plugin', () => {
    expect((catalogDocs as { validateOptions?: unknown }).validateOptions).toBe(validateOptions);
  });
});
