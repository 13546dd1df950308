// The home page's counts: documents per jurisdiction, recently updated, public collections.
import { sql } from 'drizzle-orm';
import type { LibrarySummary } from '../../src/api/contract/documents.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { jurisdictionSql } from './document-class-sql.js';

/** What "recently updated" means on the home page and in the list it links to. */
export const RECENT_DAYS = 30;

export async function librarySummary(db: Db): Promise<LibrarySummary> {
  const [jurisdictions, [counts]] = await Promise.all([
    sqlRows<{ value: string; count: number }>(
      db,
      sql`SELECT ${jurisdictionSql} AS value, count(*)::int AS count FROM documents d GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
    sqlRows<{ documents: number; recent: number; public_collections: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM documents) AS documents,
            (SELECT count(*)::int FROM documents
              WHERE updated_at >= now() - make_interval(days => ${RECENT_DAYS})) AS recent,
            (SELECT count(*)::int FROM collections WHERE visibility = 'public') AS public_collections`,
    ),
  ]);
  return {
    documents: Number(counts?.documents ?? 0),
    jurisdictions: jurisdictions.map((row) => ({ value: row.value, count: Number(row.count) })),
    recently_updated: Number(counts?.recent ?? 0),
    public_collections: Number(counts?.public_collections ?? 0),
  };
}
