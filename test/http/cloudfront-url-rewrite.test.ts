// @vitest-environment node
/**
 * The CloudFront Function of the deploy guide (deploy/cloudfront-url-rewrite.js), run as CloudFront
 * runs it: the file's source evaluated as a script, `handler(event)` called with a viewer-request
 * event. It must give the answers of the shared URL table and map every contract path to the
 * object that serves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { securityHeaders } from '../../plugins/static-hosting/security-headers';
import { responseHeadersPolicy } from '../../scripts/cloudfront-headers-policy.mjs';
import { BUILD_DIR, readContract } from '../contract/built-site';
import { twinPathOf } from '../../plugins/markdown-twins/twin-address';
import { ACCEPT, PAGE_KINDS, PAGE_VARY, URL_CASES, hostileRequestPath, isSiteLocation, twinLink } from './url-cases';

const FUNCTION_FILE = path.resolve(__dirname, '../../deploy/cloudfront-url-rewrite.js');
const SOURCE = fs.readFileSync(FUNCTION_FILE, 'utf8');

/** CloudFront's limit on a function's code, in bytes (comments included). */
const CLOUDFRONT_FUNCTION_MAX_BYTES = 10 * 1024;

type HeaderValues = Record<string, { value: string; multiValue?: { value: string }[] }>;

interface CloudFrontRequest {
  uri: string;
  querystring: HeaderValues;
  headers: HeaderValues;
}
interface CloudFrontResponse {
  statusCode: number;
  headers: Record<string, { value: string }>;
}

interface FunctionScope {
  handler: (event: { request: CloudFrontRequest }) => CloudFrontRequest | CloudFrontResponse;
  prefersMarkdown: (accept: string) => boolean;
}

/** The function's top-level functions, from a fresh script context, as CloudFront loads it. */
function loadFunction(): FunctionScope {
  const context = vm.createContext({});
  vm.runInContext(`${SOURCE}\nthis.handler = handler; this.prefersMarkdown = prefersMarkdown;`, context);
  return context as FunctionScope;
}

const { handler, prefersMarkdown } = loadFunction();

/**
 * A viewer request for `target` (path and query), with the query parsed the way CloudFront does,
 * and the Accept header when given (CloudFront lower-cases header names).
 */
function viewerRequest(target: string, accept?: string): { request: CloudFrontRequest } {
  const [uri = '', query] = target.split(/\?(.*)/s);
  const querystring: CloudFrontRequest['querystring'] = {};
  for (const pair of (query ?? '').split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split(/=(.*)/s);
    querystring[key] = { value };
  }
  return { request: { uri, querystring, headers: accept === undefined ? {} : { accept: { value: accept } } } };
}

function isResponse(result: CloudFrontRequest | CloudFrontResponse): result is CloudFrontResponse {
  return 'statusCode' in result;
}

describe('CloudFront URL rewrite: the shared URL cases', () => {
  for (const urlCase of URL_CASES.filter((c) => !c.serverOnly)) {
    it(`${urlCase.name}: ${urlCase.request.slice(0, 60)} → ${urlCase.status}`, () => {
      const result = handler(viewerRequest(urlCase.request, urlCase.accept));
      if (urlCase.status === 200 || urlCase.status === 404) {
        // Passed on to S3 with the key of the object that serves it (or, for 404, that is missing).
        expect(isResponse(result)).toBe(false);
        expect((result as CloudFrontRequest).uri).toBe(`/${urlCase.cloudFrontKey ?? urlCase.key ?? ''}`);
      } else {
        expect(isResponse(result)).toBe(true);
        expect((result as CloudFrontResponse).statusCode).toBe(urlCase.status);
        if (urlCase.status === 301)
          expect((result as CloudFrontResponse).headers.location?.value).toBe(urlCase.location);
      }
    });
  }
});

describe('CloudFront URL rewrite: the URL contract', () => {
  it('asks S3 for <path>/index.html for each of the 1,134 contract paths', () => {
    const wrong: string[] = [];
    for (const route of readContract()) {
      const result = handler(viewerRequest(route));
      const expected = `${route.replace(/\/$/, '')}/index.html`;
      if (isResponse(result) || result.uri !== expected) wrong.push(route);
    }
    expect(wrong).toEqual([]);
  });

  it.runIf(fs.existsSync(path.join(BUILD_DIR, 'index.html')))(
    'names an object that exists in build/ for each contract path',
    () => {
      const missing = readContract().filter((route) => {
        const result = handler(viewerRequest(route));
        return isResponse(result) || !fs.existsSync(path.join(BUILD_DIR, result.uri));
      });
      expect(missing).toEqual([]);
    },
  );

  it('never throws, and never asks for a key with a dot segment, for any path', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._%~-]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), (segments, slash) => {
        const uri = `/${segments.join('/')}${slash ? '/' : ''}`;
        const result = handler(viewerRequest(uri));
        if (isResponse(result)) return [301, 400].includes(result.statusCode);
        return result.uri.startsWith('/') && !/(^|\/)\.\.?(\/|$)/.test(decodeURIComponent(result.uri));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CloudFront URL rewrite: redirects stay on the site', () => {
  it('answers every redirect, for any request path, with a Location that is a path of the site', () => {
    let redirects = 0;
    fc.assert(
      fc.property(hostileRequestPath, (target) => {
        const result = handler(viewerRequest(target));
        if (!isResponse(result) || result.statusCode !== 301) return true;
        redirects += 1;
        return isSiteLocation(result.headers.location?.value ?? '');
      }),
      { numRuns: 5000 },
    );
    // The paths end in .html often enough that the property is tested on many redirects.
    expect(redirects).toBeGreaterThan(500);
  });

  it.each(['//evil.com/x', '/\\evil.com/x', '/\tx', '/x?a=\\'])(
    'knows %j is or is not a path of the site',
    (location) => {
      expect(isSiteLocation(location)).toBe(location === '/x?a=\\');
    },
  );
});

describe('CloudFront URL rewrite: content negotiation', () => {
  it('reads an Accept header that CloudFront passes as several values', () => {
    const event = viewerRequest('/intro/next-steps');
    event.request.headers.accept = {
      value: 'text/html;q=0.5',
      multiValue: [{ value: 'text/html;q=0.5' }, { value: 'text/markdown' }],
    };
    expect((handler(event) as CloudFrontRequest).uri).toBe('/intro/next-steps.md');
  });

  it.runIf(fs.existsSync(path.join(BUILD_DIR, 'index.html')))(
    'asks S3 for a twin that exists for each of the 1,134 contract paths asked for as Markdown',
    () => {
      const missing = readContract().filter((route) => {
        const result = handler(viewerRequest(route, ACCEPT.agent));
        return isResponse(result) || !result.uri.endsWith('.md') || !fs.existsSync(path.join(BUILD_DIR, result.uri));
      });
      expect(missing).toEqual([]);
    },
  );

  it('decides as the nginx module does for any Accept header', async () => {
    // deploy/nginx-markdown.js is an njs module; its negotiation is plain JavaScript that Node runs too.
    const nginx = (
      (await import(
        /* @vite-ignore */ pathToFileURL(path.resolve(__dirname, '../../deploy/nginx-markdown.js')).href
      )) as {
        default: { prefersMarkdown: (accept: string) => boolean };
      }
    ).default;
    const range = fc.constantFrom(
      'text/markdown',
      'text/html',
      'text/*',
      '*/*',
      'TEXT/Markdown',
      'application/json',
      'text',
      '*/html',
    );
    const param = fc.oneof(
      fc.constantFrom(
        'q=0',
        'q=1',
        'q=0.5',
        'q=0.500',
        'q=1.000',
        'Q=0.9',
        'q=.5',
        'q=2',
        'q=',
        'variant=GFM',
        'charset=utf-8',
      ),
      fc.stringMatching(/^ ?q ?= ?[0-9.]{0,5}$/),
    );
    const header = fc
      .array(fc.tuple(range, fc.array(param, { maxLength: 2 }), fc.constantFrom('', ' ', '  ')), { maxLength: 5 })
      .map((entries) => entries.map(([r, params, space]) => [r, ...params].join(`${space};${space}`)).join(', '));
    fc.assert(
      fc.property(header, (accept) => nginx.prefersMarkdown(accept) === prefersMarkdown(accept)),
      { numRuns: 3000 },
    );
  });

  it(`fits CloudFront's limit of ${String(CLOUDFRONT_FUNCTION_MAX_BYTES)} bytes of code`, () => {
    expect(fs.statSync(FUNCTION_FILE).size).toBeLessThanOrEqual(CLOUDFRONT_FUNCTION_MAX_BYTES);
  });
});

describe('CloudFront Link header (deploy/cloudfront-link-header.js, viewer response)', () => {
  const LINK_FILE = path.resolve(__dirname, '../../deploy/cloudfront-link-header.js');
  const context = vm.createContext({});
  vm.runInContext(
    `${fs.readFileSync(LINK_FILE, 'utf8')}\nthis.handler = handler; this.twinPathOf = twinPathOf;`,
    context,
  );
  const link = context as {
    handler: (event: { request: { uri: string }; response: CloudFrontResponse }) => CloudFrontResponse;
    twinPathOf: (uri: string) => string;
  };
  const respond = (uri: string, statusCode: number, type?: string): CloudFrontResponse =>
    link.handler({
      request: { uri },
      response: { statusCode, headers: type === undefined ? {} : { 'content-type': { value: type } } },
    });

  it.each(Object.entries(PAGE_KINDS))('names the twin of the %s page (%s) in its HTML answer', (_kind, route) => {
    expect(respond(route, 200, 'text/html').headers.link?.value).toBe(twinLink(twinPathOf(route)));
  });

  it.runIf(fs.existsSync(path.join(BUILD_DIR, 'index.html')))(
    'names a twin that exists in build/ for each of the 1,134 contract paths',
    () => {
      const missing = readContract().filter((route) => {
        const value = respond(route, 200, 'text/html; charset=utf-8').headers.link?.value ?? '';
        const twin = /^<([^>]+)>/.exec(value)?.[1] ?? '';
        return !fs.existsSync(path.join(BUILD_DIR, twin));
      });
      expect(missing).toEqual([]);
    },
  );

  it('adds nothing to Markdown, other files, or answers other than 200', () => {
    expect(respond('/intro', 200, 'text/markdown; charset=utf-8').headers.link).toBeUndefined();
    expect(respond('/sitemap.xml', 200, 'application/xml').headers.link).toBeUndefined();
    expect(respond('/no/such/page', 404, 'text/html').headers.link).toBeUndefined();
    expect(respond('/intro', 304).headers.link).toBeUndefined();
  });

  it('uses the same twin rule as the nginx module and the build, for any path', async () => {
    const nginx = (
      (await import(
        /* @vite-ignore */ pathToFileURL(path.resolve(__dirname, '../../deploy/nginx-markdown.js')).href
      )) as { default: { twinPathOf: (uri: string) => string } }
    ).default;
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.boolean(), (segments, slash) => {
        const uri = `/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}`;
        return link.twinPathOf(uri) === nginx.twinPathOf(uri) && link.twinPathOf(uri) === twinPathOf(uri);
      }),
      { numRuns: 1000 },
    );
  });

  it(`fits CloudFront's limit of ${String(CLOUDFRONT_FUNCTION_MAX_BYTES)} bytes of code`, () => {
    expect(fs.statSync(LINK_FILE).size).toBeLessThanOrEqual(CLOUDFRONT_FUNCTION_MAX_BYTES);
  });
});

describe('CloudFront response-headers policy', () => {
  const headers = securityHeaders(["'sha256-abc='"], { algoliaAppId: 'BH4D9OD16A', analytics: true });

  it('tells browsers to use HTTPS for a year, subdomains included', () => {
    expect(responseHeadersPolicy(headers).SecurityHeadersConfig.StrictTransportSecurity).toEqual({
      Override: true,
      AccessControlMaxAgeSec: 31_536_000,
      IncludeSubdomains: true,
      Preload: false,
    });
  });

  it('carries the same security headers as nginx sends', () => {
    const policy = responseHeadersPolicy(headers);
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      headers['Content-Security-Policy'],
    );
    expect(policy.SecurityHeadersConfig.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(policy.SecurityHeadersConfig.ContentTypeOptions.Override).toBe(true);
    expect(policy.CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: headers['Permissions-Policy'], Override: true },
      { Header: 'Vary', Value: PAGE_VARY, Override: true },
    ]);
  });

  it('refuses a policy longer than CloudFront allows', () => {
    const long = { ...headers, 'Content-Security-Policy': `script-src ${"'sha256-x' ".repeat(200)}` };
    expect(() => responseHeadersPolicy(long)).toThrow(/CloudFront allows 1783/);
  });
});
