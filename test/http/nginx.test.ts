// @vitest-environment node
/**
 * The production server over HTTP: nginx with deploy/nginx.conf (started as `npm run serve:prod`
 * starts it) over build/. Status, headers and body for every case of the shared URL table and
 * every contract path, the caching of hashed and unhashed files, compression by Accept-Encoding,
 * the security headers and requests that must be refused. Run `npm run build` first; the suite
 * precompresses build/ as the nginx deploy step does (`npm run precompress`) before serving it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { precompressBuild } from '../../plugins/static-hosting/compress';
import { NGINX_FILES, startNginx } from '../../scripts/nginx-server.mjs';
import { BUILD_DIR, htmlFileFor, readContract } from '../contract/built-site';
import { twinPathOf } from '../../plugins/markdown-twins/twin-address';
import {
  ACCEPT,
  PAGE_KINDS,
  PAGE_VARY,
  URL_CASES,
  expectedVary,
  hostileRequestPath,
  isSiteLocation,
  twinLink,
} from './url-cases';

const PORT = Number(process.env.HTTP_TEST_PORT ?? 3402);
const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'security-headers.json'));
const hasNginx = NGINX_FILES.every((file) => fs.existsSync(file));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header names as sent, one per header line, lower-cased. */
  headerNames: string[];
  body: Buffer;
}

let server: Awaited<ReturnType<typeof startNginx>> | undefined;

/** Sends `method` for `target` exactly as written (no normalisation) and reads the raw answer. */
function send(method: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { method, host: '127.0.0.1', port: PORT, path: target, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            headerNames: response.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
            body: Buffer.concat(chunks),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Sends a GET for `target` exactly as written (no normalisation) and reads the raw answer. */
function get(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return send('GET', target, headers);
}

const file = (key: string): Buffer => fs.readFileSync(path.join(BUILD_DIR, key));
const securityHeaders = (): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'security-headers.json'), 'utf8')) as Record<string, string>;

/** The policy's directives by name, for example `script-src` → its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/**
 * The first-party script file of the home page: a hashed bundle under /assets/js/, listed as a
 * script or, as the page template lists it, as a script preload.
 */
function hashedBundle(): string {
  const $ = cheerio.load(file('index.html'));
  const src =
    $('script[src^="/assets/js/main."]').attr('src') ??
    $('link[rel="preload"][as="script"][href^="/assets/js/main."]').attr('href');
  if (!src) throw new Error('test: the home page lists no /assets/js/main.*.js');
  return src;
}

describe.runIf(hasBuild && hasNginx)('nginx over build/', () => {
  beforeAll(async () => {
    // A cold run compresses the whole build (about 25 s on 2 cores); later runs copy from the cache.
    await precompressBuild(BUILD_DIR, path.resolve(__dirname, '../..'), () => undefined);
    server = await startNginx({ buildDir: BUILD_DIR, port: PORT });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  describe('the shared URL cases', () => {
    for (const urlCase of URL_CASES) {
      it(`${urlCase.name}: ${urlCase.request.slice(0, 60)} → ${urlCase.status}`, async () => {
        const answer = await get(urlCase.request, urlCase.accept === undefined ? {} : { Accept: urlCase.accept });
        expect(answer.status).toBe(urlCase.status);
        if (urlCase.status === 200) {
          expect(answer.body.equals(file(urlCase.key ?? ''))).toBe(true);
          if (urlCase.key?.endsWith('.md')) expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
          if (urlCase.key?.endsWith('.html')) expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        }
        if (urlCase.status === 200 || urlCase.status === 404) {
          expect(answer.headers.vary).toBe(expectedVary(urlCase));
          if (!urlCase.key?.startsWith('assets/')) expect(answer.headers['cache-control']).toBe('no-cache');
        }
        if (urlCase.status === 404) {
          expect(fs.existsSync(path.join(BUILD_DIR, urlCase.key ?? ''))).toBe(false);
          expect(answer.body.equals(file('404.html'))).toBe(true);
          expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        }
        if (urlCase.status === 301) expect(answer.headers.location).toBe(urlCase.location);
        if (urlCase.status === 400) expect(answer.body.toString()).not.toContain('root:');
      });
    }
  });

  it('serves each of the 1,134 contract paths with status 200 and its page', async () => {
    const problems: string[] = [];
    const routes = [...readContract()];
    const worker = async (): Promise<void> => {
      for (let route = routes.pop(); route !== undefined; route = routes.pop()) {
        const answer = await get(route);
        const expected = htmlFileFor(route);
        if (answer.status !== 200) problems.push(`${route}: status ${answer.status}`);
        else if (!expected || !answer.body.equals(fs.readFileSync(expected))) problems.push(`${route}: wrong body`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(problems).toEqual([]);
  }, 60_000);

  describe('Link header naming the Markdown twin', () => {
    it.each(Object.entries(PAGE_KINDS))(
      'names the twin of the %s page (%s), and the twin is served',
      async (_kind, route) => {
        const answer = await get(route);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers.link).toBe(twinLink(twinPathOf(route)));
        const twin = await get(twinPathOf(route));
        expect(twin.status).toBe(200);
        expect(twin.headers['content-type']).toBe('text/markdown; charset=utf-8');
      },
    );

    it('names a twin that exists for each of the 1,134 contract paths', async () => {
      const problems: string[] = [];
      const routes = [...readContract()];
      const worker = async (): Promise<void> => {
        for (let route = routes.pop(); route !== undefined; route = routes.pop()) {
          const link = String((await get(route)).headers.link ?? '');
          const twin = /^<([^>]+)>; rel="alternate"; type="text\/markdown"$/.exec(link)?.[1];
          if (twin === undefined || !fs.existsSync(path.join(BUILD_DIR, twin))) problems.push(`${route}: ${link}`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      expect(problems).toEqual([]);
    }, 60_000);

    it('names the twin that exists when a page is asked for in its other form', async () => {
      expect((await get('/intro/')).headers.link).toBe(twinLink('/intro.md'));
    });

    it('is not sent with a Markdown answer, a file, a redirect target or the not-found page', async () => {
      const markdown = await get('/intro', { Accept: ACCEPT.agent });
      expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(markdown.headers.link).toBeUndefined();
      for (const target of ['/sitemap.xml', '/intro.md', '/img/favicon.svg', '/intro.html', '/no/such/page']) {
        expect((await get(target)).headers.link, target).toBeUndefined();
      }
    });

    it('is sent again with a 304 answer to a revalidation', async () => {
      const first = await get('/intro');
      const again = await get('/intro', { 'If-None-Match': first.headers.etag ?? '' });
      expect(again.status).toBe(304);
      expect(again.headers.link).toBe(twinLink('/intro.md'));
    });
  });

  describe('media types', () => {
    it('serves a Markdown twin as text/markdown in UTF-8, and the release feed as XML', async () => {
      const twin = await get('/intro.md');
      expect(twin.status).toBe(200);
      expect(twin.headers['content-type']).toBe('text/markdown; charset=utf-8');
      const feed = await get('/guides/stay-up-to-date/releases/atom.xml');
      expect(feed.status).toBe(200);
      expect(feed.headers['content-type']).toBe('text/xml; charset=utf-8');
    });
  });

  describe('content negotiation', () => {
    it('answers a twin with the Brotli copy the build wrote, to a client that accepts it', async () => {
      const answer = await get('/intro/next-steps', { Accept: ACCEPT.agent, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toBe(PAGE_VARY);
      expect(zlib.brotliDecompressSync(answer.body).equals(file('intro/next-steps.md'))).toBe(true);
    });

    it('revalidates the twin and the HTML apart: an ETag of one is not a match for the other', async () => {
      const twin = await get('/intro/next-steps', { Accept: ACCEPT.markdown });
      const etag = twin.headers.etag ?? '';
      expect(etag).not.toBe('');
      expect((await get('/intro/next-steps', { Accept: ACCEPT.markdown, 'If-None-Match': etag })).status).toBe(304);
      const html = await get('/intro/next-steps', { 'If-None-Match': etag });
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    });
  });

  describe('Cache-Control', () => {
    it('lets browsers and CDNs keep hashed assets for a year', async () => {
      for (const target of [
        hashedBundle(),
        `/pagefind/fragment/${fs.readdirSync(path.join(BUILD_DIR, 'pagefind/fragment'))[0] ?? 'none'}`,
      ]) {
        const answer = await get(target);
        expect(answer.status, target).toBe(200);
        expect(answer.headers['cache-control'], target).toBe('public, max-age=31536000, immutable');
      }
    });

    it('revalidates pages, the sitemap, the search entry file, the route buckets and unhashed files', async () => {
      for (const target of [
        '/',
        // Fixed names whose bytes change with the content chunks they list.
        '/route-chunks/route-bucket-0.js',
        '/route-chunks/route-directory-0.js',
        '/intro/next-steps',
        '/sitemap.xml',
        '/pagefind/pagefind-entry.json',
        '/pagefind/pagefind.js',
        '/img/favicon.svg',
        '/no/such/page',
      ]) {
        expect((await get(target)).headers['cache-control'], target).toBe('no-cache');
      }
    });

    it('answers a revalidation of an unchanged page with 304 and no body', async () => {
      const first = await get('/intro/next-steps');
      const etag = first.headers.etag ?? '';
      expect(etag).not.toBe('');
      const second = await get('/intro/next-steps', { 'If-None-Match': etag });
      expect(second.status).toBe(304);
      expect(second.body.length).toBe(0);
    });
  });

  describe('compression', () => {
    it.each([
      ['br', (body: Buffer) => zlib.brotliDecompressSync(body)],
      ['gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ] as const)('sends the precompressed %s twin to a client that accepts it', async (encoding, decode) => {
      for (const [target, key] of [
        [hashedBundle(), hashedBundle().slice(1)],
        ['/intro/next-steps', 'intro/next-steps/index.html'],
      ] as const) {
        // The build must have written the twin; if it did and nginx still sends the plain file,
        // the server configuration is at fault, not the build.
        const suffix = encoding === 'br' ? '.br' : '.gz';
        expect(fs.existsSync(path.join(BUILD_DIR, `${key}${suffix}`)), `${key}${suffix} in build/`).toBe(true);
        const answer = await get(target, { 'Accept-Encoding': encoding });
        expect(answer.headers['content-encoding'], target).toBe(encoding);
        expect(answer.headers.vary, target).toBe(target.startsWith('/assets/') ? 'Accept-Encoding' : PAGE_VARY);
        expect(answer.body.length, target).toBeLessThan(file(key).length / 2);
        expect(decode(answer.body).equals(file(key)), target).toBe(true);
      }
    });

    it('sends the file itself, still with Vary, to a client that accepts no encoding', async () => {
      const answer = await get('/intro/next-steps');
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe(PAGE_VARY);
      expect(answer.body.equals(file('intro/next-steps/index.html'))).toBe(true);
    });

    it('sends a page’s Brotli twin every time, also right after a large compressed asset', async () => {
      const encodings: (string | undefined)[] = [];
      for (let round = 0; round < 10; round += 1) {
        await get(hashedBundle(), { 'Accept-Encoding': 'gzip' });
        for (const acceptEncoding of ['br', 'gzip, deflate, br, zstd']) {
          encodings.push((await get('/', { 'Accept-Encoding': acceptEncoding })).headers['content-encoding']);
        }
      }
      expect(encodings).toEqual(Array.from({ length: 20 }, () => 'br'));
    });

    it('serves a build with no symbolic link in it, so nginx has none to follow out of build/', () => {
      const links = fs
        .readdirSync(BUILD_DIR, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isSymbolicLink())
        .map((entry) => path.join(entry.parentPath, entry.name));
      expect(links).toEqual([]);
    });

    it('prefers Brotli when the client accepts both', async () => {
      const answer = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(answer.headers['content-encoding']).toBe('br');
    });
  });

  describe('redirects stay on the site', () => {
    it('answers every redirect, for any request path, with a Location that is a path of the site', async () => {
      let redirects = 0;
      await fc.assert(
        fc.asyncProperty(hostileRequestPath, async (target) => {
          // A bare CR or LF in Location would make Node's parser reject the answer: the property fails.
          const answer = await get(target);
          if (answer.status < 300 || answer.status >= 400) return true;
          redirects += 1;
          return isSiteLocation(String(answer.headers.location));
        }),
        { numRuns: 600 },
      );
      expect(redirects).toBeGreaterThan(60);
    });
  });

  describe('error answers', () => {
    /** Answers that are errors, or files served whole despite a Range, and how they are asked for. */
    const asks = (): [name: string, ask: () => Promise<Answer>][] => [
      ['a missing asset', () => get('/assets/js/missing.0123abcd.js')],
      ['POST to an asset', () => send('POST', hashedBundle())],
      ['DELETE of a page', () => send('DELETE', '/intro/next-steps')],
      ['a range past the end of an asset', () => get(hashedBundle(), { Range: 'bytes=999999999-' })],
      ['a range of a page', () => get('/intro/next-steps', { Range: 'bytes=0-10' })],
      ['an If-Match that fails', () => get(hashedBundle(), { 'If-Match': '"nope"' })],
      ['an encoded backslash', () => get('/%5cevil.com/x.html')],
      ['a redirect', () => get('/intro/next-steps.html')],
      [
        'a revalidated asset',
        async () => get(hashedBundle(), { 'If-None-Match': String((await get(hashedBundle())).headers.etag) }),
      ],
      ['the security headers file', () => get('/security-headers.json')],
    ];

    it('never repeats a header', async () => {
      for (const [name, ask] of asks()) {
        const { headerNames, status } = await ask();
        const repeated = headerNames.filter((header, i) => headerNames.indexOf(header) !== i);
        expect(repeated, `${name} (${String(status)})`).toEqual([]);
      }
    });

    it('is never immutable: only a file itself is kept for a year', async () => {
      for (const [name, ask] of asks()) {
        const { headers, status } = await ask();
        const kept = String(headers['cache-control']).includes('immutable');
        expect(kept, `${name} (${String(status)})`).toBe([200, 304].includes(status) && name.includes('asset'));
      }
    });

    it('serves every file whole, never a byte range', async () => {
      const whole = await get(hashedBundle());
      const asked = await get(hashedBundle(), { Range: 'bytes=0-10' });
      expect(asked.status).toBe(200);
      expect(asked.body.equals(whole.body)).toBe(true);
    });

    it('does not serve the security headers file, which only the server reads', async () => {
      const answer = await get('/security-headers.json');
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain('Content-Security-Policy');
    });

    it('sends no Strict-Transport-Security over plain HTTP, where browsers ignore it', async () => {
      expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('security headers', () => {
    it.each(['/', '/intro/next-steps', '/no/such/page', '/intro/next-steps.html', hashedBundle()])(
      'sends the build’s headers with %s',
      async (target) => {
        const answer = await get(target);
        for (const [name, value] of Object.entries(securityHeaders())) {
          expect(answer.headers[name.toLowerCase()], name).toBe(value);
        }
      },
    );

    it('sends a strict policy and the other headers', async () => {
      const answer = await get('/');
      const policy = directives(String(answer.headers['content-security-policy']));
      expect(policy.get('script-src')).toContain("'self'");
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      expect(answer.headers['permissions-policy']).toContain('geolocation=()');
    });

    it('allows every inline script of the home page and of a doc page by its hash', async () => {
      const policy = directives(String((await get('/')).headers['content-security-policy']));
      for (const target of ['/', '/intro/next-steps', '/no/such/page']) {
        const $ = cheerio.load((await get(target)).body.toString('utf8'));
        const inline = $('script:not([src])')
          .toArray()
          .filter((element) => !$(element).attr('type')?.includes('json'));
        expect(inline.length, target).toBeGreaterThan(0);
        for (const element of inline) {
          const hash = createHash('sha256').update($(element).text(), 'utf8').digest('base64');
          expect(policy.get('script-src'), target).toContain(`'sha256-${hash}'`);
        }
      }
    });
  });
});

describe.runIf(hasBuild && hasNginx)('nginx over HTTPS', () => {
  const port = PORT + 4;
  let tlsDir = '';
  let secure: Awaited<ReturnType<typeof startNginx>> | undefined;

  beforeAll(async () => {
    // A certificate made for the test, as an HTTPS deployment has one from its CA.
    tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-nginx-tls-'));
    fs.chmodSync(tlsDir, 0o755);
    const [certificate, key] = [path.join(tlsDir, 'cert.pem'), path.join(tlsDir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { stdio: 'ignore' },
    );
    fs.chmodSync(key, 0o644);
    secure = await startNginx({ buildDir: BUILD_DIR, port, tls: { certificate, key } });
  });
  afterAll(async () => {
    await secure?.stop();
    fs.rmSync(tlsDir, { recursive: true, force: true });
  });

  it('tells browsers to keep to HTTPS for a year, subdomains included, on pages, files and errors', async () => {
    for (const target of ['/', '/intro/next-steps', '/no/such/page', '/intro/next-steps.html']) {
      const header = await new Promise<string | undefined>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port, path: target, rejectUnauthorized: false, agent: false }, (response) => {
            response.resume();
            resolve(response.headers['strict-transport-security']);
          })
          .on('error', reject);
      });
      expect(header, target).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe.runIf(hasBuild && hasNginx)('nginx over a site with a page that has no Markdown twin', () => {
  let site = '';
  let small: Awaited<ReturnType<typeof startNginx>> | undefined;
  const port = PORT + 2;
  const ask = (target: string): Promise<Pick<Answer, 'status' | 'headers' | 'body'>> =>
    new Promise((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: target, headers: { Accept: ACCEPT.markdown }, agent: false },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
            });
          },
        )
        .on('error', reject);
    });

  beforeAll(async () => {
    // A copy of four files of build/: the home page with its twin, and a doc page without one.
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-no-twin-'));
    fs.chmodSync(site, 0o755); // nginx's workers run as another user when the tests run as root
    for (const key of ['index.html', 'index.md', '404.html', 'security-headers.json', 'intro/next-steps/index.html']) {
      fs.mkdirSync(path.dirname(path.join(site, key)), { recursive: true });
      fs.copyFileSync(path.join(BUILD_DIR, key), path.join(site, key));
    }
    small = await startNginx({ buildDir: site, port });
  });
  afterAll(async () => {
    await small?.stop();
    fs.rmSync(site, { recursive: true, force: true });
  });

  it.each(['/intro/next-steps', '/intro/next-steps/'])('answers %s with its HTML, not an error', async (target) => {
    const answer = await ask(target);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.vary).toBe(PAGE_VARY);
    expect(answer.body.equals(file('intro/next-steps/index.html'))).toBe(true);
  });

  it('still answers a page that has its twin with the twin', async () => {
    const answer = await ask('/');
    expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(answer.body.equals(file('index.md'))).toBe(true);
  });
});

// Without a build or nginx the checks above cannot run; say so as a failure, not as a skipped test.
it('finds build/ with its security headers, and nginx with its Brotli module', () => {
  expect(hasBuild, 'no build/security-headers.json: run `npm run build` first').toBe(true);
  expect(hasNginx, 'no nginx, or no Brotli or JavaScript module: run `node scripts/ensure-nginx.mjs`').toBe(true);
});

describe.runIf(hasNginx)('npm run serve:prod refuses to start', () => {
  const SCRIPT = path.resolve(__dirname, '../../scripts/serve-prod.mjs');

  /** Runs serve:prod with `env` and returns its exit code and error output. */
  function serveProd(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [SCRIPT], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('exit', (code) => {
        resolve({ code, stderr });
      });
    });
  }

  it('without a build folder, saying so', async () => {
    const result = await serveProd({ BUILD_DIR: '/nonexistent/build', PORT: String(PORT + 1) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('/nonexistent/build holds no built site');
  });

  it.runIf(hasBuild)('on a port in use, saying so', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(PORT + 1, '127.0.0.1', resolve));
    try {
      const result = await serveProd({ PORT: String(PORT + 1) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${String(PORT + 1)} on 127.0.0.1 is in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('on a port that is not a number', async () => {
    const result = await serveProd({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number');
  });
});
