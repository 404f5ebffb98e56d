// @vitest-environment node
/**
 * The corpus of writer mistakes (test/fixtures/mistakes/README.md): each case is a small input
 * and the exact message the build prints for it. Every case runs through the real loader or check
 * (the catalog loader, the docs plugin with the site's writer checks, Docusaurus's broken-link and
 * Markdown-image checks, the built-HTML reference check), so a message cannot change or vanish
 * unnoticed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { RouteConfig } from '@docusaurus/types';

import { loadCatalog } from '../../plugins/catalog/load';
import { plannedMarkdownOutputs } from '../../plugins/markdown-twins/contract';
import { findBrokenLocalReferences, WriterCheckError } from '../../plugins/writer-checks/checks';

const ROOT = path.resolve(__dirname, '../..');
const CORPUS = path.join(ROOT, 'test/fixtures/mistakes');
const SITE_CONFIG = path.join(CORPUS, '_site/docusaurus.config.ts');

/** What a case's `case.yml` holds. */
interface MistakeCase {
  check: 'data' | 'docs' | 'built-html' | 'links' | 'markdown-image';
  /** The mistake, in one sentence. */
  mistake: string;
  /** The exact message; empty when the input is valid and nothing may be reported. */
  message: string;
  /** data: files of the valid data set that the case deletes (paths under data/). */
  remove?: string[];
  /** built-html and links: the routes of the site. */
  routes?: string[];
  /** built-html: route → the source file the docs plugin loaded it from. */
  sources?: Record<string, string>;
  /** links: per page, the links and the anchors Docusaurus collected while rendering it. */
  pages?: Record<string, { links: string[]; anchors: string[] }>;
}

/** Runs `fn` and returns the message of what it throws ('' when it does not), with its causes. */
async function messageOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
    return '';
  } catch (error) {
    const parts: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) parts.push(e.message);
    return parts.join('\nCause: ');
  }
}

/** Copies `from` into `to`, replacing files that are already there. */
function copyInto(from: string, to: string): void {
  if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true });
}

/** A scratch folder inside the repository; a fresh install has no node_modules/.cache yet. */
function cacheDir(): string {
  const dir = path.join(ROOT, 'node_modules/.cache');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Each check, run on one case folder. */
const RUNNERS: Record<MistakeCase['check'], (dir: string, spec: MistakeCase) => Promise<string>> = {
  /** The catalog loader, over the valid data set with the case's files laid over it. */
  data: (dir, spec) => {
    const dataDir = fs.mkdtempSync(path.join(cacheDir(), 'mistake-data-'));
    try {
      copyInto(path.join(CORPUS, '_valid-data'), dataDir);
      for (const rel of spec.remove ?? []) fs.rmSync(path.join(dataDir, rel));
      copyInto(path.join(dir, 'data'), dataDir);
      return messageOf(() => loadCatalog(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  /** The docs plugin and the writer checks, loaded as a build loads them, on the case's docs/. */
  docs: async (dir) => {
    const { loadContext } = (await import('@docusaurus/core/lib/server/site.js')) as {
      loadContext: (params: { siteDir: string; config: string }) => Promise<unknown>;
    };
    const { loadPlugins } = (await import('@docusaurus/core/lib/server/plugins/plugins.js')) as {
      loadPlugins: (context: unknown) => Promise<unknown>;
    };
    try {
      return await messageOf(async () => loadPlugins(await loadContext({ siteDir: dir, config: SITE_CONFIG })));
    } finally {
      fs.rmSync(path.join(dir, '.docusaurus'), { recursive: true, force: true });
    }
  },
  /** The postBuild check of local references, on the case's built/ folder (a build's output). */
  'built-html': (dir, spec) =>
    messageOf(() => {
      const problems = findBrokenLocalReferences({
        outDir: path.join(dir, 'built'),
        routes: spec.routes ?? [],
        sources: new Map(Object.entries(spec.sources ?? {})),
        plannedFiles: plannedMarkdownOutputs(spec.routes ?? []),
      });
      if (problems.length > 0) throw new WriterCheckError(problems);
    }),
  /** Docusaurus's own broken-link and broken-anchor check, as the site configures it. */
  links: async (_dir, spec) => {
    const { handleBrokenLinks } = (await import('@docusaurus/core/lib/server/brokenLinks.js')) as {
      handleBrokenLinks: (params: {
        collectedLinks: Record<string, { links: string[]; anchors: string[] }>;
        onBrokenLinks: 'throw';
        onBrokenAnchors: 'throw';
        routes: RouteConfig[];
      }) => Promise<void>;
    };
    return messageOf(() =>
      handleBrokenLinks({
        collectedLinks: spec.pages ?? {},
        onBrokenLinks: 'throw',
        onBrokenAnchors: 'throw',
        routes: (spec.routes ?? []).map((route) => ({ path: route, component: 'page', exact: true })),
      }),
    );
  },
  /** Docusaurus's Markdown image transform, as the site configures it, on the case's docs/page.md. */
  'markdown-image': async (dir) => {
    const { default: transformImage } = (await import('@docusaurus/mdx-loader/lib/remark/transformImage/index.js')) as {
      default: unknown;
    };
    const file = path.join(dir, 'docs/page.md');
    const processor = unified()
      .use(remarkParse)
      .use(transformImage as never, {
        siteDir: dir,
        staticDirs: [path.join(dir, 'static')],
        onBrokenMarkdownImages: 'throw',
      });
    const input = { path: file, value: fs.readFileSync(file, 'utf8') };
    return messageOf(async () => processor.run(processor.parse(input), input));
  },
};

/** A message as the reader sees it, without colours and with paths relative to the site. */
function normalize(message: string): string {
  return stripVTControlCharacters(message).replaceAll(`${ROOT}/`, '').trimEnd();
}

const cases = fs
  .readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => {
    const dir = path.join(CORPUS, entry.name);
    const spec = parseYaml(fs.readFileSync(path.join(dir, 'case.yml'), 'utf8')) as MistakeCase;
    return { name: entry.name, dir, spec };
  });

describe('writer mistakes corpus', () => {
  it('has a case for every check', () => {
    expect(new Set(cases.map((c) => c.spec.check))).toEqual(new Set(Object.keys(RUNNERS)));
  });

  it.each(cases)(
    '$name',
    async ({ dir, spec }) => {
      expect(normalize(await RUNNERS[spec.check](dir, spec))).toBe(spec.message.trimEnd());
    },
    30_000,
  );
});
