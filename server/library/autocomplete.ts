// Quick search over titles and numbers with trigrams: case, diacritics and typos forgiven.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalKeyOf, foldForSearch } from '../importers/search-keys.js';
import { escapeLike } from './documents.js';
import { sqlRows } from './sql-rows.js';

export interface AutocompleteHit {
  document_id: string;
  title: string;
  external_id: string;
}

export async function autocomplete(db: Db, query: string, limit: number): Promise<AutocompleteHit[]> {
  const folded = foldForSearch(query);
  if (folded === '') return [];
  const key = externalKeyOf(query);
  const contains = `%${escapeLike(folded)}%`;
  // Score: a number that starts with what was typed beats everything, then title prefix and
  // substring hits, then trigram similarity of the best-matching word (typos).
  return sqlRows<AutocompleteHit>(
    db,
    sql`SELECT d.id AS document_id, d.metadata->>'title' AS title, d.external_id
        FROM documents d
        WHERE d.external_key LIKE ${escapeLike(key) + '%'}
           OR d.search_text LIKE ${contains}
           OR ${folded} <% d.search_text
        ORDER BY
          (d.external_key = ${key}) DESC,
          (d.external_key LIKE ${escapeLike(key) + '%'}) DESC,
          (d.search_text LIKE ${escapeLike(folded) + '%'}) DESC,
          (d.search_text LIKE ${contains}) DESC,
          word_similarity(${folded}, d.search_text) DESC,
          length(d.search_text), d.id
        LIMIT ${limit}`,
  );
}
