// The logged-in part of quick search: the user's pinned, recently and frequently read
// documents, in one indexed query over the user's own rows. Each document is listed once, in
// the first of pinned > recent > frequent > search; with a query, only personal documents whose
// folded title or number contains it, then the ordinary search hits not listed yet.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AutocompleteItem } from '../../src/api/contract/search.js';
import type { Db } from '../db/client.js';
import { externalKeyOf, foldForSearch } from '../../src/shared/search-keys.js';
import type { AutocompleteHit } from '../library/autocomplete.js';
import { escapeLike } from '../library/documents.js';
import { sqlRows } from '../db/sql.js';

type Item = z.infer<typeof AutocompleteItem>;

/** How many documents each personal group shows at most. */
export const PERSONAL_GROUP_SIZE = 5;

export async function personalAutocomplete(db: Db, userId: string, query: string): Promise<Item[]> {
  const folded = foldForSearch(query);
  const key = externalKeyOf(query);
  // search_text is the folded title and number; external_key also finds '1/1993sb' typed tight.
  const match =
    folded === '' && key === ''
      ? sql``
      : sql`AND (d.search_text LIKE ${`%${escapeLike(folded)}%`} OR d.external_key LIKE ${`%${escapeLike(key)}%`})`;
  const size = PERSONAL_GROUP_SIZE;
  return sqlRows<Item>(
    db,
    sql`WITH pinned AS (
          SELECT p.document_id, row_number() OVER (ORDER BY p.pinned_at DESC, p.document_id) AS pos
          FROM document_pins p JOIN documents d ON d.id = p.document_id
          WHERE p.user_id = ${userId} ${match}
          ORDER BY p.pinned_at DESC, p.document_id LIMIT ${size}
        ), recent AS (
          SELECT a.document_id, row_number() OVER (ORDER BY a.last_accessed_at DESC, a.document_id) AS pos
          FROM document_access a JOIN documents d ON d.id = a.document_id
          WHERE a.user_id = ${userId} ${match}
            AND a.document_id NOT IN (SELECT document_id FROM pinned)
          ORDER BY a.last_accessed_at DESC, a.document_id LIMIT ${size}
        ), frequent AS (
          SELECT a.document_id, row_number() OVER (ORDER BY a.access_count DESC, a.last_accessed_at DESC, a.document_id) AS pos
          FROM document_access a JOIN documents d ON d.id = a.document_id
          WHERE a.user_id = ${userId} ${match}
            AND a.document_id NOT IN (SELECT document_id FROM pinned)
            AND a.document_id NOT IN (SELECT document_id FROM recent)
          ORDER BY a.access_count DESC, a.last_accessed_at DESC, a.document_id LIMIT ${size}
        ), personal AS (
          SELECT document_id, 0 AS rank, pos, 'pinned' AS grp FROM pinned
          UNION ALL SELECT document_id, 1, pos, 'recent' FROM recent
          UNION ALL SELECT document_id, 2, pos, 'frequent' FROM frequent
        )
        SELECT x.document_id, COALESCE(d.metadata->>'title', '') AS title, d.external_id, x.grp AS "group"
        FROM personal x JOIN documents d ON d.id = x.document_id
        ORDER BY x.rank, x.pos`,
  );
}

/** The personal groups, then the search hits that are not among them. */
export function mergeWithSearch(personal: Item[], hits: AutocompleteHit[]): Item[] {
  const listed = new Set(personal.map((item) => item.document_id));
  return [
    ...personal,
    ...hits.filter((hit) => !listed.has(hit.document_id)).map((hit) => ({ ...hit, group: 'search' as const })),
  ];
}
