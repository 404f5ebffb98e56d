// @vitest-environment node
/**
 * The post-build pipeline: each page parsed once and handed to every step in the declared order,
 * whole-site outputs after the last page, folder steps last, the timings file, worker threads
 * giving the same results, and the wait for files other plugins write in their own postBuild.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { tempBuild } from './temp-build';

import postBuildPlugin, { parseOptions } from '../../plugins/post-build';
import { awaitOutsideWriters, type PostBuildHookProps } from '../../plugins/post-build/outside-writers';
import { runPipeline } from '../../plugins/post-build/pipeline';
import type { BuiltPage, PageStep, PostBuildStep, StepName } from '../../plugins/post-build/types';
import { readPage as referencesOf } from '../../plugins/writer-checks/page-step';

const page = (body: string): string => `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
const SITE = {
  'index.html': page('<main><a href="/intro">Intro</a><img src="/img/a.svg"></main>'),
  'intro/index.html': page('<main><p>Intro</p><a href="/missing">x</a></main>'),
};

/** A page step that records what it saw, in `events`. */
function recordingStep(name: StepName, events: string[], trees: Map<string, unknown[]>): PageStep<null, string> {
  return {
    kind: 'page',
    name,
    pageModule: '',
    options: null,
    readPage: (built: BuiltPage) => {
      events.push(`${name} ${built.file}`);
      trees.set(built.file, [...(trees.get(built.file) ?? []), built.tree]);
      return built.routes.join(',');
    },
    writeSite: (results) => {
      events.push(`${name}:site ${[...results.values()].join(' ')}`);
    },
  };
}

describe('runPipeline', () => {
  it('hands each page, parsed once, to every step in the declared order; then whole-site outputs; then folder steps', async () => {
    const dir = tempBuild(SITE);
    const events: string[] = [];
    const trees = new Map<string, unknown[]>();
    const steps: PostBuildStep[] = [
      { kind: 'folder', name: 'precompress', run: () => Promise.resolve(void events.push('precompress')) },
      recordingStep('markdown-twins', events, trees),
      recordingStep('writer-checks', events, trees),
      recordingStep('search-records', events, trees),
    ];
    await runPipeline({ outDir: dir, routesPaths: ['/', '/intro'], steps, workers: 0, log: () => undefined });
    expect(events).toEqual([
      'writer-checks index.html',
      'search-records index.html',
      'markdown-twins index.html',
      'writer-checks intro/index.html',
      'search-records intro/index.html',
      'markdown-twins intro/index.html',
      'writer-checks:site / /intro',
      'search-records:site / /intro',
      'markdown-twins:site / /intro',
      'precompress',
    ]);
    for (const seen of trees.values()) expect(new Set(seen).size).toBe(1);
  });

  it('starts a concurrent step first, runs the page steps beside it, and runs the folder steps after it', async () => {
    const dir = tempBuild({ ...SITE, 'assets/js/main.js': 'console.log(1);' });
    const events: string[] = [];
    let finish: () => void = () => undefined;
    const steps: PostBuildStep[] = [
      { kind: 'folder', name: 'precompress', run: () => Promise.resolve(void events.push('precompress')) },
      {
        kind: 'concurrent',
        name: 'precompress-assets',
        folder: 'assets',
        run: () => {
          events.push('assets started');
          return new Promise<void>((resolve) => {
            finish = () => {
              events.push('assets done');
              resolve();
            };
          });
        },
      },
      {
        ...recordingStep('writer-checks', events, new Map()),
        writeSite: () => {
          events.push('writer-checks:site');
          finish();
        },
      },
    ];
    await runPipeline({ outDir: dir, routesPaths: ['/', '/intro'], steps, workers: 0, log: () => undefined });
    expect(events).toEqual([
      'assets started',
      'writer-checks index.html',
      'writer-checks intro/index.html',
      'writer-checks:site',
      'assets done',
      'precompress',
    ]);
  });

  it('stops, naming the file, when another step writes into the folder a concurrent step works on', async () => {
    const dir = tempBuild({ ...SITE, 'assets/js/main.js': 'console.log(1);' });
    const steps: PostBuildStep[] = [
      { kind: 'concurrent', name: 'precompress-assets', folder: 'assets', run: () => Promise.resolve() },
      {
        ...recordingStep('markdown-twins', [], new Map()),
        writeSite: () => {
          fs.writeFileSync(path.join(dir, 'assets/js/main.md'), '# written into assets/');
        },
      },
    ];
    await expect(
      runPipeline({ outDir: dir, routesPaths: ['/'], steps, workers: 0, log: () => undefined }),
    ).rejects.toThrow(
      'the step "precompress-assets" works on assets/ beside the other steps, but the build changed files there meanwhile: assets/js/main.md',
    );
  });

  describe('with a cache of page-step results', () => {
    /** Runs the pipeline with one step that answers for the home page only, recording what it read. */
    async function build(dir: string, cacheDir: string, options: { version?: string; suffix?: string } = {}) {
      const events: string[] = [];
      const written: string[] = [];
      const step: PageStep<string, string> = {
        ...recordingStep('search-records', events, new Map()),
        options: options.suffix ?? '!',
        readPage: (built, suffix) => {
          events.push(built.file);
          return built.file === 'index.html' ? `${built.tree.children.length}${suffix}` : undefined;
        },
        writeSite: (results) => {
          written.push(...[...results].map(([file, result]) => `${file}=${result}`));
        },
      };
      const lines: string[] = [];
      await runPipeline({
        outDir: dir,
        routesPaths: ['/', '/intro'],
        steps: [step],
        workers: 0,
        cache: { dir: cacheDir, version: options.version ?? 'v1' },
        log: (line) => lines.push(line),
      });
      return { events, written, lines };
    }

    it('reads only the pages whose HTML changed and hands every step the same results as a cold run', async () => {
      const dir = tempBuild(SITE);
      const cacheDir = path.join(tempBuild({}, 'post-build-cache-'), 'cache');
      const cold = await build(dir, cacheDir);
      expect(cold.events).toEqual(['index.html', 'intro/index.html']);
      expect(cold.written).toEqual(['index.html=2!']);

      const warm = await build(dir, cacheDir);
      expect(warm.events).toEqual([]);
      expect(warm.written).toEqual(cold.written);
      expect(warm.lines).toContain('[post-build] cache: 2 of 2 pages reused whole, 0 read');

      fs.writeFileSync(path.join(dir, 'intro/index.html'), page('<main><p>Intro, edited</p></main>'));
      const edited = await build(dir, cacheDir);
      expect(edited.events).toEqual(['intro/index.html']);
      expect(edited.written).toEqual(cold.written);
    });

    it('runs the step again when its options or the code version change', async () => {
      const dir = tempBuild(SITE);
      const cacheDir = path.join(tempBuild({}, 'post-build-cache-'), 'cache');
      await build(dir, cacheDir);
      const newOptions = await build(dir, cacheDir, { suffix: '?' });
      expect(newOptions.events).toEqual(['index.html', 'intro/index.html']);
      expect(newOptions.written).toEqual(['index.html=2?']);
      const newCode = await build(dir, cacheDir, { suffix: '?', version: 'v2' });
      expect(newCode.events).toEqual(['index.html', 'intro/index.html']);
    });

    it('builds as without a cache when the cache cannot be read or written, and says so', async () => {
      const dir = tempBuild(SITE);
      const blocker = path.join(tempBuild({ file: 'not a folder' }, 'post-build-blocked-'), 'file');
      const run = await build(dir, path.join(blocker, 'cache'));
      expect(run.written).toEqual(['index.html=2!']);
      expect(run.lines.some((line) => line.includes('not written'))).toBe(true);
    });
  });

  it('stops when two plugins register the same step', async () => {
    const dir = tempBuild(SITE);
    const steps = [recordingStep('writer-checks', [], new Map()), recordingStep('writer-checks', [], new Map())];
    await expect(
      runPipeline({ outDir: dir, routesPaths: ['/'], steps, workers: 0, log: () => undefined }),
    ).rejects.toThrow('two plugins register the step "writer-checks"');
  });

  it('names the step and the page when a step throws', async () => {
    const dir = tempBuild(SITE);
    const step: PageStep<null, string> = {
      ...recordingStep('search-records', [], new Map()),
      readPage: () => {
        throw new Error('no title');
      },
    };
    await expect(
      runPipeline({ outDir: dir, routesPaths: ['/'], steps: [step], workers: 0, log: () => undefined }),
    ).rejects.toThrow('search-records on index.html: no title');
  });

  it('prints one line per step and writes the timings file: step → wall and CPU ms', async () => {
    const dir = tempBuild(SITE);
    const lines: string[] = [];
    const timingsFile = path.join(dir, '.docusaurus/post-build-timings.json');
    await runPipeline({
      outDir: dir,
      routesPaths: ['/'],
      steps: [recordingStep('writer-checks', [], new Map())],
      workers: 0,
      timingsFile,
      log: (line) => lines.push(line),
    });
    const timings = JSON.parse(fs.readFileSync(timingsFile, 'utf8')) as Record<
      string,
      { wallMs: number; cpuMs: number }
    >;
    expect(Object.keys(timings)).toEqual([
      'read-and-parse',
      'page-model',
      'writer-checks',
      'writer-checks:site',
      'pages',
      'total',
    ]);
    for (const timing of Object.values(timings)) {
      expect(Number.isInteger(timing.wallMs) && timing.wallMs >= 0).toBe(true);
      expect(Number.isInteger(timing.cpuMs) && timing.cpuMs >= 0).toBe(true);
    }
    expect(lines).toContain(
      `[post-build] writer-checks: ${String(timings['writer-checks']?.wallMs)} ms wall, ${String(timings['writer-checks']?.cpuMs)} ms CPU`,
    );
  });

  it('gives the same results with worker threads as in the main thread', async () => {
    const dir = tempBuild(SITE);
    const results: Record<string, unknown>[] = [];
    for (const workers of [0, 2]) {
      await runPipeline({
        outDir: dir,
        routesPaths: ['/', '/intro'],
        workers,
        log: () => undefined,
        steps: [
          {
            kind: 'page',
            name: 'writer-checks',
            readPage: referencesOf,
            pageModule: path.join(import.meta.dirname, '../../plugins/writer-checks/page-step.ts'),
            options: null,
            writeSite: (found) => {
              results.push(Object.fromEntries(found));
            },
          },
        ],
      });
    }
    expect(results[0]).toEqual({
      'index.html': [
        ['src', '/img/a.svg'],
        ['href', '/intro'],
      ],
      'intro/index.html': [['href', '/missing']],
    });
    expect(results[1]).toEqual(results[0]);
  }, 60_000);
});

describe('the plugin', () => {
  it('checks its workers option', () => {
    expect(parseOptions(undefined).workers).toBe(0);
    expect(parseOptions({ workers: 2 }).workers).toBe(2);
    expect(() => parseOptions({ workers: -1 })).toThrow(
      'post-build: option workers must be a whole number from 0 to 16',
    );
    expect(() => postBuildPlugin({} as never, { workers: 1.5 })).toThrow('option workers');
  });
});

describe('files other plugins write in their own postBuild', () => {
  const props = (outDir: string, plugins: unknown[]): PostBuildHookProps => ({ outDir, plugins }) as never;

  it('waits until the sitemap plugin has written what its own code renders', async () => {
    const dir = tempBuild({});
    const sitemap = {
      name: 'docusaurus-plugin-sitemap',
      options: { filename: 'sitemap.xml' },
      postBuild: async ({ outDir }: { outDir: string }) => {
        // The real write happens later than the pipeline reaches this point.
        if (outDir === dir) await new Promise((resolve) => setTimeout(resolve, 300));
        fs.writeFileSync(path.join(outDir, 'sitemap.xml'), '<urlset>whole</urlset>');
      },
    };
    const writing = sitemap.postBuild({ outDir: dir });
    await awaitOutsideWriters(props(dir, [sitemap]));
    expect(fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8')).toBe('<urlset>whole</urlset>');
    await writing;
  });

  it("renders the hosted search theme's opensearch.xml into another folder (guards @docusaurus/theme-search-algolia)", async () => {
    const real = tempBuild({});
    const context = {
      outDir: real,
      baseUrl: '/',
      i18n: { currentLocale: 'en' },
      siteConfig: {
        title: 'Docs',
        url: 'https://docs.example.com',
        favicon: 'img/favicon.ico',
        future: { experimental_router: 'browser' },
        themeConfig: { algolia: { searchPagePath: 'search' } },
      },
    };
    const { default: theme } = (await import('@docusaurus/theme-search-algolia')) as unknown as {
      default: (context: unknown) => { name: string; postBuild?: (props: unknown) => Promise<void> };
    };
    const written = theme(context);
    expect(written.name, '@docusaurus/theme-search-algolia changed its plugin name').toBe(
      'docusaurus-theme-search-algolia',
    );
    await written.postBuild?.({});
    const loaded = { ...written, content: undefined, options: {} };
    // The file is complete, so the wait ends at once; a second instance wrote the same bytes elsewhere.
    await awaitOutsideWriters({ ...context, plugins: [loaded] } as never);
    expect(
      fs.readFileSync(path.join(real, 'opensearch.xml'), 'utf8'),
      '@docusaurus/theme-search-algolia no longer writes opensearch.xml to its context outDir',
    ).toContain('https://docs.example.com/search?q={searchTerms}');
  }, 60_000);

  it("lets the bench's phase timer through: its postBuild writes nothing into the build", async () => {
    const dir = tempBuild({});
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bench plugin is CommonJS
    const phaseTimer = require('../../scripts/bench/phase-timer-plugin.cjs') as (
      context: unknown,
      options: { file: string },
    ) => { name: string; postBuild?: () => void };
    const plugin = phaseTimer({}, { file: path.join(dir, '..', 'phases.json') });
    expect(plugin.postBuild).toBeTypeOf('function');
    await expect(awaitOutsideWriters(props(dir, [plugin]))).resolves.toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stops on a plugin with its own postBuild that the pipeline does not know', async () => {
    const dir = tempBuild({});
    const other = { name: 'some-plugin', postBuild: () => undefined };
    await expect(awaitOutsideWriters(props(dir, [other]))).rejects.toThrow(
      'post-build: some-plugin write(s) files in their own postBuild',
    );
  });
});
