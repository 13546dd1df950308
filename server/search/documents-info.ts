// The documents of a search: jurisdiction, type and in-force state by the list's own rules
// (server/library/document-class-sql.ts), and whether the query's words are in the title or short names.
import { sql, type SQL } from 'drizzle-orm';
import type { DocumentType, Jurisdiction } from '../../src/shared/document-class.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { inForceSql, jurisdictionSql, typeSql } from '../library/document-class-sql.js';

export interface DocumentInfo {
  id: string;
  external_id: string;
  title: string;
  jurisdiction: Jurisdiction;
  type: DocumentType;
  in_force: boolean;
  title_match: boolean;
  title_rank: number;
}

/** Title matches come from the GIN index on documents.search_vector; at most this many. */
const MAX_TITLE_MATCHES = 200;

/** The documents `ids`, and those whose title or short names match `titleQuery` (when given). */
export async function documentsInfo(db: Db, ids: string[], titleQuery: SQL | undefined): Promise<DocumentInfo[]> {
  const byTitle = titleQuery
    ? sql`UNION (SELECT d.id FROM documents d WHERE d.search_vector @@ ${titleQuery}
        ORDER BY ts_rank(d.search_vector, ${titleQuery}) DESC LIMIT ${MAX_TITLE_MATCHES})`
    : sql``;
  const titleMatch = titleQuery ? sql`d.search_vector @@ ${titleQuery}` : sql`false`;
  const titleRank = titleQuery ? sql`ts_rank(d.search_vector, ${titleQuery})` : sql`0`;
  const rows = await sqlRows<DocumentInfo>(
    db,
    sql`WITH wanted AS (SELECT unnest(${sql.param(ids)}::uuid[]) AS id ${byTitle})
        SELECT d.id, d.external_id, coalesce(d.metadata->>'title', '') AS title, ${jurisdictionSql} AS jurisdiction,
          ${typeSql} AS type, ${inForceSql} AS in_force, ${titleMatch} AS title_match, ${titleRank}::float8 AS title_rank
        FROM documents d WHERE d.id IN (SELECT id FROM wanted)`,
  );
  return rows.map((row) => ({ ...row, title_rank: Number(row.title_rank) }));
}
