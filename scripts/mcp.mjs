#!/usr/bin/env node
/**
 * `npm run mcp`: the docs MCP server over stdio (mcp/server.ts, loaded with jiti as Docusaurus
 * loads its config). Arguments: `--site DIR` (a build folder; `build/` by default) or
 * `--url https://…` (the deployed site). Exits 1 with a message on stderr when it cannot start.
 */
import { createRequire } from 'node:module';

// stdout carries the protocol: whatever a library logs goes to stderr.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

const jiti = createRequire(import.meta.url)('jiti')(import.meta.filename);
const { main } = jiti('../mcp/server.ts');

// Node's own import(): jiti would turn an import() inside the TypeScript into a require().
const code = await main(process.argv.slice(2), (specifier) => import(specifier));
if (code !== 0) process.exit(code);
