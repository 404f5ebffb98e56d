/**
 * Reading built pages for the post-build pipeline: which HTML files a build has, which routes each
 * serves, and one file read and parsed into hast with every page step run over it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Root as MdastRoot } from 'mdast';

import { htmlFileFor } from '../built-site';
import { markdownOf } from './page-markdown';
import { renderedPageOf, type PageModelInput } from './page-model';
import type { BuiltPage, PageReader, StepName, StepTiming } from './types';

/**
 * A page to read: its file (relative, `/`-separated), the routes it serves and, when only some
 * page steps need it (the others' results come from the pipeline's cache), their names.
 */
export interface PageRef {
  file: string;
  routes: string[];
  steps?: readonly string[];
}

/** A page step as {@link readPages} runs it: its name, reader and options. */
export interface PageStepRef {
  name: StepName;
  readPage: PageReader<unknown, unknown>;
  options: unknown;
}

/** Every file of `dir`, relative and `/`-separated, sorted. */
export function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The HTML files of a build with the routes each serves (a route is served by
 * `<route>/index.html` or `<route>.html`, as a static file server resolves it).
 */
export function pagesOf(outDir: string, files: readonly string[], routesPaths: readonly string[]): PageRef[] {
  const routesOf = new Map<string, string[]>();
  for (const route of new Set(routesPaths)) {
    const file = htmlFileFor(outDir, route);
    if (file === undefined) continue;
    const relative = path.relative(outDir, file).split(path.sep).join('/');
    routesOf.set(relative, [...(routesOf.get(relative) ?? []), route]);
  }
  return files
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file, routes: (routesOf.get(file) ?? []).sort() }));
}

/** CPU time of the calling thread in ms (Linux: `/proc/thread-self/schedstat`), else of the process. */
export function threadCpuMs(): number {
  try {
    const [onCpuNs] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return Number(onCpuNs) / 1e6;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

/** Adds the time since `start` to `timings[name]`. */
export function addTiming(
  timings: Partial<Record<string, StepTiming>>,
  name: string,
  start: { wall: number; cpu: number },
): void {
  const entry = timings[name] ?? { wallMs: 0, cpuMs: 0 };
  entry.wallMs += performance.now() - start.wall;
  entry.cpuMs += threadCpuMs() - start.cpu;
  timings[name] = entry;
}

/** The time now, for {@link addTiming}. */
export const now = (): { wall: number; cpu: number } => ({ wall: performance.now(), cpu: threadCpuMs() });

/** What reading a batch of pages gives back: per step, file → result; and the time each step took. */
export interface BatchResult {
  results: Record<string, [file: string, result: unknown][]>;
  timings: Partial<Record<string, StepTiming>>;
}

/** The name under which reading and parsing the pages is timed. */
export const READ_STEP = 'read-and-parse';

/** The name under which building each page's model is timed. */
export const MODEL_STEP = 'page-model';

/**
 * A built page as page steps get it: its tree, its model, and its Markdown computed on first use.
 * @param file - the HTML file, relative to the build folder.
 */
export function builtPageOf(file: string, routes: readonly string[], tree: Root, input: PageModelInput): BuiltPage {
  const model = renderedPageOf(tree, file, input);
  const markdown = new Map<string, MdastRoot | undefined>();
  return {
    file,
    routes,
    tree,
    model,
    markdown: (siteUrl, route) => {
      const pageUrl = `${siteUrl}${route}`;
      if (!markdown.has(pageUrl)) markdown.set(pageUrl, markdownOf(model, { siteUrl, pageUrl }));
      return markdown.get(pageUrl);
    },
  };
}

/**
 * Reads and parses each page once, builds its model once ({@link builtPageOf}) and runs every
 * step's `readPage` over it, in step order.
 * @param input - what the page models need of the whole build.
 * @throws the first error a step throws, with the step and the page's file named.
 */
export function readPages(
  outDir: string,
  pages: readonly PageRef[],
  readers: readonly PageStepRef[],
  input: PageModelInput,
): BatchResult {
  const results: BatchResult['results'] = Object.fromEntries(readers.map((step) => [step.name, []]));
  const timings: BatchResult['timings'] = {};
  for (const { file, routes, steps } of pages) {
    const run = steps === undefined ? readers : readers.filter((step) => steps.includes(step.name));
    if (run.length === 0) continue;
    let start = now();
    const tree = fromHtml(fs.readFileSync(path.join(outDir, file), 'utf8'));
    addTiming(timings, READ_STEP, start);
    start = now();
    const page = builtPageOf(file, routes, tree, input);
    addTiming(timings, MODEL_STEP, start);
    for (const step of run) {
      start = now();
      let result: unknown;
      try {
        result = step.readPage(page, step.options);
      } catch (error) {
        if (error instanceof Error) error.message = `${step.name} on ${file}: ${error.message}`;
        throw error;
      }
      addTiming(timings, step.name, start);
      if (result !== undefined) results[step.name]?.push([file, result]);
    }
  }
  return { results, timings };
}
