// Pinned documents: the ones a user keeps at hand. Pin and unpin are idempotent.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PinnedDocument } from '../../src/api/contract/history.js';
import type { Db } from '../db/client.js';
import { assertDocumentExists } from '../library/branches.js';
import { TIMESTAMP_TEXT, sqlRows } from '../db/sql.js';

type Pinned = z.infer<typeof PinnedDocument>;

/** Newest pin first. */
export async function listPins(db: Db, userId: string): Promise<Pinned[]> {
  const rows = await sqlRows<Pinned>(
    db,
    sql`SELECT p.document_id, d.metadata->>'title' AS title, d.external_id,
          to_char(p.pinned_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS pinned_at
        FROM document_pins p JOIN documents d ON d.id = p.document_id
        WHERE p.user_id = ${userId} ORDER BY p.pinned_at DESC, p.document_id`,
  );
  return rows.map((row) => ({ ...row, title: row.title ?? '' }));
}

/** Pins a document (again: no change, the first pin's time stays); 404 for an unknown one. */
export async function pinDocument(db: Db, userId: string, documentId: string): Promise<void> {
  const rows = await sqlRows(
    db,
    sql`INSERT INTO document_pins (user_id, document_id)
        SELECT ${userId}::uuid, d.id FROM documents d WHERE d.id = ${documentId}
        ON CONFLICT (user_id, document_id) DO NOTHING RETURNING 1`,
  );
  // Nothing inserted: already pinned, or no such document.
  if (rows.length === 0) await assertDocumentExists(db, documentId);
}

/** Unpins; unpinning what is not pinned (or no longer exists) is a success too. */
export async function unpinDocument(db: Db, userId: string, documentId: string): Promise<void> {
  await db.execute(sql`DELETE FROM document_pins WHERE user_id = ${userId} AND document_id = ${documentId}`);
}
