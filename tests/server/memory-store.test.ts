// The memory store on PGlite and (with DATABASE_URL) PostgreSQL: the official memory server's
// operations, isolation between owners, accent-folded search, quotas, and concurrent writers
// that lose nothing (16 at once on one entity).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addObservations,
  clearMemory,
  createEntities,
  createRelations,
  deleteEntities,
  deleteObservations,
  deleteRelations,
  exportMemory,
  openNodes,
  readGraph,
  searchNodes,
  type MemoryOwner,
} from '../../server/memory/store.js';
import { registerAndLogin } from '../support/accounts.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('memory store (%s)', (engine) => {
  let server: TestServer;
  let alice: MemoryOwner;
  let bob: MemoryOwner;

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = { type: 'user', id: (await registerAndLogin(server)).user.id };
    bob = { type: 'user', id: (await registerAndLogin(server)).user.id };
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.database.db;

  it('creates entities once, adds observations once, relates them, and reads the graph back', async () => {
    const created = await createEntities(db(), alice, [
      { name: 'Ústava ČR', entityType: 'law', observations: ['Přijata 16. 12. 1992', 'Přijata 16. 12. 1992'] },
      { name: 'Prezident', entityType: 'office', observations: ['Volen přímo od roku 2013'] },
    ]);
    expect(created.map((e) => e.name)).toEqual(['Ústava ČR', 'Prezident']);
    expect(
      await createEntities(db(), alice, [{ name: 'Prezident', entityType: 'other', observations: ['x'] }]),
    ).toEqual([]);

    const added = await addObservations(db(), alice, [
      { entityName: 'Prezident', contents: ['Volen přímo od roku 2013', 'Čl. 54 odst. 2'] },
    ]);
    expect(added).toEqual([{ entityName: 'Prezident', addedObservations: ['Čl. 54 odst. 2'] }]);
    expect(
      await createRelations(db(), alice, [{ from: 'Ústava ČR', to: 'Prezident', relationType: 'upravuje' }]),
    ).toHaveLength(1);
    expect(
      await createRelations(db(), alice, [{ from: 'Ústava ČR', to: 'Prezident', relationType: 'upravuje' }]),
    ).toEqual([]);

    const graph = await readGraph(db(), alice);
    expect(graph.entities).toEqual([
      { name: 'Prezident', entityType: 'office', observations: ['Volen přímo od roku 2013', 'Čl. 54 odst. 2'] },
      { name: 'Ústava ČR', entityType: 'law', observations: ['Přijata 16. 12. 1992'] },
    ]);
    expect(graph.relations).toEqual([{ from: 'Ústava ČR', to: 'Prezident', relationType: 'upravuje' }]);
    await expect(addObservations(db(), alice, [{ entityName: 'Nikdo', contents: ['x'] }])).rejects.toMatchObject({
      status: 404,
    });
  });

  it('searches names, types and observations with accents and case folded; open_nodes answers the relations among them', async () => {
    const byAccentless = await searchNodes(db(), alice, 'USTAVA');
    expect(byAccentless.entities.map((e) => e.name)).toEqual(['Ústava ČR']);
    const byObservation = await searchNodes(db(), alice, 'cl. 54');
    expect(byObservation.entities.map((e) => e.name)).toEqual(['Prezident']);
    // Found by an observation: only the matching ones ('Volen přímo od roku 2013' left out); found
    // by name: all of them.
    expect(byObservation.entities[0]!.observations).toEqual(['Čl. 54 odst. 2']);
    expect((await searchNodes(db(), alice, 'prezident')).entities[0]!.observations).toEqual([
      'Volen přímo od roku 2013',
      'Čl. 54 odst. 2',
    ]);
    expect(byObservation.relations).toEqual([]);
    const both = await openNodes(db(), alice, ['Prezident', 'Ústava ČR', 'Nikdo']);
    expect(both.entities).toHaveLength(2);
    expect(both.relations).toHaveLength(1);
    expect(await searchNodes(db(), alice, '100%_')).toEqual({ entities: [], relations: [] });
  });

  it("keeps owners apart: another owner's entity is not found, even by name", async () => {
    expect(await openNodes(db(), bob, ['Prezident'])).toEqual({ entities: [], relations: [] });
    expect(await searchNodes(db(), bob, 'prezident')).toEqual({ entities: [], relations: [] });
    await expect(addObservations(db(), bob, [{ entityName: 'Prezident', contents: ['hijack'] }])).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    await deleteEntities(db(), bob, ['Prezident']);
    expect((await readGraph(db(), alice)).entities).toHaveLength(2);
  });

  it('deletes observations, relations and entities by key; exports the official JSONL', async () => {
    await deleteObservations(db(), alice, [{ entityName: 'Prezident', observations: ['Čl. 54 odst. 2'] }]);
    await deleteRelations(db(), alice, [{ from: 'Ústava ČR', to: 'Prezident', relationType: 'upravuje' }]);
    const lines = (await exportMemory(db(), alice)).split('\n').map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { type: 'entity', name: 'Prezident', entityType: 'office', observations: ['Volen přímo od roku 2013'] },
      { type: 'entity', name: 'Ústava ČR', entityType: 'law', observations: ['Přijata 16. 12. 1992'] },
    ]);
    await deleteEntities(db(), alice, ['Prezident']);
    expect((await readGraph(db(), alice)).entities.map((e) => e.name)).toEqual(['Ústava ČR']);
    await clearMemory(db(), alice);
    expect(await readGraph(db(), alice)).toEqual({ entities: [], relations: [] });
  });

  it('loses nothing when 16 writers add observations to one entity and create the same entities at once', async () => {
    await createEntities(db(), alice, [{ name: 'Shared', entityType: 'note', observations: [] }]);
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        Promise.all([
          addObservations(db(), alice, [{ entityName: 'Shared', contents: [`observation ${i}`] }]),
          createEntities(db(), alice, [{ name: `Same ${i % 4}`, entityType: 'note', observations: [`from ${i}`] }]),
        ]),
      ),
    );
    const graph = await readGraph(db(), alice);
    expect(graph.entities.find((e) => e.name === 'Shared')!.observations.sort()).toEqual(
      Array.from({ length: 16 }, (_, i) => `observation ${i}`).sort(),
    );
    expect(graph.entities.filter((e) => e.name.startsWith('Same ')).map((e) => e.name)).toEqual([
      'Same 0',
      'Same 1',
      'Same 2',
      'Same 3',
    ]);
  });
});
