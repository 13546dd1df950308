// Idle MCP servers per scope set. A request takes one (or a new one), connects its own transport,
// and gives the server back once its answer is complete and the transport closed: a server serves
// one request at a time and holds nothing of it afterwards (the context came with the request).
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import { createMcpServer } from './mcp-server.js';
import { toolsFor } from './tool-set.js';

/** Idle servers kept per scope set: enough for the concurrency one instance sees. */
const MAX_IDLE_PER_SCOPE_SET = 64;

export interface McpServerPool {
  /** An idle server offering exactly the tools these scopes allow. */
  acquire(scopes: readonly ApiKeyScope[]): Server;
  /** Back to the pool: only a server no transport is connected to any more. */
  release(scopes: readonly ApiKeyScope[], server: Server): void;
}

const scopeSetOf = (scopes: readonly ApiKeyScope[]) => [...new Set(scopes)].sort().join(' ');

export function mcpServerPool(): McpServerPool {
  const idle = new Map<string, Server[]>();
  return {
    acquire(scopes) {
      return idle.get(scopeSetOf(scopes))?.pop() ?? createMcpServer(toolsFor(scopes));
    },
    release(scopes, server) {
      if (server.transport !== undefined) return;
      const set = scopeSetOf(scopes);
      const servers = idle.get(set) ?? [];
      if (servers.length < MAX_IDLE_PER_SCOPE_SET) servers.push(server);
      idle.set(set, servers);
    },
  };
}
