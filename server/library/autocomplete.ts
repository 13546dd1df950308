// Quick search over titles and numbers: case, diacritics and typos forgiven, best first.
// Two steps keep it fast on a large library: exact number, prefix and substring hits first
// (each an indexed top-N); only when they do not fill the list, the nearest titles by trigram
// word similarity, walked in order from a GiST index instead of scoring every document.
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

/** Substring and similarity search need trigrams: shorter queries match by prefix only. */
const MIN_SUBSTRING_LENGTH = 3;

export async function autocomplete(db: Db, query: string, limit: number): Promise<AutocompleteHit[]> {
  const folded = foldForSearch(query);
  if (folded === '') return [];
  const exact = await exactMatches(db, folded, externalKeyOf(query), limit);
  if (exact.length >= limit || folded.length < MIN_SUBSTRING_LENGTH) return exact;
  const seen = new Set(exact.map((hit) => hit.document_id));
  const fuzzy = await similarTitles(db, folded, limit + exact.length);
  return [...exact, ...fuzzy.filter((hit) => !seen.has(hit.document_id))].slice(0, limit);
}

/**
 * Ranked: the number typed exactly, a number that starts with it, a title that starts with it,
 * a title that contains it; shorter first within a rank. Each rank is its own top-N, so a
 * common word does not make the query rank the whole library.
 */
function exactMatches(db: Db, folded: string, key: string, limit: number) {
  const keyPrefix = `${escapeLike(key)}%`;
  const titlePrefix = `${escapeLike(folded)}%`;
  const containsHits =
    folded.length >= MIN_SUBSTRING_LENGTH
      ? sql`UNION ALL (SELECT d.id, 3 AS rank, length(d.search_text) AS len FROM documents d
          WHERE d.search_text LIKE ${`%${escapeLike(folded)}%`} ORDER BY length(d.search_text), d.id LIMIT ${limit})`
      : sql``;
  return sqlRows<AutocompleteHit>(
    db,
    sql`WITH hits AS (
          (SELECT d.id, CASE WHEN d.external_key = ${key} THEN 0 ELSE 1 END AS rank, length(d.external_key) AS len
            FROM documents d WHERE d.external_key LIKE ${keyPrefix}
            ORDER BY (d.external_key = ${key}) DESC, length(d.external_key), d.id LIMIT ${limit})
          UNION ALL
          (SELECT d.id, 2 AS rank, length(d.search_text) AS len FROM documents d
            WHERE d.search_text LIKE ${titlePrefix} ORDER BY length(d.search_text), d.id LIMIT ${limit})
          ${containsHits}
        ), best AS (SELECT id, min(rank) AS rank, min(len) AS len FROM hits GROUP BY id)
        SELECT d.id AS document_id, d.metadata->>'title' AS title, d.external_id
        FROM best JOIN documents d ON d.id = best.id
        ORDER BY best.rank, best.len, d.id
        LIMIT ${limit}`,
  );
}

/** Titles with a word close to what was typed ('ustva' finds 'ústava'), nearest first. */
function similarTitles(db: Db, folded: string, limit: number) {
  return sqlRows<AutocompleteHit>(
    db,
    sql`SELECT d.id AS document_id, d.metadata->>'title' AS title, d.external_id
        FROM documents d
        WHERE ${folded} <% d.search_text
        ORDER BY ${folded} <<-> d.search_text, length(d.search_text), d.id
        LIMIT ${limit}`,
  );
}
