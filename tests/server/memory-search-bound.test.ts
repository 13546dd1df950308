// search_nodes on a broad query (issue 12): at most searchEntities entities, entities matched by
// name or type first, found among at most searchObservationHits matching observations, each
// entity found by its observations carrying only those; relations among the hits only. On PGlite
// and (with DATABASE_URL) PostgreSQL, straight on the store.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_LIMITS } from '../../server/memory/limits.js';
import { createEntities, createRelations, searchNodes, type MemoryOwner } from '../../server/memory/store.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

describe.each(ENGINES)('search_nodes on a broad query (%s)', (engine) => {
  let database: TestDatabase;
  const owner: MemoryOwner = { type: 'user', id: randomUUID() };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.execute(
      sql`INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
          VALUES (${owner.id}, 'bound@example.cz', '602999111', 'bound', 'not-a-hash', 'B', 'Ound', now())`,
    );
    // 300 entities of 10 observations, 8 of them matching: 2,400 matching observations.
    for (let batch = 0; batch < 3; batch++) {
      await createEntities(
        database.db,
        owner,
        Array.from({ length: 100 }, (_, i) => ({
          name: `Spis ${String(batch * 100 + i).padStart(3, '0')}`,
          entityType: 'spis',
          observations: Array.from({ length: 10 }, (_, j) =>
            j < 8 ? `Společné jednání č. ${j} ve věci ${batch * 100 + i}` : `Jiná poznámka ${j}`,
          ),
        })),
      );
    }
    // Found by name, not by an observation: these come first, with all their observations.
    await createEntities(database.db, owner, [
      { name: 'Společnost Alfa', entityType: 'klient', observations: ['Bez shody'] },
      { name: 'Společnost Beta', entityType: 'klient', observations: [] },
    ]);
    await createRelations(database.db, owner, [
      { from: 'Společnost Alfa', to: 'Společnost Beta', relationType: 'vlastní' },
      { from: 'Společnost Alfa', to: 'Spis 000', relationType: 'zadala' },
    ]);
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('answers at most searchEntities entities, name matches first, each with its matching observations', async () => {
    const graph = await searchNodes(database.db, owner, 'spolecn');
    expect(graph.entities).toHaveLength(MEMORY_LIMITS.searchEntities);
    const names = graph.entities.map((e) => e.name);
    expect(names).toContain('Společnost Alfa');
    expect(names).toContain('Společnost Beta');
    expect(graph.entities.find((e) => e.name === 'Společnost Alfa')!.observations).toEqual(['Bez shody']);
    for (const entity of graph.entities.filter((e) => e.name.startsWith('Spis'))) {
      expect(entity.observations.length).toBeGreaterThan(0);
      expect(entity.observations.length).toBeLessThanOrEqual(8);
      for (const text of entity.observations) expect(text).toMatch(/^Společné jednání/);
    }
    // Sorted by name, as every graph answer; relations only among the entities answered.
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const answered = new Set(names);
    for (const relation of graph.relations) {
      expect(answered.has(relation.from) && answered.has(relation.to)).toBe(true);
    }
    expect(graph.relations).toContainEqual({ from: 'Společnost Alfa', to: 'Společnost Beta', relationType: 'vlastní' });
  });

  it('a narrow query still finds its one entity with all its matching observations', async () => {
    const graph = await searchNodes(database.db, owner, 've věci 123');
    expect(graph.entities.map((e) => e.name)).toEqual(['Spis 123']);
    expect(graph.entities[0]!.observations).toHaveLength(8);
  });
});
