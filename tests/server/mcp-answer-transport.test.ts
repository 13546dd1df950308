// The pooled MCP servers that stay connected to their in-process AnswerTransport (issue 12): the
// SDK's own Server answers request after request over one connection, each answer to its own
// request; one request at a time; a server closed before it answered settles with nothing and
// never goes back to the pool.
import { ListToolsResultSchema, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { mcpServerPool } from '../../server/mcp/server-pool.js';

const READ = ['memory.read' as const];
const list = (id: number | string): JSONRPCRequest => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const authInfo = { token: '', clientId: 'test', scopes: ['memory.read'] };

describe('answering servers of the MCP pool', () => {
  it('answers request after request over one connection, each with its own id', async () => {
    const pool = mcpServerPool();
    const answering = await pool.acquireAnswering(READ);
    for (const id of [1, 'two', 1]) {
      const answer = (await answering.transport.ask(list(id), {}, authInfo)) as { id: unknown; result: unknown };
      expect(answer.id).toBe(id);
      const names = ListToolsResultSchema.parse(answer.result).tools.map((tool) => tool.name);
      expect(names).toContain('read_graph');
      expect(names).not.toContain('add_observations');
    }
    pool.releaseAnswering(READ, answering);
    expect(await pool.acquireAnswering(READ)).toBe(answering);
    // Another scope set has servers of its own.
    expect(await pool.acquireAnswering(['memory.write'])).not.toBe(answering);
  });

  it('carries one request at a time', async () => {
    const answering = await mcpServerPool().acquireAnswering(READ);
    const first = answering.transport.ask(list(1), {}, authInfo);
    expect(() => answering.transport.ask(list(2), {}, authInfo)).toThrow(/one request at a time/);
    expect(await first).toMatchObject({ id: 1 });
  });

  it('settles with nothing when closed before the answer, and such a server is not reused', async () => {
    const pool = mcpServerPool();
    const answering = await pool.acquireAnswering(READ);
    const asked = answering.transport.ask(list(1), {}, authInfo);
    // The SDK runs its handler a turn later: this close comes first, as a client leaving early.
    await answering.server.close();
    expect(await asked).toBeUndefined();
    pool.releaseAnswering(READ, answering);
    const next = await pool.acquireAnswering(READ);
    expect(next).not.toBe(answering);
    expect(await next.transport.ask(list(3), {}, authInfo)).toMatchObject({ id: 3 });
  });
});
