// @vitest-environment node
/**
 * The docs MCP server (`npm run mcp`, mcp/server.ts) driven by the SDK's own client over stdio,
 * as a coding agent's editor runs it: on build/ (with every network connection refused, to prove
 * it reads a local build offline), on the same build served over HTTP (`--url`), and with the bad
 * input an agent or a user can give. Needs `npm run build`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SECTIONS } from '../../plugins/markdown-twins/pages';
import { RELEVANCE_PAIRS } from '../e2e/fixtures/search-relevance';
import { BUILD_DIR, REPO_ROOT } from './built-site';
import { MCP_SCRIPT as SCRIPT, runToExit } from './mcp-process';
import { loadNodeSearch } from './search-engine';

const SITE_URL = 'https://docs.gruntwork.io';
const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'pagefind', 'pages.json'));

/** Natural questions an engineer asks an agent, and the page that answers each. */
const QUESTIONS: readonly [query: string, expected: string][] = [
  ['which inputs does vpc-app take', '/reference/modules/terraform-aws-vpc/vpc-app/'],
  ['upgrade to AWS provider v5', '/discussions/knowledge-base/66'],
  ['how do I set up VPC peering between two VPCs', '/guides/build-it-yourself/vpc/core-concepts/vpc-peering'],
];

interface ToolText {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

interface Hit {
  title: string;
  url: string;
  page_url: string;
  heading: string;
  passage: string;
  path: string;
  section: string;
  snippet: string;
}

/** A connected client and what the server wrote to stderr. */
interface Session {
  client: Client;
  stderr: () => string;
  errors: Error[];
}

/** Starts the server as `command args` and connects the SDK's client to it over stdio. */
async function connect(command: string, args: string[]): Promise<Session> {
  const transport = new StdioClientTransport({ command, args, cwd: os.tmpdir(), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'gruntwork-docs-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors };
}

/** Calls a tool and returns its answer as text content. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolText> {
  return (await client.callTool({ name, arguments: args })) as ToolText;
}

const text = (answer: ToolText): string => answer.content.map((part) => part.text).join('');
const hitsOf = (answer: ToolText): Hit[] => (answer.structuredContent?.hits ?? []) as Hit[];

describe.runIf(hasBuild)('docs MCP server on build/, with the network refused', { timeout: 30_000 }, () => {
  let session: Session;
  let noNetwork = '';

  beforeAll(async () => {
    // Preloaded into the server: any TCP connection (a fetch, a DNS-less socket) throws and is logged.
    noNetwork = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-mcp-')), 'no-network.cjs');
    fs.writeFileSync(
      noNetwork,
      "const net = require('node:net');\n" +
        'net.Socket.prototype.connect = function () {\n' +
        "  process.stderr.write('NETWORK USED\\n');\n" +
        "  throw new Error('the docs MCP server opened a network connection');\n" +
        '};\n',
    );
    session = await connect(process.execPath, ['--require', noNetwork, SCRIPT, '--site', BUILD_DIR]);
  }, 60_000);

  afterAll(async () => {
    await session.client.close();
    fs.rmSync(path.dirname(noNetwork), { recursive: true, force: true });
  });

  it('lists its three tools, each with a JSON schema for its input', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['list_sections', 'read_page', 'search_docs']);
    const search = tools.find((tool) => tool.name === 'search_docs');
    expect(search?.inputSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: {
        query: { type: 'string', maxLength: 500 },
        limit: { type: 'integer', minimum: 1, maximum: 20 },
        section: { enum: expect.arrayContaining(['Guides', 'Modules', 'Services', 'Knowledge Base']) as unknown },
      },
    });
    expect(tools.find((tool) => tool.name === 'read_page')?.inputSchema).toMatchObject({ required: ['path'] });
  });

  it.each(QUESTIONS)('answers "%s" with %s first', async (query, expected) => {
    const answer = await call(session.client, 'search_docs', { query });
    expect(answer.isError).toBeFalsy();
    const [first] = hitsOf(answer);
    expect(first?.path).toBe(expected);
    // The hit's url is the answering section's: the page URL, with a heading's anchor when one answers.
    expect(first?.page_url).toBe(`${SITE_URL}${expected}`);
    expect(first?.url === first?.page_url || first?.url.startsWith(`${SITE_URL}${expected}#`)).toBe(true);
    expect(first?.title).not.toBe('');
    expect(first?.heading).not.toBe('');
    expect(first?.snippet.length).toBeGreaterThan(20);
    expect(first?.passage.length).toBeGreaterThan(20);
    expect(first?.passage.length).toBeLessThanOrEqual(620);
    // The same answer as text, for clients that read only the content.
    expect(JSON.parse(text(answer))).toEqual(answer.structuredContent);
  });

  it('ranks as the site’s search does, hit for hit', async () => {
    // Pagefind's order of near-equal pages depends on which index chunks earlier queries loaded,
    // in the browser too; so both engines start fresh and run the same queries in the same order.
    const site = await loadNodeSearch(BUILD_DIR);
    const fresh = await connect(process.execPath, [SCRIPT, '--site', BUILD_DIR]);
    try {
      for (const { query } of RELEVANCE_PAIRS.slice(0, 12)) {
        const expected = (await site(query, 5)).hits.map((hit) => hit.url);
        const answer = await call(fresh.client, 'search_docs', { query, limit: 5 });
        expect(
          hitsOf(answer).map((hit) => hit.path),
          query,
        ).toEqual(expected);
      }
    } finally {
      await fresh.client.close();
    }
  }, 90_000);

  it('keeps to a section when asked, and to the limit', async () => {
    const answer = await call(session.client, 'search_docs', { query: 'vpc', section: 'Knowledge Base', limit: 3 });
    const hits = hitsOf(answer);
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((hit) => hit.section))).toEqual(new Set(['Knowledge Base']));
  });

  it('reads a page as its Markdown twin, by path, by URL and by the twin’s own path', async () => {
    const twin = fs.readFileSync(path.join(BUILD_DIR, 'intro/next-steps.md'), 'utf8');
    for (const given of [
      '/intro/next-steps',
      'intro/next-steps/',
      `${SITE_URL}/intro/next-steps?ref=agent#top`,
      '/intro/next-steps.md',
    ]) {
      const answer = await call(session.client, 'read_page', { path: given });
      expect(answer.isError, given).toBeFalsy();
      expect(text(answer), given).toBe(twin);
    }
  });

  it('says which page is missing, as a tool error', async () => {
    const answer = await call(session.client, 'read_page', { path: '/guides/no-such-guide' });
    expect(answer.isError).toBe(true);
    expect(text(answer)).toBe(
      `No page at /guides/no-such-guide on ${SITE_URL}. Find pages with search_docs, or list them with list_sections.`,
    );
  });

  it('answers bad input with a tool error that says what to do, and keeps serving', async () => {
    const cases: [tool: string, args: Record<string, unknown>, message: string | RegExp][] = [
      ['search_docs', { query: '' }, 'The query is empty: give a few words to search for.'],
      ['search_docs', { query: '   ' }, 'The query is empty: give a few words to search for.'],
      ['search_docs', { query: 'vpc '.repeat(2560) }, /The query is longer than 500 characters: ask in a few words/],
      ['search_docs', { query: 'vpc', section: 'Blog' }, /Invalid arguments for tool search_docs/],
      ['search_docs', { query: 'vpc', limit: 500 }, /Invalid arguments for tool search_docs/],
      ['read_page', { path: '' }, /The path is empty/],
      ['read_page', { path: '../../../../etc/passwd' }, /climbs with "\." or "\.\." segments/],
      ['read_page', { path: '/intro/%2e%2e/%2e%2e/security-headers.json' }, /climbs with "\." or "\.\." segments/],
      [
        'read_page',
        { path: '/etc/passwd' },
        `No page at /etc/passwd on ${SITE_URL}. Find pages with search_docs, or list them with list_sections.`,
      ],
      ['read_page', { path: path.join(os.homedir(), '.ssh/id_rsa') }, /^No page at \//],
      ['read_page', { path: 'https://evil.example.com/intro' }, /https:\/\/evil\.example\.com is not this site/],
      ['read_page', { path: 'file:///etc/passwd' }, /is not this site/],
      ['read_page', { path: '/intro\0.md' }, /NUL byte, another control character or a backslash/],
      ['list_sections', { area: 'Blog' }, /No area "Blog": the areas are Introduction, Guides/],
    ];
    for (const [tool, args, message] of cases) {
      const answer = await call(session.client, tool, args);
      const label = `${tool} ${JSON.stringify(args).slice(0, 80)}`;
      expect(answer.isError, label).toBe(true);
      if (typeof message === 'string') expect(text(answer), label).toBe(message);
      else expect(text(answer), label).toMatch(message);
      expect(text(answer), label).not.toContain('root:');
    }
    const after = await call(session.client, 'search_docs', { query: 'nat gateway' });
    expect(hitsOf(after).length).toBeGreaterThan(0);
  });

  it('lists the areas of llms.txt, and the pages of one', async () => {
    const all = (await call(session.client, 'list_sections', {})).structuredContent as {
      areas: { name: string; pages: number; searchSections: string[] }[];
    };
    expect(all.areas.map((area) => area.name)).toEqual([...SECTIONS]);
    expect(all.areas.reduce((sum, area) => sum + area.pages, 0)).toBe(1134);
    expect(all.areas.find((area) => area.name === 'Library Reference: Modules')?.searchSections).toEqual(['Modules']);
    const faq = (await call(session.client, 'list_sections', { area: 'faq' })).structuredContent as {
      pages: { path: string; url: string }[];
    };
    expect(faq.pages.length).toBeGreaterThan(5);
    expect(faq.pages.every((page) => page.path.startsWith('/faq/') && page.url === `${SITE_URL}${page.path}`)).toBe(
      true,
    );
  });

  it('offers every page’s twin as a resource by its URL, and reads one', async () => {
    const { resources } = await session.client.listResources();
    expect(resources).toHaveLength(1134);
    const twin = resources.find((resource) => resource.uri === `${SITE_URL}/intro/next-steps.md`);
    expect(twin).toMatchObject({ name: 'Next Steps', mimeType: 'text/markdown' });
    const read = await session.client.readResource({ uri: `${SITE_URL}/intro/next-steps.md` });
    expect(read.contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: fs.readFileSync(path.join(BUILD_DIR, 'intro/next-steps.md'), 'utf8'),
    });
    await expect(session.client.readResource({ uri: `${SITE_URL}/no/such/page.md` })).rejects.toThrow(
      /No page at \/no\/such\/page\.md/,
    );
  });

  it('opened no network connection and wrote nothing but the protocol to stdout', () => {
    expect(session.stderr()).not.toContain('NETWORK USED');
    expect(session.errors).toEqual([]);
  });
});

describe.runIf(hasBuild)('docs MCP server on the deployed site (--url)', { timeout: 30_000 }, () => {
  let server: http.Server;
  let origin = '';
  let session: Session;

  beforeAll(async () => {
    // The build served over HTTP as a static host serves it: files by path, 404 otherwise.
    const types: Record<string, string> = { '.md': 'text/markdown; charset=utf-8', '.json': 'application/json' };
    server = http.createServer((request, response) => {
      const file = path.join(BUILD_DIR, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      if (!file.startsWith(`${BUILD_DIR}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      const type = types[path.extname(file)] ?? (file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
      response.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    session = await connect(process.execPath, [SCRIPT, '--url', origin]);
  }, 60_000);

  afterAll(async () => {
    await session.client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('searches the site’s index and reads its twins, giving the site’s URLs', async () => {
    const [query, expected] = QUESTIONS[0] ?? ['', ''];
    const [first] = hitsOf(await call(session.client, 'search_docs', { query }));
    expect(first?.page_url).toBe(`${origin}${expected}`);
    expect(first?.url.startsWith(`${origin}${expected}`)).toBe(true);
    const page = await call(session.client, 'read_page', { path: `${SITE_URL}/intro/next-steps` });
    expect(text(page)).toBe(fs.readFileSync(path.join(BUILD_DIR, 'intro/next-steps.md'), 'utf8'));
  });

  it('refuses a URL on another host, and says a missing page is missing', async () => {
    const other = await call(session.client, 'read_page', { path: 'https://evil.example.com/intro' });
    expect(other.isError).toBe(true);
    expect(text(other)).toMatch(
      new RegExp(
        `^https://evil\\.example\\.com is not this site: this server reads only ${origin.replace(/\./g, '\\.')}`,
      ),
    );
    const missing = await call(session.client, 'read_page', { path: '/no/such/page' });
    expect(text(missing)).toBe(
      `No page at /no/such/page on ${origin}. Find pages with search_docs, or list them with list_sections.`,
    );
  });
});

describe('docs MCP server refuses to start, saying why', { timeout: 60_000 }, () => {
  it('without the build folder', async () => {
    const result = await runToExit(['--site', '/nonexistent/build']);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'gruntwork-docs MCP server: /nonexistent/build does not exist: run `npm run build` first, or pass --site with a build folder.\n',
    });
  });

  it.runIf(hasBuild)('with a build folder that has no search index', async () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-mcp-no-index-'));
    try {
      fs.copyFileSync(path.join(BUILD_DIR, 'llms.txt'), path.join(site, 'llms.txt'));
      const result = await runToExit(['--site', site]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `gruntwork-docs MCP server: ${site} has no search index (pagefind/pagefind-entry.json is missing): run \`npm run build\` to write it.\n`,
      );
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  });

  it('with a --url that is not a web address, or a site that does not answer', async () => {
    const ftp = await runToExit(['--url', 'ftp://docs.gruntwork.io']);
    expect(ftp).toMatchObject({ code: 1, stdout: '' });
    expect(ftp.stderr).toContain("--url ftp://docs.gruntwork.io: the site's address starts with https://");
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const silent = await runToExit(['--url', `http://127.0.0.1:${String(port)}`]);
    expect(silent).toMatchObject({ code: 1, stdout: '' });
    expect(silent.stderr).toContain(`Cannot reach http://127.0.0.1:${String(port)}/llms.txt`);
  });
});

describe.runIf(hasBuild)('docs MCP server as mcp/README.md configures it (npm run --silent)', () => {
  it('starts through npm from any folder and writes nothing but the protocol to stdout', async () => {
    const session = await connect('npm', ['run', '--silent', '--prefix', REPO_ROOT, 'mcp', '--', '--site', BUILD_DIR]);
    try {
      const { tools } = await session.client.listTools();
      expect(tools).toHaveLength(3);
      expect(session.errors).toEqual([]);
    } finally {
      await session.client.close();
    }
  }, 60_000);
});
