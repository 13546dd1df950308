// Which fragment a Copilot translate request translates: the first imported text fragment of the
// named provision (a paragraph when named, else the article's first text), in the document's
// language other than the target. The editor previews one fragment at a time, so one is chosen.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { languageByCode } from '../library/languages.js';
import { importedFragmentsOnly } from '../policies/translations.js';
import { isUuid } from '../../src/shared/uuid.js';
import type { DocumentHit } from './library-search.js';

export interface TranslationSource {
  fragmentId: string;
  text: string;
  /** ISO code of the source text. */
  language: string;
  /** 'Čl. 54 odst. 1, 1/1993 Sb.' */
  citation: string;
  /** Text fragments of the whole provision (an article with three paragraphs: 3). */
  fragmentsInProvision: number;
  /** The provision already has an imported (official) text in the target language. */
  targetExists: boolean;
}

export type SourceOutcome =
  | { kind: 'found'; source: TranslationSource }
  /** The document has no language other than the target: nothing to translate from. */
  | { kind: 'already_in_target' }
  | { kind: 'no_text' };

interface SourceRow {
  id: string;
  text: string;
  head_cite_key: string | null;
  node_cite_key: string | null;
  same_node: boolean;
  total: number | string;
  target_exists: boolean;
}

export async function translationSourceOf(
  db: Db,
  document: DocumentHit,
  nodeId: string,
  targetCode: string,
): Promise<SourceOutcome> {
  const language = document.languages.find((code) => code !== targetCode);
  if (!language) return document.languages.length > 0 ? { kind: 'already_in_target' } : { kind: 'no_text' };
  const [source, target] = await Promise.all([languageByCode(db, language), languageByCode(db, targetCode)]);
  if (!source) return { kind: 'no_text' };
  // The node and everything under it (document order up to the next node at its depth or above);
  // a paragraph is cited with its article ('Čl. 54 odst. 2').
  const [row] = await sqlRows<SourceRow>(
    db,
    sql`WITH a AS (SELECT n.id, n.branch_id, n.order_index, n.depth,
                   concat_ws(' ', CASE WHEN n.node_type <> 'article' THEN p.cite_key END, n.cite_key) AS cite_key
                 FROM nodes n LEFT JOIN nodes p ON p.id = n.derived_parent_id WHERE n.id = ${nodeId}),
        e AS (SELECT coalesce(min(n.order_index), 2147483647) AS end_index FROM nodes n, a
              WHERE n.branch_id = a.branch_id AND n.order_index > a.order_index AND n.depth <= a.depth)
        SELECT f.id, f.text, a.cite_key AS head_cite_key, coalesce(n.cite_key, f.cite_key) AS node_cite_key,
               (n.id = a.id) AS same_node, count(*) OVER () AS total,
               ${
                 target
                   ? sql`EXISTS (SELECT 1 FROM fragments t WHERE t.group_id = f.group_id
                          AND t.language_id = ${target.language_id} AND ${importedFragmentsOnly('t')} AND t.has_text)`
                   : sql`false`
               } AS target_exists
        FROM a, e, nodes n
        JOIN fragments f ON f.node_id = n.id AND f.language_id = ${source.language_id}
          AND ${importedFragmentsOnly('f')}
        WHERE n.branch_id = a.branch_id AND n.order_index >= a.order_index AND n.order_index < e.end_index
          AND f.has_text AND f.text <> ''
        ORDER BY n.order_index, f.seq LIMIT 1`,
  );
  if (!row) return { kind: 'no_text' };
  const keys = row.same_node ? [row.head_cite_key] : [row.head_cite_key, row.node_cite_key];
  const key = keys.filter((k): k is string => !!k).join(' ');
  return {
    kind: 'found',
    source: {
      fragmentId: row.id,
      text: row.text,
      language,
      citation: key ? `${key}, ${document.externalId}` : document.externalId,
      fragmentsInProvision: Number(row.total),
      targetExists: row.target_exists,
    },
  };
}

/** A source fragment by id (imported text only), for a model that names the fragment itself. */
export async function sourceFragmentById(
  db: Db,
  fragmentId: string,
): Promise<{ fragmentId: string; text: string; language: string } | undefined> {
  if (!isUuid(fragmentId)) return undefined;
  const [row] = await sqlRows<{ id: string; text: string; language: string }>(
    db,
    sql`SELECT f.id, f.text, l.iso_639_1 AS language FROM fragments f
        JOIN languages l ON l.language_id = f.language_id
        WHERE f.id = ${fragmentId.toLowerCase()} AND ${importedFragmentsOnly('f')}`,
  );
  return row && { fragmentId: row.id, text: row.text, language: row.language };
}
