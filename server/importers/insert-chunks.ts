// Multi-row inserts in chunks that stay under PostgreSQL's 65,535 bind parameters per statement.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/sql.js';

const MAX_PARAMETERS = 60_000;

export async function insertInChunks<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const chunkSize = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let start = 0; start < rows.length; start += chunkSize) {
    await tx.insert(table).values(rows.slice(start, start + chunkSize));
  }
}
