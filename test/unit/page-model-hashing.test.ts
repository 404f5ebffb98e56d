// @vitest-environment node
/**
 * Every image is hashed once per build: each image file of the build once by the pipeline, and
 * each distinct inlined (`data:`) image of a page once by its model, however many steps read it.
 * Counts the calls of `node:crypto`'s createHash.
 */
import { describe, expect, it, vi } from 'vitest';

import { tempBuild } from './temp-build';

import { runPipeline } from '../../plugins/post-build/pipeline';
import type { BuiltPage, PageStep, StepName } from '../../plugins/post-build/types';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return {
    ...crypto,
    createHash: (...args: Parameters<typeof crypto.createHash>) => {
      hashes.count += 1;
      return crypto.createHash(...args);
    },
  };
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const DATA_URL = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;

/** A step that reads the page's images and its Markdown, as the twins and the feed do. */
function imageReader(name: StepName, seen: string[]): PageStep<null, string> {
  return {
    kind: 'page',
    name,
    pageModule: '',
    options: null,
    readPage: (page: BuiltPage) => {
      page.markdown('https://docs.example.com', page.routes[0] ?? '/');
      seen.push(...page.model.images.map((image) => image.file ?? image.src));
      return undefined;
    },
    writeSite: () => undefined,
  };
}

describe('image hashing', () => {
  it('hashes each image file once and each distinct inlined image of a page once, for all steps', async () => {
    const body = `<main><p><img src="${DATA_URL}" alt="a"><img src="${DATA_URL}" alt="b"><img src="/img/b.png" alt="c"></p></main>`;
    const dir = tempBuild({
      'index.html': `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`,
      'img/layers.svg': SVG,
      'img/b.png': 'png bytes',
      'assets/js/main.js': 'not an image',
    });
    const seen: string[] = [];
    hashes.count = 0;
    await runPipeline({
      outDir: dir,
      routesPaths: ['/'],
      steps: [imageReader('markdown-twins', seen), imageReader('release-feed', seen)],
      workers: 0,
      log: () => undefined,
    });
    // Two image files, one distinct data: URL.
    expect(hashes.count).toBe(3);
    expect(seen).toEqual([
      '/img/layers.svg',
      '/img/layers.svg',
      '/img/b.png',
      '/img/layers.svg',
      '/img/layers.svg',
      '/img/b.png',
    ]);
  });
});
