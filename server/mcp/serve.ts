// One POST /mcp answered by a pooled SDK server of the key's scope set; the request's tool context
// goes as its authInfo. The usual single request takes a server connected to its in-process
// AnswerTransport (answer-transport.ts), every other the SDK's stateless HTTP transport, made for
// that request (the SDK's rule: one per request).
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerBytes } from './answer-bytes.js';
import { plainRequestOf } from './answer-transport.js';
import { authInfoFor } from './mcp-server.js';
import type { McpServerPool } from './server-pool.js';
import type { ToolContext } from './tool.js';

/** JSON-RPC's own error shape, for what reaches /mcp outside the SDK (405, a failure in it). */
export const rpcError = (code: number, message: string) =>
  JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

export async function serveMcpRequest(
  pool: McpServerPool,
  request: FastifyRequest,
  reply: FastifyReply,
  context: ToolContext,
): Promise<void> {
  const plain = plainRequestOf(request.headers, request.body);
  reply.hijack();
  reply.raw.setHeader('X-Request-Id', request.id);
  try {
    if (plain) await answerInProcess(pool, plain, request, reply, context);
    else await answerBySdk(pool, request, reply, context);
  } catch (error) {
    request.log.error({ err: error }, 'mcp request failed');
    if (!reply.raw.headersSent)
      reply.raw.writeHead(500, { 'Content-Type': 'application/json' }).end(rpcError(-32603, 'Internal error'));
  }
}

async function answerInProcess(
  pool: McpServerPool,
  plain: JSONRPCRequest,
  request: FastifyRequest,
  reply: FastifyReply,
  context: ToolContext,
) {
  const scopes = context.key.scopes;
  const answering = await pool.acquireAnswering(scopes);
  reply.raw.once('close', () => {
    // A client gone before its answer may leave a tool running on this server: closed, not reused.
    if (reply.raw.writableFinished) pool.releaseAnswering(scopes, answering);
    else void answering.server.close().catch(() => undefined);
  });
  const answer = await answering.transport.ask(plain, request.headers, authInfoFor(context));
  // Undefined: the client left first (the server was closed on 'close'); nothing to write.
  if (answer === undefined) return;
  // Encoded once (the length and the write), with a tool's prepared JSON text in place.
  const body = answerBytes(answer, context.serialized);
  reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
}

async function answerBySdk(pool: McpServerPool, request: FastifyRequest, reply: FastifyReply, context: ToolContext) {
  const scopes = context.key.scopes;
  const server = pool.acquire(scopes);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  reply.raw.once('close', () => {
    // The transport is for this request alone; the server is reused only after a complete answer.
    const answered = reply.raw.writableFinished;
    void server.close().then(
      () => answered && pool.release(scopes, server),
      () => undefined,
    );
  });
  (request.raw as IncomingMessage & { auth?: AuthInfo }).auth = authInfoFor(context);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}
