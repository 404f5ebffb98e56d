/**
 * The docs MCP server as a process (`node scripts/mcp.mjs`), for the contract tests that start it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { REPO_ROOT } from './built-site';

/** The script `npm run mcp` runs. */
export const MCP_SCRIPT = path.join(REPO_ROOT, 'scripts', 'mcp.mjs');

/** What the server printed before it exited, and its exit code. */
export interface McpExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the server with `args` to its exit (stdin left open, as a client starts it), and returns what it printed. */
export function runToExit(args: string[]): Promise<McpExit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MCP_SCRIPT, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
