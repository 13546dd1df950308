// One POST /mcp answered by a pooled SDK server of the key's scope set, through a transport made
// for this request (the SDK's rule: one per request); the request's tool context goes as its
// authInfo. The usual single request takes the in-process AnswerTransport (answer-transport.ts),
// every other the SDK's stateless HTTP transport.
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnswerTransport, plainRequestOf } from './answer-transport.js';
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
  const scopes = context.key.scopes;
  const server = pool.acquire(scopes);
  const plain = plainRequestOf(request.headers, request.body);
  const transport = plain
    ? new AnswerTransport(plain)
    : new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  reply.hijack();
  reply.raw.setHeader('X-Request-Id', request.id);
  reply.raw.once('close', () => {
    // A client gone before its answer may leave a tool running on this server: not reused then.
    const answered = reply.raw.writableFinished;
    void server.close().then(
      () => answered && pool.release(scopes, server),
      () => undefined,
    );
  });
  const authInfo = authInfoFor(context);
  try {
    if (transport instanceof AnswerTransport) {
      transport.deliver(request.headers, authInfo);
      const answer = await transport.answer;
      // Undefined: the client left first (the server was closed on 'close'); nothing to write.
      if (answer === undefined) return;
      const text = JSON.stringify(answer);
      reply.raw
        .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        .end(text);
    } else {
      (request.raw as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
      await transport.handleRequest(request.raw, reply.raw, request.body);
    }
  } catch (error) {
    request.log.error({ err: error }, 'mcp request failed');
    if (!reply.raw.headersSent)
      reply.raw.writeHead(500, { 'Content-Type': 'application/json' }).end(rpcError(-32603, 'Internal error'));
  }
}
