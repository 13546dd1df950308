// One POST /mcp answered by the SDK: a fresh stateless transport (the SDK's rule: one per request)
// on a pooled server of the key's scope set; the request's tool context goes as its authInfo.
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
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
  (request.raw as IncomingMessage & { auth?: AuthInfo }).auth = authInfoFor(context);
  try {
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'mcp request failed');
    if (!reply.raw.headersSent)
      reply.raw.writeHead(500, { 'Content-Type': 'application/json' }).end(rpcError(-32603, 'Internal error'));
  }
}
