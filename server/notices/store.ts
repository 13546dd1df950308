// Notices (issue 16): when the scheduled update stores a new version of a document, everyone who
// pinned it or holds it in a collection (their own, or their organization's) gets one notice;
// listed on their next visit, unread first.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Notice } from '../../src/api/contract/notices.js';
import type { Db } from '../db/client.js';
import { DATE_TEXT, sqlRows, TIMESTAMP_TEXT, type Tx } from '../db/sql.js';
import { notFound } from '../http/errors.js';

export interface NewVersion {
  documentId: string;
  branchId: string;
}

const NOTICE_COLUMNS = sql.raw(`id, kind, document_id, branch_id, title,
  to_char(valid_from, '${DATE_TEXT}') AS valid_from,
  to_char(created_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS created_at,
  to_char(read_at AT TIME ZONE 'UTC', '${TIMESTAMP_TEXT}') AS read_at`);

/** Raises the notices of a new version; a version already noticed raises none. Returns the new ones with their user. */
export async function raiseNewVersionNotices(
  db: Db | Tx,
  version: NewVersion,
): Promise<Array<Notice & { user_id: string }>> {
  const holders = await sqlRows<{ user_id: string }>(
    db,
    sql`SELECT user_id FROM document_pins WHERE document_id = ${version.documentId}
        UNION
        SELECT c.owner_user_id FROM collection_items i JOIN collections c ON c.id = i.collection_id
        WHERE i.document_id = ${version.documentId} AND c.owner_user_id IS NOT NULL
        UNION
        SELECT m.user_id FROM collection_items i JOIN collections c ON c.id = i.collection_id
          JOIN org_members m ON m.org_id = c.owner_org_id
        WHERE i.document_id = ${version.documentId}`,
  );
  const raised: Array<Notice & { user_id: string }> = [];
  // One insert per holder, each with an id made here; a notice already raised is skipped (the unique key).
  for (const { user_id } of holders) {
    const [row] = await sqlRows<Notice & { user_id: string }>(
      db,
      sql`INSERT INTO notices (id, user_id, kind, document_id, branch_id, title, valid_from)
          SELECT ${randomUUID()}::uuid, ${user_id}::uuid, 'new_version', d.id, b.id,
                 coalesce(d.metadata->>'title', d.external_id), b.valid_from
          FROM branches b JOIN documents d ON d.id = b.document_id
          WHERE b.id = ${version.branchId} AND d.id = ${version.documentId}
          ON CONFLICT (user_id, branch_id) DO NOTHING
          RETURNING user_id, ${NOTICE_COLUMNS}`,
    );
    if (row) raised.push(row);
  }
  return raised;
}

/** The user's notices: unread first, newest first within each. */
export async function listNotices(db: Db, userId: string, limit = 100): Promise<{ items: Notice[]; unread: number }> {
  const items = await sqlRows<Notice>(
    db,
    sql`SELECT ${NOTICE_COLUMNS} FROM notices WHERE user_id = ${userId}
        ORDER BY (read_at IS NULL) DESC, created_at DESC, id LIMIT ${limit}`,
  );
  const [count] = await sqlRows<{ unread: number }>(
    db,
    sql`SELECT count(*)::int AS unread FROM notices WHERE user_id = ${userId} AND read_at IS NULL`,
  );
  return { items, unread: count?.unread ?? 0 };
}

/** Marks a notice read (again: the first time stays); 404 for another user's or an unknown one. */
export async function readNotice(db: Db, userId: string, id: string): Promise<Notice> {
  const [row] = await sqlRows<Notice>(
    db,
    sql`UPDATE notices SET read_at = coalesce(read_at, now())
        WHERE id = ${id} AND user_id = ${userId} RETURNING ${NOTICE_COLUMNS}`,
  );
  if (!row) throw notFound('Notice', 'id');
  return row;
}
