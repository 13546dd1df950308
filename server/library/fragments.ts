// Fragments: keyset pages in document order, texts in batches (in an aligned language when
// asked), one text with its ETag, and spans.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Fragment, FragmentText, FragmentTextItem, Span } from '../../src/api/contract/documents.js';
import type { Db } from '../db/client.js';
import { notFound, validationFailed } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import type { LanguageRow } from './languages.js';
import { branchSelectorCondition } from './branches.js';

type FragmentItem = z.infer<typeof Fragment>;

/** Cursors are opaque to clients: base64url of the last seq seen. */
export const encodeCursor = (seq: number) => Buffer.from(`seq:${seq}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return -1;
  const match = /^seq:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw validationFailed('cursor', 'not a cursor this API issued');
  return Number(match[1]);
}

/**
 * One page of a branch's fragments in one language. The branch is found by selector (an id or a
 * name, main when absent) inside the same query, and the language defaults to the branch's main
 * one: one round trip per page. `undefined` means no such branch (or document).
 */
export async function listFragmentPage(
  db: Db,
  documentId: string,
  branchSelector: string | undefined,
  language: LanguageRow | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<{ items: FragmentItem[]; next_cursor: string | null } | undefined> {
  const after = decodeCursor(cursor);
  const branchMatch = branchSelectorCondition(branchSelector);
  const languageId = language
    ? sql`${language.language_id}::smallint`
    : sql`(SELECT l.language_id FROM languages l WHERE l.iso_639_1 = b.languages[1])`;
  const rows = await sqlRows<Omit<FragmentItem, 'language_code'> & { language_code: string | null }>(
    db,
    sql`SELECT f.id, f.node_id, f.language_id, l.iso_639_1 AS language_code, f.cite_key, f.fragment_uid,
          f.group_id, f.has_text, f.seq
        FROM branches b
        JOIN fragments f ON f.branch_id = b.id AND f.language_id = ${languageId} AND f.seq > ${after}
        JOIN languages l ON l.language_id = f.language_id
        WHERE b.document_id = ${documentId} AND ${branchMatch}
        ORDER BY f.seq LIMIT ${limit + 1}`,
  );
  if (rows.length === 0) {
    // No rows: the end of the list, or no such branch; only now is it worth asking which.
    const [branch] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT b.id FROM branches b WHERE b.document_id = ${documentId} AND ${branchMatch}`,
    );
    return branch ? { items: [], next_cursor: null } : undefined;
  }
  const page = rows.slice(0, limit).map((row) => ({
    ...row,
    language_id: Number(row.language_id),
    language_code: row.language_code ?? '',
    seq: Number(row.seq),
  }));
  const last = page.at(-1);
  return { items: page, next_cursor: rows.length > limit && last ? encodeCursor(last.seq) : null };
}

type TextItem = z.infer<typeof FragmentTextItem>;

/** Texts in the order asked; ids that name no fragment are left out. */
export async function getFragmentTexts(db: Db, ids: string[], language: LanguageRow | undefined): Promise<TextItem[]> {
  const unique = [...new Set(ids)];
  // One array parameter, so the statement text is the same for every batch size.
  const idArray = sql`${sql.param(unique)}::uuid[]`;
  const rows = await sqlRows<TextItem>(
    db,
    language
      ? sql`SELECT f.id, f.node_id, f.cite_key,
              coalesce(t.id, f.id) AS source_fragment_id, coalesce(t.text, f.text) AS text,
              coalesce(t.has_text, f.has_text) AS has_text,
              coalesce(t.language_id, f.language_id) AS language_id, l.iso_639_1 AS language_code
            FROM fragments f
            LEFT JOIN fragments t ON t.group_id = f.group_id AND t.language_id = ${language.language_id}
            JOIN languages l ON l.language_id = coalesce(t.language_id, f.language_id)
            WHERE f.id = ANY(${idArray})`
      : sql`SELECT f.id, f.node_id, f.cite_key, f.id AS source_fragment_id, f.text, f.has_text,
              f.language_id, l.iso_639_1 AS language_code
            FROM fragments f JOIN languages l ON l.language_id = f.language_id
            WHERE f.id = ANY(${idArray})`,
  );
  const byId = new Map(rows.map((row) => [row.id, { ...row, language_id: Number(row.language_id) }]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

export async function getFragmentText(
  db: Db,
  id: string,
): Promise<{ body: z.infer<typeof FragmentText>; etag: string }> {
  const [row] = await sqlRows<z.infer<typeof FragmentText> & { fragment_uid: string }>(
    db,
    sql`SELECT f.text, b.document_id, f.node_id, f.language_id, l.iso_639_1 AS language_code, f.fragment_uid
        FROM fragments f
        JOIN branches b ON b.id = f.branch_id
        JOIN languages l ON l.language_id = f.language_id
        WHERE f.id = ${id}`,
  );
  if (!row) throw notFound('Fragment');
  const { fragment_uid, ...body } = row;
  // The uid already is a hash of language, place and text: a strong validator for free.
  return { body: { ...body, language_id: Number(body.language_id) }, etag: `"${fragment_uid}"` };
}

export async function listSpans(db: Db, fragmentId: string): Promise<z.infer<typeof Span>[]> {
  const rows = await sqlRows<z.infer<typeof Span> & { exists: boolean }>(
    db,
    sql`SELECT s.id, s.fragment_id, s.abs_start, s.abs_end, s.metadata
        FROM spans s WHERE s.fragment_id = ${fragmentId} ORDER BY s.abs_start, s.abs_end`,
  );
  if (rows.length === 0) {
    const [exists] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM fragments WHERE id = ${fragmentId}`);
    if (!exists) throw notFound('Fragment');
  }
  return rows.map(({ exists: _exists, ...row }) => row);
}
