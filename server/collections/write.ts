// Every collection write: one transaction, where a unique violation (a concurrent request took
// the slug, added the document or the maintainer first) becomes the caller's 409, never a 500.
import type { Db } from '../db/client.js';
import type { Tx } from '../db/sql.js';
import type { ApiError } from '../http/errors.js';
import { uniqueViolation } from '../auth/unique-violation.js';

export async function writeTransaction<T>(db: Db, onUnique: () => ApiError, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw onUnique();
    throw error;
  }
}
