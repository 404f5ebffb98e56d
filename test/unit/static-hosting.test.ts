// @vitest-environment node
/**
 * The static-hosting plugin: the Content-Security-Policy it writes for a build (inline-script
 * hashes, the origins of optional services and nothing else), the inline code it refuses, and the
 * precompressed twins it writes.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { tempBuild } from './temp-build';

import staticHostingPlugin, { headersForBuild, parseServices } from '../../plugins/static-hosting';
import { runPipeline } from '../../plugins/post-build/pipeline';
import { compressionLevels, precompressBuild, precompressDir } from '../../plugins/static-hosting/compress';
import { contentSecurityPolicy, scanInlineScripts } from '../../plugins/static-hosting/security-headers';

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const COLOUR_SCRIPT = '!function(){document.documentElement.setAttribute("data-theme","light")}()';
const page = (body: string): string =>
  `<!doctype html><html><head><script>${COLOUR_SCRIPT}</script></head><body>${body}</body></html>`;

describe('Content-Security-Policy', () => {
  it('allows the inline scripts of the built pages by their SHA-256, and only same-origin requests', async () => {
    const dir = tempBuild({
      'index.html': page(
        '<script type="application/ld+json">{"a":1}</script><script src="/assets/js/main.js"></script>',
      ),
      'intro/index.html': page('<script>window.x = 1;</script>'),
    });
    const policy = directives((await headersForBuild(dir, {}))['Content-Security-Policy'] ?? '');
    const sha = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(policy.get('script-src')).toEqual([
      "'self'",
      ...[sha(COLOUR_SCRIPT), sha('window.x = 1;')].sort(),
      "'wasm-unsafe-eval'",
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('adds exactly the Algolia application’s hosts when hosted search is on', () => {
    const policy = directives(contentSecurityPolicy([], { algoliaAppId: 'BH4D9OD16A' }));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://bh4d9od16a-dsn.algolia.net',
      'https://bh4d9od16a-1.algolianet.com',
      'https://bh4d9od16a-2.algolianet.com',
      'https://bh4d9od16a-3.algolianet.com',
    ]);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('adds the Google Analytics hosts when analytics is on', () => {
    const policy = directives(contentSecurityPolicy([], { analytics: true }));
    expect(policy.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(policy.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(policy.get('img-src')).toContain('https://*.google-analytics.com');
    expect(policy.get('connect-src')?.some((source) => source.includes('algolia'))).toBe(false);
  });

  it('never allows unsafe-inline or unsafe-eval scripts', () => {
    const policy = directives(contentSecurityPolicy(["'sha256-abc='"], { algoliaAppId: 'X1', analytics: true }));
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('stops the build, naming the file, when a page has an inline event handler or a javascript: link', async () => {
    const dir = tempBuild({
      'index.html': page(''),
      'guides/index.html': page('<button onclick="go()">Go</button><a href="javascript:void(0)">x</a>'),
    });
    await expect(headersForBuild(dir, {})).rejects.toThrow(/guides\/index\.html: <button onclick="go\(\)">/);
    expect(scanInlineScripts(page('<a href="javascript:void(0)">x</a>')).blocked).toEqual([
      '<a href="javascript:void(0)">',
    ]);
  });

  it('refuses options of the wrong type, naming the option', () => {
    expect(() => parseServices({ algoliaAppId: 'not an id' })).toThrow(/algoliaAppId/);
    expect(() => parseServices({ analytics: 'yes' })).toThrow(/analytics/);
    expect(parseServices(undefined)).toEqual({ algoliaAppId: undefined, analytics: undefined });
  });
});

describe('precompression', () => {
  it('writes .gz and .br twins of text files of 1 KB or more, and leaves other files alone', async () => {
    const html = page('<p>Subnets split a VPC address range.</p>'.repeat(100));
    const dir = tempBuild({
      'intro/index.html': html,
      'assets/js/main.0123abcd.js': 'console.log("hello");'.repeat(200),
      'small.css': 'a{color:red}',
      'img/photo.png': Buffer.alloc(4096, 1),
      'pagefind/fragment/en_1.pf_fragment': Buffer.alloc(4096, 2),
    });
    const report = await precompressDir(dir);
    expect(report).toMatchObject({ files: 2, compressed: 2, fromCache: 0 });
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'intro/index.html.gz'))).toString()).toBe(html);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'intro/index.html.br'))).toString()).toBe(html);
    expect(fs.existsSync(path.join(dir, 'assets/js/main.0123abcd.js.br'))).toBe(true);
    for (const name of ['small.css.gz', 'img/photo.png.gz', 'pagefind/fragment/en_1.pf_fragment.br'])
      expect(fs.existsSync(path.join(dir, name)), name).toBe(false);
  });

  it('writes no twin that saves under 5 %, so the server sends the file itself', async () => {
    // Random bytes do not compress: neither twin would be smaller.
    const dir = tempBuild({
      'data.json': randomBytes(3000),
      'ok.json': JSON.stringify({ cidr: '10.0.0.0/16' }).repeat(80),
    });
    const report = await precompressDir(dir);
    expect(report.files).toBe(2);
    expect(fs.existsSync(path.join(dir, 'data.json.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'data.json.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'ok.json.br'))).toBe(true);
  });

  it('gives first-load assets a higher Brotli quality than pages and large on-demand library chunks', () => {
    const first = compressionLevels('assets/js/main.0123abcd.js', 330_000).brotli;
    expect(first).toBeGreaterThan(compressionLevels('guides/index.html', 40_000).brotli);
    expect(first).toBeGreaterThan(
      compressionLevels('assets/js/vendors-node_modules_mermaid_dist_mermaid_core_mjs.0870d8f3.js', 666_000).brotli,
    );
    // A small library chunk that pages name in their HTML (the docs layout) is first-load.
    expect(
      compressionLevels('assets/js/vendors-node_modules_docusaurus_theme-classic_lib_a.1234abcd.js', 30_000),
    ).toEqual(compressionLevels('assets/css/styles.4e650c62.css', 120_000));
  });

  it('precompresses a finished build with the site cache, and refuses a folder without a site', async () => {
    const site = tempBuild({}, 'precompress-site-');
    const dir = tempBuild({ 'index.html': page('<p>Transit gateways join VPCs.</p>'.repeat(60)) });
    const lines: string[] = [];
    const report = await precompressBuild(dir, site, (line) => lines.push(line));
    expect(report).toMatchObject({ files: 1, compressed: 1 });
    expect(fs.readdirSync(path.join(site, 'node_modules/.cache/precompress')).length).toBe(2);
    expect(lines[0]).toContain('1 compressed, 0 from the cache');
    expect((await precompressBuild(dir, site, () => undefined)).fromCache).toBe(1);
    const empty = tempBuild({ 'notes.txt': 'no site here' });
    await expect(precompressBuild(empty, site)).rejects.toThrow(`${empty} holds no built site`);
  });

  it('copies the twins of unchanged files from the cache and compresses only what changed', async () => {
    const cacheDir = path.join(tempBuild({}, 'precompress-cache-'), 'cache');
    const files = {
      'a/index.html': page('<p>Route tables decide where a subnet sends traffic.</p>'.repeat(60)),
      'b/index.html': page('<p>NAT gateways give private subnets a way out.</p>'.repeat(60)),
    };
    const first = await precompressDir(tempBuild(files), { cacheDir });
    expect(first).toMatchObject({ compressed: 2, fromCache: 0 });
    const changed = { ...files, 'b/index.html': page('<p>Security groups are stateful.</p>'.repeat(60)) };
    const secondDir = tempBuild(changed);
    const second = await precompressDir(secondDir, { cacheDir });
    expect(second).toMatchObject({ compressed: 1, fromCache: 1 });
    for (const [name, html] of Object.entries(changed)) {
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(secondDir, `${name}.br`))).toString()).toBe(html);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(secondDir, `${name}.gz`))).toString()).toBe(html);
    }
  });

  it('compresses as usual when the cache folder cannot be written', async () => {
    const blocker = path.join(tempBuild({ file: 'not a folder' }, 'precompress-blocked-'), 'file');
    const dir = tempBuild({ 'index.html': page('<p>Flow logs record accepted and rejected traffic.</p>'.repeat(60)) });
    const report = await precompressDir(dir, { cacheDir: path.join(blocker, 'cache') });
    expect(report.compressed).toBe(1);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  });

  it('runs in the post-build pipeline: writes security-headers.json and no compressed twin', async () => {
    const dir = tempBuild({ 'index.html': page('<p>Subnets split a VPC address range.</p>'.repeat(100)) });
    const plugin = staticHostingPlugin({ siteDir: dir } as never, { analytics: true });
    await runPipeline({
      outDir: dir,
      routesPaths: ['/'],
      steps: plugin.postBuildSteps({} as never),
      workers: 0,
      log: () => undefined,
    });
    // Precompression is the nginx deploy step (`npm run precompress`), not part of the build.
    expect(fs.readdirSync(dir).filter((name) => /\.(?:br|gz)$/.test(name))).toEqual([]);
    const headers = JSON.parse(fs.readFileSync(path.join(dir, 'security-headers.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Content-Security-Policy']).toContain('https://www.googletagmanager.com');
  });
});
