// Versions of documents: listing, and resolving `branch=` (an id or a name) to one branch.
import { sql, type SQL } from 'drizzle-orm';
import type { Branch } from '../../src/api/contract/documents.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { isUuid } from '../../src/shared/uuid.js';

interface BranchRow {
  id: string;
  document_id: string;
  name: string;
  kind: 'main' | 'snapshot';
  created_at: string;
  valid_from: string | null;
  node_count: number;
  fragment_count: number;
  languages: string[];
}

const BRANCH_COLUMNS = sql`b.id, b.document_id, b.name, b.kind,
  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(b.valid_from, 'YYYY-MM-DD') AS valid_from, b.node_count, b.fragment_count, b.languages`;

const toBranch = (row: BranchRow): Branch => ({
  id: row.id,
  document_id: row.document_id,
  name: row.name,
  kind: row.kind,
  created_at: row.created_at,
  valid_from: row.valid_from,
  counts: { nodes: Number(row.node_count), fragments: Number(row.fragment_count) },
  languages: row.languages,
});

export async function listBranches(
  db: Db,
  filter: { documentId?: string; snapshotsOnly: boolean; limit: number; offset: number },
): Promise<Branch[]> {
  if (filter.documentId) await assertDocumentExists(db, filter.documentId);
  const rows = await sqlRows<BranchRow>(
    db,
    sql`SELECT ${BRANCH_COLUMNS} FROM branches b
        WHERE (${filter.documentId ?? null}::uuid IS NULL OR b.document_id = ${filter.documentId ?? null}::uuid)
          AND (${!filter.snapshotsOnly} OR b.kind = 'snapshot')
        ORDER BY b.document_id, b.valid_from DESC NULLS LAST
        LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
  return rows.map(toBranch);
}

export interface ResolvedBranch {
  id: string;
  name: string;
  languages: string[];
}

/** SQL matching branch `b` by `selector`: an id, a name, or main when absent. */
export function branchSelectorCondition(selector: string | undefined): SQL {
  return selector !== undefined && isUuid(selector)
    ? sql`b.id = ${selector}::uuid`
    : sql`b.name = ${selector ?? 'main'}`;
}

/** The document's branch named or identified by `selector`, main when absent; 404 otherwise. */
export async function resolveBranch(db: Db, documentId: string, selector?: string): Promise<ResolvedBranch> {
  const [row] = await sqlRows<ResolvedBranch>(
    db,
    sql`SELECT b.id, b.name, b.languages FROM branches b
        WHERE b.document_id = ${documentId} AND ${branchSelectorCondition(selector)}`,
  );
  if (row) return row;
  await assertDocumentExists(db, documentId);
  throw notFound(`Branch "${selector ?? 'main'}" of this document`);
}

export async function assertDocumentExists(db: Db, documentId: string) {
  const [row] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM documents WHERE id = ${documentId}`);
  if (!row) throw notFound('Document');
}
