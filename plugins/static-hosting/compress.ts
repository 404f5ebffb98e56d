/**
 * Precompression of a build folder: a `.gz` (gzip) and a `.br` (Brotli) twin beside every text
 * file worth it, which nginx's `gzip_static` and `brotli_static` send as they are.
 *
 * It is a deploy step, not a build step (`npm run precompress`, which `npm run serve:prod` and the
 * test suites that serve through nginx call): only nginx sends the twins; CloudFront compresses
 * on its own. Levels are chosen per file by who loads it, bytes saved against CPU seconds spent
 * (see {@link compressionLevels}); outputs are cached by content hash, so a run after a one-page
 * edit compresses that page (and the files whose bytes changed with it) and copies the rest.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * File extensions worth compressing. Images, fonts and the search engine's own index files
 * (`.pf_*`, `.pagefind`, which are gzip streams already) are left alone.
 */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.svg',
  '.txt',
  '.md',
  '.map',
  '.webmanifest',
  '.ico',
]);

/** Files smaller than this (bytes) are sent as they are: compression would save almost nothing. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * A twin is written only when it is at most this fraction of the file's size: below a 5 % saving
 * the server may as well send the file (and skip a file-system lookup per request).
 */
export const MAX_TWIN_RATIO = 0.95;

/** Compression levels of one kind of file. */
export interface CompressionLevels {
  /** Brotli quality, 0 to 11. */
  brotli: number;
  /** gzip level, 1 to 9. */
  gzip: number;
}

/**
 * Bytes from which a bundler chunk of an npm library (`assets/js/vendors-node_modules_*.js`) counts
 * as a large library chunk that readers load on demand. On this site every such chunk is one no
 * page's HTML names (Mermaid and its diagrams, Cytoscape, KaTeX, the hosted search's dialog); the
 * library chunks that pages do name (the docs layout, admonitions) are all smaller.
 */
export const LARGE_LIBRARY_CHUNK_BYTES = 100 * 1024;

/** Who loads a file, as far as choosing its compression goes. */
export type Readership = 'first-load' | 'on-demand' | 'page';

/**
 * Who loads the file at `relativePath` (relative to the build folder) of
 * `bytes` bytes: a large library chunk of `assets/` that few pages load (`on-demand`), any other
 * file of `assets/` (`first-load`: the runtime, `main.js`, styles and the route chunks every
 * visit loads, cached for a year), or anything else (`page`: pages, Markdown twins, llms files,
 * the feed, served `no-cache`). Pure.
 */
export function readershipOf(relativePath: string, bytes: number): Readership {
  const parts = relativePath.split(/[\\/]/);
  if (parts[0] !== 'assets') return 'page';
  const name = parts.at(-1) ?? '';
  return parts[1] === 'js' && name.startsWith('vendors-node_modules_') && bytes >= LARGE_LIBRARY_CHUNK_BYTES
    ? 'on-demand'
    : 'first-load';
}

/**
 * Levels by who loads a file ({@link readershipOf}), measured on this site's build (1,135 pages; CPU
 * seconds of one core, bytes of all files of the kind; `npm run bench`, section `compression`,
 * prints the table again):
 *
 * - `first-load` scripts and styles of `assets/`: sent on every reader's first visit and cached
 *   for a year. Brotli 10 is 7 % smaller than 6 to 9 (3.83 against 4.12 MB of scripts) for about
 *   5.5 s more CPU once; 11 saves 2 % more for 2.7 times 10's time. The content-hash cache makes
 *   the cost a one-off per chunk.
 * - `on-demand` library chunks (2.9 MB: Mermaid, Cytoscape, KaTeX, the search dialog): Brotli 10
 *   saves 52 KB (8 %) over 6 for 1.7 s more CPU, on chunks only the few readers of a diagram or
 *   formula page download; 6 is the cheaper choice.
 * - `page` files: rewritten by every build and served `no-cache`. Brotli 6 is 0.3 % smaller than
 *   5 at the same cost (0.6 s for 38 MB of HTML); 9 costs 12 times as much for 0.4 % more, 10
 *   twenty times for 8 %.
 * - gzip, for the few clients without Brotli: level 9 costs little more than 6 on text this size
 *   (0.50 against 0.44 s for the HTML) and is the smallest gzip.
 */
export function compressionLevels(relativePath: string, bytes: number): CompressionLevels {
  return readershipOf(relativePath, bytes) === 'first-load' ? { brotli: 10, gzip: 9 } : { brotli: 6, gzip: 9 };
}

/** True when `file` should get compressed twins. */
export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

/** What one run of {@link precompressDir} did; byte counts are of the files given twins. */
export interface PrecompressReport {
  /** Compressible files of at least {@link MIN_COMPRESS_BYTES}. */
  files: number;
  /** Files compressed in this run. */
  compressed: number;
  /** Files whose twins were copied from the cache. */
  fromCache: number;
  /** Bytes of the files, of their Brotli twins and of their gzip twins (a missing twin counts the file). */
  bytes: { raw: number; brotli: number; gzip: number };
}

/** Options of {@link precompressDir}. */
export interface PrecompressOptions {
  /**
   * Folder of the content-hash cache (for example `node_modules/.cache/precompress`, which
   * `docusaurus clear` empties with the bundler's cache). Without it, every file is compressed.
   */
  cacheDir?: string;
  /** Cache entries not used for this long are deleted at the end of a run, ms. Default 7 days. */
  cacheMaxAgeMs?: number;
  /** Which files to compress, by path relative to `dir` with `/` separators (default: all). */
  include?: (relativePath: string) => boolean;
}

const DEFAULT_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A file's twins, or `null` where the twin would not be worth sending. */
interface Twins {
  br: Buffer | null;
  gz: Buffer | null;
}

const worthSending = (twin: Buffer, raw: Buffer): Buffer | null =>
  twin.length <= raw.length * MAX_TWIN_RATIO ? twin : null;

async function compressBuffer(data: Buffer, levels: CompressionLevels): Promise<Twins> {
  const [gz, br] = await Promise.all([
    gzip(data, { level: levels.gzip }),
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { br: worthSending(br, data), gz: worthSending(gz, data) };
}

/**
 * The content-hash cache: one file per twin, named by the SHA-256 of the source bytes and the
 * levels (`<hash>-b10-g9.br`); an empty file records that the twin was not worth writing.
 */
class TwinCache {
  private warned = false;

  constructor(
    private readonly dir: string,
    private readonly maxAgeMs: number,
  ) {}

  private file(key: string, kind: keyof Twins): string {
    return path.join(this.dir, `${key}.${kind}`);
  }

  static key(data: Buffer, levels: CompressionLevels): string {
    return `${createHash('sha256').update(data).digest('hex')}-b${String(levels.brotli)}-g${String(levels.gzip)}`;
  }

  /** The cached twins of `key`, or undefined on a miss. A cache that cannot be read is a miss. */
  async get(key: string): Promise<Twins | undefined> {
    try {
      const [br, gz] = await Promise.all([fs.readFile(this.file(key, 'br')), fs.readFile(this.file(key, 'gz'))]);
      const now = new Date();
      await Promise.all([fs.utimes(this.file(key, 'br'), now, now), fs.utimes(this.file(key, 'gz'), now, now)]);
      return { br: br.length > 0 ? br : null, gz: gz.length > 0 ? gz : null };
    } catch {
      return undefined;
    }
  }

  /** Stores `twins` under `key`; a cache that cannot be written is left alone (logged once). */
  async set(key: string, twins: Twins): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await Promise.all([
        fs.writeFile(this.file(key, 'br'), twins.br ?? Buffer.alloc(0)),
        fs.writeFile(this.file(key, 'gz'), twins.gz ?? Buffer.alloc(0)),
      ]);
    } catch (error) {
      if (!this.warned) console.warn(`[static-hosting] precompression cache ${this.dir} not written: ${String(error)}`);
      this.warned = true;
    }
  }

  /** Deletes entries not used for {@link maxAgeMs}, so the cache does not grow without bound. */
  async prune(): Promise<void> {
    const entries = await fs.readdir(this.dir).catch(() => []);
    const oldest = Date.now() - this.maxAgeMs;
    await Promise.all(
      entries.map(async (name) => {
        const file = path.join(this.dir, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat !== undefined && stat.mtimeMs < oldest) await fs.rm(file, { force: true });
      }),
    );
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `.gz` and `.br` twins of every compressible file of `dir` (recursively) that is at least
 * {@link MIN_COMPRESS_BYTES} long, at the levels of {@link compressionLevels}, skipping a twin that
 * saves under 5 % ({@link MAX_TWIN_RATIO}). With `options.cacheDir`, twins of bytes compressed by
 * an earlier run at the same levels are copied from the cache instead of compressed again.
 * Call it once the folder is complete: a file written while it runs may be missed.
 * Runs up to one compression per CPU core at a time (zlib works off the main thread).
 * @returns what it did: file counts and byte totals (bytes).
 * @throws the file-system error of the first build file that cannot be read or written; a cache
 *   that cannot be read or written only costs time.
 */
export async function precompressDir(dir: string, options: PrecompressOptions = {}): Promise<PrecompressReport> {
  const cache =
    options.cacheDir === undefined
      ? undefined
      : new TwinCache(options.cacheDir, options.cacheMaxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS);
  const report: PrecompressReport = { files: 0, compressed: 0, fromCache: 0, bytes: { raw: 0, brotli: 0, gzip: 0 } };
  const include = options.include ?? (() => true);
  const queue = (await listFiles(dir)).filter(
    (file) => isCompressible(file) && include(path.relative(dir, file).split(path.sep).join('/')),
  );
  const one = async (file: string): Promise<void> => {
    const data = await fs.readFile(file);
    if (data.length < MIN_COMPRESS_BYTES) return;
    const levels = compressionLevels(path.relative(dir, file), data.length);
    const key = cache === undefined ? '' : TwinCache.key(data, levels);
    let twins = cache === undefined ? undefined : await cache.get(key);
    if (twins === undefined) {
      twins = await compressBuffer(data, levels);
      await cache?.set(key, twins);
      report.compressed += 1;
    } else {
      report.fromCache += 1;
    }
    report.files += 1;
    report.bytes.raw += data.length;
    report.bytes.brotli += twins.br?.length ?? data.length;
    report.bytes.gzip += twins.gz?.length ?? data.length;
    if (twins.gz !== null) await fs.writeFile(`${file}.gz`, twins.gz);
    if (twins.br !== null) await fs.writeFile(`${file}.br`, twins.br);
  };
  const workers = Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) await one(file);
  });
  await Promise.all(workers);
  await cache?.prune();
  return report;
}

/**
 * The folder of the content-hash cache of a site: beside the bundler's persistent cache in
 * `node_modules/.cache`, so that `docusaurus clear` empties both and a CI cache of
 * `node_modules/.cache` keeps both.
 */
export function precompressCacheDir(siteDir: string): string {
  return path.join(siteDir, 'node_modules', '.cache', 'precompress');
}

/**
 * Precompresses a finished build of the site at `siteDir` with the site's cache
 * ({@link precompressCacheDir}) and prints one line of what it did.
 * @returns what {@link precompressDir} did.
 * @throws Error naming `buildDir` when it holds no built site (no `index.html`); else as
 *   {@link precompressDir}.
 */
export async function precompressBuild(
  buildDir: string,
  siteDir: string,
  log: (line: string) => void = console.info,
): Promise<PrecompressReport> {
  try {
    await fs.access(path.join(buildDir, 'index.html'));
  } catch {
    throw new Error(`precompress: ${buildDir} holds no built site (no index.html). Run \`npm run build\` first.`);
  }
  const report = await precompressDir(buildDir, { cacheDir: precompressCacheDir(siteDir) });
  log(
    `[precompress] ${buildDir}: ${String(report.files)} files, ${String(report.compressed)} compressed, ${String(report.fromCache)} from the cache`,
  );
  return report;
}
