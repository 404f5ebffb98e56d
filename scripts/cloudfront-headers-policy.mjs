#!/usr/bin/env node
/**
 * Prints the CloudFront response-headers policy of a build: the same security headers nginx
 * sends (the build's `security-headers.json`: Content-Security-Policy with the hashes of the
 * pages' inline scripts, nosniff, Referrer-Policy, Permissions-Policy; and Strict-Transport-Security,
 * one year with subdomains, which nginx sends over TLS), and the `Vary` header of
 * content negotiation (a page is HTML or its Markdown twin by the Accept header), as the JSON that
 * `aws cloudfront create-response-headers-policy --response-headers-policy-config` and
 * `update-response-headers-policy` take.
 *
 * Usage: node scripts/cloudfront-headers-policy.mjs [build folder] > headers-policy.json
 * Exits 1 when the build has no security headers or the policy is longer than CloudFront allows.
 */
import path from 'node:path';

import { readSecurityHeaders, ServeError } from './nginx-server.mjs';

/**
 * The Vary header of every answer. S3 cannot store one; pages vary by Accept (HTML or Markdown,
 * chosen by deploy/cloudfront-url-rewrite.js) and by Accept-Encoding (CloudFront's compression).
 * Other files vary by encoding alone, so for them `Accept` only costs a browser cache a copy per
 * Accept header, which the same file always gets.
 */
export const VARY = 'Accept, Accept-Encoding';

/** CloudFront's limit on the Content-Security-Policy value of a response-headers policy. */
export const CLOUDFRONT_CSP_MAX_CHARS = 1783;

/** How long browsers keep to HTTPS for the site and its subdomains after an answer, in seconds (one year). */
export const HSTS_MAX_AGE_S = 31_536_000;

/**
 * The ResponseHeadersPolicyConfig for `headers` (header name → value).
 * @throws {Error} when the CSP is longer than {@link CLOUDFRONT_CSP_MAX_CHARS}.
 */
export function responseHeadersPolicy(headers, name = 'gruntwork-docs-security-headers') {
  const csp = headers['Content-Security-Policy'] ?? '';
  if (csp.length > CLOUDFRONT_CSP_MAX_CHARS)
    throw new Error(
      `the Content-Security-Policy has ${csp.length} characters; CloudFront allows ${CLOUDFRONT_CSP_MAX_CHARS}`,
    );
  const custom = Object.entries(headers).filter(
    ([header]) => !['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy'].includes(header),
  );
  return {
    Name: name,
    Comment: 'Security headers of the Gruntwork Docs build, as nginx sends them',
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: csp },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: {
        Override: true,
        ReferrerPolicy: headers['Referrer-Policy'] ?? 'strict-origin-when-cross-origin',
      },
      StrictTransportSecurity: {
        Override: true,
        AccessControlMaxAgeSec: HSTS_MAX_AGE_S,
        IncludeSubdomains: true,
        Preload: false,
      },
    },
    CustomHeadersConfig: {
      Quantity: custom.length + 1,
      Items: [
        ...custom.map(([header, value]) => ({ Header: header, Value: value, Override: true })),
        { Header: 'Vary', Value: VARY, Override: true },
      ],
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const buildDir = path.resolve(process.argv[2] ?? 'build');
    console.log(JSON.stringify(responseHeadersPolicy(readSecurityHeaders(buildDir)), null, 2));
  } catch (error) {
    console.error(
      `cloudfront-headers-policy: ${error instanceof ServeError || error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
