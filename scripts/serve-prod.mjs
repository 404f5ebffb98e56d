#!/usr/bin/env node
/**
 * `npm run serve:prod`: precompresses the production build (`npm run precompress`, which copies
 * unchanged files' twins from its cache) and serves it through nginx, with the URL rules, caching,
 * compression and security headers of deploy/nginx.conf.
 *
 * Environment: PORT (default 8080), HOST (default 127.0.0.1), BUILD_DIR (default `build`);
 * TLS_CERT and TLS_KEY (paths of PEM files, both or neither) to serve HTTPS, with
 * Strict-Transport-Security.
 * Installs nginx with apt-get when it is missing. Exits 1 with a message when the build folder is
 * missing, the port is in use or nginx cannot start; stops nginx on Ctrl-C.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

import { ensureAptPackages } from './ensure-apt.mjs';
import { NGINX_FILES, NGINX_PACKAGES, ServeError, startNginx } from './nginx-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { precompressBuild } = jiti('../plugins/static-hosting/compress.ts');
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve:prod: PORT must be a port number from 1 to 65535, got "${process.env.PORT}"`);
  process.exit(1);
}
const { TLS_CERT: certificate, TLS_KEY: key } = process.env;
if (Boolean(certificate) !== Boolean(key)) {
  console.error('serve:prod: set both TLS_CERT and TLS_KEY (PEM files) to serve HTTPS, or neither');
  process.exit(1);
}
const tls = certificate && key ? { certificate: path.resolve(certificate), key: path.resolve(key) } : undefined;

try {
  // Checked before installing anything: without a build there is nothing to serve.
  if (!fs.existsSync(path.join(buildDir, 'index.html')))
    throw new ServeError(`${buildDir} holds no built site. Run \`npm run build\` first.`);
  const installed = ensureAptPackages({
    label: 'serve:prod',
    files: NGINX_FILES,
    packages: NGINX_PACKAGES,
  });
  if (!installed) process.exit(1);
  await precompressBuild(buildDir, ROOT, (line) => console.log(`serve:prod: ${line}`));
  const server = await startNginx({ buildDir, host, port, tls });
  console.log(
    `serve:prod: serving ${path.relative(ROOT, buildDir) || '.'} with nginx at ${server.url}/ (Ctrl-C stops)`,
  );
  let stopping = false;
  const shutdown = () => {
    stopping = true;
    void server.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  server.child.once('exit', (code) => {
    // On Ctrl-C, shutdown() removes the temporary folder and exits once nginx has stopped.
    if (stopping) return;
    fs.rmSync(server.runtimeDir, { recursive: true, force: true });
    console.error(`serve:prod: nginx stopped (exit code ${code})`);
    process.exit(code === 0 ? 0 : 1);
  });
} catch (error) {
  console.error(`serve:prod: ${error instanceof ServeError ? error.message : String(error?.stack ?? error)}`);
  process.exit(1);
}
