/**
 * Where the docs MCP server reads the site from: a build folder on this machine (no network) or
 * the deployed site. Both answer the same questions: the text of a file at a site path, and the
 * search index. Every path a caller gives is checked here first, so nothing outside the site is
 * ever read (see ARCHITECTURE.md, 'The docs MCP server').
 */
import fs from 'node:fs';
import path from 'node:path';

import { otherTwinPathOf, routeOfTwin, twinPathOf } from '../plugins/markdown-twins/twin-address';
import { INDEX_DIR, PAGES_FILE, VOCABULARY_FILE } from '../plugins/local-search/contract';
import { localIndex, PAGEFIND_META_ENTRY, type IndexSource } from '../plugins/local-search/node-search';

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

/** How many redirects (each within the site's origin) one read of a deployed site follows. */
export const MAX_REDIRECTS = 5;

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
 * The query and fragment are dropped and percent-escapes decoded, once.
 * @param origins - the origins whose URLs name this site's pages.
 * @throws DocsError when `input` is empty or too long, a URL of another host or scheme, or a path
 *   that, once decoded, holds a `.` or `..` segment, a backslash, a control character, or a `#`,
 *   `?` or `%` (which only an encoded or doubly encoded escape can put there).
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
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(decoded))
    throw new DocsError(
      `${given} holds a NUL byte, another control character or a backslash; a page's path holds none.`,
    );
  if (/[#?%]/.test(decoded))
    throw new DocsError(`${given} holds an encoded "#", "?" or "%"; a page's path holds none of them.`);
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
 * @param importModule - Node's native `import()`, for the installed Pagefind (see {@link IndexSource}).
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
  for (const file of [PAGEFIND_META_ENTRY, VOCABULARY_FILE, PAGES_FILE]) {
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

/** True for `localhost` and the loopback addresses (127.0.0.0/8, ::1). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The checked origin of `--url`: `https:`, or `http:` to this machine (`localhost`, 127.0.0.0/8,
 * `[::1]`), where nothing lies between the server and the site; no path, query or credentials.
 * @throws DocsError naming what is wrong.
 */
export function siteOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DocsError(`--url ${url} is not a URL: give the site's address, such as https://docs.gruntwork.io.`);
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopback(parsed.hostname)))
    throw new DocsError(
      `--url ${url}: the site's address starts with https:// (http:// only to this machine, such as http://127.0.0.1:3000).`,
    );
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

/** The reason of a failed `fetch`, for messages. */
function failure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/**
 * A site path as a URL path: each segment percent-encoded, so that no character of the path
 * (`#`, `?`, `%`) changes what is asked for.
 */
function encodePath(sitePath: string): string {
  return sitePath.split('/').map(encodeURIComponent).join('/');
}

/** An answer of the deployed site, its body read up to {@link MAX_REMOTE_BYTES}. */
interface SiteAnswer {
  status: number;
  contentType: string;
  /** The body; empty unless the status is 200. */
  body: Buffer;
}

/**
 * Asks the deployed site for `url`. Redirects are followed by hand, at most {@link MAX_REDIRECTS},
 * and only to `origin`: a `Location` elsewhere is refused before anything is asked of it. The body
 * of a 200 is read as it streams and the read stops (the connection is aborted) at the byte past
 * {@link MAX_REMOTE_BYTES}; a `Content-Length` over the cap is refused before the body is read.
 * @throws DocsError when the site cannot be reached, redirects off the site or too often, or
 *   answers more than the cap.
 */
async function askSite(url: string, origin: string): Promise<SiteAnswer> {
  let target = url;
  for (let hop = 0; ; hop += 1) {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new Error(`no answer within ${REMOTE_TIMEOUT_MS} ms`));
    }, REMOTE_TIMEOUT_MS);
    try {
      let response: Response;
      try {
        response = await fetch(target, { redirect: 'manual', signal: controller.signal });
      } catch (error) {
        throw new DocsError(`Cannot reach ${target}: ${failure(error)}.`);
      }
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        controller.abort();
        const location = response.headers.get('location') ?? '';
        let next: URL;
        try {
          next = new URL(location, target);
        } catch {
          throw new DocsError(`${target} redirects to ${JSON.stringify(location)}, which is not a URL.`);
        }
        if (next.origin !== origin)
          throw new DocsError(`${target} redirects to ${next.origin}, which is not this site; not followed.`);
        if (hop >= MAX_REDIRECTS) throw new DocsError(`${url} redirects more than ${MAX_REDIRECTS} times.`);
        target = next.href;
        continue;
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (response.status !== 200) {
        controller.abort();
        return { status: response.status, contentType, body: Buffer.alloc(0) };
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > MAX_REMOTE_BYTES) {
        controller.abort();
        throw new DocsError(`${target} is ${declared} bytes; the server reads at most ${MAX_REMOTE_BYTES}.`);
      }
      return { status: 200, contentType, body: await boundedBody(response, target, controller) };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Reads a body as it streams, aborting the request once it passes {@link MAX_REMOTE_BYTES}.
 * @throws DocsError when the body is larger, or the connection fails mid-body.
 */
async function boundedBody(response: Response, url: string, controller: AbortController): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > MAX_REMOTE_BYTES) {
        controller.abort();
        throw new DocsError(`${url} is more than ${MAX_REMOTE_BYTES} bytes; the server reads at most that.`);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof DocsError) throw error;
    throw new DocsError(`${url} broke off: ${failure(error)}.`);
  }
  return Buffer.concat(chunks);
}

/**
 * The deployed site at `origin` as a {@link SiteSource}. Only data is read from it: text files,
 * the twins, and the search index's data files, which the installed Pagefind searches (its
 * `pagefind.js` is never fetched). A missing file is one the site answers with 404 or 403 (S3
 * behind CloudFront), or with an HTML page where Markdown was asked for.
 * @param origin - a checked origin ({@link siteOrigin}).
 * @param importModule - Node's native `import()`, for the installed Pagefind (see {@link IndexSource}).
 */
export function remoteSite(origin: string, importModule?: IndexSource['importModule']): SiteSource {
  const urlOf = (sitePath: string) => `${origin}${encodePath(sitePath)}`;
  return {
    label: origin,
    origin,
    index: {
      label: `${origin}/${INDEX_DIR}/`,
      importModule,
      async readFile(file) {
        const url = urlOf(`/${INDEX_DIR}/${file}`);
        const answer = await askSite(url, origin);
        if (answer.status !== 200)
          throw new DocsError(`${url}: HTTP ${answer.status}; is this a build of the docs site?`);
        return answer.body;
      },
    },
    async read(sitePath) {
      const url = urlOf(sitePath);
      const answer = await askSite(url, origin);
      if (answer.status === 404 || answer.status === 403) return null;
      if (answer.status !== 200) throw new DocsError(`${url}: HTTP ${answer.status}.`);
      if (sitePath.endsWith('.md') && answer.contentType.startsWith('text/html')) return null;
      return answer.body.toString('utf8');
    },
  };
}
