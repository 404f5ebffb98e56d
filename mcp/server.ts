/**
 * The docs MCP server (`npm run mcp`): the Model Context Protocol over stdio, on the official
 * TypeScript SDK. Tools `search_docs`, `read_page` and `list_sections`, and every page's Markdown
 * twin as a resource by its URL. It reads a build folder (`build/` by default, `--site DIR`) with
 * no network, or a deployed site (`--url https://…`). See ARCHITECTURE.md, 'The docs MCP server'.
 */
import path from 'node:path';

import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import { SITE_URL } from '../site-config';
import { openDocs, type Docs } from './docs';
import { DocsError, localSite, remoteSite, siteOrigin, type SiteSource } from './site';
import { JsonRpcLineGuard } from './stdio-guard';

/** The server's name and version, as it introduces itself to clients. */
export const SERVER_INFO = { name: 'gruntwork-docs', version: '1.0.0' } as const;

/** The longest query `search_docs` takes, in characters. */
export const MAX_QUERY_CHARS = 500;

/** How many hits `search_docs` gives by default, and at most. */
export const DEFAULT_HITS = 5;
export const MAX_HITS = 20;

/** The build folder read when neither `--site` nor `--url` is given. */
export const DEFAULT_SITE_DIR = path.resolve(__dirname, '..', 'build');

/** A tool's answer: text for the model, and the same data as structured content. */
function structured<T extends Record<string, unknown>>(data: T) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

/** Runs a tool's work, turning a {@link DocsError} into a tool error the client shows. */
async function toolAnswer<T>(
  work: () => Promise<T>,
): Promise<T | { isError: true; content: { type: 'text'; text: string }[] }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocsError) return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

const hitSchema = z.object({
  title: z.string(),
  url: z.string().describe('The URL of the section that answers (the page URL with the heading anchor).'),
  page_url: z.string().describe("The page's URL on the site: give it to read_page for the whole page."),
  path: z.string().describe("The page's path: give it to read_page."),
  heading: z.string().describe('The heading of the section that answers.'),
  passage: z
    .string()
    .describe(
      "The answering section's sentences that hold the query's words, as plain text (at most ~600 characters).",
    ),
  section: z.string(),
  snippet: z.string().describe('Words around the match, as plain text.'),
  headings: z
    .array(z.object({ title: z.string(), url: z.string() }))
    .describe('Headings of the page that hold query words.'),
});

/**
 * The MCP server of `docs`: its tools and resources, not yet connected.
 * Tool errors (an empty or too long query, an unknown section, a path outside the site, a page
 * that does not exist) come back as results with `isError` and a message saying what to do.
 */
export function createDocsServer(docs: Docs): McpServer {
  const { origin } = docs.source;
  const server = new McpServer(SERVER_INFO, {
    instructions:
      `Gruntwork Docs (${origin}): guides to building on AWS with Terraform and Terragrunt, a reference page for every ` +
      'module and service of the Gruntwork library (inputs, outputs, usage), FAQ pages, release notes and a knowledge ' +
      'base of answered questions. Search with search_docs, then read a page with read_page.',
  });
  const sections = docs.searchSections as [string, ...string[]];

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "Searches every page of the docs with the site's own search and ranking. Give a few words, a whole question " +
        '("which input of ecs-service turns on ECS Exec"), an identifier or a pasted error message; a module or ' +
        'service name finds its reference page. Returns the best pages, each with the section that answers (url, ' +
        'heading) and its passage, often the answer itself; read the whole page with read_page on page_url.',
      inputSchema: {
        query: z
          .string()
          .max(MAX_QUERY_CHARS, `The query is longer than ${MAX_QUERY_CHARS} characters: ask in a few words.`)
          .describe('What to search for: words, a module name, an error message.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_HITS)
          .optional()
          .describe(`How many pages to return (default ${DEFAULT_HITS}, at most ${MAX_HITS}).`),
        section: z.enum(sections).optional().describe('Search only this section of the site.'),
      },
      outputSchema: {
        query: z.string().describe('The query searched, after spelling correction.'),
        corrected: z.boolean(),
        total: z.number().describe('How many pages match.'),
        hits: z.array(hitSchema),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit, section }) =>
      toolAnswer(async () => structured({ ...(await docs.search(query, limit ?? DEFAULT_HITS, section)) })),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        'Returns a page of the docs as Markdown (its Markdown twin: front matter with title, description and URL, ' +
        'then the page). Give its path (/reference/modules/terraform-aws-vpc/vpc-app/), its URL on the site, or ' +
        'the path search_docs returned.',
      inputSchema: {
        path: z.string().describe(`The page's path or URL on ${origin}.`),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path: input }) =>
      toolAnswer(async () => {
        const page = await docs.readPage(input);
        return { content: [{ type: 'text' as const, text: page.markdown }] };
      }),
  );

  server.registerTool(
    'list_sections',
    {
      title: 'List the areas of the docs',
      description:
        'Lists the areas of the docs (from llms.txt) with how many pages each holds and the search sections of ' +
        'those pages. Name an area to list its pages with their paths and descriptions.',
      inputSchema: {
        area: z.string().max(200).optional().describe('An area, as this tool lists them, whose pages to list.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ area }) =>
      toolAnswer(async () => {
        const areas = await docs.areas();
        if (area === undefined) {
          return structured({
            areas: areas.map((entry) => ({
              name: entry.name,
              pages: entry.pages.length,
              searchSections: [
                ...new Set(entry.pages.map((page) => docs.sectionOf(page.path)).filter((name) => name !== undefined)),
              ],
            })),
          });
        }
        const found = areas.find((entry) => entry.name.toLowerCase() === area.trim().toLowerCase());
        if (!found) {
          throw new DocsError(`No area "${area}": the areas are ${areas.map((entry) => entry.name).join(', ')}.`);
        }
        return structured({
          area: found.name,
          pages: found.pages.map((page) => ({
            title: page.title,
            path: page.path,
            url: `${origin}${encodeURI(page.path)}`,
            description: page.description,
          })),
        });
      }),
  );

  server.registerResource(
    'page',
    new ResourceTemplate(`${origin}/{+path}`, {
      list: async () => ({
        resources: (await docs.areas()).flatMap((entry) =>
          entry.pages.map((page) => ({
            uri: `${origin}${encodeURI(page.twinPath)}`,
            name: page.title,
            title: page.title,
            description: page.description,
            mimeType: 'text/markdown',
          })),
        ),
      }),
    }),
    {
      title: 'A docs page as Markdown',
      description: "A page's Markdown twin, by the twin's URL (as llms.txt lists it) or the page's URL.",
      mimeType: 'text/markdown',
    },
    async (uri) => {
      try {
        const page = await docs.readPage(uri.href);
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] };
      } catch (error) {
        if (error instanceof DocsError) throw new McpError(ErrorCode.InvalidParams, error.message);
        throw error;
      }
    },
  );
  return server;
}

/** What `main` reads from its arguments. */
export interface ServerOptions {
  site?: string;
  url?: string;
}

/**
 * Parses `--site DIR` and `--url URL` (also `--site=DIR`, `--url=URL`).
 * @throws DocsError on an unknown argument, a missing value, or both options.
 */
export function parseArguments(argv: readonly string[]): ServerOptions {
  const options: ServerOptions = {};
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i] ?? '';
    const [name, inline] = argument.startsWith('--') ? argument.split(/=(.*)/s) : [argument];
    if (name !== '--site' && name !== '--url') {
      throw new DocsError(
        `Unknown argument ${argument}: use --site DIR (a build folder) or --url URL (the deployed site).`,
      );
    }
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') throw new DocsError(`${name} needs a value.`);
    options[name === '--site' ? 'site' : 'url'] = value;
  }
  if (options.site !== undefined && options.url !== undefined) throw new DocsError('Give --site or --url, not both.');
  return options;
}

/**
 * Starts the server on stdio: parses the arguments, opens the site, connects. Startup problems
 * (a bad argument, a missing build folder or search index, an unreachable site) are printed to
 * stderr, prefixed `gruntwork-docs MCP server:`, and give exit code 1; nothing is ever written to
 * stdout but the protocol.
 * stdin passes through {@link JsonRpcLineGuard}, so a line the SDK would drop (not JSON, bad
 * params, too long) gets a JSON-RPC error answer and the server keeps serving. Should the
 * connection close for any other reason than the end of stdin, the process exits with code 1
 * and one line on stderr saying why.
 * @param importModule - Node's native `import()` (the installed Pagefind and its engine are ES
 *   modules; the engine is imported from a `data:` URL).
 * @returns 0 once connected (the process then runs until the client closes stdin), 1 on a
 *   startup problem.
 */
export async function main(
  argv: readonly string[],
  importModule: (specifier: string) => Promise<unknown>,
): Promise<number> {
  let source: SiteSource;
  let docs: Docs;
  try {
    const options = parseArguments(argv);
    source =
      options.url === undefined
        ? localSite(path.resolve(options.site ?? DEFAULT_SITE_DIR), SITE_URL, importModule)
        : remoteSite(siteOrigin(options.url), importModule);
    docs = await openDocs(source, [...new Set([source.origin, SITE_URL])]);
  } catch (error) {
    const message = error instanceof DocsError ? error.message : String(error instanceof Error ? error.stack : error);
    process.stderr.write(`gruntwork-docs MCP server: ${message}\n`);
    return 1;
  }
  const server = createDocsServer(docs);
  const guard = new JsonRpcLineGuard((error) => process.stdout.write(`${JSON.stringify(error)}\n`));
  const transport = new StdioServerTransport(process.stdin.pipe(guard), process.stdout);
  let lastError: Error | undefined;
  // Set before connect(): the SDK calls this handler, then its own.
  transport.onerror = (error) => (lastError = error);
  transport.onclose = () => {
    process.stderr.write(
      `gruntwork-docs MCP server: the connection closed${lastError ? `: ${lastError.message}` : ''}\n`,
    );
    process.exit(lastError ? 1 : 0);
  };
  await server.connect(transport);
  process.stderr.write(`gruntwork-docs MCP server: serving ${source.label} over stdio\n`);
  return 0;
}
