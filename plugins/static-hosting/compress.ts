/**
 * Precompression of a build folder: a `.gz` (gzip level 9) and a `.br` (Brotli) twin beside every
 * text file, which nginx's `gzip_static` and `brotli_static` send as they are.
 */
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
 * Brotli quality for a file at `relativePath` in the build folder. The hashed files under
 * `assets/` are cached for a year, so they get 10: 12 % smaller than 9 and about 1.4 s per MB on
 * one core (11 saves only 2 % more, at twice the time). Pages and the other files change with
 * every build and get 5 (about 0.1 s per MB, some 10 % larger than 11).
 */
export function brotliQuality(relativePath: string): number {
  return relativePath.split(/[\\/]/)[0] === 'assets' ? 10 : 5;
}

/** True when `file` should get compressed twins. */
export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Compresses `file` unless it is too small or `seen` says this version (its mtime) is done.
 * @returns 1 when it compressed the file, else 0.
 */
async function compressOne(dir: string, file: string, seen: Map<string, number>): Promise<number> {
  const stat = await fs.stat(file);
  if (stat.size < MIN_COMPRESS_BYTES || seen.get(file) === stat.mtimeMs) return 0;
  seen.set(file, stat.mtimeMs);
  const data = await fs.readFile(file);
  const [gz, br] = await Promise.all([
    gzip(data, { level: 9 }),
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(path.relative(dir, file)),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  // A twin that is not smaller than the file is useless; the server then sends the file itself.
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  return 1;
}

/**
 * Writes `.gz` and `.br` twins of every compressible file of `dir` (recursively) that is at least
 * {@link MIN_COMPRESS_BYTES} long. The folder is then walked again until a walk finds no file
 * that is new or changed since it was compressed, so files that other build steps write meanwhile
 * get their twins too.
 * Runs up to one compression per CPU core at a time (zlib works off the main thread).
 * @returns how many files were compressed.
 * @throws the file-system error of the first file that cannot be read or written.
 */
export async function precompressDir(dir: string): Promise<number> {
  const seen = new Map<string, number>();
  let total = 0;
  for (;;) {
    const files = (await listFiles(dir)).filter((file) => isCompressible(file));
    const queue = [...files];
    let done = 0;
    const workers = Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
        const compressed = await compressOne(dir, file, seen);
        done += compressed;
      }
    });
    await Promise.all(workers);
    total += done;
    if (done === 0) return total;
  }
}
