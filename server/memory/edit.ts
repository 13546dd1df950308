// The web app's writes to a memory (/v1/memory), by id: entity and relation writes go through the
// store the /mcp tools use (one transaction each, ON CONFLICT DO NOTHING, the quota counted there);
// an observation or relation is deleted by its id with one keyed DELETE bound to the owner.
import { sql } from 'drizzle-orm';
import type { MemoryEntityDetail, MemoryEntitySummary, MemoryRelation } from '../../src/api/contract/memory.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { entityDetail, entitySummary, relationsOf } from './browse.js';
import { addObservations, createEntities, createRelations, deleteEntities, type MemoryOwner } from './store.js';

async function entityIdByName(db: Db, owner: MemoryOwner, name: string): Promise<string | undefined> {
  const [row] = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM memory_entities WHERE owner_id = ${owner.id} AND name = ${name}`,
  );
  return row?.id;
}

/** Creates the entity unless its name exists; `created` says which. */
export async function createEntity(
  db: Db,
  owner: MemoryOwner,
  input: { name: string; entity_type: string; observations: string[] },
): Promise<{ created: boolean; entity: MemoryEntityDetail }> {
  const [created] = await createEntities(db, owner, [
    { name: input.name, entityType: input.entity_type, observations: input.observations },
  ]);
  const id = await entityIdByName(db, owner, input.name);
  // Deleted by someone else in between: as if it never was.
  if (id === undefined) throw notFound('Entity');
  return { created: created !== undefined, entity: await entityDetail(db, owner, id) };
}

export async function addObservation(db: Db, owner: MemoryOwner, id: string, content: string) {
  const { name } = await entitySummary(db, owner, id);
  await addObservations(db, owner, [{ entityName: name, contents: [content] }]);
  return entityDetail(db, owner, id);
}

export async function deleteObservation(db: Db, owner: MemoryOwner, id: string, observationId: string) {
  const removed = await sqlRows<{ id: string }>(
    db,
    sql`DELETE FROM memory_observations
        WHERE id = ${observationId} AND entity_id = ${id} AND owner_id = ${owner.id} RETURNING id`,
  );
  if (removed.length === 0) throw notFound('Observation');
  return entityDetail(db, owner, id);
}

export async function deleteEntity(db: Db, owner: MemoryOwner, id: string): Promise<MemoryEntitySummary> {
  const entity = await entitySummary(db, owner, id);
  await deleteEntities(db, owner, [entity.name]);
  return entity;
}

export async function createRelation(
  db: Db,
  owner: MemoryOwner,
  input: { from: string; to: string; relation_type: string },
): Promise<{ created: boolean; relation: MemoryRelation }> {
  const created = await createRelations(db, owner, [
    { from: input.from, to: input.to, relationType: input.relation_type },
  ]);
  const [relation] = await relationsOf(
    db,
    owner,
    sql`f.name = ${input.from} AND t.name = ${input.to} AND r.relation_type = ${input.relation_type}`,
  );
  if (!relation) throw notFound('Relation');
  return { created: created.length > 0, relation };
}

export async function deleteRelation(db: Db, owner: MemoryOwner, id: string): Promise<MemoryRelation> {
  const [relation] = await relationsOf(db, owner, sql`r.id = ${id}`);
  if (!relation) throw notFound('Relation');
  await db.execute(sql`DELETE FROM memory_relations WHERE id = ${id} AND owner_id = ${owner.id}`);
  return relation;
}
