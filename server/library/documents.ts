// Reading documents: the row shape the list shares (the list itself is document-list.ts), one
// document with its counts, its languages.
import { sql } from 'drizzle-orm';
import type { Document } from '../../src/api/contract/documents.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { resolveBranch } from './branches.js';
import { titleInLanguage } from './document-titles.js';
import { sqlRows } from '../db/sql.js';
import { fragmentVisibleTo } from '../policies/translations.js';

export interface DocumentRow {
  id: string;
  external_id: string;
  metadata: Document['metadata'];
  published_date: string | null;
  effective_date: string | null;
  expiry_date: string | null;
  updated_at: string;
  branch_id: string | null;
  branch_name: string | null;
  node_count: number | null;
  fragment_count: number | null;
  branch_languages: string[] | null;
  all_languages: string[] | null;
}

/** Columns of a document joined with one of its branches (`b`, possibly absent). */
export const DOCUMENT_COLUMNS = sql`d.id, d.external_id, d.metadata,
  to_char(d.published_date, 'YYYY-MM-DD') AS published_date,
  to_char(d.effective_date, 'YYYY-MM-DD') AS effective_date,
  to_char(d.expiry_date, 'YYYY-MM-DD') AS expiry_date,
  to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
  b.id AS branch_id, b.name AS branch_name, b.node_count, b.fragment_count, b.languages AS branch_languages,
  (SELECT array_agg(DISTINCT language) FROM branches ab, unnest(ab.languages) AS language
    WHERE ab.document_id = d.id) AS all_languages`;

export function toDocument(row: DocumentRow): Document {
  // The branch's own languages first (in their main-language-first order), then the rest.
  const languages = [...new Set([...(row.branch_languages ?? []), ...(row.all_languages ?? [])])];
  return {
    id: row.id,
    external_id: row.external_id,
    title: row.metadata.title,
    metadata: row.metadata,
    published_date: row.published_date,
    effective_date: row.effective_date,
    expiry_date: row.expiry_date,
    updated_at: row.updated_at,
    counts: { nodes: Number(row.node_count ?? 0), fragments: Number(row.fragment_count ?? 0) },
    languages,
    branch: row.branch_id ? { id: row.branch_id, name: row.branch_name! } : null,
  };
}

export async function getDocument(db: Db, id: string, branchSelector?: string, lang?: string): Promise<Document> {
  const branch = branchSelector === undefined ? undefined : await resolveBranch(db, id, branchSelector);
  const join = branch ? sql`b.id = ${branch.id}` : sql`b.document_id = d.id AND b.kind = 'main'`;
  const [row] = await sqlRows<DocumentRow>(
    db,
    sql`SELECT ${DOCUMENT_COLUMNS} FROM documents d LEFT JOIN branches b ON ${join} WHERE d.id = ${id}`,
  );
  if (!row) throw notFound('Document');
  const document = toDocument(row);
  const mainLanguage = row.branch_languages?.[0] ?? null;
  if (lang === undefined || lang === mainLanguage || !row.branch_id || !mainLanguage) {
    return { ...document, title_language: mainLanguage };
  }
  const title = await titleInLanguage(db, row.branch_id, mainLanguage, document.title, lang);
  return title ? { ...document, title, title_language: lang } : { ...document, title_language: mainLanguage };
}

/** The languages of a version the viewer can read: imported ones and those of their own translation layer. */
export async function listDocumentLanguages(
  db: Db,
  id: string,
  branchSelector: string | undefined,
  viewerId: string | null,
) {
  const branch = await resolveBranch(db, id, branchSelector);
  const rows = await sqlRows<{ language_id: number; iso_639_1: string; name: string; fragments: number }>(
    db,
    sql`SELECT l.language_id, l.iso_639_1, l.name, count(*) FILTER (WHERE f.has_text)::int AS fragments
        FROM fragments f JOIN languages l ON l.language_id = f.language_id
        WHERE f.branch_id = ${branch.id} AND ${fragmentVisibleTo('f', viewerId)}
        GROUP BY l.language_id, l.iso_639_1, l.name`,
  );
  const rank = (code: string) => {
    const index = branch.languages.indexOf(code);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return rows
    .map((row) => ({ ...row, language_id: Number(row.language_id), fragments: Number(row.fragments) }))
    .sort((a, b) => rank(a.iso_639_1) - rank(b.iso_639_1) || a.iso_639_1.localeCompare(b.iso_639_1));
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
