// Find in the document: the hits of a query in one version's text in one language, fragment by
// fragment in document order, counted with the same folding the reader highlights with
// (src/shared/find-text.ts). The database narrows the fragments when the query folds to ASCII and caseless symbols such as §
// (lower + translate, which PGlite and PostgreSQL both have without extensions); the count is exact here.
import { sql } from 'drizzle-orm';
import { FIND_MAX_ITEMS, type FindResult } from '../../src/api/contract/find.js';
import { asciiFoldTable, canNarrowInDatabase, findHits, foldQuery } from '../../src/shared/find-text.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { fragmentVisibleTo } from '../policies/translations.js';
import { resolveBranch } from './branches.js';
import { languageByCode, type LanguageRow } from './languages.js';

const FOLD = asciiFoldTable();
/** Characters of text shown before and after the first hit of a fragment. */
const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 100;

export interface FindOptions {
  documentId: string;
  branch?: string;
  language?: LanguageRow;
  query: string;
  viewerId: string | null;
}

interface TextRow {
  id: string;
  node_id: string;
  seq: number;
  cite_key: string | null;
  text: string;
}

export async function findInDocument(db: Db, options: FindOptions): Promise<FindResult> {
  const branch = await resolveBranch(db, options.documentId, options.branch);
  const language =
    options.language ?? (branch.languages[0] ? await languageByCode(db, branch.languages[0]) : undefined);
  if (!language) return { query: options.query, total: 0, items: [] };
  const needle = foldQuery(options.query);
  const narrow = canNarrowInDatabase(needle)
    ? sql`AND strpos(lower(translate(f.text, ${FOLD.from}, ${FOLD.to})), ${needle}) > 0`
    : sql``;
  // One fragment per place (an imported one and the viewer's translation may share a seq): the one with text, imported first.
  const rows = await sqlRows<TextRow>(
    db,
    sql`SELECT DISTINCT ON (f.seq) f.id, f.node_id, f.seq, f.cite_key, f.text
        FROM fragments f
        WHERE f.branch_id = ${branch.id} AND f.language_id = ${language.language_id} AND f.has_text
          AND ${fragmentVisibleTo('f', options.viewerId)} ${narrow}
        ORDER BY f.seq, (f.owner_id IS NULL) DESC`,
  );
  let total = 0;
  const items: FindResult['items'] = [];
  for (const row of rows) {
    const hits = findHits(row.text, options.query);
    if (hits.length === 0) continue;
    total += hits.length;
    if (items.length < FIND_MAX_ITEMS)
      items.push({
        fragment_id: row.id,
        node_id: row.node_id,
        seq: Number(row.seq),
        cite_key: row.cite_key,
        snippet: snippetAround(row.text, hits[0]!.start, hits[0]!.end),
        hits: hits.length,
      });
  }
  return { query: options.query, total, items };
}

/** The text around a hit, cut at word boundaries where it is cut, with '…' where it is. */
export function snippetAround(text: string, start: number, end: number): string {
  let from = Math.max(0, start - SNIPPET_BEFORE);
  let to = Math.min(text.length, end + SNIPPET_AFTER);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    if (space !== -1 && space < start) from = space + 1;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > end) to = space;
  }
  const body = text.slice(from, to).replace(/\s+/gu, ' ');
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`;
}
