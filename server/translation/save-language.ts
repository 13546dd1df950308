// The language a translation is saved in (POST /legal/fragments): by id or ISO 639-1 code, and
// a code the `languages` table lacks joins it, named in English (ICU's names, no table of our own).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { notFound, validationFailed } from '../http/errors.js';

export interface SaveLanguage {
  id: number;
  code: string;
}

interface LanguageRow {
  language_id: number | string;
  iso_639_1: string;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * The ISO 639-1 code as the table should hold it: deprecated aliases folded ('iw' → 'he',
 * 'in' → 'id', 'mo' → 'ro'), then checked against ICU's language names: two letters that name no
 * language ('qq') are refused, so nobody can fill the shared list with made-up codes.
 */
export function canonicalIsoCode(code: string): { code: string; name: string } | null {
  let canonical = code;
  try {
    const language = new Intl.Locale(Intl.getCanonicalLocales(code)[0] ?? code).language;
    // 'tl' canonicalizes to 'fil' (ISO 639-2): keep the two-letter code the table holds.
    if (/^[a-z]{2}$/.test(language)) canonical = language;
  } catch {
    return null;
  }
  const name = englishNames.of(canonical);
  return name === undefined || name === canonical ? null : { code: canonical, name };
}

/**
 * Code and/or id to one language: an unknown id → 404; both given and naming different languages
 * → 400; an unknown code that is a real ISO 639-1 code is added (in the caller's transaction, so a
 * refused save adds nothing), any other → 400.
 */
export async function resolveSaveLanguage(
  tx: Tx,
  body: { language_code?: string; language_id?: number },
): Promise<SaveLanguage> {
  const byId =
    body.language_id === undefined ? undefined : await findLanguage(tx, sql`language_id = ${body.language_id}`);
  if (body.language_id !== undefined && byId === undefined) throw notFound('Language', 'language_id');
  if (body.language_code === undefined) return byId!;
  const byCode = await findOrAddLanguage(tx, body.language_code);
  if (byId !== undefined && byId.id !== byCode.id)
    throw validationFailed('language_id', 'language_code and language_id name different languages');
  return byCode;
}

async function findLanguage(tx: Tx | Db, where: SQL): Promise<SaveLanguage | undefined> {
  const [row] = await sqlRows<LanguageRow>(tx, sql`SELECT language_id, iso_639_1 FROM languages WHERE ${where}`);
  return row && { id: Number(row.language_id), code: row.iso_639_1 };
}

/**
 * The language of a code, added when it is a real ISO 639-1 code the table lacks (saving a
 * translation, or a machine translation into a new language): the one way a code joins `languages`
 * outside the importers.
 */
export async function findOrAddLanguage(tx: Tx | Db, code: string): Promise<SaveLanguage> {
  const known = await findLanguage(tx, sql`iso_639_1 = ${code}`);
  if (known) return known;
  const iso = canonicalIsoCode(code);
  if (iso === null) throw validationFailed('language_code', `${code} is not an ISO 639-1 language code`);
  // A concurrent insert may take the next id or the code: ON CONFLICT DO NOTHING covers both
  // (no error aborts the transaction), and the loop reads or retries.
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findLanguage(tx, sql`iso_639_1 = ${iso.code}`);
    if (existing) return existing;
    const [row] = await sqlRows<LanguageRow>(
      tx,
      sql`INSERT INTO languages (language_id, iso_639_1, name)
          SELECT coalesce(max(language_id), 0) + 1, ${iso.code}, ${iso.name} FROM languages
          ON CONFLICT DO NOTHING
          RETURNING language_id, iso_639_1`,
    );
    if (row) return { id: Number(row.language_id), code: row.iso_639_1 };
  }
  throw new Error(`could not add language ${iso.code}`);
}
