// Runs a drizzle `sql` query and returns its rows, the same on PGlite and node-postgres.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer with `{ rows }`; the generic HKT types it as unknown.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** ISO forms computed in SQL, so both drivers return plain strings (pg would build Date objects). */
export const DATE_TEXT = 'YYYY-MM-DD';
export const TIMESTAMP_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
