// The MCP server offering the tools of one scope set. Stateless HTTP needs a transport per request
// (any instance answers any request), but not a server per request: building one cost 1-2 ms of
// CPU (BENCHMARKS.md, issue 12), so servers are pooled per scope set (server-pool.ts) and the
// request's context (key, owner, log) travels with the request, as the transport's authInfo,
// never in the server. The SDK's low-level Server rather than McpServer: McpServer checks tool
// arguments itself and reports a failure as free text, while ours carry a code (validation_failed,
// not_found, memory_quota_exceeded) an agent can act on; the listed JSON Schemas come from the
// same zod schemas that check the arguments.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { callTool, type McpTool, type ToolContext } from './tool.js';

export const SERVER_INFO = { name: 'lexhub', title: 'Lexhub', version: '0.1.0' };

const INSTRUCTIONS =
  'Lexhub: a knowledge graph (memory) of entities, observations and relations, linked to provisions of ' +
  'Czech and EU law, and the law library itself (search, provision texts, versions and their changes).';

/** JSON Schemas of the tools, made once per tool (they never change while the process runs). */
const schemaCache = new WeakMap<McpTool, Record<string, unknown>>();
function inputSchemaOf(tool: McpTool) {
  let schema = schemaCache.get(tool);
  if (!schema) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
    schema = { ...rest, type: 'object' };
    schemaCache.set(tool, schema);
  }
  return schema;
}

/**
 * tools/call, registered with a schema of our own: with the SDK's CallToolRequestSchema a request
 * whose arguments are no object was answered -32603 Internal error; this way the SDK answers it
 * -32602 Invalid params, and every other argument problem reaches the tool's check.
 */
const CallToolRequest = z.object({
  method: z.literal('tools/call'),
  params: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }),
});

/** The authInfo a request carries to the server: its tool context, read by tools/call. */
export function authInfoFor(context: ToolContext): AuthInfo {
  return { token: '', clientId: context.key.id, scopes: [...context.key.scopes], extra: { toolContext: context } };
}

function contextOf(authInfo: AuthInfo | undefined): ToolContext {
  const context = (authInfo?.extra as { toolContext?: ToolContext } | undefined)?.toolContext;
  // Never a default owner: without the request's own context nothing runs.
  if (!context) throw new McpError(ErrorCode.InternalError, 'No authenticated context');
  return context;
}

export function createMcpServer(tools: readonly McpTool[]): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: inputSchemaOf(tool) as { type: 'object' },
      annotations: tool.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequest, async (request, extra) => {
    const context = contextOf(extra.authInfo);
    const tool = byName.get(request.params.name);
    // Tools beyond the key's scopes never get here (the route answers 403 first); unknown ones:
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name.slice(0, 100)} not found`);
    return callTool(tool, context, request.params.arguments);
  });
  return server;
}
