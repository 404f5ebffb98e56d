// @vitest-environment node
/**
 * The twin address rule (plugins/markdown-twins/twin-address.ts) and its two copies in deploy/:
 * the nginx njs module holds `twinPathOf` and `otherTwinPathOf`, the CloudFront Function
 * `twinPathOf`, as plain JavaScript. The text of `twinPathOf` is the same in both files, and every
 * copy gives the module's answer on every path, directly and through the servers' entry points.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { otherTwinPathOf, routeOfTwin, twinPathOf } from '../../plugins/markdown-twins/twin-address';

const DEPLOY = path.resolve(__dirname, '../../deploy');
const NGINX_FILE = path.join(DEPLOY, 'nginx-markdown.js');
const CLOUDFRONT_FILE = path.join(DEPLOY, 'cloudfront-url-rewrite.js');
const CLOUDFRONT_LINK_FILE = path.join(DEPLOY, 'cloudfront-link-header.js');

type Rule = (routePath: string) => string | null;

interface NginxModule {
  twin: (r: { uri: string; headersIn: { Accept?: string } }) => string;
  otherTwin: (r: { uri: string; headersIn: { Accept?: string } }) => string;
  twinPathOf: Rule;
  otherTwinPathOf: Rule;
}

interface CloudFrontScope {
  twinPathOf: Rule;
  handler: (event: { request: { uri: string; querystring: object; headers: object } }) => { uri?: string };
}

const nginx = ((await import(/* @vite-ignore */ pathToFileURL(NGINX_FILE).href)) as { default: NginxModule }).default;

const cloudFront = ((): CloudFrontScope => {
  const context = vm.createContext({});
  vm.runInContext(
    `${fs.readFileSync(CLOUDFRONT_FILE, 'utf8')}\nthis.handler = handler; this.twinPathOf = twinPathOf;`,
    context,
  );
  return context as CloudFrontScope;
})();

/** The text of the top-level function `name` of a JavaScript file: `function name(` to its closing `}`. */
function functionText(file: string, name: string): string {
  const source = fs.readFileSync(file, 'utf8');
  const start = source.indexOf(`\nfunction ${name}(`);
  const end = source.indexOf('\n}\n', start);
  if (start < 0 || end < 0) throw new Error(`${file}: no top-level function ${name}`);
  return source.slice(start + 1, end + 2);
}

/** Site paths as servers see them: segments of letters, digits, dots and dashes, with or without a trailing slash. */
const sitePath = fc
  .tuple(fc.array(fc.stringMatching(/^[a-z0-9.-]{1,8}$/), { maxLength: 4 }), fc.boolean())
  .map(([segments, slash]) => (segments.length === 0 ? '/' : `/${segments.join('/')}${slash ? '/' : ''}`));

describe('the twin address rule', () => {
  it('puts the twin at <path>.md, or <path>index.md after a trailing slash, and drops query and fragment', () => {
    expect(twinPathOf('/')).toBe('/index.md');
    expect(twinPathOf('/intro')).toBe('/intro.md');
    expect(twinPathOf('/guides/')).toBe('/guides/index.md');
    expect(twinPathOf('/faq/eks/?q=1#top')).toBe('/faq/eks/index.md');
  });

  it("gives the twin of a page's other form, and none for the home page", () => {
    expect(otherTwinPathOf('/intro')).toBe('/intro/index.md');
    expect(otherTwinPathOf('/guides/')).toBe('/guides.md');
    expect(otherTwinPathOf('/')).toBeNull();
  });

  it('finds the page of a twin, and no page for a path that is not a twin', () => {
    expect(routeOfTwin('/index.md')).toBe('/');
    expect(routeOfTwin('/intro.md')).toBe('/intro');
    expect(routeOfTwin('/guides/index.md')).toBe('/guides/');
    expect(routeOfTwin('/intro')).toBeNull();
    expect(routeOfTwin('intro.md')).toBeNull();
  });

  it('inverts: the page of the twin of a page is the page', () => {
    fc.assert(
      fc.property(sitePath, (page) => {
        expect(routeOfTwin(twinPathOf(page))).toBe(page);
      }),
    );
  });
});

describe('the copies in deploy/', () => {
  it('are the same text in the nginx module and the CloudFront Function', () => {
    expect(functionText(NGINX_FILE, 'twinPathOf')).toBe(functionText(CLOUDFRONT_FILE, 'twinPathOf'));
    expect(functionText(CLOUDFRONT_LINK_FILE, 'twinPathOf')).toBe(functionText(CLOUDFRONT_FILE, 'twinPathOf'));
  });

  it('give the answers of twin-address.ts on every path', () => {
    fc.assert(
      fc.property(sitePath, (page) => {
        expect(nginx.twinPathOf(page)).toBe(twinPathOf(page));
        expect(nginx.otherTwinPathOf(page)).toBe(otherTwinPathOf(page));
        expect(cloudFront.twinPathOf(page)).toBe(twinPathOf(page));
      }),
    );
  });

  it("are what the servers' entry points use for a request that prefers Markdown", () => {
    const accept = 'text/markdown, text/html;q=0.9';
    fc.assert(
      fc.property(sitePath, (page) => {
        expect(nginx.twin({ uri: page, headersIn: { Accept: accept } })).toBe(twinPathOf(page));
        expect(nginx.otherTwin({ uri: page, headersIn: { Accept: accept } })).toBe(otherTwinPathOf(page) ?? '');
      }),
    );
    // CloudFront passes files (a last segment with an extension) through as they are: pages only.
    for (const page of ['/', '/intro', '/guides/', '/faq/eks/', '/reference/services/cis-v1-5'])
      expect(
        cloudFront.handler({ request: { uri: page, querystring: {}, headers: { accept: { value: accept } } } }).uri,
      ).toBe(twinPathOf(page));
  });
});
