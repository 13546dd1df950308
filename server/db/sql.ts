// SQL helpers every domain module uses: rows of a drizzle `sql` query on either driver, the
// transaction type, and the text forms dates are read in.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function sqlRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  // Both drivers answer with `{ rows }`; the generic HKT types it as unknown.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** ISO forms computed in SQL, so both drivers return plain strings (pg would build Date objects). */
export const DATE_TEXT = 'YYYY-MM-DD';
export const TIMESTAMP_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/** A round trip to the database (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
