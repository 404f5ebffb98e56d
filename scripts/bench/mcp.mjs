/**
 * The docs MCP server (`npm run mcp`, mcp/server.ts) for `npm run bench`, section `mcp`, driven by
 * the SDK's own client over stdio on a build folder:
 * - start time: from spawning `node scripts/mcp.mjs --site <build>` to the end of the MCP
 *   handshake (the server has loaded the search index and answers), wall time and the server's
 *   CPU time (user + system, from /proc), median of BENCH_MCP_STARTS starts (default 5);
 * - `search_docs` latency over every relevance-fixture query (5 hits with their snippets, as an
 *   agent gets them), from the call to the answer: a first pass in a fresh server (index chunks
 *   read as queries need them) and a second pass over the same queries;
 * - what `read_page` returns for the largest page (the largest twin `llms.txt` lists): bytes and
 *   time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { median, percentile } from './stats.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'mcp.mjs');

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { RELEVANCE_PAIRS } = jiti('../../test/e2e/fixtures/search-relevance.ts');
const { twinPathOf } = jiti('../../plugins/markdown-twins/twin-address.ts');
const { readQuestions } = jiti('../../test/contract/questions.ts');

/** Clock ticks per second of /proc/<pid>/stat times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) of process `pid` so far, in ms, from /proc; NaN when unreadable. */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
  } catch {
    return NaN;
  }
}

/** Starts the server on `buildDir` and connects; resolves with the client and the timings. */
async function start(buildDir) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SCRIPT, '--site', buildDir],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'gruntwork-docs-bench', version: '1.0.0' });
  const began = performance.now();
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the MCP server did not start: ${error.message}\n${stderr}`);
  }
  const startMs = performance.now() - began;
  return { client, pid: transport.pid, startMs, startCpuMs: cpuMs(transport.pid) };
}

/**
 * Calls `search_docs` for each query once.
 * @returns {Promise<{ p50: number, p95: number, max: number, cpuMsPerQuery: number }>} latencies
 *   in ms, and the server's CPU time over the pass divided by the number of queries.
 */
async function searchPass(client, pid, queries) {
  const latencies = [];
  const cpuBefore = cpuMs(pid);
  for (const query of queries) {
    const began = performance.now();
    const answer = await client.callTool({ name: 'search_docs', arguments: { query } });
    latencies.push(performance.now() - began);
    if (answer.isError) throw new Error(`search_docs "${query}": ${answer.content?.[0]?.text}`);
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    cpuMsPerQuery: (cpuMs(pid) - cpuBefore) / queries.length,
  };
}

/**
 * Measures the server on `buildDir`. SearchPass is what {@link searchPass} returns.
 * @returns {Promise<{ starts: number, startMs: { median: number, samples: number[] },
 *   startCpuMs: { median: number, samples: number[] }, queries: number,
 *   searchMs: { first: SearchPass, second: SearchPass },
 *   largestPage: { path: string, twinBytes: number, returnedBytes: number, readMs: number } }>}
 *   times in ms, sizes in bytes.
 * @throws Error when the build has no llms.txt or the server fails to start or answer.
 */
export async function measureMcp(buildDir) {
  const starts = Number(process.env.BENCH_MCP_STARTS ?? 5);
  const startSamples = [];
  for (let i = 0; i < starts; i += 1) {
    const { client, startMs, startCpuMs } = await start(buildDir);
    startSamples.push({ startMs, startCpuMs });
    await client.close();
  }

  const { client, pid } = await start(buildDir);
  try {
    // Keyword queries, then whole questions, pasted errors and identifiers as agents send them.
    const queries = [
      ...RELEVANCE_PAIRS.map((pair) => pair.query),
      ...readQuestions().map((question) => question.query),
    ];
    const first = await searchPass(client, pid, queries);
    const second = await searchPass(client, pid, queries);

    // The largest page: the largest twin that llms.txt lists, asked for by its page path.
    const { areas } = (await client.callTool({ name: 'list_sections', arguments: {} })).structuredContent;
    let largest = { path: '', twinBytes: -1 };
    for (const { name } of areas) {
      const { pages } = (await client.callTool({ name: 'list_sections', arguments: { area: name } })).structuredContent;
      for (const page of pages) {
        const bytes = fs.statSync(path.join(buildDir, twinPathOf(page.path))).size;
        if (bytes > largest.twinBytes) largest = { path: page.path, twinBytes: bytes };
      }
    }
    const began = performance.now();
    const read = await client.callTool({ name: 'read_page', arguments: { path: largest.path } });
    const readMs = performance.now() - began;
    if (read.isError) throw new Error(`read_page ${largest.path}: ${read.content?.[0]?.text}`);

    return {
      starts,
      startMs: { median: median(startSamples.map((s) => s.startMs)), samples: startSamples.map((s) => s.startMs) },
      startCpuMs: {
        median: median(startSamples.map((s) => s.startCpuMs)),
        samples: startSamples.map((s) => s.startCpuMs),
      },
      queries: queries.length,
      searchMs: { first, second },
      largestPage: {
        ...largest,
        returnedBytes: Buffer.byteLength(read.content.map((part) => part.text).join('')),
        readMs,
      },
    };
  } finally {
    await client.close();
  }
}
