/**
 * The typed interface between the post-build pipeline (`plugins/post-build`) and the plugins that
 * consume the built site. See ARCHITECTURE.md, 'The post-build pipeline'.
 *
 * A plugin takes part by returning, beside its lifecycle methods, `postBuildSteps(props)`: the
 * steps it owns. A page step reads each built page (once parsed into hast and once modelled as a
 * rendered page, both shared by every step)
 * in a module that worker threads can load, and turns the results of all pages into whole-site
 * outputs in the main thread. A folder step works on the finished build folder. A concurrent step
 * works on one folder of the build that no other step writes (the bundler's `assets/`), from the
 * start of the pipeline, beside the page phase, so that both cores work.
 */
import type { Plugin, Props } from '@docusaurus/types';
import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';

import type { RenderedPage } from './page-model';

/**
 * Every step of the pipeline, in the order it runs. Page steps read each page in this order; their
 * whole-site outputs are written in this order after the last page; folder steps come last.
 */
export const STEP_ORDER = [
  'writer-checks',
  'search-records',
  'markdown-twins',
  'release-feed',
  'security-headers',
  'offline-manifest',
  'precompress-assets',
  'precompress',
] as const;

/** The name of a step; it is also its key in the timings file. */
export type StepName = (typeof STEP_ORDER)[number];

/** One built HTML page, parsed once and handed to every page step. Read-only. */
export interface BuiltPage {
  /** The HTML file, relative to the build folder with `/` separators: `intro/index.html`. */
  file: string;
  /** The routes this file serves (as Docusaurus reports them), sorted; empty for a file no route names. */
  routes: readonly string[];
  /** The page's document as hast (from `hast-util-from-html`). Steps must not change it. */
  tree: Root;
  /**
   * The rendered page: kind, title, description, content without chrome, headings, tags and
   * images, derived once from {@link tree} (see page-model.ts). Steps must not change it.
   */
  model: RenderedPage;
  /**
   * The Markdown (mdast) of the page's content as served at `route` of the site `siteUrl` (its
   * origin, without a trailing slash): `markdownOf` of page-markdown.ts, computed on the first call
   * and shared by every step of the page. Steps must not change it.
   * @returns the tree, or undefined when the page has no content.
   */
  markdown: (siteUrl: string, route: string) => MdastRoot | undefined;
}

/**
 * The function a page step's module exports as `readPage`. Runs in the main thread or in a worker
 * thread, so its options and its result must survive `structuredClone`.
 * @returns the page's result, or undefined when the step has nothing to take from this page.
 */
export type PageReader<Options, Result> = (page: BuiltPage, options: Options) => Result | undefined;

/** What a whole-site output gets besides the page results. */
export interface SiteContext {
  /** The build folder (absolute). */
  outDir: string;
  /** Every route of the build. */
  routesPaths: readonly string[];
  /** Every HTML file of the build at the start of the pipeline, relative, `/`-separated, sorted. */
  htmlFiles: readonly string[];
  /** Every file of the build at the start of the pipeline, as site paths (`/img/a.svg`). */
  files: ReadonlySet<string>;
  /** Adds CPU time (ms) spent in a process the pipeline cannot measure (one not waited for) to the step. */
  addCpuMs: (ms: number) => void;
}

/** A step that reads every page, then writes what it owes the whole site. */
export interface PageStep<Options = unknown, Result = unknown> {
  kind: 'page';
  name: StepName;
  /** The page reader, run in the main thread when the pipeline uses no worker threads. */
  readPage: PageReader<Options, Result>;
  /** Absolute path of the module that exports the same reader as `readPage`, for worker threads. */
  pageModule: string;
  /** Options handed to `readPage` with every page. */
  options: Options;
  /**
   * Writes the step's whole-site outputs, or throws to stop the build.
   * @param results - file → result, for every page whose `readPage` returned a result.
   */
  writeSite: (results: ReadonlyMap<string, Result>, context: SiteContext) => Promise<void> | void;
}

/** A step that works on the finished build folder (after every page step's outputs). */
export interface FolderStep {
  kind: 'folder';
  name: StepName;
  run: (outDir: string) => Promise<void>;
}

/**
 * A step that works on one folder of the build (`folder`, relative to the build folder), which is
 * complete before the pipeline starts and which no other step writes: it starts with the
 * pipeline and runs beside the page phase; the folder steps wait for it. The pipeline stops the
 * build, naming the folder and the file, if anything in the folder changed meanwhile.
 */
export interface ConcurrentStep {
  kind: 'concurrent';
  name: StepName;
  folder: string;
  run: (outDir: string) => Promise<void>;
}

/** A step of the pipeline. Page steps' options and results are checked by the owning plugin. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each plugin types its own step
export type PostBuildStep = PageStep<any, any> | FolderStep | ConcurrentStep;

/** What a plugin's `postBuildSteps` gets: the props of Docusaurus's `postBuild`. */
export type PostBuildProps = Props;

/** A plugin that takes part in the pipeline. */
export interface PostBuildParticipant {
  /** The plugin's steps for this build; called once, when the pipeline starts. */
  postBuildSteps: (props: PostBuildProps) => PostBuildStep[];
}

/** A Docusaurus plugin that takes part in the pipeline. */
export type ParticipatingPlugin = Plugin & PostBuildParticipant;

/** Whether a loaded plugin takes part in the pipeline. */
export function isParticipant(plugin: object): plugin is PostBuildParticipant {
  return typeof (plugin as Partial<PostBuildParticipant>).postBuildSteps === 'function';
}

/** Wall and CPU time of one step, in ms. */
export interface StepTiming {
  wallMs: number;
  cpuMs: number;
}
