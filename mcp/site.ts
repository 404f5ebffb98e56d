/**
 * Where the docs MCP server reads the site from: a build folder on this machine (no network) or
 * the deployed site. Both answer the same questions: the text of a file at a site path, and the
 * search index. Every path a caller gives is checked here first, so nothing outside the site is
 * ever read (see ARCHITECTURE.md, 'The docs MCP server').
 */
import fs from 'node:fs';
import path from 'node:path';

import { otherTwinPathOf, routeOfTwin, twinPathOf } from '../plugins/markdown-twins/twin-address';
import { INDEX_DIR, PAGEFIND_ENTRY_FILE, PAGES_FILE, VOCABULARY_FILE } from '../plugins/local-search/contract';
import { localIndex, type IndexSource } from '../plugins/local-search/node-search';

/** A problem with what a caller asked for, or with the site; its message says what and what to do. */
export class DocsError extends Error {
  override name = 'DocsError';
}

/** The longest page path or URL a caller may give, in characters. */
export const MAX_PATH_CHARS = 2048;

/** The largest file read from a deployed site, in bytes (the largest twin is about 60 KB). */
export const MAX_REMOTE_BYTES = 10 * 1024 * 1024;

/** How long a request to a deployed site may take, in ms. */
export const REMOTE_TIMEOUT_MS = 15_000;

/** What the server reads from. */
export interface SiteSource {
  /** The folder's path or the site's address, for messages. */
  label: string;
  /** The origin of the site's URLs, without a trailing slash: a page's URL is `${origin}${path}`. */
  origin: string;
  /**
   * The text of the file at `sitePath` (a checked site path, see {@link toSitePath}), or null when
   * the site has no such file.
   * @throws DocsError when the site cannot be read (a network failure, an answer too large).
   */
  read: (sitePath: string) => Promise<string | null>;
  /** The search index. */
  index: IndexSource;
}

/**
 * The site path named by `input`: a path (`/intro/next-steps`, `intro/next-steps`), a twin's path
 * (`/intro/next-steps.md`) or a URL on the site (`https://docs.gruntwork.io/intro/next-steps`).
 * The query and fragment are dropped and percent-escapes decoded.
 * @param origins - the origins whose URLs name this site's pages.
 * @throws DocsError when `input` is empty or too long, a URL of another host or scheme, or a path
 *   with a `.` or `..` segment, a backslash or a NUL byte.
 */
export function toSitePath(input: string, origins: readonly string[]): string {
  const given = input.trim();
  if (given === '')
    throw new DocsError("The path is empty: give a page's path, such as /intro/next-steps, or its URL.");
  if (given.length > MAX_PATH_CHARS)
    throw new DocsError(`The path is ${given.length} characters long; a page's path has at most ${MAX_PATH_CHARS}.`);
  let raw: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(given)) {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new DocsError(`${given} is not a valid URL.`);
    }
    const accepted = origins.map((origin) => new URL(origin));
    if (!accepted.some((origin) => origin.protocol === url.protocol && origin.host === url.host)) {
      throw new DocsError(
        `${url.protocol}//${url.host} is not this site: this server reads only ${origins.join(' and ')}. Give a path such as /intro/next-steps.`,
      );
    }
    // URL parsing would resolve `..` segments away: check the path as it was written, which
    // starts at the first `/` after the host (none: the home page).
    const afterScheme = given.slice(given.indexOf(':') + 1).replace(/^\/\//, '');
    const end = afterScheme.search(/[/?#]/);
    raw = end !== -1 && afterScheme[end] === '/' ? (afterScheme.slice(end).split(/[?#]/, 1)[0] ?? '/') : '/';
  } else {
    raw = given.split(/[?#]/, 1)[0] ?? '';
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new DocsError(`${given} holds a malformed percent-escape.`);
  }
  if (decoded.includes('\0') || decoded.includes('\\'))
    throw new DocsError(`${given} holds a NUL byte or a backslash; a page's path holds neither.`);
  const sitePath = decoded.startsWith('/') ? decoded : `/${decoded}`;
  if (sitePath.split('/').some((segment) => segment === '..' || segment === '.'))
    throw new DocsError(`${given} climbs with "." or ".." segments: give a path inside the site, such as /intro.`);
  return sitePath;
}

/**
 * The files that may hold the Markdown of the page at `sitePath`, in order: the path itself when it
 * names a twin (`.md`), else the twin of the path (`twinPathOf`) and then the twin of its other
 * form (`otherTwinPathOf`: with or without the trailing slash), as nginx tries them.
 */
export function twinCandidates(sitePath: string): string[] {
  if (sitePath.endsWith('.md')) return [sitePath];
  const other = otherTwinPathOf(sitePath);
  return other === null ? [twinPathOf(sitePath)] : [twinPathOf(sitePath), other];
}

/**
 * The page path of a twin's path (`routeOfTwin`): `/intro.md` → `/intro`, `/guides/index.md` →
 * `/guides/`; a path that names no twin is returned as it is.
 */
export function pagePathOfTwin(twinPath: string): string {
  return routeOfTwin(twinPath) ?? twinPath;
}

/**
 * A build folder as a {@link SiteSource}. Reads only regular files whose real path (symbolic links
 * followed) lies inside the folder.
 * @param origin - the site's origin for the URLs the server gives (the site's configured URL).
 * @param importModule - Node's native `import()`, for the Pagefind bundle (see {@link IndexSource}).
 * @throws DocsError when the folder is missing, is not a built site, or has no search index.
 */
export function localSite(dir: string, origin: string, importModule?: IndexSource['importModule']): SiteSource {
  const root = path.resolve(dir);
  if (!fs.existsSync(root)) {
    throw new DocsError(`${root} does not exist: run \`npm run build\` first, or pass --site with a build folder.`);
  }
  if (!fs.statSync(root).isDirectory())
    throw new DocsError(`${root} is not a folder: pass --site with a build folder.`);
  if (!fs.existsSync(path.join(root, 'llms.txt'))) {
    throw new DocsError(`${root} holds no llms.txt, so it is not a build of this site: run \`npm run build\` first.`);
  }
  for (const file of [PAGEFIND_ENTRY_FILE, VOCABULARY_FILE, PAGES_FILE]) {
    if (!fs.existsSync(path.join(root, INDEX_DIR, file))) {
      throw new DocsError(
        `${root} has no search index (${path.join(INDEX_DIR, file)} is missing): run \`npm run build\` to write it.`,
      );
    }
  }
  const realRoot = fs.realpathSync(root);
  const inside = (file: string, base: string) => file.startsWith(`${base}${path.sep}`);
  return {
    label: root,
    origin,
    index: { ...localIndex(root), importModule },
    async read(sitePath) {
      const file = path.resolve(root, `.${sitePath}`);
      if (!inside(file, root)) return null;
      let real: string;
      try {
        real = await fs.promises.realpath(file);
      } catch {
        return null;
      }
      if (!inside(real, realRoot)) return null;
      const stat = await fs.promises.stat(real);
      return stat.isFile() ? fs.promises.readFile(real, 'utf8') : null;
    },
  };
}

/**
 * The checked origin of `--url`: `http:` or `https:`, no path, query or credentials.
 * @throws DocsError naming what is wrong.
 */
export function siteOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DocsError(`--url ${url} is not a URL: give the site's address, such as https://docs.gruntwork.io.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new DocsError(`--url ${url}: the site's address starts with https:// (or http://).`);
  if (
    parsed.username !== '' ||
    parsed.password !== '' ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.pathname !== '/'
  )
    throw new DocsError(`--url ${url}: give the site's address alone, such as https://docs.gruntwork.io.`);
  return parsed.origin;
}

/** Fetches `url` from the deployed site, following redirects only within `origin`. */
async function fetchFromSite(url: string, origin: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new DocsError(`Cannot reach ${url}: ${reason || String(error)}.`);
  }
  if (new URL(response.url || url).origin !== origin) {
    throw new DocsError(`${url} redirects to ${new URL(response.url).origin}, which is not this site.`);
  }
  return response;
}

/** Reads a response's text, refusing more than {@link MAX_REMOTE_BYTES}. */
async function boundedText(response: Response, url: string): Promise<string> {
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_REMOTE_BYTES)
    throw new DocsError(`${url} is ${body.length} bytes; the server reads at most ${MAX_REMOTE_BYTES}.`);
  return body.toString('utf8');
}

/**
 * The deployed site at `origin` as a {@link SiteSource}. A missing file is one the site answers
 * with 404 or 403 (S3 behind CloudFront), or with an HTML page where Markdown was asked for.
 * @param importModule - Node's native `import()`, for the Pagefind bundle (see {@link IndexSource}).
 */
export function remoteSite(origin: string, importModule?: IndexSource['importModule']): SiteSource {
  const urlOf = (sitePath: string) => `${origin}${encodeURI(sitePath)}`;
  return {
    label: origin,
    origin,
    index: {
      bundleUrl: `${origin}/${INDEX_DIR}/`,
      importModule,
      async readText(file) {
        const url = urlOf(`/${INDEX_DIR}/${file}`);
        const response = await fetchFromSite(url, origin);
        if (!response.ok) throw new DocsError(`${url}: HTTP ${response.status}; is this a build of the docs site?`);
        return boundedText(response, url);
      },
    },
    async read(sitePath) {
      const url = urlOf(sitePath);
      const response = await fetchFromSite(url, origin);
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new DocsError(`${url}: HTTP ${response.status}.`);
      const type = response.headers.get('content-type') ?? '';
      if (sitePath.endsWith('.md') && type.startsWith('text/html')) return null;
      return boundedText(response, url);
    },
  };
}
