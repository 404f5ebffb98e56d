/**
 * Local plugin: prepares the build for a production web server (nginx, or S3 and CloudFront).
 *
 * Its post-build step, run by the post-build pipeline (see ARCHITECTURE.md, 'The post-build
 * pipeline'), `security-headers`, hashes every inline script of the built HTML (from the pages the
 * pipeline parsed) and writes the security headers, with a Content-Security-Policy that allows
 * exactly those scripts, to `<outDir>/security-headers.json` (`security-headers.ts`).
 *
 * Precompression (`compress.ts`: `.gz` and `.br` twins of every text file, which nginx sends as
 * they are) is a deploy step, not part of the build: `npm run precompress`
 * (`scripts/precompress.mjs`) runs it on the finished build, and `npm run serve:prod` and the
 * suites that serve through nginx call it first.
 *
 * Its client module (`client.ts`) keeps libraries from probing for `eval`, which the policy forbids.
 *
 * The build stops when a page carries inline code that no hash can allow (an `onclick`
 * attribute, a `javascript:` link), naming the file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import type { LoadContext } from '@docusaurus/types';
import * as z from 'zod';

import { optionsParser } from '../plugin-options';
import type { PageStep, ParticipatingPlugin } from '../post-build/types';
import { readPage, type PageScripts } from './page-step';
import {
  scanInlineScripts,
  scriptHash,
  securityHeaders,
  SECURITY_HEADERS_FILE,
  type SecurityHeaders,
  type ThirdPartyServices,
} from './security-headers';

/**
 * The security headers for the scripts of every page (file → its hashes and blocked code).
 * @throws Error listing the files with inline code that the policy would block (at most 20).
 */
export function headersForPages(
  pages: ReadonlyMap<string, PageScripts>,
  services: ThirdPartyServices,
): SecurityHeaders {
  const hashes = new Set<string>();
  const blocked: string[] = [];
  for (const [file, scan] of pages) {
    for (const hash of scan.hashes) hashes.add(hash);
    for (const item of scan.blocked) blocked.push(`${file}: ${item}`);
  }
  if (blocked.length > 0) {
    throw new Error(
      `static-hosting: inline code that the Content-Security-Policy would block (move it to a script file):\n${blocked.slice(0, 20).join('\n')}`,
    );
  }
  return securityHeaders(hashes, services);
}

/** Reads every `.html` file of `outDir` and returns the security headers its scripts need. */
export async function headersForBuild(outDir: string, services: ThirdPartyServices): Promise<SecurityHeaders> {
  const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const pages = new Map<string, PageScripts>();
  for (const file of files) {
    const scan = scanInlineScripts(await fs.readFile(file, 'utf8'));
    pages.set(path.relative(outDir, file), {
      hashes: scan.scripts.map((script) => scriptHash(script)),
      blocked: scan.blocked,
    });
  }
  return headersForPages(pages, services);
}

/** The security-header step: each page's scripts, then `security-headers.json`. */
export function securityHeadersStep(services: ThirdPartyServices): PageStep<null, PageScripts> {
  return {
    kind: 'page',
    name: 'security-headers',
    readPage,
    pageModule: path.join(__dirname, 'page-step.ts'),
    options: null,
    async writeSite(results, { outDir }) {
      const headers = headersForPages(results, services);
      await fs.writeFile(path.join(outDir, SECURITY_HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
    },
  };
}

/**
 * Reads the plugin options: `{ algoliaAppId?: string, analytics?: boolean }`.
 * @throws PluginOptionsError naming the option when one has the wrong type.
 */
export const parseServices: (options: unknown) => ThirdPartyServices = optionsParser('static-hosting', {
  algoliaAppId: z
    .string('an Algolia application id')
    .regex(/^[A-Za-z0-9]+$/, 'an Algolia application id')
    .optional(),
  analytics: z.boolean('true or false').optional(),
});

/** Docusaurus plugin factory. Its options name the optional third parties the policy allows. */
export default function staticHostingPlugin(context: LoadContext, options: unknown): ParticipatingPlugin {
  const services = parseServices(options);
  return {
    name: 'static-hosting',
    getClientModules() {
      return [path.resolve(__dirname, './client.ts')];
    },
    postBuildSteps() {
      return [securityHeadersStep(services)];
    },
  };
}
