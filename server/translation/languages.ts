// The languages a legal text may be in or translated into: the whole `languages` table (seeded
// with the EU's languages; imports and saved translations add new ISO codes).
import { sql } from 'drizzle-orm';
import type { LegalLanguage } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';

/** Every language by English name, bytewise (the same on every engine and locale), code as tiebreak. */
export async function listLegalLanguages(db: Db): Promise<LegalLanguage[]> {
  const rows = await sqlRows<{ language_id: number | string; iso_639_1: string; name: string }>(
    db,
    sql`SELECT language_id, iso_639_1, name FROM languages ORDER BY name COLLATE "C", iso_639_1`,
  );
  return rows.map((row) => ({ ...row, language_id: Number(row.language_id) }));
}
