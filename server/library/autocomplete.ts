// Quick search over titles and numbers: case, diacritics and typos forgiven, best first.
// Exact number, prefix and substring hits come first (each an indexed top-N). When they do not
// fill the list, every typed word is corrected to the nearest word of the library's vocabulary
// ('ustva' -> 'ustava', by trigram similarity on a small indexed table) and the search runs
// again with the corrected words. Scoring every document's similarity instead was the slow
// path on a large library (see BENCHMARKS.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalKeyOf, foldForSearch } from '../../src/shared/search-keys.js';
import { escapeLike } from './documents.js';
import { sqlRows } from '../db/sql.js';

export interface AutocompleteHit {
  document_id: string;
  title: string;
  external_id: string;
}

/** Substring search and typo correction need trigrams: shorter words match by prefix only. */
const MIN_WORD_LENGTH = 3;

export async function autocomplete(db: Db, query: string, limit: number): Promise<AutocompleteHit[]> {
  const folded = foldForSearch(query);
  if (folded === '') return [];
  const exact = await exactMatches(db, folded, externalKeyOf(query), limit);
  if (exact.length >= limit) return exact;
  const corrected = await correctWords(db, folded);
  if (corrected === folded) return exact;
  const seen = new Set(exact.map((hit) => hit.document_id));
  const more = await exactMatches(db, corrected, externalKeyOf(corrected), limit);
  return [...exact, ...more.filter((hit) => !seen.has(hit.document_id))].slice(0, limit);
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
    folded.length >= MIN_WORD_LENGTH
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

/** Each word of three or more letters replaced by the library's nearest word (itself if known). */
export async function correctWords(db: Db, folded: string): Promise<string> {
  const words = folded.split(' ');
  const correctable = words.filter((word) => word.length >= MIN_WORD_LENGTH && !/[0-9]/.test(word));
  if (correctable.length === 0) return folded;
  const rows = await sqlRows<{ typed: string; word: string | null }>(
    db,
    sql`SELECT t.typed, c.word
        FROM unnest(${sql.param(correctable)}::text[]) AS t(typed)
        LEFT JOIN LATERAL (
          SELECT w.word FROM search_words w WHERE w.word % t.typed ORDER BY w.word <-> t.typed LIMIT 1
        ) c ON true`,
  );
  const corrections = new Map(rows.map((row) => [row.typed, row.word ?? row.typed]));
  return words.map((word) => corrections.get(word) ?? word).join(' ');
}
