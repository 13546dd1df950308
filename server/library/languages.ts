// Resolves a requested language (ISO code or id). The languages table is tiny and changes only
// when an import meets a new code, so it is kept in memory and reloaded on a miss.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { validationFailed } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';

export interface LanguageRow {
  language_id: number;
  iso_639_1: string;
}

export interface LanguageChoice {
  lang?: string;
  language_id?: number;
}

interface LanguageTable {
  byCode: Map<string, LanguageRow>;
  byId: Map<number, LanguageRow>;
}

const tables = new WeakMap<Db, LanguageTable>();

async function loadLanguages(db: Db): Promise<LanguageTable> {
  const rows = await sqlRows<LanguageRow>(db, sql`SELECT language_id, iso_639_1 FROM languages`);
  const table: LanguageTable = { byCode: new Map(), byId: new Map() };
  for (const row of rows) {
    const language = { language_id: Number(row.language_id), iso_639_1: row.iso_639_1 };
    table.byCode.set(language.iso_639_1, language);
    table.byId.set(language.language_id, language);
  }
  tables.set(db, table);
  return table;
}

async function findLanguage(db: Db, find: (table: LanguageTable) => LanguageRow | undefined) {
  const cached = tables.get(db);
  const hit = cached && find(cached);
  if (hit) return hit;
  // Another process (an import) may have added a language since the last load.
  return find(await loadLanguages(db));
}

export const languageByCode = (db: Db, code: string) => findLanguage(db, (table) => table.byCode.get(code));

/** The language asked for, or undefined when none was; an unknown one is a 400. */
export async function resolveLanguage(db: Db, choice: LanguageChoice): Promise<LanguageRow | undefined> {
  if (choice.lang === undefined && choice.language_id === undefined) return undefined;
  const row = await findLanguage(db, (table) =>
    choice.language_id !== undefined ? table.byId.get(choice.language_id) : table.byCode.get(choice.lang!),
  );
  if (!row) {
    const field = choice.language_id !== undefined ? 'language_id' : 'lang';
    throw validationFailed(field, 'unknown language');
  }
  if (choice.lang !== undefined && choice.language_id !== undefined && row.iso_639_1 !== choice.lang) {
    throw validationFailed('lang', 'lang and language_id name different languages');
  }
  return row;
}
