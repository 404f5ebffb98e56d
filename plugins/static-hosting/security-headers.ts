/**
 * The security headers every response of the site carries, with a Content-Security-Policy built
 * from the inline scripts the build actually wrote. Production servers read them from
 * `<outDir>/security-headers.json` (`npm run serve:prod` for nginx, and the CloudFront
 * response-headers policy of the deploy guide), so the policy always matches the HTML it guards.
 */
import { createHash } from 'node:crypto';
import type { Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';

import { attributes, findAll, stringProperty, textContent } from '../post-build/hast';

/** Where, inside the build folder, the headers are written. */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** Optional third-party services whose origins the policy must allow. */
export interface ThirdPartyServices {
  /** Algolia application id when hosted DocSearch is on (for example `BH4D9OD16A`). */
  algoliaAppId?: string;
  /** True when Google Analytics 4 (gtag) is on. */
  analytics?: boolean;
}

/** What {@link scanInlineScripts} found in one HTML document. */
export interface InlineScriptScan {
  /** The text of each inline script the browser would run, exactly as written. */
  scripts: string[];
  /** Inline event-handler attributes (`onclick="…"`) and `javascript:` links, which no hash can allow. */
  blocked: string[];
}

/** Script `type`s a browser executes; JSON-LD and other data blocks are not scripts. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

/**
 * Lists the inline scripts of a parsed HTML document and the inline code that a hash-based policy
 * cannot allow. Pure; does not change the tree.
 */
export function scanInlineScriptsOf(tree: Root): InlineScriptScan {
  const scripts: string[] = [];
  const blocked: string[] = [];
  for (const element of findAll(tree, () => true)) {
    if (element.tagName === 'script' && element.properties.src === undefined) {
      const type = (stringProperty(element, 'type') ?? '').trim().toLowerCase();
      if (EXECUTABLE_TYPES.has(type)) scripts.push(textContent(element));
    }
    for (const [name, value] of attributes(element)) {
      const isHandler = name.startsWith('on');
      const isScriptUrl = (name === 'href' || name === 'src') && /^\s*javascript:/i.test(value);
      if (isHandler || isScriptUrl) blocked.push(`<${element.tagName} ${name}="${value.slice(0, 60)}">`);
    }
  }
  return { scripts, blocked };
}

/** {@link scanInlineScriptsOf} of an HTML document, parsed here. */
export function scanInlineScripts(html: string): InlineScriptScan {
  return scanInlineScriptsOf(fromHtml(html));
}

/** The CSP source expression of a script's text: `'sha256-<base64>'` of its UTF-8 bytes. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of the site. Scripts: the site's own files, the given inline-script
 * hashes, and WebAssembly compilation for the offline search engine (`'wasm-unsafe-eval'`, which
 * allows no JavaScript `eval`). Styles allow inline `style` attributes, which React writes. The
 * optional services add exactly the origins they call.
 * @param hashes - `'sha256-…'` expressions, for example from {@link scriptHash}; sorted here.
 */
export function contentSecurityPolicy(hashes: Iterable<string>, services: ThirdPartyServices = {}): string {
  const script = ["'self'", ...[...new Set(hashes)].sort(), "'wasm-unsafe-eval'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:'];
  if (services.algoliaAppId) {
    const app = services.algoliaAppId.toLowerCase();
    // DocSearch queries the app's DSN host and retries on its three fallback hosts.
    connect.push(
      `https://${app}-dsn.algolia.net`,
      `https://${app}-1.algolianet.com`,
      `https://${app}-2.algolianet.com`,
      `https://${app}-3.algolianet.com`,
    );
  }
  if (services.analytics) {
    // The gtag loader, and the hosts GA4 sends its measurements to.
    script.push('https://www.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
    img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Browser features a documentation site never uses; `()` denies each to every origin. */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/** Header name → value, in the order servers send them. */
export type SecurityHeaders = Record<string, string>;

/** Every security header of the site, for the given inline-script hashes and services. */
export function securityHeaders(hashes: Iterable<string>, services: ThirdPartyServices = {}): SecurityHeaders {
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashes, services),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  };
}
