/**
 * Local plugin: every page of the site as Markdown, for readers who read through an AI assistant.
 *
 * Its post-build step (run by the post-build pipeline, see ARCHITECTURE.md, 'The post-build
 * pipeline') writes, into the build folder:
 * - a Markdown twin of every route (`<path>.md`, or `<path>index.md` for paths ending in `/`;
 *   see `twinPathOf` in `twin-address.ts`), with front matter reduced to title, description and
 *   URL;
 * - `/llms.txt`, an index of every page linking its twin, with each section's size in tokens;
 * - `/llms-full.txt`, every page's Markdown in reading order, and `/llms-full/<section>.txt` for
 *   each section over 100,000 tokens (see `llms.ts`).
 *
 * Docs and Markdown pages are converted from their built HTML: `page-step.ts` writes the Markdown
 * of each page's model (plugins/post-build/page-markdown.ts) with `convert.ts`, so any component
 * gets the twin of what it renders. A route with no twin stops the
 * build, naming it. Nothing is written during `npm start`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import type { LoadedContent as PagesContent } from '@docusaurus/plugin-content-pages';

import { SITE_TITLE } from '../../site-config';
import { LLMS_TXT_PATH } from './contract';
import { twinDocument } from './convert';
import { llmsFullFiles, renderLlmsTxt } from './llms';
import { collectPages, isHomeFromCards, isTwinFromData } from './pages';
import type { ParticipatingPlugin } from '../post-build/types';
import { readPage, type TwinBody, type TwinPageOptions } from './page-step';
import { twinPathOf } from './twin-address';

/** The summary paragraph of `llms.txt`. */
export const LLMS_SUMMARY =
  'Documentation of the Gruntwork Infrastructure as Code Library for AWS: how to build on AWS with Terraform and Terragrunt, a reference page for every library module and service, FAQ pages, monthly release notes and a numbered knowledge base of answered questions.';

/** Docusaurus plugin factory. */
export default function markdownTwinsPlugin(context: LoadContext): ParticipatingPlugin {
  let docs: DocsContent | undefined;
  let pages: PagesContent | undefined;
  return {
    name: 'markdown-twins',
    allContentLoaded({ allContent }) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      pages = (allContent['docusaurus-plugin-content-pages']?.default as PagesContent | null | undefined) ?? [];
    },
    postBuildSteps({ routesPaths }) {
      if (docs === undefined || pages === undefined) throw new Error('markdown-twins: the docs plugin loaded nothing');
      const loadedDocs = docs;
      const loadedPages = pages;
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      // Every route is converted from what it renders, but for the few whose twin is written from
      // data (the home page's cards, the tag lists, the search page).
      const homeFromCards = isHomeFromCards(loadedPages);
      const routes = routesPaths.filter((route) => !isTwinFromData(route, homeFromCards));
      return [
        {
          kind: 'page',
          name: 'markdown-twins',
          readPage,
          pageModule: path.join(__dirname, 'page-step.ts'),
          options: { siteUrl, routes } satisfies TwinPageOptions,
          writeSite(results: ReadonlyMap<string, TwinBody[]>, { outDir }) {
            const bodies = new Map([...results.values()].flat().map((twin) => [twin.route, twin]));
            const all = collectPages({ siteUrl, docs: loadedDocs, pages: loadedPages, routesPaths, bodies });
            for (const page of all) {
              const file = path.join(outDir, twinPathOf(page.path));
              fs.mkdirSync(path.dirname(file), { recursive: true });
              fs.writeFileSync(file, twinDocument(page));
            }
            const { files, sizes } = llmsFullFiles(all);
            fs.writeFileSync(
              path.join(outDir, LLMS_TXT_PATH),
              renderLlmsTxt({ title: SITE_TITLE, summary: LLMS_SUMMARY, siteUrl }, all, sizes),
            );
            for (const file of files) {
              fs.mkdirSync(path.dirname(path.join(outDir, file.path)), { recursive: true });
              fs.writeFileSync(path.join(outDir, file.path), file.text);
            }
            console.info(
              `[markdown-twins] wrote ${String(all.length)} twins, llms.txt and ${files.map((file) => file.path).join(', ')}`,
            );
          },
        },
      ];
    },
  };
}
