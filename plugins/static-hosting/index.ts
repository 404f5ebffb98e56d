/**
 * Local plugin: prepares the build for a production web server (nginx, or S3 and CloudFront).
 *
 * `postBuild`, once the pages are written:
 * 1. writes `.gz` and `.br` twins of every text file (`compress.ts`), which the servers send as
 *    they are instead of compressing on each request;
 * 2. then hashes every inline script of the built HTML and writes the security headers, with a
 *    Content-Security-Policy that allows exactly those scripts, to
 *    `<outDir>/security-headers.json` (`security-headers.ts`).
 *
 * Its client module (`client.ts`) keeps libraries from probing for `eval`, which the policy forbids.
 *
 * The build stops when a page carries inline code that no hash can allow (an `onclick`
 * attribute, a `javascript:` link), naming the file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';

import { precompressDir } from './compress';
import {
  scanInlineScripts,
  scriptHash,
  securityHeaders,
  SECURITY_HEADERS_FILE,
  type SecurityHeaders,
  type ThirdPartyServices,
} from './security-headers';

/** Reads every `.html` file of `outDir` and returns the security headers its scripts need. */
export async function headersForBuild(outDir: string, services: ThirdPartyServices): Promise<SecurityHeaders> {
  const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const hashes = new Set<string>();
  const blocked: string[] = [];
  for (const file of files) {
    const scan = scanInlineScripts(await fs.readFile(file, 'utf8'));
    for (const script of scan.scripts) hashes.add(scriptHash(script));
    for (const item of scan.blocked) blocked.push(`${path.relative(outDir, file)}: ${item}`);
  }
  if (blocked.length > 0) {
    throw new Error(
      `static-hosting: inline code that the Content-Security-Policy would block (move it to a script file):\n${blocked.slice(0, 20).join('\n')}`,
    );
  }
  return securityHeaders(hashes, services);
}

/**
 * Reads the plugin options: `{ algoliaAppId?: string, analytics?: boolean }`.
 * @throws Error naming the option when one has the wrong type.
 */
export function parseServices(options: unknown): ThirdPartyServices {
  const { algoliaAppId, analytics } = (options ?? {}) as Record<string, unknown>;
  if (algoliaAppId !== undefined && (typeof algoliaAppId !== 'string' || !/^[A-Za-z0-9]+$/.test(algoliaAppId)))
    throw new Error(
      `static-hosting: option algoliaAppId must be an Algolia application id, got ${JSON.stringify(algoliaAppId)}`,
    );
  if (analytics !== undefined && typeof analytics !== 'boolean')
    throw new Error(`static-hosting: option analytics must be true or false, got ${JSON.stringify(analytics)}`);
  return { algoliaAppId, analytics };
}

/** Docusaurus plugin factory. Its options name the optional third parties the policy allows. */
export default function staticHostingPlugin(context: LoadContext, options: unknown): Plugin {
  const services = parseServices(options);
  // Beside the bundler's persistent cache, so `docusaurus clear` empties both.
  const cacheDir = path.join(context.siteDir, 'node_modules', '.cache', 'precompress');
  return {
    name: 'static-hosting',
    getClientModules() {
      return [path.resolve(__dirname, './client.ts')];
    },
    async postBuild({ outDir }) {
      const started = Date.now();
      // Let the other plugins' postBuild steps write first: this one reads what they wrote, and
      // compression walks the folder until nothing changes, so the hashes come last.
      await new Promise((resolve) => setImmediate(resolve));
      const compression = await precompressDir(outDir, { cacheDir });
      const headers = await headersForBuild(outDir, services);
      await fs.writeFile(path.join(outDir, SECURITY_HEADERS_FILE), `${JSON.stringify(headers, null, 2)}\n`);
      console.info(
        `[static-hosting] security headers written, ${String(compression.files)} files precompressed (${String(compression.fromCache)} from the cache) in ${String(Date.now() - started)} ms`,
      );
    },
  };
}
