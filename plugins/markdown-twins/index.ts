/**
 * Local plugin: every page of the site as Markdown, for readers who read through an AI assistant.
 *
 * In `postBuild` it writes, into the build folder:
 * - a Markdown twin of every route (`<path>.md`, or `<path>index.md` for paths ending in `/`;
 *   see `markdownTwinPath` in `contract.ts`), with front matter reduced to title, description and
 *   URL;
 * - `/llms.txt`, an index of every page linking its twin;
 * - `/llms-full.txt`, every page's Markdown in reading order.
 *
 * Docs and Markdown pages are converted from their source (`convert.ts`); a component with no
 * Markdown rendering, or a route with no twin, stops the build naming the file and the component.
 * Nothing is written during `npm start`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import type { LoadedContent as PagesContent } from '@docusaurus/plugin-content-pages';

import { SITE_TITLE } from '../../site-config';
import { LLMS_FULL_TXT_PATH, LLMS_TXT_PATH, markdownTwinPath } from './contract';
import { twinDocument } from './convert';
import { renderLlmsFullTxt, renderLlmsTxt } from './llms';
import { collectPages } from './pages';

/** The summary paragraph of `llms.txt`. */
export const LLMS_SUMMARY =
  'Documentation of the Gruntwork Infrastructure as Code Library for AWS: how to build on AWS with Terraform and Terragrunt, a reference page for every library module and service, FAQ pages, monthly release notes and a numbered knowledge base of answered questions.';

/** Options. */
export interface MarkdownTwinsOptions {
  /**
   * A route prefix whose pages get no twin and are left out of the llms files: the test-only
   * feature pages of the fixture build (`FEATURE_PAGES_ROUTE` in the configuration). Unset, every
   * route must have a twin.
   */
  untwinnedRoutes?: string;
}

/** Docusaurus plugin factory. */
export default function markdownTwinsPlugin(context: LoadContext, options: unknown): Plugin {
  const { untwinnedRoutes } = (options ?? {}) as MarkdownTwinsOptions;
  let docs: DocsContent | undefined;
  let pages: PagesContent | undefined;
  return {
    name: 'markdown-twins',
    allContentLoaded({ allContent }) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      pages = (allContent['docusaurus-plugin-content-pages']?.default as PagesContent | null | undefined) ?? [];
    },
    postBuild({ outDir, routesPaths }) {
      if (docs === undefined || pages === undefined) throw new Error('markdown-twins: the docs plugin loaded nothing');
      const started = { wall: performance.now(), cpu: process.cpuUsage() };
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      const twinned = untwinnedRoutes ? routesPaths.filter((route) => !route.startsWith(untwinnedRoutes)) : routesPaths;
      const all = collectPages({ siteDir: context.siteDir, siteUrl, docs, pages, routesPaths: twinned });
      for (const page of all) {
        const file = path.join(outDir, markdownTwinPath(page.path));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, twinDocument(page));
      }
      fs.writeFileSync(
        path.join(outDir, LLMS_TXT_PATH),
        renderLlmsTxt({ title: SITE_TITLE, summary: LLMS_SUMMARY, siteUrl }, all),
      );
      const full = renderLlmsFullTxt(all);
      fs.writeFileSync(path.join(outDir, LLMS_FULL_TXT_PATH), full);
      // The conversion is synchronous, so the process's CPU time over it is this plugin's own.
      const cpu = process.cpuUsage(started.cpu);
      console.log(
        `[markdown-twins] wrote ${String(all.length)} twins, llms.txt and llms-full.txt (${String(Math.round(Buffer.byteLength(full) / 1024))} KB) in ${String(Math.round(performance.now() - started.wall))} ms (${String(Math.round((cpu.user + cpu.system) / 1000))} ms CPU)`,
      );
      return Promise.resolve();
    },
  };
}
