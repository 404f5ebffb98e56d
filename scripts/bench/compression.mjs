/**
 * What precompression costs and saves, by kind of file and level: the measurement behind
 * `compressionLevels` in plugins/static-hosting/compress.ts. For each kind of file in a build, the
 * bytes of all its files of 1 KB or more at each Brotli quality and gzip level, and the CPU time of
 * one core to compress them (a sample of the files, scaled to all of them).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { readershipOf } = jiti('../../plugins/static-hosting/compress.ts');

/**
 * Kinds of file, matched in order; the first that matches a build-relative path (and size, bytes)
 * wins. The first two split the scripts of assets/ as `readershipOf` does.
 */
export const KINDS = [
  [
    'large on-demand library chunks in assets/',
    (rel, size) => /\.m?js$/.test(rel) && readershipOf(rel, size) === 'on-demand',
  ],
  ['other scripts in assets/ (first load, routes)', (rel) => rel.startsWith('assets/') && /\.m?js$/.test(rel)],
  ['styles in assets/', (rel) => rel.startsWith('assets/') && rel.endsWith('.css')],
  ['pages (.html)', (rel) => rel.endsWith('.html')],
  ['Markdown twins (.md)', (rel) => rel.endsWith('.md')],
  ['llms.txt files', (rel) => rel.endsWith('.txt')],
  ['search records (pagefind/*.json)', (rel) => rel.startsWith('pagefind/') && rel.endsWith('.json')],
  ['other text', () => true],
];

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.svg', '.txt', '.md', '.webmanifest']);

/** Levels compared: gzip 6 and 9, Brotli 4 to 11. */
export const LEVELS = [
  ['gzip 6', (data) => zlib.gzipSync(data, { level: 6 })],
  ['gzip 9', (data) => zlib.gzipSync(data, { level: 9 })],
  ...[4, 5, 6, 8, 9, 10, 11].map((quality) => [
    `Brotli ${quality}`,
    (data) =>
      zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
  ]),
];

/**
 * Measures every kind of file of `buildDir` at every level of {@link LEVELS}.
 * @param {string} buildDir a production build
 * @param {{ sampleBytes?: number }} [options] compress at most about this many bytes per kind
 *   (default 8 MB), picked evenly over the kind's files, and scale the figures to all of them
 * @returns {{ kind: string, files: number, rawBytes: number, levels: Record<string, { bytes: number, cpuSeconds: number }> }[]}
 * @throws Error when `buildDir` does not exist.
 */
export function measureCompression(buildDir, { sampleBytes = 8 * 1024 * 1024 } = {}) {
  if (!fs.existsSync(buildDir)) throw new Error(`bench: no build folder at ${buildDir}`);
  const byKind = new Map(KINDS.map(([kind]) => [kind, []]));
  for (const entry of fs.readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = fs.statSync(file).size;
    if (size < 1024) continue;
    const rel = path.relative(buildDir, file).split(path.sep).join('/');
    const [kind] = KINDS.find(([, matches]) => matches(rel, size));
    byKind.get(kind).push({ file, size });
  }
  const rows = [];
  for (const [kind, files] of byKind) {
    if (files.length === 0) continue;
    const rawBytes = files.reduce((sum, f) => sum + f.size, 0);
    const step = Math.max(1, Math.ceil(rawBytes / sampleBytes));
    const sample = files.filter((_, i) => i % step === 0).map((f) => fs.readFileSync(f.file));
    const sampleRaw = sample.reduce((sum, data) => sum + data.length, 0);
    const scale = rawBytes / sampleRaw;
    const levels = {};
    for (const [name, compress] of LEVELS) {
      const started = process.cpuUsage();
      let bytes = 0;
      for (const data of sample) bytes += compress(data).length;
      const cpu = process.cpuUsage(started);
      levels[name] = { bytes: Math.round(bytes * scale), cpuSeconds: ((cpu.user + cpu.system) / 1e6) * scale };
    }
    rows.push({ kind, files: files.length, rawBytes, levels });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(measureCompression(process.argv[2] ?? 'build'), null, 2));
}
