// One knowledge graph per owner, in the official MCP memory server's model (entities with
// observations, relations between entities by name) plus links to provisions of the library.
// Every write is one transaction of INSERT ... ON CONFLICT DO NOTHING and keyed deletes, never a
// read-modify-write of the whole graph: concurrent writers on any instances lose nothing (the
// official server rewrites one JSONL file and loses updates). The owner always comes from the
// caller's key or session, never from the arguments.
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { foldForSearch } from '../../src/shared/search-keys.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { memoryQuotaExceeded, notFound } from '../http/errors.js';
import { MEMORY_LIMITS } from './limits.js';
import { preparedRows } from './prepared-rows.js';

export interface MemoryOwner {
  type: 'user' | 'organization';
  id: string;
}

export interface Entity {
  name: string;
  entityType: string;
  observations: string[];
}
export interface Relation {
  from: string;
  to: string;
  relationType: string;
}
export interface Graph {
  entities: Entity[];
  relations: Relation[];
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const ownerColumns = (owner: MemoryOwner) =>
  owner.type === 'user' ? { user: owner.id, org: null } : { user: null, org: owner.id };

/** Serializes one owner's writers only where a quota must be counted exactly. */
async function lockOwner(tx: Tx, owner: MemoryOwner) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`memory:${owner.id}`}))`);
}

async function assertQuota(tx: Tx, owner: MemoryOwner) {
  const [counts] = await sqlRows<{ entities: number; observations: number; relations: number; links: number }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM memory_entities WHERE owner_id = ${owner.id}) AS entities,
               (SELECT count(*)::int FROM memory_observations WHERE owner_id = ${owner.id}) AS observations,
               (SELECT count(*)::int FROM memory_relations WHERE owner_id = ${owner.id}) AS relations,
               (SELECT count(*)::int FROM memory_provision_links WHERE owner_id = ${owner.id}) AS links`,
  );
  if (Number(counts!.relations) > MEMORY_LIMITS.relations)
    throw memoryQuotaExceeded(`At most ${MEMORY_LIMITS.relations} relations`);
  if (Number(counts!.links) > MEMORY_LIMITS.provisionLinks)
    throw memoryQuotaExceeded(`At most ${MEMORY_LIMITS.provisionLinks} provision links`);
  if (Number(counts!.entities) > MEMORY_LIMITS.entities)
    throw memoryQuotaExceeded(`At most ${MEMORY_LIMITS.entities} entities`);
  if (Number(counts!.observations) > MEMORY_LIMITS.observations)
    throw memoryQuotaExceeded(`At most ${MEMORY_LIMITS.observations} observations`);
}

/** Inserts observations for entity ids; answers the texts actually added per entity id. */
async function insertObservations(
  tx: Tx,
  owner: MemoryOwner,
  items: { entityId: string; content: string }[],
): Promise<Map<string, string[]>> {
  const added = new Map<string, string[]>();
  if (items.length === 0) return added;
  const rows = await sqlRows<{ entity_id: string; content: string }>(
    tx,
    sql`INSERT INTO memory_observations (id, entity_id, owner_id, content, content_hash, search_text)
        SELECT v.id, v.entity_id, ${owner.id}::uuid, v.content, v.content_hash, v.search_text
        FROM unnest(${sql.param(items.map(() => randomUUID()))}::uuid[], ${sql.param(items.map((i) => i.entityId))}::uuid[],
          ${sql.param(items.map((i) => i.content))}::text[], ${sql.param(items.map((i) => hashOf(i.content)))}::text[],
          ${sql.param(items.map((i) => foldForSearch(i.content)))}::text[])
          AS v(id, entity_id, content, content_hash, search_text)
        ON CONFLICT (entity_id, content_hash) DO NOTHING
        RETURNING entity_id, content`,
  );
  for (const row of rows) added.set(row.entity_id, [...(added.get(row.entity_id) ?? []), row.content]);
  return added;
}

/** Creates the entities whose names are new; existing names are left as they are (as the official server). */
export async function createEntities(db: Db, owner: MemoryOwner, entities: Entity[]): Promise<Entity[]> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const { user, org } = ownerColumns(owner);
    const unique = [...new Map(entities.map((e) => [e.name, e])).values()];
    if (unique.length === 0) return [];
    const created = await sqlRows<{ id: string; name: string; entity_type: string }>(
      tx,
      sql`INSERT INTO memory_entities (id, owner_user_id, owner_org_id, name, entity_type, search_text)
          SELECT v.id, ${user}::uuid, ${org}::uuid, v.name, v.entity_type, v.search_text
          FROM unnest(${sql.param(unique.map(() => randomUUID()))}::uuid[], ${sql.param(unique.map((e) => e.name))}::text[],
            ${sql.param(unique.map((e) => e.entityType))}::text[],
            ${sql.param(unique.map((e) => foldForSearch(`${e.name} ${e.entityType}`)))}::text[])
            AS v(id, name, entity_type, search_text)
          ON CONFLICT (owner_id, name) DO NOTHING
          RETURNING id, name, entity_type`,
    );
    const byName = new Map(unique.map((e) => [e.name, e]));
    await insertObservations(
      tx,
      owner,
      created.flatMap((row) =>
        [...new Set(byName.get(row.name)!.observations)].map((content) => ({ entityId: row.id, content })),
      ),
    );
    await assertQuota(tx, owner);
    return created.map((row) => ({
      name: row.name,
      entityType: row.entity_type,
      observations: [...new Set(byName.get(row.name)!.observations)],
    }));
  });
}

/** Entity ids by name for this owner; unknown names are reported (404 naming the first). */
async function entityIds(tx: Tx | Db, owner: MemoryOwner, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await sqlRows<{ id: string; name: string }>(
    tx,
    sql`SELECT id, name FROM memory_entities WHERE owner_id = ${owner.id} AND name = ANY(${sql.param([...new Set(names)])}::text[])`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

function requireAll(ids: Map<string, string>, names: string[]) {
  const missing = names.find((name) => !ids.has(name));
  if (missing !== undefined) throw notFound(`Entity "${missing.slice(0, 100)}"`, 'entityName');
}

export async function addObservations(
  db: Db,
  owner: MemoryOwner,
  items: { entityName: string; contents: string[] }[],
): Promise<{ entityName: string; addedObservations: string[] }[]> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const ids = await entityIds(
      tx,
      owner,
      items.map((i) => i.entityName),
    );
    requireAll(
      ids,
      items.map((i) => i.entityName),
    );
    const added = await insertObservations(
      tx,
      owner,
      items.flatMap((i) => [...new Set(i.contents)].map((content) => ({ entityId: ids.get(i.entityName)!, content }))),
    );
    await assertQuota(tx, owner);
    return items.map((i) => ({ entityName: i.entityName, addedObservations: added.get(ids.get(i.entityName)!) ?? [] }));
  });
}

/** Relations between existing entities of the owner; those already there are left out of the answer. */
export async function createRelations(db: Db, owner: MemoryOwner, relations: Relation[]): Promise<Relation[]> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const ids = await entityIds(
      tx,
      owner,
      relations.flatMap((r) => [r.from, r.to]),
    );
    requireAll(
      ids,
      relations.flatMap((r) => [r.from, r.to]),
    );
    if (relations.length === 0) return [];
    const rows = await sqlRows<{ from_entity_id: string; to_entity_id: string; relation_type: string }>(
      tx,
      sql`INSERT INTO memory_relations (id, owner_id, from_entity_id, to_entity_id, relation_type)
          SELECT v.id, ${owner.id}::uuid, v.from_id, v.to_id, v.relation_type
          FROM unnest(${sql.param(relations.map(() => randomUUID()))}::uuid[],
            ${sql.param(relations.map((r) => ids.get(r.from)!))}::uuid[], ${sql.param(relations.map((r) => ids.get(r.to)!))}::uuid[],
            ${sql.param(relations.map((r) => r.relationType))}::text[]) AS v(id, from_id, to_id, relation_type)
          ON CONFLICT (from_entity_id, to_entity_id, relation_type) DO NOTHING
          RETURNING from_entity_id, to_entity_id, relation_type`,
    );
    await assertQuota(tx, owner);
    const names = new Map([...ids].map(([name, id]) => [id, name]));
    return rows.map((row) => ({
      from: names.get(row.from_entity_id)!,
      to: names.get(row.to_entity_id)!,
      relationType: row.relation_type,
    }));
  });
}

/** Deletes entities by name (their observations, relations and links go with them); unknown names are ignored. */
export async function deleteEntities(db: Db, owner: MemoryOwner, names: string[]): Promise<void> {
  await db.execute(
    sql`DELETE FROM memory_entities WHERE owner_id = ${owner.id} AND name = ANY(${sql.param([...new Set(names)])}::text[])`,
  );
}

export async function deleteObservations(
  db: Db,
  owner: MemoryOwner,
  items: { entityName: string; observations: string[] }[],
): Promise<void> {
  const pairs = items.flatMap((i) => i.observations.map((content) => ({ name: i.entityName, hash: hashOf(content) })));
  if (pairs.length === 0) return;
  await db.execute(
    sql`DELETE FROM memory_observations o USING memory_entities e,
          unnest(${sql.param(pairs.map((p) => p.name))}::text[], ${sql.param(pairs.map((p) => p.hash))}::text[]) AS v(name, hash)
        WHERE e.owner_id = ${owner.id} AND e.name = v.name AND o.entity_id = e.id AND o.content_hash = v.hash`,
  );
}

export async function deleteRelations(db: Db, owner: MemoryOwner, relations: Relation[]): Promise<void> {
  if (relations.length === 0) return;
  await db.execute(
    sql`DELETE FROM memory_relations r USING memory_entities f, memory_entities t,
          unnest(${sql.param(relations.map((r) => r.from))}::text[], ${sql.param(relations.map((r) => r.to))}::text[],
            ${sql.param(relations.map((r) => r.relationType))}::text[]) AS v(from_name, to_name, relation_type)
        WHERE r.owner_id = ${owner.id} AND f.owner_id = ${owner.id} AND t.owner_id = ${owner.id}
          AND f.name = v.from_name AND t.name = v.to_name
          AND r.from_entity_id = f.id AND r.to_entity_id = t.id AND r.relation_type = v.relation_type`,
  );
}

/** Which entities a graph answer holds: all of the owner's, some by name, or a search's hits. */
type Selection = { all: true } | { names: string[] } | { pattern: string };

/**
 * One statement for a graph answer: the entities (at most graphEntities, by name) with their
 * observations, and the relations among them, built as JSON by the database (one round trip, no
 * array parsing in Node; each round trip cost ~0.5 ms of the server's CPU at 16 clients, issue 12).
 * With a search `pattern` (a LIKE pattern on folded text): at most searchEntities hits, name and
 * type matches first, found among at most searchObservationHits matching observations (a broad
 * query stops reading there: the work per search is bounded, whichever entities it then names),
 * and an entity whose name or type does not match carries only its observations that do.
 */
function graphQuery(owner: MemoryOwner, selection: Selection, unlessVersion?: string | null): SQL {
  const picked =
    'names' in selection
      ? sql`AND e.name = ANY(${sql.param([...new Set(selection.names)])}::text[])`
      : 'pattern' in selection
        ? sql`AND e.id IN (SELECT id FROM (
              (SELECT e2.id, 0 AS rank FROM memory_entities e2
               WHERE e2.owner_id = ${owner.id} AND e2.search_text LIKE ${selection.pattern}
               LIMIT ${MEMORY_LIMITS.searchEntities})
              UNION ALL
              (SELECT o.entity_id, 1 FROM memory_observations o
               WHERE o.owner_id = ${owner.id} AND o.search_text LIKE ${selection.pattern}
               LIMIT ${MEMORY_LIMITS.searchObservationHits})
            ) hit GROUP BY id ORDER BY min(rank), id LIMIT ${MEMORY_LIMITS.searchEntities})`
        : sql``;
  const observationFilter =
    'pattern' in selection
      ? sql`AND (x.search_text LIKE ${selection.pattern} OR o.search_text LIKE ${selection.pattern})`
      : sql``;
  // A subset answers the relations among its entities (both ends), as the official server does.
  const bothEnds = 'all' in selection ? sql`` : sql`AND r.to_entity_id IN (SELECT id FROM picked)`;
  const entities = sql`coalesce((SELECT json_agg(json_build_object('name', x.name, 'entityType', x.entity_type,
      'observations', array(SELECT o.content FROM memory_observations o WHERE o.entity_id = x.id ${observationFilter}
                            ORDER BY o.created_at, o.id)) ORDER BY x.name) FROM picked x), '[]')`;
  const relations = sql`coalesce((SELECT json_agg(json_build_object('from', from_name, 'to', to_name,
      'relationType', relation_type) ORDER BY from_name, to_name, relation_type) FROM related), '[]')`;
  // With a known version: the owner's version, and the graph only when it differs (a CASE branch
  // not taken never runs its subquery, so an unchanged graph costs one index lookup).
  const columns =
    unlessVersion === undefined
      ? sql`SELECT ${entities} AS entities, ${relations} AS relations`
      : sql`SELECT v.version::text AS version,
              CASE WHEN v.version = ${unlessVersion}::bigint THEN NULL ELSE ${entities} END AS entities,
              CASE WHEN v.version = ${unlessVersion}::bigint THEN NULL ELSE ${relations} END AS relations
            FROM (VALUES (1)) one LEFT JOIN memory_graph_versions v ON v.owner_id = ${owner.id}`;
  return sql`WITH picked AS (
          SELECT e.id, e.name, e.entity_type, e.search_text FROM memory_entities e
          WHERE e.owner_id = ${owner.id} ${picked}
          ORDER BY e.name LIMIT ${MEMORY_LIMITS.graphEntities}
        ), related AS (
          SELECT f.name AS from_name, t.name AS to_name, r.relation_type
          FROM memory_relations r
          JOIN memory_entities f ON f.id = r.from_entity_id
          JOIN memory_entities t ON t.id = r.to_entity_id
          WHERE r.owner_id = ${owner.id} AND r.from_entity_id IN (SELECT id FROM picked) ${bothEnds}
          ORDER BY f.name, t.name, r.relation_type LIMIT ${MEMORY_LIMITS.graphRelations}
        )
        ${columns}`;
}

const parsedJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const graphOfRow = (row: { entities: unknown; relations: unknown } | undefined): Graph => ({
  entities: parsedJson(row?.entities) as Entity[],
  relations: parsedJson(row?.relations) as Relation[],
});

async function graphOf(db: Db, owner: MemoryOwner, selection: Selection): Promise<Graph> {
  // Prepared, a search too: planning its statement took 2-3 ms against ~1 ms running it on the MCP
  // bench's graph (issue 12, BENCHMARKS.md). Its plan hinges on the pattern (trigram index or a
  // scan), which PostgreSQL weighs itself: it plans the first five calls per connection for their
  // pattern and keeps doing so while the generic plan is estimated dearer (plan_cache_mode auto).
  const [row] = await preparedRows<{ entities: unknown; relations: unknown }>(db, graphQuery(owner, selection));
  return graphOfRow(row);
}

/**
 * The owner's graph version (null before any write) and, unless it is `known`, the whole graph
 * as read_graph answers it, both of one snapshot: the graph answered is the one of that version.
 */
export async function readGraphUnless(
  db: Db,
  owner: MemoryOwner,
  known: string | null,
): Promise<{ version: string | null; graph?: Graph }> {
  const [row] = await preparedRows<{ version: string | null; entities: unknown; relations: unknown }>(
    db,
    graphQuery(owner, { all: true }, known),
  );
  const version = row?.version ?? null;
  return row?.entities === null ? { version } : { version, graph: graphOfRow(row) };
}

export const readGraph = (db: Db, owner: MemoryOwner) => graphOf(db, owner, { all: true });

/** Entities by name (unknown ones left out) and the relations among them, as the official open_nodes. */
export const openNodes = (db: Db, owner: MemoryOwner, names: string[]): Promise<Graph> =>
  names.length === 0 ? Promise.resolve({ entities: [], relations: [] }) : graphOf(db, owner, { names });

/**
 * Entities whose name, type or an observation contains the query (accents and case folded),
 * through the trigram indexes; relations among the hits, as the official search_nodes. Unlike it,
 * an entity found by its observations carries only those (a name or type match: all of them):
 * a broad query answered every observation of 200 entities (issue 12, BENCHMARKS.md).
 */
export async function searchNodes(db: Db, owner: MemoryOwner, query: string): Promise<Graph> {
  const folded = foldForSearch(query);
  if (folded === '') return { entities: [], relations: [] };
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return graphOf(db, owner, { pattern });
}

export interface ProvisionLink {
  entityName: string;
  documentId: string;
  nodeId: string | null;
  citation: string;
  note: string;
}

/** Links an entity to a provision (a second link with the same citation updates its note). */
export async function linkProvision(db: Db, owner: MemoryOwner, link: ProvisionLink): Promise<ProvisionLink> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const ids = await entityIds(tx, owner, [link.entityName]);
    requireAll(ids, [link.entityName]);
    const [document] = await sqlRows<{ id: string }>(tx, sql`SELECT id FROM documents WHERE id = ${link.documentId}`);
    if (!document) throw notFound('Document', 'document_id');
    await tx.execute(
      sql`INSERT INTO memory_provision_links (id, entity_id, owner_id, document_id, node_id, citation, note)
          VALUES (${randomUUID()}, ${ids.get(link.entityName)!}, ${owner.id}, ${link.documentId}, ${link.nodeId},
            ${link.citation}, ${link.note})
          ON CONFLICT (entity_id, document_id, citation) DO UPDATE SET note = excluded.note, node_id = excluded.node_id`,
    );
    await assertQuota(tx, owner);
    return link;
  });
}

/** The owner's provision links, of one document or all, with their entities' names. */
export async function provisionNotes(db: Db, owner: MemoryOwner, documentId?: string): Promise<ProvisionLink[]> {
  const rows = await sqlRows<{
    name: string;
    document_id: string;
    node_id: string | null;
    citation: string;
    note: string;
  }>(
    db,
    sql`SELECT e.name, l.document_id, l.node_id, l.citation, l.note
        FROM memory_provision_links l JOIN memory_entities e ON e.id = l.entity_id
        WHERE l.owner_id = ${owner.id} ${documentId === undefined ? sql`` : sql`AND l.document_id = ${documentId}`}
        ORDER BY e.name, l.citation LIMIT ${MEMORY_LIMITS.graphEntities}`,
  );
  return rows.map((r) => ({
    entityName: r.name,
    documentId: r.document_id,
    nodeId: r.node_id,
    citation: r.citation,
    note: r.note,
  }));
}

/** The official server's file format: one JSON object per line, entities then relations. */
export async function exportMemory(db: Db, owner: MemoryOwner): Promise<string> {
  const graph = await readGraph(db, owner);
  return [
    ...graph.entities.map((e) => JSON.stringify({ type: 'entity', ...e })),
    ...graph.relations.map((r) => JSON.stringify({ type: 'relation', ...r })),
  ].join('\n');
}

export async function clearMemory(db: Db, owner: MemoryOwner): Promise<void> {
  await db.execute(sql`DELETE FROM memory_entities WHERE owner_id = ${owner.id}`);
}
