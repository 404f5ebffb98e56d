/**
 * Runs Debian's nginx over a build folder with the project's configuration (deploy/nginx.conf):
 * fills in its placeholders, writes the result to a temporary folder and starts nginx in the
 * foreground. Used by `npm run serve:prod`, the HTTP tests, the browser tests and the load test.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The nginx binary (Debian package `nginx`). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The Brotli static module (Debian package `libnginx-mod-http-brotli-static`). */
export const BROTLI_MODULE_PATH =
  process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** nginx's JavaScript module, njs (Debian package `libnginx-mod-http-js`), for content negotiation. */
export const JS_MODULE_PATH = process.env.NGINX_JS_MODULE ?? '/usr/lib/nginx/modules/ngx_http_js_module.so';

/** The files nginx needs, and the Debian packages that install them. */
export const NGINX_FILES = [NGINX_PATH, BROTLI_MODULE_PATH, JS_MODULE_PATH];
export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static', 'libnginx-mod-http-js'];

/** The configuration template, with {{placeholders}}. */
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx.conf');

/** The njs module that chooses between a page's HTML and its Markdown twin (see the template). */
export const MARKDOWN_NEGOTIATION = path.join(ROOT, 'deploy', 'nginx-markdown.js');

/** The file, inside a build folder, where the build writes its security headers. */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** A startup problem the user can fix; its message says how. */
export class ServeError extends Error {}

/**
 * Reads the security headers a build wrote.
 * @param {string} buildDir - absolute path of the build folder.
 * @returns {Record<string, string>} header name → value.
 * @throws {ServeError} when the file is missing or is not an object of strings.
 */
export function readSecurityHeaders(buildDir) {
  const file = path.join(buildDir, SECURITY_HEADERS_FILE);
  if (!fs.existsSync(file)) {
    throw new ServeError(
      `${file} is missing: this build was made without the static-hosting plugin. Run \`npm run build\` again.`,
    );
  }
  const headers = JSON.parse(fs.readFileSync(file, 'utf8'));
  const entries = Object.entries(headers ?? {});
  if (typeof headers !== 'object' || entries.some(([, value]) => typeof value !== 'string')) {
    throw new ServeError(`${file}: expected an object of header name → string value`);
  }
  return headers;
}

/**
 * A path as a double-quoted nginx string.
 * @throws {Error} when it holds a quote, backslash or line break, which nginx would read otherwise.
 */
function quoted(file) {
  if (/["\\\r\n]/.test(file))
    throw new Error(`nginx: cannot write the path ${file}: it holds a quote, backslash or line break`);
  return `"${file}"`;
}

/**
 * Fills in the placeholders of the nginx template. Pure.
 * @param {string} template - text of deploy/nginx.conf.
 * @param {{ root: string, listen: string, runtimeDir: string, headers: Record<string, string>,
 *   user?: string, brotliModule?: string, jsModule?: string,
 *   tls?: { certificate: string, key: string } }} values - with `tls` (PEM files), nginx serves
 *   HTTPS on `listen` and sends Strict-Transport-Security.
 * @returns {string} a complete nginx configuration.
 * @throws {Error} when a header value contains a double quote or a line break, or a placeholder
 *   is left unfilled.
 */
export function renderNginxConfig(template, values) {
  const headerLines = Object.entries(values.headers).map(([name, value]) => {
    if (/["\r\n\\]/.test(value) || !/^[A-Za-z0-9-]+$/.test(name))
      throw new Error(`nginx: cannot write header ${name}: its value holds a quote, backslash or line break`);
    return `        add_header ${name} "${value}" always;`;
  });
  const replacements = {
    user_directive: values.user ? `user ${values.user};` : '',
    brotli_module: values.brotliModule ?? BROTLI_MODULE_PATH,
    js_module: values.jsModule ?? JS_MODULE_PATH,
    markdown_negotiation: MARKDOWN_NEGOTIATION,
    runtime_dir: values.runtimeDir,
    listen: values.tls ? `${values.listen} ssl` : values.listen,
    tls: values.tls
      ? [`ssl_certificate ${quoted(values.tls.certificate)};`, `ssl_certificate_key ${quoted(values.tls.key)};`]
          .map((line) => `        ${line}`)
          .join('\n')
      : '',
    root: values.root,
    security_headers: headerLines.join('\n'),
  };
  const config = template.replace(/\{\{(\w+)\}\}/g, (match, name) =>
    Object.hasOwn(replacements, name) ? replacements[name] : match,
  );
  const unfilled = /\{\{\w+\}\}/.exec(config);
  if (unfilled) throw new Error(`nginx: unknown placeholder ${unfilled[0]} in ${NGINX_TEMPLATE}`);
  return config;
}

/**
 * Resolves when nothing listens on host:port.
 * @throws {ServeError} "port N is in use" when something does.
 */
export function assertPortFree(host, port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new ServeError(`port ${port} on ${host} is in use; stop what runs there or set PORT to another port`)
          : error,
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}

/**
 * True when `url` answers 200 within 2 s. Over HTTPS the certificate is not checked: the server is
 * the one just started, possibly with a certificate made for a test.
 */
function answersOk(url) {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** The worker user when nginx starts as root: Debian's www-data, else nobody. */
function workerUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  try {
    execFileSync('id', ['www-data'], { stdio: 'ignore' });
    return 'www-data';
  } catch {
    return 'nobody';
  }
}

/**
 * Starts nginx over `buildDir` and resolves once it answers.
 * @param {{ buildDir: string, host?: string, port: number, timeoutMs?: number,
 *   tls?: { certificate: string, key: string } }} options - host defaults to 127.0.0.1; timeoutMs
 *   (default 15,000 ms) bounds the wait for the first answer; with `tls` (paths of PEM files)
 *   nginx serves HTTPS and sends Strict-Transport-Security.
 * @returns {Promise<{ url: string, runtimeDir: string, child: import('node:child_process').ChildProcess,
 *   stop: () => Promise<void> }>} `url` has no trailing slash; `stop` ends nginx and removes its
 *   temporary folder.
 * @throws {ServeError} when the build folder or its headers are missing, nginx or its Brotli or
 *   JavaScript module is not installed, the port is in use, or nginx exits or stays silent.
 */
export async function startNginx({ buildDir, host = '127.0.0.1', port, timeoutMs = 15_000, tls }) {
  const root = path.resolve(buildDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new ServeError(`${root} holds no built site (no index.html). Run \`npm run build\` first.`);
  }
  for (const file of NGINX_FILES) {
    if (!fs.existsSync(file))
      throw new ServeError(`${file} is missing; run \`node scripts/ensure-nginx.mjs\` to install nginx`);
  }
  const headers = readSecurityHeaders(root);
  await assertPortFree(host, port);

  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-nginx-'));
  fs.chmodSync(runtimeDir, 0o755);
  const configFile = path.join(runtimeDir, 'nginx.conf');
  fs.writeFileSync(
    configFile,
    renderNginxConfig(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
      root,
      listen: `${host}:${port}`,
      runtimeDir,
      headers,
      user: workerUser(),
      tls,
    }),
  );
  const child = spawn(
    NGINX_PATH,
    ['-e', path.join(runtimeDir, 'error.log'), '-p', runtimeDir, '-c', configFile, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(runtimeDir, { recursive: true, force: true });
  };

  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = fs.existsSync(path.join(runtimeDir, 'error.log'))
        ? fs.readFileSync(path.join(runtimeDir, 'error.log'), 'utf8')
        : '';
      await stop();
      const reason = `${stderr}${log}`.trim();
      throw new ServeError(
        /Address already in use/.test(reason)
          ? `port ${port} on ${host} is in use; stop what runs there or set PORT to another port`
          : `nginx exited with code ${child.exitCode}: ${reason}`,
      );
    }
    if (await answersOk(`${url}/`)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new ServeError(`nginx did not answer at ${url}/ within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, runtimeDir, child, stop };
}
