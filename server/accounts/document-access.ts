// Reading history: one row per user and document with a visit count. A visit is counted once
// per client page view (session_id): recording the same view again changes nothing.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccessedDocument, DocumentAccessRequest, DocumentAccessStats } from '../../src/api/contract/history.js';
import type { Db } from '../db/client.js';
import { notFound, validationFailed } from '../http/errors.js';
import { assertDocumentExists } from '../library/branches.js';
import { TIMESTAMP_TEXT, sqlRows } from '../db/sql.js';
import { cleanLine } from './clean-text.js';

type AccessRequest = z.output<typeof DocumentAccessRequest>;
type Accessed = z.infer<typeof AccessedDocument>;

const utc = (column: string) => sql`to_char(${sql.raw(column)} AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT})`;

/**
 * Upserts the visit in one statement. No row back means either an unknown document (the
 * SELECT found none) or the same page view again (the WHERE of the update held it back).
 */
export async function recordDocumentAccess(db: Db, userId: string, request: AccessRequest): Promise<void> {
  const sessionId = cleanLine(request.session_id);
  if (sessionId === '') throw validationFailed('session_id', 'must not be empty');
  const rows = await sqlRows(
    db,
    sql`INSERT INTO document_access (user_id, document_id, access_count, first_accessed_at, last_accessed_at, last_session_id, last_context)
        SELECT ${userId}::uuid, d.id, 1, now(), now(), ${sessionId}::text, ${request.context}::text FROM documents d WHERE d.id = ${request.document_id}
        ON CONFLICT (user_id, document_id) DO UPDATE SET
          access_count = document_access.access_count + 1,
          last_accessed_at = now(),
          last_session_id = EXCLUDED.last_session_id,
          last_context = EXCLUDED.last_context
        WHERE document_access.last_session_id IS DISTINCT FROM EXCLUDED.last_session_id
        RETURNING 1`,
  );
  if (rows.length === 0) await assertDocumentExists(db, request.document_id);
}

const ACCESSED_COLUMNS = sql`a.document_id, d.metadata->>'title' AS title, d.external_id, a.access_count,
  ${utc('a.last_accessed_at')} AS last_accessed_at`;

/** Newest visit first. */
export async function recentDocuments(db: Db, userId: string, limit: number): Promise<Accessed[]> {
  const rows = await sqlRows<Accessed>(
    db,
    sql`SELECT ${ACCESSED_COLUMNS} FROM document_access a JOIN documents d ON d.id = a.document_id
        WHERE a.user_id = ${userId} ORDER BY a.last_accessed_at DESC, a.document_id LIMIT ${limit}`,
  );
  return rows.map(normalize);
}

/** Most visits first, the newest visit breaking ties. */
export async function frequentDocuments(db: Db, userId: string, limit: number): Promise<Accessed[]> {
  const rows = await sqlRows<Accessed>(
    db,
    sql`SELECT ${ACCESSED_COLUMNS} FROM document_access a JOIN documents d ON d.id = a.document_id
        WHERE a.user_id = ${userId} ORDER BY a.access_count DESC, a.last_accessed_at DESC, a.document_id LIMIT ${limit}`,
  );
  return rows.map(normalize);
}

function normalize(row: Accessed): Accessed {
  return { ...row, title: row.title ?? '', access_count: Number(row.access_count) };
}

/** The caller's visits to one document (0 and nulls when never read) and whether it is pinned. */
export async function documentAccessStats(
  db: Db,
  userId: string,
  documentId: string,
): Promise<z.infer<typeof DocumentAccessStats>> {
  const [row] = await sqlRows<z.infer<typeof DocumentAccessStats>>(
    db,
    sql`SELECT d.id AS document_id, COALESCE(a.access_count, 0) AS access_count,
          ${utc('a.first_accessed_at')} AS first_accessed_at, ${utc('a.last_accessed_at')} AS last_accessed_at,
          EXISTS (SELECT 1 FROM document_pins p WHERE p.user_id = ${userId} AND p.document_id = d.id) AS pinned
        FROM documents d LEFT JOIN document_access a ON a.document_id = d.id AND a.user_id = ${userId}
        WHERE d.id = ${documentId}`,
  );
  if (!row) throw notFound('Document');
  return { ...row, access_count: Number(row.access_count), pinned: Boolean(row.pinned) };
}
