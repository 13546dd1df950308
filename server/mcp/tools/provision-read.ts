// read_provision in one statement for the usual call (a document by id or number, a provision
// by '§ N' or 'čl. N'): the document, the provision's node and its text in one round trip, where
// findDocument + findNode + readProvisionText made three (issue 12: each round trip cost ~0.5 ms
// of the server's CPU at 16 clients). The same rules as those three, in SQL: the first document
// by number (exact first, then the shortest), the main version's node (articles first, then the
// shallowest, then document order), the asked language when the version has it, else its first.
// Any other reference (title words, a node id, or no document found) returns undefined: the
// caller then takes the general path.
import { sql } from 'drizzle-orm';
import { provisionPath } from '../../../src/shared/document-path.js';
import { externalKeyOf } from '../../../src/shared/search-keys.js';
import { isUuid } from '../../../src/shared/uuid.js';
import type { DocumentHit, Provision } from '../../copilot/library-search.js';
import { citeKeyPattern } from '../../copilot/question.js';
import type { Db } from '../../db/client.js';
import { preparedRows } from '../../memory/prepared-rows.js';
import { importedFragmentsOnly } from '../../policies/translations.js';

/** What the statement found: the document, and its provision (absent: no such cite key). */
export interface ProvisionRead {
  document: DocumentHit;
  /** The node the cite key names, without text in that language when `provision` is absent. */
  nodeId?: string;
  provision?: Provision;
}

interface Row {
  id: string;
  external_id: string;
  title: string;
  main_branch_id: string | null;
  languages: string[] | null;
  node_id: string | null;
  language: string | null;
  line_node_id: string | null;
  cite_key: string | null;
  node_cite_key: string | null;
  depth: number | null;
  text: string | null;
  has_text: boolean | null;
}

/**
 * The cite-key forms findNode reads ('§ 10a', 'čl. 54', 'Article 5'), as its pattern, and the
 * number's digits, which every key the pattern matches contains as they are: a cheap test
 * (strpos) that spares the case-insensitive regular expression most of the document's nodes
 * (it cost ~1.7 µs a node, 0.7 ms of a 380-node constitution's 1.4 ms; issue 12).
 */
function citeKeyPatternOf(citeKey: string): { pattern: string; digits: string } | undefined {
  const trimmed = citeKey.trim();
  const section = /^§\s*(\d{1,4}[a-z]?)$/i.exec(trimmed);
  const article = /^(?:čl|cl|článek|art|article|artikel)\.?\s*(\d{1,4}[a-z]?)$/i.exec(trimmed);
  const match = section ?? article;
  if (!match) return undefined;
  const number = match[1]!.toLowerCase();
  return {
    pattern: citeKeyPattern({ kind: section ? 'section' : 'article', number }),
    digits: /^\d+/.exec(number)![0],
  };
}

function documentFilter(reference: string) {
  const trimmed = reference.trim();
  if (isUuid(trimmed)) return sql`WHERE d.id = ${trimmed.toLowerCase()}`;
  const key = externalKeyOf(trimmed);
  if (!key) return undefined;
  // The keys starting with `key`, as a range of the text_pattern_ops index (bytewise order), so the
  // prepared statement's generic plan can use it: `LIKE $1` could only be scanned in full.
  // U+10FFFF sorts after every other character; starts_with keeps the exact test.
  return sql`WHERE d.external_key ~>=~ ${key} AND d.external_key ~<~ ${key + '\u{10FFFF}'}
               AND starts_with(d.external_key, ${key})
             ORDER BY (d.external_key = ${key}) DESC, length(d.external_key), d.external_key`;
}

export async function readProvisionAt(
  db: Db,
  documentRef: string,
  citeKey: string,
  language: string | undefined,
): Promise<ProvisionRead | undefined> {
  const cite = citeKeyPatternOf(citeKey);
  const filter = documentFilter(documentRef);
  if (cite === undefined || filter === undefined) return undefined;
  // Prepared (one statement text per filter kind): planning it cost about as much as running it.
  const rows = await preparedRows<Row>(
    db,
    sql`WITH d AS (
          SELECT d.id, d.external_id, d.metadata->>'title' AS title, b.id AS main_branch_id, b.languages,
            coalesce(${language ?? null}::text, b.languages[1], 'cs') AS asked
          FROM documents d LEFT JOIN branches b ON b.document_id = d.id AND b.kind = 'main'
          ${filter} LIMIT 1
        ), a AS (
          SELECT n.id, n.branch_id, n.order_index, n.depth FROM nodes n, d
          WHERE n.branch_id = d.main_branch_id AND strpos(n.cite_key, ${cite.digits}) > 0
            AND n.cite_key ~* ${cite.pattern}
          ORDER BY (n.node_type = 'article') DESC, n.depth, n.order_index LIMIT 1
        ), e AS (
          -- The next node not under the provision: the first one in order (nodes_branch_order_key).
          SELECT coalesce((SELECT n.order_index FROM nodes n
            WHERE n.branch_id = a.branch_id AND n.order_index > a.order_index AND n.depth <= a.depth
            ORDER BY n.order_index LIMIT 1), 2147483647) AS end_index FROM a
        ), l AS (
          SELECT g.language_id, g.iso_639_1 FROM languages g, d
          WHERE g.iso_639_1 = CASE WHEN d.asked = ANY(coalesce(d.languages, '{}')) THEN d.asked
                                   ELSE coalesce(d.languages[1], d.asked) END
        )
        SELECT d.id, d.external_id, d.title, d.main_branch_id, d.languages, a.id AS node_id, l.iso_639_1 AS language,
          t.node_id AS line_node_id, t.cite_key, t.node_cite_key, t.depth, t.text, t.has_text
        FROM d LEFT JOIN a ON true LEFT JOIN l ON true
        LEFT JOIN LATERAL (
          SELECT n.id AS node_id, f.cite_key, n.cite_key AS node_cite_key, n.depth, f.text, f.has_text,
            n.order_index, f.seq
          FROM e, nodes n JOIN fragments f ON f.node_id = n.id AND f.language_id = l.language_id
            AND ${importedFragmentsOnly('f')}
          WHERE n.branch_id = a.branch_id AND n.order_index >= a.order_index AND n.order_index < e.end_index
          ORDER BY n.order_index, f.seq LIMIT 400
        ) t ON true
        ORDER BY t.order_index, t.seq`,
  );
  const head = rows[0];
  if (!head) return undefined;
  const document: DocumentHit = {
    id: head.id,
    externalId: head.external_id,
    title: head.title,
    mainBranchId: head.main_branch_id,
    languages: head.languages ?? [],
  };
  if (head.node_id === null) return { document };
  if (head.line_node_id === null || head.language === null) return { document, nodeId: head.node_id };
  const provisionCiteKey = head.node_cite_key ?? head.cite_key;
  return {
    document,
    nodeId: head.node_id,
    provision: {
      document,
      nodeId: head.node_id,
      citeKey: provisionCiteKey,
      citation: provisionCiteKey ? `${provisionCiteKey}, ${document.externalId}` : document.externalId,
      path: provisionPath(document.id, document.title, head.node_id),
      language: head.language,
      lines: rows
        .filter((row) => row.has_text && row.text !== null && row.text.trim() !== '')
        .map((row) => ({
          nodeId: row.line_node_id!,
          citeKey: row.node_cite_key ?? row.cite_key,
          depth: Number(row.depth),
          text: row.text!,
        })),
    },
  };
}
