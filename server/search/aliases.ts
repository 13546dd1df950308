// Short names of documents (document_aliases): the importer's, from known names and titles, and an
// operator's. Each change refreshes the document's title match (documents.search_vector).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { foldForSearch } from '../../src/shared/search-keys.js';
import { aliasesOf } from './known-aliases.js';

/** Longest alias an operator may add (a short name, not a title). */
export const MAX_ALIAS_LENGTH = 120;

async function insertAliases(db: Db | Tx, documentId: string, aliases: string[], source: 'import' | 'operator') {
  const rows = aliases
    .map((alias) => ({ alias: alias.trim(), key: foldForSearch(alias) }))
    .filter((row) => row.key !== '' && row.alias.length <= MAX_ALIAS_LENGTH);
  for (const row of rows) {
    await db.execute(sql`INSERT INTO document_aliases (alias_key, document_id, alias, source)
      VALUES (${row.key}, ${documentId}, ${row.alias}, ${source}) ON CONFLICT DO NOTHING`);
  }
  await db.execute(sql`SELECT document_search_refresh(${documentId})`);
}

/** The importer's aliases of a document (in its transaction), and its title match refreshed. */
export function addImportedAliases(tx: Tx, documentId: string, externalId: string, title: string) {
  return insertAliases(tx, documentId, aliasesOf(externalId, title), 'import');
}

/** An operator's short name for a document ('ZOK', 'Listina práv'); false when no such document. */
export async function addDocumentAlias(db: Db, documentId: string, alias: string): Promise<boolean> {
  const [found] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM documents WHERE id = ${documentId}`);
  if (!found) return false;
  await db.transaction((tx) => insertAliases(tx, documentId, [alias], 'operator'));
  return true;
}

/** Removes an operator's alias (the importer's come back on the next import). */
export async function removeDocumentAlias(db: Db, documentId: string, alias: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM document_aliases WHERE document_id = ${documentId}
      AND alias_key = ${foldForSearch(alias)} AND source = 'operator'`);
    await tx.execute(sql`SELECT document_search_refresh(${documentId})`);
  });
}

export interface AliasMatch {
  document_id: string;
  alias: string;
  alias_key: string;
}

/**
 * Documents whose short name is the whole of `folded` or starts it ('ustava cr ...'); each word
 * compared by its start, so 'ustavy' finds 'ustava'. Longest alias first.
 */
export async function documentsByAlias(db: Db, foldedWords: string[]): Promise<AliasMatch[]> {
  if (foldedWords.length === 0) return [];
  const first = foldedWords[0]!;
  const stem = first.length > 4 ? first.slice(0, first.length - 2) : first;
  const rows = await sqlRows<AliasMatch>(
    db,
    sql`SELECT document_id, alias, alias_key FROM document_aliases
        WHERE alias_key LIKE ${stem.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}
        ORDER BY length(alias_key) DESC, alias_key, document_id LIMIT 50`,
  );
  return rows;
}
