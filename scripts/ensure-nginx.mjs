#!/usr/bin/env node
/**
 * Makes sure Debian's nginx and its Brotli static and JavaScript (njs) modules are installed, for `npm run serve:prod`,
 * the HTTP tests and the load test. Installs them with apt-get when missing and we may; otherwise
 * exits 1 with the command to run.
 */
import { ensureAptPackages } from './ensure-apt.mjs';
import { NGINX_FILES, NGINX_PACKAGES } from './nginx-server.mjs';

const ok = ensureAptPackages({
  label: 'ensure-nginx',
  files: NGINX_FILES,
  packages: NGINX_PACKAGES,
});
process.exit(ok ? 0 : 1);
