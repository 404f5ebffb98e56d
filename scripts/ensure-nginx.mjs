#!/usr/bin/env node
/**
 * Makes sure Debian's nginx and its Brotli static module are installed, for `npm run serve:prod`,
 * the HTTP tests and the load test. Installs them with apt-get when missing and we may; otherwise
 * exits 1 with the command to run.
 */
import { ensureAptPackages } from './ensure-apt.mjs';
import { BROTLI_MODULE_PATH, NGINX_PATH } from './nginx-server.mjs';

const ok = ensureAptPackages({
  label: 'ensure-nginx',
  files: [NGINX_PATH, BROTLI_MODULE_PATH],
  packages: ['nginx', 'libnginx-mod-http-brotli-static'],
});
process.exit(ok ? 0 : 1);
