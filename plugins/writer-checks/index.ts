/**
 * Local plugin: stops the build on writer mistakes that Docusaurus lets through.
 *
 * - `allContentLoaded`, over every doc and page: front matter keys no part of the site reads, a
 *   knowledge-base article at a number outside the URL contract, and two files served at one
 *   route (Docusaurus's own `onDuplicateRoutes` only warns, naming the route but not the files).
 * - its post-build step, over every built HTML page as the post-build pipeline parsed it (see
 *   ARCHITECTURE.md, 'The post-build pipeline'): a local `src`, `href`, `srcset` or `poster` that
 *   resolves to no file and no route (a raw `<img>` or `<a>` in MDX that Docusaurus does not check).
 *
 * Each problem names the file to fix, what is wrong and what to do; all problems are reported at
 * once in a {@link WriterCheckError}, which fails `npm run build` and is shown by `npm start`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import * as z from 'zod';

import { plannedMarkdownOutputs } from '../markdown-twins/contract';
import { optionsParser } from '../plugin-options';
import type { ParticipatingPlugin } from '../post-build/types';
import {
  brokenLocalReferences,
  findDuplicateRoutes,
  findKnowledgeBaseOutsideContract,
  findUnknownFrontMatterKeys,
  WriterCheckError,
  type LoadedDoc,
  type RoutedFile,
} from './checks';
import { readPage } from './page-step';

/** The URL contract: every route the site must serve, one per line, site-relative. */
export const CONTRACT_FILE = 'test/contract/routes.txt';

/** The loaded content of the docs plugin and the pages plugin, as far as the checks read it. */
interface DocsContent {
  loadedVersions: { docs: LoadedDoc[] }[];
}
type PagesContent = { permalink: string; source: string }[];

/**
 * Reads the plugin options:
 * - `contractFile`: the URL contract file, relative to the site folder or absolute. Default {@link CONTRACT_FILE}.
 * - `otherPostBuildFiles`: site paths that other plugins or themes write in their own `postBuild`,
 *   such as the hosted search theme's `/opensearch.xml`. Pages may link them before they are on
 *   disk: Docusaurus runs those hooks side by side with the post-build pipeline.
 * @throws PluginOptionsError naming the option when one has the wrong type.
 */
export const parseOptions = optionsParser('writer-checks', {
  contractFile: z.string('a file path').min(1, 'a file path').default(CONTRACT_FILE),
  otherPostBuildFiles: z
    .array(z.string().startsWith('/', 'a site path starting with /'), 'a list of site paths')
    .readonly()
    .default([]),
});

/** Options of the plugin, as the site config writes them. */
export type WriterChecksOptions = Partial<ReturnType<typeof parseOptions>>;

/**
 * Reads the URL contract.
 * @param file - absolute path of the contract file.
 * @throws Error naming the file when it is missing.
 */
export function readContractRoutes(file: string): Set<string> {
  if (!fs.existsSync(file)) throw new Error(`${file}: missing; the knowledge-base check needs the URL contract`);
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
}

/**
 * Runs the content checks on what the docs and pages plugins loaded.
 * @returns every problem, and route → source file of each doc and page (for naming pages later).
 */
export function checkLoadedContent(
  allContent: Record<string, Record<string, unknown> | undefined>,
  contract: ReadonlySet<string>,
  contractFile: string = CONTRACT_FILE,
): { problems: string[]; sources: Map<string, string> } {
  const docs = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}).flatMap((content) =>
    (content as DocsContent).loadedVersions.flatMap((version) => version.docs),
  );
  const pages = Object.values(allContent['docusaurus-plugin-content-pages'] ?? {}).flatMap(
    (content) => content as PagesContent,
  );
  const routed: RoutedFile[] = [
    ...docs.map((doc) => ({ route: doc.permalink, source: doc.source })),
    ...pages.map((page) => ({ route: page.permalink, source: page.source })),
  ];
  return {
    problems: [
      ...findUnknownFrontMatterKeys(docs),
      ...findKnowledgeBaseOutsideContract(docs, contract, contractFile),
      ...findDuplicateRoutes(routed),
    ],
    sources: new Map(routed.map(({ route, source }) => [route, source])),
  };
}

/** Docusaurus plugin factory. */
export default function writerChecksPlugin(context: LoadContext, options?: unknown): ParticipatingPlugin {
  const { contractFile, otherPostBuildFiles } = parseOptions(options);
  const contractPath = path.resolve(context.siteDir, contractFile);
  // Named from the site folder, or from where the build runs when the file lies outside the site.
  const fromSite = path.relative(context.siteDir, contractPath);
  const contractName = fromSite.startsWith('..') ? path.relative(process.cwd(), contractPath) : fromSite;
  let sources = new Map<string, string>();
  return {
    name: 'writer-checks',
    allContentLoaded({ allContent }) {
      const result = checkLoadedContent(allContent, readContractRoutes(contractPath), contractName);
      sources = result.sources;
      if (result.problems.length > 0) throw new WriterCheckError(result.problems);
    },
    postBuildSteps() {
      return [
        {
          kind: 'page',
          name: 'writer-checks',
          readPage,
          pageModule: path.join(__dirname, 'page-step.ts'),
          options: null,
          writeSite(results: ReadonlyMap<string, [string, string][]>, { outDir, routesPaths, files }) {
            const pages = [...results].map(([file, references]) => ({ file: `/${file}`, references }));
            const problems = brokenLocalReferences(pages, {
              outDir,
              routes: routesPaths,
              files,
              sources,
              plannedFiles: new Set([...plannedMarkdownOutputs(routesPaths), ...otherPostBuildFiles]),
            });
            if (problems.length > 0) throw new WriterCheckError(problems);
          },
        },
      ];
    },
  };
}
