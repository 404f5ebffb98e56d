// @vitest-environment node
/**
 * The parts of the docs MCP server that take input from an agent or a user, without the
 * protocol: page paths and URLs (never a file outside the site, whatever the string), the twin
 * rule, `llms.txt` parsing, snippets, and the command line. The server itself is driven by the
 * SDK's client in test/contract/mcp-server.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { excerptText, parseLlmsTxt } from '../../mcp/docs';
import { parseArguments } from '../../mcp/server';
import {
  DocsError,
  localSite,
  pagePathOfTwin,
  remoteSite,
  siteOrigin,
  toSitePath,
  twinCandidates,
} from '../../mcp/site';
import { checkLine } from '../../mcp/stdio-guard';
import { twinPathOf } from '../../plugins/markdown-twins/twin-address';

const SITE = 'https://docs.gruntwork.io';

/** The error `run` throws, or undefined. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('toSitePath', () => {
  it.each([
    ['/intro/next-steps', '/intro/next-steps'],
    ['intro/next-steps/', '/intro/next-steps/'],
    ['  /intro?x=1#top ', '/intro'],
    [`${SITE}/guides/build-it-yourself/vpc/`, '/guides/build-it-yourself/vpc/'],
    [SITE, '/'],
    [`HTTPS://DOCS.gruntwork.io:443/intro`, '/intro'],
    [`${SITE}/tags/a%20b`, '/tags/a b'],
  ])('reads %j as %j', (input, expected) => {
    expect(toSitePath(input, [SITE])).toBe(expected);
  });

  it.each([
    ['', /empty/],
    ['x'.repeat(3000), /3000 characters long/],
    ['../secrets', /climbs/],
    ['/intro/../../etc/passwd', /climbs/],
    ['/intro/%2E%2E/x', /climbs/],
    [`${SITE}/intro/../../etc/passwd`, /climbs/],
    ['/./intro', /climbs/],
    ['/a\\b', /backslash/],
    ['/a%00b', /NUL/],
    ['/a%09b', /control character/],
    ['/llms.txt%23', /encoded "#", "\?" or "%"/],
    ['/llms.txt%3Fx', /encoded "#", "\?" or "%"/],
    ['/llms.txt%2523', /encoded "#", "\?" or "%"/],
    ['/intro%252e%252e/x', /encoded "#", "\?" or "%"/],
    ['/bad%zz', /malformed percent-escape/],
    ['https://evil.example.com/intro', /^https:\/\/evil\.example\.com is not this site/],
    ['http://docs.gruntwork.io/intro', /^http:\/\/docs\.gruntwork\.io is not this site/],
    ['file:///etc/passwd', /is not this site/],
    ['https://[bad', /not a valid URL/],
  ])('refuses %j', (input, message) => {
    const error = thrown(() => toSitePath(input, [SITE]));
    expect(error).toBeInstanceOf(DocsError);
    expect((error as Error).message).toMatch(message);
  });

  it('returns a site path with no dot segment, backslash, control character, #, ? or %, or throws DocsError, for any string', () => {
    const pieces = fc.constantFrom(
      '..',
      '.',
      '%2e',
      '%2E%2e',
      '/',
      '\\',
      '%00',
      '%2f',
      '%23',
      '%3f',
      '%25',
      '%2523',
      '%09',
      '%0d%0a',
      '%7f',
      '.md',
      'llms.txt',
      'a',
      'é',
      '?',
      '#',
      ' ',
      'https://',
      SITE,
    );
    const input = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(input, (given) => {
        let result: string;
        try {
          result = toSitePath(given, [SITE]);
        } catch (error) {
          return error instanceof DocsError;
        }
        return (
          result.startsWith('/') &&
          // eslint-disable-next-line no-control-regex -- control characters are what must not pass
          !/[\u0000-\u001f\u007f-\u009f\\#?%]/.test(result) &&
          !result.split('/').some((segment) => segment === '.' || segment === '..')
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe('read_page on a deployed site', () => {
  it('asks the site only for Markdown twins, whatever the encoding of the path', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(null, { status: 404 }));
    });
    try {
      const site = remoteSite(SITE);
      const pieces = fc.constantFrom(
        '/',
        'a',
        '.md',
        'llms.txt',
        '%23',
        '%3f',
        '%25',
        '%2523',
        '%252e',
        '#',
        '?',
        'é',
        ' ',
        '%20',
      );
      const input = fc.oneof(
        fc.string(),
        fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')),
      );
      await fc.assert(
        fc.asyncProperty(input, async (given) => {
          asked.length = 0;
          let sitePath: string;
          try {
            sitePath = toSitePath(given, [SITE]);
          } catch (error) {
            return error instanceof DocsError;
          }
          for (const twin of twinCandidates(sitePath)) await site.read(twin);
          return asked.every((url) => {
            const parsed = new URL(url);
            return (
              parsed.origin === SITE &&
              parsed.search === '' &&
              parsed.hash === '' &&
              parsed.pathname.endsWith('.md') &&
              twinCandidates(sitePath).includes(decodeURIComponent(parsed.pathname))
            );
          });
        }),
        { numRuns: 2000 },
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('JSON-RPC lines the SDK would drop', () => {
  it.each([
    ['not json', null, -32700],
    ['{"jsonrpc":"2.0","id":7,"method":"tools/call","params":null}', 7, -32602],
    ['{"jsonrpc":"2.0","id":"a","method":"tools/call","params":[1]}', 'a', -32602],
    ['{"jsonrpc":"2.0","id":3}', 3, -32600],
    ['[1,2]', null, -32600],
    ['"text"', null, -32600],
  ])('answers %j with id %j and code %j', (line, id, code) => {
    expect(checkLine(line)).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  });

  it('passes JSON-RPC messages and blank lines on to the SDK', () => {
    expect(checkLine('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toBeNull();
    expect(checkLine('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeNull();
    expect(checkLine('  ')).toBeNull();
  });

  it('never throws, and answers every non-message with a JSON-RPC error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (line) => {
        const answer = checkLine(line);
        return answer === null || [-32700, -32600, -32602].includes(answer.error.code);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the twin rule', () => {
  it('tries the twin of the path, then of its other form, as nginx does', () => {
    expect(twinCandidates('/')).toEqual(['/index.md']);
    expect(twinCandidates('/intro')).toEqual(['/intro.md', '/intro/index.md']);
    expect(twinCandidates('/guides/')).toEqual(['/guides/index.md', '/guides.md']);
    expect(twinCandidates('/intro.md')).toEqual(['/intro.md']);
  });

  it('inverts twinPathOf', () => {
    for (const page of ['/', '/intro', '/guides/', '/a/b/c', '/a/b/']) {
      expect(pagePathOfTwin(twinPathOf(page))).toBe(page);
    }
  });
});

describe('localSite', () => {
  let root = '';
  let outside = '';

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-mcp-site-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-mcp-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.md'), 'secret');
    for (const file of [
      'llms.txt',
      'pagefind/pagefind-entry.json',
      'pagefind/vocabulary.json',
      'pagefind/pages.json',
    ]) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), '');
    }
    fs.writeFileSync(path.join(root, 'intro.md'), '# Intro');
    fs.mkdirSync(path.join(root, 'guides'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'guides', 'leak.md'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('reads a file of the site, and nothing for a folder or a missing file', async () => {
    const site = localSite(root, SITE);
    expect(await site.read('/intro.md')).toBe('# Intro');
    expect(await site.read('/guides')).toBeNull();
    expect(await site.read('/missing.md')).toBeNull();
  });

  it('never follows a symbolic link out of the site', async () => {
    expect(await localSite(root, SITE).read('/guides/leak.md')).toBeNull();
  });

  it('refuses a folder that is missing, not a build, or without a search index', () => {
    expect(() => localSite(path.join(root, 'nope'), SITE)).toThrow(/does not exist: run `npm run build` first/);
    expect(() => localSite(path.join(root, 'guides'), SITE)).toThrow(/holds no llms\.txt/);
    fs.rmSync(path.join(root, 'pagefind', 'pages.json'));
    try {
      expect(() => localSite(root, SITE)).toThrow(/has no search index \(pagefind\/pages\.json is missing\)/);
    } finally {
      fs.writeFileSync(path.join(root, 'pagefind', 'pages.json'), '');
    }
  });
});

describe('parseLlmsTxt', () => {
  it('reads each area and its pages, with Markdown escapes undone', () => {
    const areas = parseLlmsTxt(
      [
        '# Site',
        '',
        '> Summary.',
        '',
        '## Guides',
        '',
        `- [The \\*real\\* guide \\[draft\\]](${SITE}/guides/real.md): How *this* works: step by step.`,
        `- [Index](${SITE}/guides/index.md)`,
        '',
        '## Optional',
        '',
        `- [Home](${SITE}/index.md): The home page.`,
        '',
      ].join('\n'),
    );
    expect(areas).toEqual([
      {
        name: 'Guides',
        pages: [
          {
            title: 'The *real* guide [draft]',
            path: '/guides/real',
            twinPath: '/guides/real.md',
            description: 'How this works: step by step.',
          },
          { title: 'Index', path: '/guides/', twinPath: '/guides/index.md', description: '' },
        ],
      },
      { name: 'Optional', pages: [{ title: 'Home', path: '/', twinPath: '/index.md', description: 'The home page.' }] },
    ]);
  });

  it('refuses a file with no area', () => {
    expect(() => parseLlmsTxt('# Site\n\nNothing here.\n')).toThrow(DocsError);
  });
});

describe('excerptText', () => {
  it('keeps the words of a Pagefind excerpt, without its marks, entities decoded', () => {
    expect(excerptText('Set <mark>nat</mark>_gateway &amp; <mark>subnets</mark>  &lt;b&gt;')).toBe(
      'Set nat_gateway & subnets <b>',
    );
  });
});

describe('command line', () => {
  it('reads --site and --url, with or without =', () => {
    expect(parseArguments([])).toEqual({});
    expect(parseArguments(['--site', 'out'])).toEqual({ site: 'out' });
    expect(parseArguments(['--url=https://docs.gruntwork.io'])).toEqual({ url: 'https://docs.gruntwork.io' });
  });

  it.each([
    [['--port', '1'], /Unknown argument --port/],
    [['--site'], /--site needs a value/],
    [['--site', 'a', '--url', 'https://x.io'], /not both/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(message);
  });

  it.each([
    ['https://docs.gruntwork.io/', 'https://docs.gruntwork.io'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('takes the site address %s', (url, origin) => {
    expect(siteOrigin(url)).toBe(origin);
  });

  it.each(['docs.gruntwork.io', 'ftp://docs.gruntwork.io', 'https://docs.gruntwork.io/guides', 'https://u:p@x.io'])(
    'refuses the site address %s',
    (url) => {
      expect(() => siteOrigin(url)).toThrow(DocsError);
    },
  );

  it.each(['http://docs.gruntwork.io', 'http://10.0.0.1', 'http://127.0.0.1.evil.com', 'http://localhost.evil.com'])(
    'refuses plain http to %s, which is not this machine',
    (url) => {
      expect(() => siteOrigin(url)).toThrow(/starts with https:\/\/ \(http:\/\/ only to this machine/);
    },
  );
});
