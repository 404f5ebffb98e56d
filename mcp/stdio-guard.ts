/**
 * A guard in front of the MCP SDK's stdio transport. The SDK drops a line it cannot parse and
 * closes the connection when its buffer passes 10 MB, so a client would wait for an answer that
 * never comes. The guard reads stdin line by line (JSON-RPC over stdio is one message per line)
 * and answers what the SDK would drop, as JSON-RPC 2.0 (https://www.jsonrpc.org/specification,
 * section 5.1) says:
 *
 * - a line that is not JSON: `-32700` (parse error), `id: null`;
 * - JSON that is not a JSON-RPC message: `-32600` (invalid request), with the request's id when it
 *   has one;
 * - a request whose `params` is not an object (such as `params: null`): `-32602` (invalid params)
 *   with its id;
 * - a line over {@link MAX_LINE_BYTES}: skipped up to its newline, then `-32600`, `id: null`.
 *
 * Every other line goes to the SDK unchanged, and the server keeps serving after each error.
 */
import { Transform, type TransformCallback } from 'node:stream';

import { ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The longest line the server reads, in bytes (a tool call of the longest query is under 1 KB). */
export const MAX_LINE_BYTES = 1024 * 1024;

/** A JSON-RPC request id, or null when the line named none that could be read. */
type RequestId = string | number | null;

/** The JSON-RPC error answer to one line. */
export interface LineError {
  jsonrpc: '2.0';
  id: RequestId;
  error: { code: number; message: string };
}

/**
 * The error answer to one line (without its newline) that the SDK would drop, or null when the
 * line is a JSON-RPC message for the SDK or blank. Pure; never throws.
 */
export function checkLine(line: string): LineError | null {
  if (line.trim() === '') return null;
  const answer = (id: RequestId, code: number, message: string): LineError => ({
    jsonrpc: '2.0',
    id,
    error: { code, message },
  });
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return answer(null, ErrorCode.ParseError, `Parse error: the line is not JSON (${(error as Error).message}).`);
  }
  if (JSONRPCMessageSchema.safeParse(message).success) return null;
  const fields = typeof message === 'object' && message !== null && !Array.isArray(message) ? message : {};
  const { id, method, params } = fields as { id?: unknown; method?: unknown; params?: unknown };
  const knownId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  if (
    knownId !== null &&
    typeof method === 'string' &&
    'params' in fields &&
    (typeof params !== 'object' || params === null || Array.isArray(params))
  )
    return answer(knownId, ErrorCode.InvalidParams, `Invalid params: the params of ${method} must be an object.`);
  return answer(
    knownId,
    ErrorCode.InvalidRequest,
    'Invalid request: a JSON-RPC 2.0 message is an object with "jsonrpc": "2.0" and a "method" or a "result" or "error".',
  );
}

/**
 * A stream between stdin and the SDK's `StdioServerTransport`: it passes the lines the SDK can
 * read, one per chunk, and hands the error answer of every other line to `answer` (which writes it
 * to stdout, one line of JSON).
 */
export class JsonRpcLineGuard extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;

  constructor(private readonly answer: (error: LineError) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let rest = chunk;
    for (let newline = rest.indexOf(0x0a); newline !== -1; newline = rest.indexOf(0x0a)) {
      const tail = rest.subarray(0, newline);
      rest = rest.subarray(newline + 1);
      if (this.skipping || this.pendingBytes + tail.length > MAX_LINE_BYTES) {
        this.reset();
        this.answer({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: ErrorCode.InvalidRequest,
            message: `Invalid request: the line is longer than ${MAX_LINE_BYTES} bytes and was not read.`,
          },
        });
        continue;
      }
      const line = Buffer.concat([...this.pending, tail]);
      this.reset();
      const error = checkLine(line.toString('utf8').replace(/\r$/, ''));
      if (error) this.answer(error);
      else this.push(Buffer.concat([line, Buffer.from('\n')]));
    }
    if (!this.skipping && this.pendingBytes + rest.length > MAX_LINE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
    } else if (!this.skipping && rest.length > 0) {
      this.pending.push(Buffer.from(rest));
      this.pendingBytes += rest.length;
    }
    done();
  }

  private reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.skipping = false;
  }
}
