// The Copilot's reading of the library: documents by number or title words, a provision by cite
// key, a provision's text, and full-text search over provisions (main versions: /v1/search's own,
// server/search/). Imported text only: its answers (and the Copilot's) never show a user's saved
// translations (provision_search holds imported fragments alone).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalKeyOf, foldForSearch } from '../../src/shared/search-keys.js';
import { escapeLike } from '../library/documents.js';
import { languageByCode } from '../library/languages.js';
import { sqlRows } from '../db/sql.js';
import { importedFragmentsOnly } from '../policies/translations.js';
import { provisionPath } from '../../src/shared/document-path.js';
import { isUuid } from '../../src/shared/uuid.js';
import { parseQuery, type QueryTerm } from '../search/parse-query.js';
import { search } from '../search/search.js';
import { matchRanges } from '../search/snippet.js';
import { citeKeyPattern, type CiteKeyRequest } from './question.js';
import { wordStem } from '../search/word-stem.js';

export interface DocumentHit {
  id: string;
  externalId: string;
  title: string;
  mainBranchId: string | null;
  languages: string[];
}

export interface ProvisionLine {
  nodeId: string;
  citeKey: string | null;
  depth: number;
  text: string;
}

export interface Provision {
  document: DocumentHit;
  nodeId: string;
  citeKey: string | null;
  /** 'Čl. 54, 1/1993 Sb.' */
  citation: string;
  /** /documents/{id}-{slug}?node={node_id} */
  path: string;
  language: string;
  lines: ProvisionLine[];
}

export interface FragmentHit {
  fragmentId: string;
  nodeId: string;
  documentId: string;
  /** The full-text rank /v1/search gives it. */
  score: number;
  /** Which of the query's terms its snippet shows: bit i for term i (an any-word match has some). */
  mask: number;
}

interface DocumentRow {
  id: string;
  external_id: string;
  title: string;
  search_text: string;
  main_branch_id: string | null;
  languages: string[] | null;
}

const DOCUMENT_COLUMNS = sql`d.id, d.external_id, d.metadata->>'title' AS title, d.search_text,
  b.id AS main_branch_id, b.languages`;
const DOCUMENT_FROM = sql`documents d LEFT JOIN branches b ON b.document_id = d.id AND b.kind = 'main'`;

const toHit = (row: DocumentRow): DocumentHit => ({
  id: row.id,
  externalId: row.external_id,
  title: row.title,
  mainBranchId: row.main_branch_id,
  languages: row.languages ?? [],
});

/** A document by id, law number ('1/1993', '1/1993 Sb.') or, failing both, title words. */
export async function findDocument(db: Db, reference: string): Promise<DocumentHit | undefined> {
  const trimmed = reference.trim();
  if (isUuid(trimmed)) {
    const [row] = await sqlRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE d.id = ${trimmed.toLowerCase()}`,
    );
    return row && toHit(row);
  }
  const byNumber = await documentsByNumbers(db, [trimmed]);
  if (byNumber.length > 0) return byNumber[0];
  const words = foldForSearch(trimmed)
    .split(' ')
    .filter((word) => word.length >= 3)
    .map(wordStem);
  const [best] = await documentsByTitle(db, words, [foldForSearch(trimmed)]);
  return best;
}

/** Documents whose number starts with one of these ('1/1993' → '1/1993 Sb.'), exact numbers first. */
export async function documentsByNumbers(db: Db, numbers: string[]): Promise<DocumentHit[]> {
  const found: DocumentHit[] = [];
  for (const number of numbers) {
    const key = externalKeyOf(number);
    if (!key) continue;
    const rows = await sqlRows<DocumentRow>(
      db,
      sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM}
          WHERE d.external_key LIKE ${escapeLike(key) + '%'}
          ORDER BY (d.external_key = ${key}) DESC, length(d.external_key), d.external_key LIMIT 3`,
    );
    found.push(...rows.map(toHit));
  }
  return found;
}

/**
 * Documents named by title words, best first: a phrase of a common name ('ustava ceske
 * republiky') outranks words; a title word with the same stem ('ustava' for 'ustavy') outranks a
 * mere prefix ('ustavni'); then the shorter title.
 */
export async function documentsByTitle(
  db: Db,
  stems: string[],
  phrases: string[] = [],
  limit = 5,
): Promise<DocumentHit[]> {
  const likes = [...phrases, ...stems]
    .filter((value) => value.length >= 3)
    .map((value) => sql`d.search_text LIKE ${'%' + escapeLike(value) + '%'}`);
  if (likes.length === 0) return [];
  const rows = await sqlRows<DocumentRow>(
    db,
    sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE ${sql.join(likes, sql` OR `)}
        ORDER BY length(d.search_text) LIMIT 200`,
  );
  const scored = rows.map((row) => {
    const titleWords = row.search_text.split(' ');
    let score = 0;
    for (const phrase of phrases)
      if (row.search_text.startsWith(phrase) || row.search_text.includes(` ${phrase}`)) score += 10;
    for (const wanted of stems) {
      if (titleWords.some((word) => wordStem(word) === wanted)) score += 2;
      else if (titleWords.some((word) => word.startsWith(wanted))) score += 1;
    }
    return { row, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.row.search_text.length - b.row.search_text.length)
    .slice(0, limit)
    .map((entry) => toHit(entry.row));
}

/**
 * The node of a cite key in the main version of the first of these documents that has it
 * (articles before other nodes with the same key); with a paragraph, that paragraph of it.
 */
export async function findProvisionNode(
  db: Db,
  documents: DocumentHit[],
  citeKey: Pick<CiteKeyRequest, 'kind' | 'number' | 'paragraph'>,
): Promise<{ document: DocumentHit; nodeId: string } | undefined> {
  const withBranch = documents.filter((document) => document.mainBranchId);
  if (withBranch.length === 0) return undefined;
  const branchIds = withBranch.map((document) => sql`${document.mainBranchId}::uuid`);
  const rows = await sqlRows<{ id: string; branch_id: string; order_index: number; depth: number }>(
    db,
    sql`SELECT n.id, n.branch_id, n.order_index, n.depth FROM nodes n
        WHERE n.branch_id IN (${sql.join(branchIds, sql`, `)}) AND n.cite_key ~* ${citeKeyPattern(citeKey)}
        ORDER BY (n.node_type = 'article') DESC, n.depth, n.order_index`,
  );
  for (const document of withBranch) {
    const node = rows.find((row) => row.branch_id === document.mainBranchId);
    if (!node) continue;
    if (!citeKey.paragraph) return { document, nodeId: node.id };
    const [child] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT n.id FROM nodes n WHERE n.derived_parent_id = ${node.id} AND n.branch_id = ${node.branch_id}
            AND n.cite_key ~* ${citeKeyPattern({ kind: 'paragraph', number: citeKey.paragraph })}
          ORDER BY n.order_index LIMIT 1`,
    );
    return { document, nodeId: child?.id ?? node.id };
  }
  return undefined;
}

/** Nodes with a cite key in any main version (when the question names no document), articles first. */
export async function nodesByCiteKey(
  db: Db,
  citeKey: Pick<CiteKeyRequest, 'kind' | 'number'>,
  limit: number,
): Promise<{ documentId: string; nodeId: string }[]> {
  const rows = await sqlRows<{ id: string; document_id: string }>(
    db,
    sql`SELECT n.id, b.document_id FROM nodes n JOIN branches b ON b.id = n.branch_id AND b.kind = 'main'
        WHERE n.cite_key ~* ${citeKeyPattern(citeKey)}
        ORDER BY (n.node_type = 'article') DESC, n.depth, b.document_id LIMIT ${limit}`,
  );
  return rows.map((row) => ({ documentId: row.document_id, nodeId: row.id }));
}

/** A node by id or by cite key within a document's main version. */
export async function findNode(db: Db, document: DocumentHit, reference: string): Promise<string | undefined> {
  const trimmed = reference.trim();
  if (isUuid(trimmed)) {
    const [row] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT n.id FROM nodes n JOIN branches b ON b.id = n.branch_id WHERE n.id = ${trimmed.toLowerCase()} AND b.document_id = ${document.id}`,
    );
    return row?.id;
  }
  const section = /^§\s*(\d{1,4}[a-z]?)$/i.exec(trimmed);
  const article = /^(?:čl|cl|článek|art|article|artikel)\.?\s*(\d{1,4}[a-z]?)$/i.exec(trimmed);
  const match = section ?? article;
  if (!match) return undefined;
  const found = await findProvisionNode(db, [document], {
    kind: section ? 'section' : 'article',
    number: match[1]!.toLowerCase(),
  });
  return found?.nodeId;
}

/**
 * A provision's text: the node and everything under it, in one language (the question's when
 * the version has it, else the version's main language), in document order.
 */
export async function readProvisionText(
  db: Db,
  document: DocumentHit,
  nodeId: string,
  language: string,
): Promise<Provision | undefined> {
  const lang = document.languages.includes(language) ? language : (document.languages[0] ?? language);
  const languageRow = await languageByCode(db, lang);
  if (!languageRow) return undefined;
  const rows = await sqlRows<{
    node_id: string;
    cite_key: string | null;
    node_cite_key: string | null;
    depth: number;
    text: string;
    has_text: boolean;
  }>(
    db,
    sql`WITH a AS (SELECT id, branch_id, order_index, depth, cite_key FROM nodes WHERE id = ${nodeId}),
        e AS (SELECT coalesce(min(n.order_index), 2147483647) AS end_index FROM nodes n, a
              WHERE n.branch_id = a.branch_id AND n.order_index > a.order_index AND n.depth <= a.depth)
        SELECT n.id AS node_id, f.cite_key, n.cite_key AS node_cite_key, n.depth, f.text, f.has_text
        FROM a, e, nodes n JOIN fragments f ON f.node_id = n.id AND f.language_id = ${languageRow.language_id}
          AND ${importedFragmentsOnly('f')}
        WHERE n.branch_id = a.branch_id AND n.order_index >= a.order_index AND n.order_index < e.end_index
        ORDER BY n.order_index, f.seq LIMIT 400`,
  );
  if (rows.length === 0) return undefined;
  const head = rows[0]!;
  const citeKey = head.node_cite_key ?? head.cite_key;
  return {
    document,
    nodeId,
    citeKey,
    citation: citeKey ? `${citeKey}, ${document.externalId}` : document.externalId,
    path: provisionPath(document.id, document.title, nodeId),
    language: lang,
    lines: rows
      .filter((row) => row.has_text && row.text.trim() !== '')
      .map((row) => ({
        nodeId: row.node_id,
        citeKey: row.node_cite_key ?? row.cite_key,
        depth: Number(row.depth),
        text: row.text,
      })),
  };
}

/** Documents whose hits are asked for at once (the search's page); enough for the few quoted. */
const SEARCH_DOCUMENTS = 20;
/** Hits per document: enough to fill an answer from the best document alone. */
const HITS_PER_DOCUMENT = 10;

/**
 * Provision hits of the main versions for these words, from the database full-text search that
 * /v1/search runs (server/search/search.ts, provision_search), in its order: documents by their
 * score, then each document's hits by rank. One language or all; within some documents or the
 * whole library. No index of its own: every instance reads the same tables the importer writes.
 */
export async function searchFragments(
  db: Db,
  words: string[],
  options: { language?: string; documentIds?: string[]; limit?: number },
): Promise<FragmentHit[]> {
  const q = words.join(' ').trim();
  const terms = parseQuery(q).terms;
  if (terms.length === 0) return [];
  const ask = (documentId?: string) =>
    search(db, {
      q,
      version: 'current',
      limit: SEARCH_DOCUMENTS,
      offset: 0,
      hits_per_document: HITS_PER_DOCUMENT,
      ...(options.language ? { lang: options.language } : {}),
      ...(documentId ? { document_id: documentId } : {}),
    });
  const scope = options.documentIds?.length ? options.documentIds : undefined;
  const results = scope ? await Promise.all(scope.map((id) => ask(id))) : [await ask()];
  const groups = results.flatMap((result) => result.groups).sort((a, b) => b.score - a.score);
  return groups
    .flatMap((group) =>
      // A resolved citation's hit has no fragment: the Copilot resolves cite keys itself.
      group.hits.flatMap((hit) =>
        hit.fragment_id
          ? [
              {
                fragmentId: hit.fragment_id,
                nodeId: hit.node_id,
                documentId: hit.document_id,
                score: hit.score,
                mask: termsMask(hit.snippet.text, terms),
              },
            ]
          : [],
      ),
    )
    .slice(0, options.limit ?? 40);
}

/** The terms whose words the text has, as the snippet's highlights mark them: bit i for terms[i]. */
function termsMask(text: string, terms: QueryTerm[]): number {
  return terms.reduce((mask, term, i) => (matchRanges(text, [term]).length > 0 ? mask | (1 << i) : mask), 0);
}

/** For each node, the article it belongs to (itself when it is one, or when it has no article above it). */
export async function provisionNodesOf(db: Db, nodeIds: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>(nodeIds.map((id) => [id, id]));
  if (nodeIds.length === 0) return result;
  const rows = await sqlRows<{ start_id: string; id: string }>(
    db,
    sql`WITH RECURSIVE up(start_id, id, node_type, parent, hops) AS (
          SELECT n.id, n.id, n.node_type, n.derived_parent_id, 0 FROM nodes n
          WHERE n.id IN (${sql.join(
            nodeIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          UNION ALL
          SELECT up.start_id, p.id, p.node_type, p.derived_parent_id, up.hops + 1
          FROM up JOIN nodes p ON p.id = up.parent
          WHERE up.node_type <> 'article' AND up.hops < 12)
        SELECT start_id, id FROM up WHERE node_type = 'article'`,
  );
  for (const row of rows) result.set(row.start_id, row.id);
  return result;
}

/** Documents by ids, with their main branches. */
export async function documentsByIds(db: Db, ids: string[]): Promise<Map<string, DocumentHit>> {
  if (ids.length === 0) return new Map();
  const rows = await sqlRows<DocumentRow>(
    db,
    sql`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENT_FROM} WHERE d.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.id, toHit(row)]));
}

/** A fragment with its document, for propose_translation. */
export async function findFragment(
  db: Db,
  fragmentId: string,
): Promise<{ id: string; documentId: string; nodeId: string } | undefined> {
  if (!isUuid(fragmentId)) return undefined;
  const [row] = await sqlRows<{ id: string; document_id: string; node_id: string }>(
    db,
    sql`SELECT f.id, b.document_id, f.node_id FROM fragments f JOIN branches b ON b.id = f.branch_id
        WHERE f.id = ${fragmentId.toLowerCase()} AND ${importedFragmentsOnly('f')}`,
  );
  return row && { id: row.id, documentId: row.document_id, nodeId: row.node_id };
}
