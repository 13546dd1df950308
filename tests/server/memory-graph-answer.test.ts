// read_graph's answer reused per owner and graph version (issue 12), on PGlite and PostgreSQL:
// every kind of write (the store, /v1/memory's keyed deletes, plain SQL as another instance or a
// script would write) sets a new version in its own transaction, a write that changes nothing
// keeps it, owners have their own; the graph statement skips the graph for a known version; and
// read_graph's text is always that of the graph as it is now, pretty-printed as the official
// memory server's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../server/db/sql.js';
import { callTool } from '../../server/mcp/tool.js';
import { toolNamed } from '../../server/mcp/tool-set.js';
import { readGraphText } from '../../server/memory/graph-answer.js';
import { deleteObservation, deleteRelation } from '../../server/memory/edit.js';
import * as store from '../../server/memory/store.js';
import type { MemoryOwner } from '../../server/memory/store.js';
import { registerAndLogin } from '../support/accounts.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('read_graph answer per graph version (%s)', (engine) => {
  let server: TestServer;
  let alice: MemoryOwner;
  const newOwner = async (): Promise<MemoryOwner> => ({ type: 'user', id: (await registerAndLogin(server)).user.id });
  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await newOwner();
  });
  afterAll(() => server?.close());
  const db = () => server.database.db;
  const versionOf = async (owner: MemoryOwner) => {
    const [row] = await sqlRows<{ version: string }>(
      db(),
      sql`SELECT version::text AS version FROM memory_graph_versions WHERE owner_id = ${owner.id}`,
    );
    return row?.version ?? null;
  };
  /** The text read_graph answers now must be the graph as it is now. */
  const expectFresh = async (owner: MemoryOwner) => {
    const text = await readGraphText(db(), owner);
    expect(text).toBe(JSON.stringify(await store.readGraph(db(), owner), null, 2));
    return JSON.parse(text) as Awaited<ReturnType<typeof store.readGraph>>;
  };
  /** Runs a write and answers whether it set a new version of the owner's graph. */
  const bumps = async (owner: MemoryOwner, write: () => Promise<unknown>) => {
    const before = await versionOf(owner);
    await write();
    const after = await versionOf(owner);
    return after !== null && after !== before;
  };

  it('has no version before the first write, and answers the empty graph', async () => {
    expect(await versionOf(alice)).toBeNull();
    expect(await store.readGraphUnless(db(), alice, null)).toEqual({
      version: null,
      graph: { entities: [], relations: [] },
    });
    expect(await expectFresh(alice)).toEqual({ entities: [], relations: [] });
  });

  it('sets a new version on every write that changes the graph, and only then', async () => {
    await expectFresh(alice);
    expect(
      await bumps(alice, () =>
        store.createEntities(db(), alice, [
          { name: 'Prezident', entityType: 'office', observations: ['Volen přímo'] },
          { name: 'Vláda', entityType: 'body', observations: [] },
        ]),
      ),
    ).toBe(true);
    expect((await expectFresh(alice)).entities.map((e) => e.name)).toEqual(['Prezident', 'Vláda']);
    // Nothing new: no version, the same answer.
    expect(
      await bumps(alice, () =>
        store.createEntities(db(), alice, [{ name: 'Vláda', entityType: 'x', observations: [] }]),
      ),
    ).toBe(false);
    expect(
      await bumps(alice, () => store.addObservations(db(), alice, [{ entityName: 'Vláda', contents: ['Čl. 67'] }])),
    ).toBe(true);
    expect((await expectFresh(alice)).entities[1]!.observations).toEqual(['Čl. 67']);
    expect(
      await bumps(alice, () =>
        store.createRelations(db(), alice, [{ from: 'Prezident', to: 'Vláda', relationType: 'jmenuje' }]),
      ),
    ).toBe(true);
    expect((await expectFresh(alice)).relations).toEqual([{ from: 'Prezident', to: 'Vláda', relationType: 'jmenuje' }]);
    expect(
      await bumps(alice, () =>
        store.deleteObservations(db(), alice, [{ entityName: 'Vláda', observations: ['Čl. 67'] }]),
      ),
    ).toBe(true);
    expect((await expectFresh(alice)).entities[1]!.observations).toEqual([]);
    expect(
      await bumps(alice, () =>
        store.deleteRelations(db(), alice, [{ from: 'Prezident', to: 'Vláda', relationType: 'jmenuje' }]),
      ),
    ).toBe(true);
    expect((await expectFresh(alice)).relations).toEqual([]);
    // An entity's delete takes its observations and relations along (by cascade): one new version.
    await store.createRelations(db(), alice, [{ from: 'Vláda', to: 'Prezident', relationType: 'navrhuje' }]);
    expect(await bumps(alice, () => store.deleteEntities(db(), alice, ['Vláda']))).toBe(true);
    expect(await expectFresh(alice)).toEqual({
      entities: [{ name: 'Prezident', entityType: 'office', observations: ['Volen přímo'] }],
      relations: [],
    });
  });

  it("sets it on /v1/memory's keyed deletes and on plain SQL, as another instance or a script writes", async () => {
    await store.createEntities(db(), alice, [
      { name: 'Senát', entityType: 'body', observations: ['81 senátorů'] },
      { name: 'Sněmovna', entityType: 'body', observations: [] },
    ]);
    await store.createRelations(db(), alice, [{ from: 'Senát', to: 'Sněmovna', relationType: 'vrací zákony' }]);
    await expectFresh(alice);
    const [ids] = await sqlRows<{ entity_id: string; observation_id: string; relation_id: string }>(
      db(),
      sql`SELECT e.id AS entity_id, o.id AS observation_id, r.id AS relation_id
          FROM memory_entities e JOIN memory_observations o ON o.entity_id = e.id
          JOIN memory_relations r ON r.from_entity_id = e.id
          WHERE e.owner_id = ${alice.id} AND e.name = 'Senát'`,
    );
    expect(await bumps(alice, () => deleteObservation(db(), alice, ids!.entity_id, ids!.observation_id))).toBe(true);
    expect(await bumps(alice, () => deleteRelation(db(), alice, ids!.relation_id))).toBe(true);
    expect((await expectFresh(alice)).relations).toEqual([]);
    expect(
      await bumps(alice, () =>
        server.database.raw(
          `INSERT INTO memory_observations (id, entity_id, owner_id, content, content_hash, search_text)
           VALUES (gen_random_uuid(), '${ids!.entity_id}', '${alice.id}', 'Zapsáno jinde', 'h1', 'zapsano jinde')`,
        ),
      ),
    ).toBe(true);
    expect((await expectFresh(alice)).entities.find((e) => e.name === 'Senát')!.observations).toEqual([
      'Zapsáno jinde',
    ]);
    expect(
      await bumps(alice, () =>
        server.database.raw(`UPDATE memory_entities SET entity_type = 'komora' WHERE id = '${ids!.entity_id}'`),
      ),
    ).toBe(true);
    expect((await expectFresh(alice)).entities.find((e) => e.name === 'Senát')!.entityType).toBe('komora');
  });

  it("keeps owners' versions apart", async () => {
    const bob = await newOwner();
    await store.createEntities(db(), bob, [{ name: 'Bobův klient', entityType: 'person', observations: [] }]);
    const bobs = await versionOf(bob);
    const bobsText = await expectFresh(bob);
    expect(
      await bumps(alice, () => store.addObservations(db(), alice, [{ entityName: 'Prezident', contents: ['Čl. 62'] }])),
    ).toBe(true);
    expect(await versionOf(bob)).toBe(bobs);
    expect(await expectFresh(bob)).toEqual(bobsText);
    expect(JSON.stringify(await expectFresh(alice))).not.toContain('Bobův');
  });

  it('reads no graph for a version already known, and the graph of the version it answers', async () => {
    const version = await versionOf(alice);
    expect(version).not.toBeNull();
    expect(await store.readGraphUnless(db(), alice, version)).toEqual({ version });
    const other = await store.readGraphUnless(db(), alice, '1');
    expect(other).toEqual({ version, graph: await store.readGraph(db(), alice) });
  });

  it('answers read_graph through the tool as the official server: the pretty JSON of the graph as it is now', async () => {
    const readGraphTool = toolNamed('read_graph')!;
    const context = { db: db(), key: { id: 'k', scopes: ['memory.read' as const] }, owner: alice, log: server.app.log };
    const first = await callTool(readGraphTool, context, {});
    expect(first.content[0]!.text).toBe(JSON.stringify(await store.readGraph(db(), alice), null, 2));
    expect((await callTool(readGraphTool, context, {})).content[0]!.text).toBe(first.content[0]!.text);
    await store.clearMemory(db(), alice);
    const cleared = await callTool(readGraphTool, context, {});
    expect(JSON.parse(cleared.content[0]!.text)).toEqual({ entities: [], relations: [] });
  });
});
