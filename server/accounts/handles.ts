// Changing a user's handle: If-Match against the user's ETag, 409 when another user has it.
// The row is locked and updated only at the version the ETag names, so of two concurrent
// changes with the same ETag exactly one wins and the other gets 412. The old handle keeps
// leading to the user (a redirect) until someone takes it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { conflict, notFound } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { ifMatchHolds, staleEtag, userEtag } from './user-etag.js';
import { userHandleChanged } from '../collections/redirects.js';

const handleTaken = (username: string) => conflict('handle_taken', `The handle "${username}" is taken`, 'username');

/** `next` is already validated and lowercased by the contract (Handle). */
export async function changeHandle(
  db: Db,
  userId: string,
  next: string,
  ifMatch: string,
): Promise<{ username: string; etag: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await sqlRows<{ username: string; version: number }>(
        tx,
        sql`SELECT username, version FROM users WHERE id = ${userId} FOR UPDATE`,
      );
      if (!row) throw notFound('User');
      const version = Number(row.version);
      if (!ifMatchHolds(ifMatch, userEtag(userId, version))) throw staleEtag();
      if (row.username === next) return { username: next, etag: userEtag(userId, version) };
      const taken = await sqlRows(tx, sql`SELECT 1 FROM users WHERE username = ${next} LIMIT 1`);
      if (taken.length > 0) throw handleTaken(next);
      const [updated] = await sqlRows<{ version: number }>(
        tx,
        sql`UPDATE users SET username = ${next}, version = version + 1, updated_at = now()
            WHERE id = ${userId} AND version = ${version} RETURNING version`,
      );
      if (!updated) throw staleEtag();
      // /u/{old handle} answers 301 to the new one until someone claims it.
      await userHandleChanged(tx, userId, row.username, next);
      return { username: next, etag: userEtag(userId, Number(updated.version)) };
    });
  } catch (error) {
    // Another user took the handle between our check and our update.
    if (uniqueViolation(error) !== undefined) throw handleTaken(next);
    throw error;
  }
}
