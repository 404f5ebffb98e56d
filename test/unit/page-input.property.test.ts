/**
 * Property tests of the functions in src/lib that read input from a page or from browser storage.
 * Whatever a page or the storage holds, they return a value and never throw; the link classifier
 * also never misses a private repository and never flags another host.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { kbNumberOf } from '@site/src/lib/knowledge-base';
import { readStorage, removeStorage, storageLog, writeStorage } from '@site/src/lib/storage';
import { classifyLink, normalizeHost, safeDecode, type SubscriberLink } from '@site/src/lib/subscriber-links';
import { PUBLIC_REPOS } from '@site/src/site-constants';

const PUBLIC = new Set(PUBLIC_REPOS.map((name) => name.toLowerCase()));
const RUNS = { numRuns: 500 };

/** `text` (ASCII) with each letter's case set by the matching flag (missing flags keep lower case). */
function withCase(text: string, flags: readonly boolean[]): string {
  return Array.from({ length: text.length }, (_, i) => text.charAt(i))
    .map((ch, i) => (flags[i] ? ch.toUpperCase() : ch.toLowerCase()))
    .join('');
}
const caseFlags = fc.array(fc.boolean(), { minLength: 48, maxLength: 48 });
const randomCase = (text: string): fc.Arbitrary<string> => caseFlags.map((flags) => withCase(text, flags));

/** A repository name of the organisation that is not public, in lower case. */
const privateRepo = fc
  .stringMatching(/^[a-z0-9][a-z0-9-]{0,38}$/)
  .filter((name) => !PUBLIC.has(name) && !name.endsWith('.git'));

/** Characters written into user info, queries and fragments, escaped where a URL needs it. */
const urlPart = fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent);

/** Every way of writing a link to `repo` that a reader's browser treats as that repository. */
const privateRepoUrl = fc.record({
  repo: privateRepo,
  repoFlags: caseFlags,
  scheme: fc.constantFrom('https', 'http', 'HTTPS', 'Http'),
  userInfo: fc.option(fc.tuple(urlPart, fc.option(urlPart)), { nil: undefined }),
  www: fc.boolean(),
  host: randomCase('github.com'),
  trailingDot: fc.boolean(),
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  org: randomCase('gruntwork-io'),
  escapeHyphens: fc.boolean(),
  dotGit: fc.boolean(),
  rest: fc.constantFrom('', '/', '/tree/main/modules/vpc-app', '/releases/tag/v0.22.4', '/blob/main/README.md'),
  query: fc.option(urlPart, { nil: undefined }),
  fragment: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
});

function buildUrl(parts: typeof privateRepoUrl extends fc.Arbitrary<infer T> ? T : never): {
  href: string;
  repo: string;
} {
  const repo = withCase(parts.repo, parts.repoFlags);
  const written = parts.escapeHyphens ? repo.replace(/-/g, '%2D') : repo;
  const userInfo =
    parts.userInfo === undefined
      ? ''
      : `${parts.userInfo[0]}${parts.userInfo[1] === null ? '' : `:${parts.userInfo[1]}`}@`;
  const host = `${parts.www ? 'www.' : ''}${parts.host}${parts.trailingDot ? '.' : ''}`;
  const port = parts.port === undefined ? '' : `:${String(parts.port)}`;
  const href =
    `${parts.scheme}://${userInfo}${host}${port}/${parts.org}/${written}${parts.dotGit ? '.git' : ''}${parts.rest}` +
    `${parts.query === undefined ? '' : `?${parts.query}`}${parts.fragment === undefined ? '' : `#${parts.fragment}`}`;
  return { href, repo };
}

/** Hosts that are not the source host, however alike they look. */
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const otherHost = fc
  .oneof(
    fc.domain(),
    fc.tuple(fc.domain()).map(([d]) => `github.com.${d}`),
    label.map((l) => `${l}github.com`),
    label.map((l) => `github.com${l}`),
    label.map((l) => `${l}.github.com`),
    label.map((l) => `github.${l}`),
    fc.constantFrom('githu6.com', 'github.co', 'github.com..', 'www.github.com..', 'gist.github.com', 'ww.github.com'),
  )
  .chain((host) => randomCase(host))
  .filter((host) => {
    const lowered = host.toLowerCase();
    const bare = lowered.endsWith('.') ? lowered.slice(0, -1) : lowered;
    return bare !== 'github.com' && bare !== 'www.github.com';
  });

/** A link to an organisation repository on `host`, or a link that only mentions the source host. */
const linkOnOtherHost = fc.tuple(otherHost, privateRepo, fc.integer({ min: 0, max: 6 })).map(([host, repo, trick]) => {
  const path = `/gruntwork-io/${repo}`;
  switch (trick) {
    case 0:
      return `https://${host}${path}`;
    case 1:
      return `https://github.com@${host}${path}`;
    case 2:
      return `https://github.com:443@${host}${path}`;
    case 3:
      return `https://${host}/github.com${path}`;
    case 4:
      return `https://${host}?@github.com${path}`;
    case 5:
      return `https://${host}#@github.com${path}`;
    default:
      return `https://${host}\\@github.com${path}`;
  }
});

describe('classifyLink, for any input', () => {
  const isResult = (value: SubscriberLink | null): boolean =>
    value === null || (typeof value.repo === 'string' && ['general', 'cis', 'enterprise'].includes(value.variant));

  it('returns a result and never throws for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (href) => {
        expect(isResult(classifyLink(href))).toBe(true);
      }),
      RUNS,
    );
  });

  it('returns a result and never throws for any path, escapes included, under the organisation', () => {
    const pathText = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.constantFrom('%', '%E0%A4%A', '%FF', '%C3', '%%', '%2', '%u0041', '/', '.git', '?', '#'),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(pathText, (parts) => {
        const href = `https://github.com/gruntwork-io/${parts.join('')}`;
        expect(isResult(classifyLink(href))).toBe(true);
      }),
      RUNS,
    );
  });

  it('returns a result and never throws for any web address', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (href) => {
        expect(isResult(classifyLink(href))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('classifyLink never misses a private repository', () => {
  it('gives the general variant for any way of writing its address', () => {
    fc.assert(
      fc.property(privateRepoUrl, (parts) => {
        const { href, repo } = buildUrl(parts);
        expect(classifyLink(href)).toEqual({ repo, variant: 'general' });
      }),
      RUNS,
    );
  });

  it('gives the CIS and Enterprise variants from their sets, ignoring letter case', () => {
    fc.assert(
      fc.property(privateRepoUrl, fc.constantFrom<'cis' | 'enterprise'>('cis', 'enterprise'), (parts, variant) => {
        const { href, repo } = buildUrl(parts);
        const sets = { cis: [], enterprise: [], [variant]: [parts.repo.toUpperCase()] };
        expect(classifyLink(href, sets)).toEqual({ repo, variant });
      }),
      RUNS,
    );
  });

  it('still warns when the repository name has a malformed escape', () => {
    fc.assert(
      fc.property(privateRepo, fc.constantFrom('%E0%A4%A', '%FF', '%C3%28', '%'), (repo, bad) => {
        expect(classifyLink(`https://github.com/gruntwork-io/${repo}${bad}`)).toEqual({
          repo: `${repo}${bad}`,
          variant: 'general',
        });
      }),
      RUNS,
    );
  });

  it('never warns for a public repository, however it is written', () => {
    fc.assert(
      fc.property(privateRepoUrl, fc.constantFrom(...PUBLIC_REPOS), (parts, name) => {
        const { href } = buildUrl({ ...parts, repo: name, escapeHyphens: false });
        expect(classifyLink(href)).toBeNull();
      }),
      RUNS,
    );
  });
});

describe('classifyLink never flags another host', () => {
  it('returns null for lookalike hosts, suffixes and user-info tricks', () => {
    fc.assert(
      fc.property(linkOnOtherHost, (href) => {
        expect(classifyLink(href)).toBeNull();
      }),
      RUNS,
    );
  });
});

describe('classifyLink helpers', () => {
  it('safeDecode never throws and inverts encodeURIComponent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(typeof safeDecode(text)).toBe('string');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        expect(safeDecode(encodeURIComponent(text))).toBe(text);
      }),
      RUNS,
    );
  });

  it('normalizeHost drops exactly one trailing dot and lower-cases', () => {
    expect(normalizeHost('GitHub.COM.')).toBe('github.com');
    expect(normalizeHost('github.com..')).toBe('github.com.');
    expect(normalizeHost('github.com')).toBe('github.com');
  });
});

describe('kbNumberOf, for any doc id', () => {
  it('never throws, and returns a number only for an article id', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (docId) => {
        const number = kbNumberOf(docId);
        expect(number === null || /^discussions\/knowledge-base\/\d+$/.test(docId)).toBe(true);
      }),
      RUNS,
    );
  });

  it('reads back the number of any article id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(kbNumberOf(`discussions/knowledge-base/${String(n)}`)).toBe(n);
      }),
      RUNS,
    );
  });
});

describe('browser storage, whatever it holds or throws', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('reads back any key and value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 60 }), (key, value) => {
        writeStorage(key, value);
        expect(readStorage(key)).toBe(value);
        removeStorage(key);
        expect(readStorage(key)).toBeNull();
      }),
      RUNS,
    );
  });

  it('treats storage as empty, and logs, when it throws anything at all', () => {
    const warn = vi.spyOn(storageLog, 'warn').mockImplementation(() => undefined);
    fc.assert(
      fc.property(fc.anything(), fc.string({ maxLength: 30 }), (thrown, key) => {
        const fail = (): never => {
          throw thrown;
        };
        const spies = [
          vi.spyOn(Storage.prototype, 'getItem').mockImplementation(fail),
          vi.spyOn(Storage.prototype, 'setItem').mockImplementation(fail),
          vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(fail),
        ];
        warn.mockClear();
        expect(readStorage(key)).toBeNull();
        writeStorage(key, 'true');
        removeStorage(key);
        expect(warn).toHaveBeenCalledTimes(3);
        spies.forEach((spy) => {
          spy.mockRestore();
        });
      }),
      { numRuns: 200 },
    );
  });
});
