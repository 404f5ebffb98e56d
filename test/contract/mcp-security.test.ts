// @vitest-environment node
/**
 * The docs MCP server against a hostile deployed site (`--url`) and a hostile client (raw lines on
 * stdin): it never runs code the site serves, keeps every read on the site's origin and under its
 * size cap, reads only Markdown twins, and answers every bad JSON-RPC line with an error while it
 * keeps serving. The sites are local HTTP servers on the loopback interface, on ports the system
 * picks. Needs `npm run build`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_REMOTE_BYTES } from '../../mcp/site';
import { MAX_LINE_BYTES } from '../../mcp/stdio-guard';
import { BUILD_DIR, REPO_ROOT } from './built-site';
import { MCP_SCRIPT as SCRIPT, runToExit } from './mcp-process';

const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'pagefind', 'pages.json'));

/** A local site: its origin, the paths it was asked for, and a way to stop it. */
interface LocalSite {
  origin: string;
  asked: string[];
  close: () => Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (a port the system picks) that answers with `handle`. */
async function startSite(handle: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return { origin, asked, close } satisfies LocalSite;
}

/** Answers with the file of the build at the request's path, as a static host does, or 404. */
function serveBuild(request: http.IncomingMessage, response: http.ServerResponse): void {
  const file = path.join(BUILD_DIR, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
  if (!file.startsWith(`${BUILD_DIR}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    return;
  }
  const type = file.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'application/octet-stream';
  response.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
}

describe.runIf(hasBuild)(
  'docs MCP server on a site that serves a booby-trapped pagefind.js',
  { timeout: 60_000 },
  () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-mcp-hostile-')), 'pwned');
    // Valid JavaScript that writes the marker as soon as it is imported, and would then search as
    // Pagefind does: the only way to pass the test is never to run it.
    const trap =
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n` +
      fs.readFileSync(path.join(BUILD_DIR, 'pagefind', 'pagefind.js'), 'utf8');
    let site: LocalSite;
    let client: Client;

    beforeAll(async () => {
      site = await startSite((request, response) => {
        const pathname = new URL(request.url ?? '/', 'http://x').pathname;
        if (/^\/pagefind\/(pagefind[\w-]*\.js|wasm\.[\w-]+\.pagefind)$/.test(pathname)) {
          response.writeHead(200, { 'content-type': 'text/javascript' }).end(trap);
          return;
        }
        serveBuild(request, response);
      });
      const transport = new StdioClientTransport({
        command: 'npm',
        args: ['run', '--silent', '--prefix', REPO_ROOT, 'mcp', '--', '--url', site.origin],
        cwd: os.tmpdir(),
        stderr: 'pipe',
      });
      client = new Client({ name: 'gruntwork-docs-test', version: '1.0.0' });
      await client.connect(transport);
    }, 60_000);

    afterAll(async () => {
      await client.close();
      await site.close();
      fs.rmSync(path.dirname(marker), { recursive: true, force: true });
    });

    it('searches the site with the installed engine, and never runs or fetches the site’s code', async () => {
      const answer = (await client.callTool({ name: 'search_docs', arguments: { query: 'vpc peering' } })) as {
        structuredContent?: { hits?: { path: string }[] };
      };
      expect(answer.structuredContent?.hits?.[0]?.path).toBe('/guides/build-it-yourself/vpc/core-concepts/vpc-peering');
      expect(fs.existsSync(marker)).toBe(false);
      expect(site.asked.filter((url) => /\.js(\?|$)|\.pagefind(\?|$)/.test(url))).toEqual([]);
    });

    it('reads only Markdown twins, whatever the encoding of the path', async () => {
      site.asked.length = 0;
      for (const given of ['/llms.txt%23', '/llms.txt%3F', '/llms.txt%2523', '/pagefind/pagefind.js%23', '/a%0d%0ab']) {
        const answer = (await client.callTool({ name: 'read_page', arguments: { path: given } })) as {
          isError?: boolean;
        };
        expect(answer.isError, given).toBe(true);
      }
      const page = (await client.callTool({ name: 'read_page', arguments: { path: '/intro/next-steps' } })) as {
        content: { text: string }[];
      };
      expect(page.content[0]?.text).toBe(fs.readFileSync(path.join(BUILD_DIR, 'intro/next-steps.md'), 'utf8'));
      expect(site.asked).toEqual(['/intro/next-steps.md']);
    });
  },
);

describe.runIf(hasBuild)('docs MCP server keeps --url reads on the site and small', { timeout: 60_000 }, () => {
  it('refuses a redirect to another origin before asking it anything', async () => {
    const other = await startSite((_request, response) => response.end('# elsewhere'));
    const site = await startSite((_request, response) => {
      response.writeHead(302, { location: `${other.origin}/llms.txt` }).end();
    });
    try {
      const result = await runToExit(['--url', site.origin]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${site.origin}/llms.txt redirects to ${other.origin}, which is not this site`);
      expect(other.asked).toEqual([]);
    } finally {
      await site.close();
      await other.close();
    }
  });

  it('follows a redirect within the site', async () => {
    const site = await startSite((request, response) => {
      if (request.url === '/llms.txt') response.writeHead(301, { location: '/moved/llms.txt' }).end();
      else if (request.url === '/moved/llms.txt') response.end(fs.readFileSync(path.join(BUILD_DIR, 'llms.txt')));
      else serveBuild(request, response);
    });
    try {
      const child = spawn(process.execPath, [SCRIPT, '--url', site.origin], { stdio: ['pipe', 'pipe', 'pipe'] });
      const serving = await new Promise<string>((resolve) => {
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('\n')) resolve(stderr);
        });
      });
      child.kill();
      expect(serving).toBe(`gruntwork-docs MCP server: serving ${site.origin} over stdio\n`);
      expect(site.asked.slice(0, 2)).toEqual(['/llms.txt', '/moved/llms.txt']);
    } finally {
      await site.close();
    }
  });

  it('stops reading an endless answer at the size cap', async () => {
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const site = await startSite((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const more = () => {
        while (!response.destroyed && sent < 20 * MAX_REMOTE_BYTES) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', more);
            return;
          }
        }
      };
      more();
    });
    try {
      const result = await runToExit(['--url', site.origin]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${site.origin}/llms.txt is more than ${MAX_REMOTE_BYTES} bytes`);
      // What the server took in is the cap plus what the sockets' buffers held when it stopped.
      expect(sent).toBeLessThan(2 * MAX_REMOTE_BYTES);
    } finally {
      await site.close();
    }
  });

  it('refuses an index built by another Pagefind version, naming both versions', async () => {
    const site = await startSite((request, response) => {
      if (request.url?.startsWith('/pagefind/pagefind-entry.json')) {
        response.end(
          JSON.stringify({ version: '0.9.0', languages: { en: { hash: 'en_0', wasm: 'en', page_count: 1 } } }),
        );
      } else serveBuild(request, response);
    });
    try {
      const result = await runToExit(['--url', site.origin]);
      expect(result.code).toBe(1);
      const installed = (
        JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'pagefind', 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
      expect(result.stderr).toContain(
        `the index at ${site.origin}/pagefind/ was built by Pagefind 0.9.0, but the installed pagefind package is ${installed}`,
      );
    } finally {
      await site.close();
    }
  });

  it('refuses plain http to another machine before any request', async () => {
    const result = await runToExit(['--url', 'http://docs.gruntwork.io']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain('http:// only to this machine');
  });
});

/** A server on build/ driven by raw lines on its stdin: the answers it writes, one JSON per line. */
class RawSession {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: Record<string, unknown>[] = [];
  private buffered = '';
  stderr = '';

  constructor() {
    this.child = spawn(process.execPath, [SCRIPT, '--site', BUILD_DIR]);
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      const lines = this.buffered.split('\n');
      this.buffered = lines.pop() ?? '';
      for (const line of lines) this.answers.push(JSON.parse(line) as Record<string, unknown>);
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  /** Writes `text` as it is, and resolves with the next answer. */
  async send(text: string | Buffer): Promise<Record<string, unknown>> {
    const count = this.answers.length;
    this.child.stdin.write(text);
    for (let waited = 0; this.answers.length === count; waited += 20) {
      if (waited > 20_000) throw new Error(`no answer to ${String(text).slice(0, 80)}; stderr: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.answers[count] ?? {};
  }
}

describe.runIf(hasBuild)(
  'docs MCP server answers every bad JSON-RPC line and keeps serving',
  { timeout: 60_000 },
  () => {
    let session: RawSession;
    /** The number of tools in the answer to `tools/list` number `id`, or -1 for another answer. */
    const toolCount = (answer: Record<string, unknown>, id: number): number =>
      answer.id === id ? ((answer.result as { tools?: unknown[] } | undefined)?.tools?.length ?? -1) : -1;
    const listTools = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })}\n`;

    beforeAll(async () => {
      session = new RawSession();
      const hello = await session.send(
        `${JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        })}\n`,
      );
      expect(hello).toMatchObject({ id: 0, result: { serverInfo: { name: 'gruntwork-docs' } } });
      session.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    }, 60_000);

    afterAll(() => {
      session.child.kill();
    });

    it('a line that is not JSON: -32700', async () => {
      expect(await session.send('{"jsonrpc": "2.0", "id": 1, "method"\n')).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700 },
      });
      expect(toolCount(await session.send(listTools(2)), 2)).toBe(3);
    });

    it('a call whose params are null: -32602 with its id', async () => {
      expect(await session.send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":null}\n')).toMatchObject({
        id: 3,
        error: { code: -32602 },
      });
      expect(toolCount(await session.send(listTools(4)), 4)).toBe(3);
    });

    it('a call with arguments of the wrong type: -32602 with its id', async () => {
      const line = JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'search_docs', arguments: { query: 42 } },
      });
      const answer = await session.send(`${line}\n`);
      expect(answer).toMatchObject({ id: 5 });
      // The SDK answers bad tool arguments as a tool error or as -32602; either way, with the id.
      expect(
        answer.error ? (answer.error as { code: number }).code : (answer.result as { isError: boolean }).isError,
      ).toEqual(answer.error ? -32602 : true);
    });

    it('a line over the limit, sent in pieces: an error answer, then the next line is served', async () => {
      const long = Buffer.alloc(MAX_LINE_BYTES + 1024, 'x');
      session.child.stdin.write(long.subarray(0, 1000));
      expect(await session.send(Buffer.concat([long.subarray(1000), Buffer.from('\n')]))).toMatchObject({
        id: null,
        error: {
          code: -32600,
          message: `Invalid request: the line is longer than ${MAX_LINE_BYTES} bytes and was not read.`,
        },
      });
      expect(toolCount(await session.send(listTools(6)), 6)).toBe(3);
    });

    it('a line of 12 MB, past the SDK’s own 10 MB buffer: an error answer, and the server keeps serving', async () => {
      const huge = Buffer.alloc(12 * 1024 * 1024, 'y');
      expect(await session.send(Buffer.concat([huge, Buffer.from('\n')]))).toMatchObject({ error: { code: -32600 } });
      expect(toolCount(await session.send(listTools(7)), 7)).toBe(3);
      expect(session.child.exitCode).toBeNull();
      expect(session.stderr).toBe(`gruntwork-docs MCP server: serving ${BUILD_DIR} over stdio\n`);
    });
  },
);
