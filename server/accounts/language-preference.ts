// The interface language saved on the server (en or cs), in users.language; a change bumps
// the user's version like every other change of the user row.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';

export type InterfaceLanguage = 'en' | 'cs';

export async function getLanguagePreference(db: Db, userId: string): Promise<InterfaceLanguage | null> {
  const [row] = await sqlRows<{ language: string | null }>(db, sql`SELECT language FROM users WHERE id = ${userId}`);
  if (!row) throw notFound('User');
  return row.language === 'en' || row.language === 'cs' ? row.language : null;
}

export async function setLanguagePreference(
  db: Db,
  userId: string,
  language: InterfaceLanguage,
): Promise<InterfaceLanguage> {
  const changed = sql`language IS DISTINCT FROM ${language}::text`;
  const [row] = await sqlRows<{ language: InterfaceLanguage }>(
    db,
    sql`UPDATE users SET language = ${language},
          version = CASE WHEN ${changed} THEN version + 1 ELSE version END,
          updated_at = CASE WHEN ${changed} THEN now() ELSE updated_at END
        WHERE id = ${userId} RETURNING language`,
  );
  if (!row) throw notFound('User');
  return row.language;
}
