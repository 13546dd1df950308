// Fragments: keyset pages in document order, texts in batches (in an aligned language when
// asked), one text with its ETag, and spans. Every read sees imported text and the viewer's own
// translation layer only (server/policies/translations.ts): another layer's fragment is an unknown id.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Fragment, FragmentText, FragmentTextItem, Span } from '../../src/api/contract/documents.js';
import type { FragmentTranslation } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { notFound, validationFailed } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { fragmentVisibleTo } from '../policies/translations.js';
import type { LanguageRow } from './languages.js';
import { branchSelectorCondition } from './branches.js';

/** The columns a fragment's translation state is read from. */
interface TranslationColumns {
  owner_id: string | null;
  translation_status: 'translated' | 'reviewed' | null;
  stale: boolean;
}

/** What a text answer says about its translation: imported text has no state and is never stale. */
export function translationOf(row: TranslationColumns): FragmentTranslation {
  return row.owner_id === null
    ? { status: null, stale: false, origin: 'imported' }
    : { status: row.translation_status ?? 'translated', stale: Boolean(row.stale), origin: 'translated' };
}

/**
 * When a viewer sees two fragments at one place and language (an imported one without text, say a
 * cite-key-only one, and their saved translation), one answers: the one with text, imported first.
 */
const PREFERRED = (alias: string) => sql.raw(`${alias}.has_text DESC, (${alias}.owner_id IS NULL) DESC`);

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
  viewerId: string | null,
): Promise<{ items: FragmentItem[]; next_cursor: string | null } | undefined> {
  const after = decodeCursor(cursor);
  const branchMatch = branchSelectorCondition(branchSelector);
  const languageId = language
    ? sql`${language.language_id}::smallint`
    : sql`(SELECT l.language_id FROM languages l WHERE l.iso_639_1 = b.languages[1])`;
  const rows = await sqlRows<Omit<FragmentItem, 'language_code'> & { language_code: string | null }>(
    db,
    // One fragment per seq (the keyset), so a place the viewer's layer also fills is listed once.
    sql`SELECT DISTINCT ON (f.seq) f.id, f.node_id, f.language_id, l.iso_639_1 AS language_code, f.cite_key,
          f.fragment_uid, f.group_id, f.has_text, f.seq
        FROM branches b
        JOIN fragments f ON f.branch_id = b.id AND f.language_id = ${languageId} AND f.seq > ${after}
          AND ${fragmentVisibleTo('f', viewerId)}
        JOIN languages l ON l.language_id = f.language_id
        WHERE b.document_id = ${documentId} AND ${branchMatch}
        ORDER BY f.seq, ${PREFERRED('f')} LIMIT ${limit + 1}`,
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
type TextRow = Omit<TextItem, 'translation'> & TranslationColumns;

/**
 * Texts in the order asked; ids that name no fragment the viewer sees are left out. With a
 * language, each id answers with its group's fragment in that language (itself when it is in
 * it), else with its own text: at most one row per id.
 */
export async function getFragmentTexts(
  db: Db,
  ids: string[],
  language: LanguageRow | undefined,
  viewerId: string | null,
): Promise<TextItem[]> {
  const unique = [...new Set(ids)];
  // One array parameter, so the statement text is the same for every batch size.
  const idArray = sql`${sql.param(unique)}::uuid[]`;
  const rows = await sqlRows<TextRow>(
    db,
    language
      ? sql`SELECT f.id, f.node_id, f.cite_key, t.id AS source_fragment_id, t.text, t.has_text, t.language_id,
              l.iso_639_1 AS language_code, t.owner_id, t.translation_status, t.stale
            FROM fragments f
            CROSS JOIN LATERAL (
              SELECT a.id, a.text, a.has_text, a.language_id, a.owner_id, a.translation_status, a.stale
              FROM fragments a
              WHERE a.id = f.id
                 OR (a.group_id = f.group_id AND a.language_id = ${language.language_id}
                     AND ${fragmentVisibleTo('a', viewerId)})
              ORDER BY (a.language_id = ${language.language_id}) DESC, (a.id = f.id) DESC, ${PREFERRED('a')}
              LIMIT 1) t
            JOIN languages l ON l.language_id = t.language_id
            WHERE f.id = ANY(${idArray}) AND ${fragmentVisibleTo('f', viewerId)}`
      : sql`SELECT f.id, f.node_id, f.cite_key, f.id AS source_fragment_id, f.text, f.has_text,
              f.language_id, l.iso_639_1 AS language_code, f.owner_id, f.translation_status, f.stale
            FROM fragments f JOIN languages l ON l.language_id = f.language_id
            WHERE f.id = ANY(${idArray}) AND ${fragmentVisibleTo('f', viewerId)}`,
  );
  const byId = new Map(
    rows.map(({ owner_id, translation_status, stale, ...row }) => [
      row.id,
      {
        ...row,
        language_id: Number(row.language_id),
        translation: translationOf({ owner_id, translation_status, stale }),
      },
    ]),
  );
  return unique.flatMap((id) => byId.get(id) ?? []);
}

export interface FragmentTextAnswer {
  body: z.infer<typeof FragmentText>;
  etag: string;
  /** A saved translation: only its owner may see it, so no shared cache may keep it. */
  private: boolean;
}

export async function getFragmentText(db: Db, id: string, viewerId: string | null): Promise<FragmentTextAnswer> {
  const [row] = await sqlRows<
    Omit<z.infer<typeof FragmentText>, 'translation'> & TranslationColumns & { fragment_uid: string }
  >(
    db,
    sql`SELECT f.text, b.document_id, f.branch_id, f.node_id, f.language_id, l.iso_639_1 AS language_code, f.fragment_uid,
          f.owner_id, f.translation_status, f.stale, f.stale_source_text
        FROM fragments f
        JOIN branches b ON b.id = f.branch_id
        JOIN languages l ON l.language_id = f.language_id
        WHERE f.id = ${id} AND ${fragmentVisibleTo('f', viewerId)}`,
  );
  if (!row) throw notFound('Fragment');
  const { fragment_uid, owner_id, translation_status, stale, stale_source_text, ...rest } = row;
  const translation = translationOf({ owner_id, translation_status, stale });
  const body = {
    ...rest,
    language_id: Number(rest.language_id),
    translation,
    stale_source_text: translation.stale ? stale_source_text : null,
  };
  if (owner_id === null) {
    // The uid already is a hash of language, place and text: a strong validator for free.
    return { body, etag: `"${fragment_uid}"`, private: false };
  }
  // A saved translation's state changes without its text (review, stale cleared): both count.
  const state = createHash('sha256')
    .update(JSON.stringify([fragment_uid, translation.status, translation.stale, body.stale_source_text]))
    .digest('base64url')
    .slice(0, 27);
  return { body, etag: `"t-${state}"`, private: true };
}

/** The spans of a fragment the viewer sees; 404 for any other. */
export async function listSpans(db: Db, fragmentId: string, viewerId: string | null): Promise<z.infer<typeof Span>[]> {
  const rows = await sqlRows<Omit<z.infer<typeof Span>, 'id'> & { id: string | null }>(
    db,
    sql`SELECT s.id, f.id AS fragment_id, s.abs_start, s.abs_end, s.metadata
        FROM fragments f LEFT JOIN spans s ON s.fragment_id = f.id
        WHERE f.id = ${fragmentId} AND ${fragmentVisibleTo('f', viewerId)}
        ORDER BY s.abs_start, s.abs_end, s.id`,
  );
  if (rows.length === 0) throw notFound('Fragment');
  return rows.flatMap((row) => (row.id === null ? [] : [{ ...row, id: row.id }]));
}
