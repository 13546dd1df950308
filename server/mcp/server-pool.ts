// Idle MCP servers per scope set. A request takes one (or a new one) and gives it back once its
// answer is complete: a server serves one request at a time and holds nothing of it afterwards
// (the context came with the request). The usual single request takes a server that stays
// connected to its own AnswerTransport (answer-transport.ts); any other a server without a
// transport, to which it connects the SDK's HTTP transport for that request alone.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import { AnswerTransport } from './answer-transport.js';
import { createMcpServer } from './mcp-server.js';
import { toolsFor } from './tool-set.js';

/** Idle servers kept per scope set and kind: enough for the concurrency one instance sees. */
const MAX_IDLE_PER_SCOPE_SET = 64;

/** A server connected to its in-process transport. */
export interface AnsweringServer {
  server: Server;
  transport: AnswerTransport;
}

export interface McpServerPool {
  /** An idle server offering exactly the tools these scopes allow, with no transport. */
  acquire(scopes: readonly ApiKeyScope[]): Server;
  /** Back to the pool: only a server no transport is connected to any more. */
  release(scopes: readonly ApiKeyScope[], server: Server): void;
  /** An idle server of these scopes connected to its own AnswerTransport. */
  acquireAnswering(scopes: readonly ApiKeyScope[]): Promise<AnsweringServer>;
  /** Back to the pool once its answer went out: only one still connected to that transport. */
  releaseAnswering(scopes: readonly ApiKeyScope[], answering: AnsweringServer): void;
}

const scopeSetOf = (scopes: readonly ApiKeyScope[]) => [...new Set(scopes)].sort().join(' ');

function idleLists<T>() {
  const idle = new Map<string, T[]>();
  return {
    take: (scopes: readonly ApiKeyScope[]) => idle.get(scopeSetOf(scopes))?.pop(),
    give(scopes: readonly ApiKeyScope[], item: T) {
      const set = scopeSetOf(scopes);
      const items = idle.get(set) ?? [];
      if (items.length < MAX_IDLE_PER_SCOPE_SET) items.push(item);
      idle.set(set, items);
    },
  };
}

export function mcpServerPool(): McpServerPool {
  const bare = idleLists<Server>();
  const answering = idleLists<AnsweringServer>();
  return {
    acquire: (scopes) => bare.take(scopes) ?? createMcpServer(toolsFor(scopes)),
    release(scopes, server) {
      if (server.transport === undefined) bare.give(scopes, server);
    },
    async acquireAnswering(scopes) {
      const idle = answering.take(scopes);
      if (idle) return idle;
      const made = { server: createMcpServer(toolsFor(scopes)), transport: new AnswerTransport() };
      await made.server.connect(made.transport);
      return made;
    },
    releaseAnswering(scopes, item) {
      if (item.server.transport === item.transport) answering.give(scopes, item);
    },
  };
}
