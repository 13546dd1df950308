// Resolves a requested language (ISO code or id) to a language row.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/api-error.js';
import { sqlRows } from './sql-rows.js';

export interface LanguageRow {
  language_id: number;
  iso_639_1: string;
}

export interface LanguageChoice {
  lang?: string;
  language_id?: number;
}

/** The language asked for, or undefined when none was; an unknown one is a 400. */
export async function resolveLanguage(db: Db, choice: LanguageChoice): Promise<LanguageRow | undefined> {
  if (choice.lang === undefined && choice.language_id === undefined) return undefined;
  const [row] = await sqlRows<LanguageRow>(
    db,
    choice.language_id !== undefined
      ? sql`SELECT language_id, iso_639_1 FROM languages WHERE language_id = ${choice.language_id}`
      : sql`SELECT language_id, iso_639_1 FROM languages WHERE iso_639_1 = ${choice.lang}`,
  );
  if (!row) {
    const field = choice.language_id !== undefined ? 'language_id' : 'lang';
    throw new ApiError(400, 'validation_failed', `${field}: unknown language`, { field });
  }
  if (choice.lang !== undefined && choice.language_id !== undefined && row.iso_639_1 !== choice.lang) {
    throw new ApiError(400, 'validation_failed', 'lang and language_id name different languages', { field: 'lang' });
  }
  return { language_id: Number(row.language_id), iso_639_1: row.iso_639_1 };
}
