// The usual POST /mcp (one JSON-RPC request, not `initialize`, headers as the SDK's Streamable
// HTTP transport wants them) answered through the SDK's Server without its web-standard round
// trip: StreamableHTTPServerTransport turns the Node request into a web Request and its JSON
// answer into a web Response, then writes that back through a web stream (with a timer turn),
// which cost about a sixth of the server's CPU per call at 16 clients (issue 12, BENCHMARKS.md).
// Here the SDK's Server (its Protocol: handlers, errors, capabilities) gets the message through a
// Transport of one answer, and the answer goes out as the SDK's transport would write it:
// 200, `application/json`, the message as JSON. Anything else (a batch, a notification,
// initialize, a header the SDK refuses) is for the SDK's own transport (plainRequestOf → undefined).
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The JSON-RPC request this POST carries when the SDK's transport would hand it to its server
 * unchanged, as the SDK parses it; undefined for every other case, which the SDK then answers.
 */
export function plainRequestOf(headers: IncomingHttpHeaders, body: unknown): JSONRPCRequest | undefined {
  const accept = headers.accept;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream'))
    return undefined;
  const type = headers['content-type'];
  if (typeof type !== 'string' || !isJsonContentType(type)) return undefined;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && (typeof version !== 'string' || !SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
    return undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const parsed = JSONRPCMessageSchema.safeParse(body);
  // A valid message with a method and an id is a request; any `initialize` goes to the SDK.
  if (!parsed.success || !('method' in parsed.data) || !('id' in parsed.data)) return undefined;
  return parsed.data.method === 'initialize' ? undefined : (parsed.data as JSONRPCRequest);
}

/**
 * A Transport that stays connected to its pooled server and carries one request at a time: `ask`
 * hands the request to the server and settles with the server's response to it (result or error),
 * or undefined when the transport closed first. Connecting a transport per request (the SDK's
 * rule for its own) and closing it after cost a few percent of the server's CPU per call (the
 * SDK builds a ConnectionClosed error with its stack on every close, issue 12); the server holds
 * nothing of a request once it answered, so the next one may use the same connection. Anything
 * else the server sends meanwhile (a notification) is dropped, as the SDK's transport drops it in
 * JSON answer mode.
 */
export class AnswerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private pending?: { id: JSONRPCRequest['id']; settle: (message: JSONRPCMessage | undefined) => void };

  async start() {}

  ask(request: JSONRPCRequest, headers: IncomingHttpHeaders, authInfo: AuthInfo): Promise<JSONRPCMessage | undefined> {
    if (this.pending) throw new Error('AnswerTransport carries one request at a time');
    return new Promise((settle) => {
      this.pending = { id: request.id, settle };
      this.onmessage?.(request, { authInfo, requestInfo: { headers } });
    });
  }

  async send(message: JSONRPCMessage) {
    // The server's own messages: an answer has an id and a result or an error (no schema parse
    // of a large result).
    const isAnswer = 'id' in message && ('result' in message || 'error' in message);
    const pending = this.pending;
    if (isAnswer && pending && message.id === pending.id) {
      this.pending = undefined;
      pending.settle(message);
    }
  }

  async close() {
    const pending = this.pending;
    this.pending = undefined;
    pending?.settle(undefined);
    this.onclose?.();
  }
}
