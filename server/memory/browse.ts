// The web app's reads of a memory (/v1/memory): entities with their counts (all, or those whose
// name, type or an observation contains the query, through the same trigram-indexed folded text
// as search_nodes), and one entity with its observations, relations both ways and linked provisions.
import { sql } from 'drizzle-orm';
import type {
  MemoryEntityDetail,
  MemoryEntitySummary,
  MemoryProvisionLink,
  MemoryRelation,
} from '../../src/api/contract/memory.js';
import { foldForSearch } from '../../src/shared/search-keys.js';
import type { Db } from '../db/client.js';
import { sqlRows, TIMESTAMP_TEXT, type Tx } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { MEMORY_LIMITS } from './limits.js';
import type { MemoryOwner } from './store.js';

const utc = (column: string) => sql`to_char(${sql.raw(column)} AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT})`;

/** An entity's columns and counts (alias e); relations count both directions. */
const SUMMARY = sql`e.id, e.name, e.entity_type, ${utc('e.created_at')} AS created_at,
  (SELECT count(*) FROM memory_observations o WHERE o.entity_id = e.id)::int AS observation_count,
  ((SELECT count(*) FROM memory_relations r WHERE r.from_entity_id = e.id)
    + (SELECT count(*) FROM memory_relations r WHERE r.to_entity_id = e.id AND r.from_entity_id <> e.id))::int AS relation_count,
  (SELECT count(*) FROM memory_provision_links l WHERE l.entity_id = e.id)::int AS link_count`;

/** LIKE pattern of a folded query; null when nothing is left to search for. */
function patternOf(query: string): string | null {
  const folded = foldForSearch(query);
  return folded === '' ? null : `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listEntities(
  db: Db,
  owner: MemoryOwner,
  query: string | undefined,
  limit: number,
): Promise<MemoryEntitySummary[]> {
  const pattern = patternOf(query ?? '');
  const filter =
    pattern === null
      ? sql``
      : sql`AND e.id IN (
          SELECT h.id FROM memory_entities h WHERE h.owner_id = ${owner.id} AND h.search_text LIKE ${pattern}
          UNION
          SELECT o.entity_id FROM memory_observations o WHERE o.owner_id = ${owner.id} AND o.search_text LIKE ${pattern})`;
  return sqlRows<MemoryEntitySummary>(
    db,
    sql`SELECT ${SUMMARY} FROM memory_entities e WHERE e.owner_id = ${owner.id} ${filter}
        ORDER BY e.name LIMIT ${Math.min(limit, MEMORY_LIMITS.graphEntities)}`,
  );
}

/** The entity's summary, or 404 (also for another owner's entity: it does not exist here). */
export async function entitySummary(db: Db | Tx, owner: MemoryOwner, id: string): Promise<MemoryEntitySummary> {
  const [row] = await sqlRows<MemoryEntitySummary>(
    db,
    sql`SELECT ${SUMMARY} FROM memory_entities e WHERE e.owner_id = ${owner.id} AND e.id = ${id}`,
  );
  if (!row) throw notFound('Entity');
  return row;
}

export async function entityDetail(db: Db, owner: MemoryOwner, id: string): Promise<MemoryEntityDetail> {
  const summary = await entitySummary(db, owner, id);
  const [observations, relations, links] = await Promise.all([
    sqlRows<MemoryEntityDetail['observations'][number]>(
      db,
      sql`SELECT o.id, o.content, ${utc('o.created_at')} AS created_at FROM memory_observations o
          WHERE o.entity_id = ${id} AND o.owner_id = ${owner.id} ORDER BY o.created_at, o.id
          LIMIT ${MEMORY_LIMITS.graphEntities}`,
    ),
    relationsOf(db, owner, sql`(r.from_entity_id = ${id} OR r.to_entity_id = ${id})`),
    sqlRows<MemoryProvisionLink & { external_id: string; title: string }>(
      db,
      sql`SELECT l.id, l.document_id, l.node_id, l.citation, l.note, d.external_id,
            coalesce(d.metadata->>'title', d.external_id) AS title
          FROM memory_provision_links l JOIN documents d ON d.id = l.document_id
          WHERE l.entity_id = ${id} AND l.owner_id = ${owner.id} ORDER BY l.citation, l.id
          LIMIT ${MEMORY_LIMITS.graphEntities}`,
    ),
  ]);
  return {
    ...summary,
    observations,
    relations,
    links: links.map(({ external_id, title, ...link }) => ({ ...link, document: { external_id, title } })),
  };
}

/** Relations of the owner matching `where` (alias r), with both ends. */
export async function relationsOf(db: Db | Tx, owner: MemoryOwner, where: ReturnType<typeof sql>) {
  const rows = await sqlRows<{
    id: string;
    relation_type: string;
    from_id: string;
    from_name: string;
    from_type: string;
    to_id: string;
    to_name: string;
    to_type: string;
  }>(
    db,
    sql`SELECT r.id, r.relation_type, f.id AS from_id, f.name AS from_name, f.entity_type AS from_type,
          t.id AS to_id, t.name AS to_name, t.entity_type AS to_type
        FROM memory_relations r
        JOIN memory_entities f ON f.id = r.from_entity_id
        JOIN memory_entities t ON t.id = r.to_entity_id
        WHERE r.owner_id = ${owner.id} AND ${where}
        ORDER BY f.name, r.relation_type, t.name LIMIT ${MEMORY_LIMITS.graphEntities}`,
  );
  return rows.map((row): MemoryRelation => ({
    id: row.id,
    relation_type: row.relation_type,
    from: { id: row.from_id, name: row.from_name, entity_type: row.from_type },
    to: { id: row.to_id, name: row.to_name, entity_type: row.to_type },
  }));
}
