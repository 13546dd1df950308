// Writes one parsed version of a work in one transaction: the document, its branch with
// nodes, fragments and spans, the translation memory, the users' saved translations (kept on a
// replace, carried into a newer version: carry-translations.ts), and the branch names of the work.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  alignmentGroups,
  branches,
  documents,
  fragments,
  languages as languagesTable,
  nodes,
  searchWords,
  spans,
  tmSegments,
  tmUnits,
  type DocumentMetadata,
} from '../db/schema.js';
import { branchIdFor, contentHashOf, documentIdFor, tmUnitIdFor } from './identity.js';
import { ImportError, type ParsedDocument } from './model.js';
import { flattenVersion } from './flatten.js';
import { externalKeyOf, foldForSearch } from '../../src/shared/search-keys.js';
import { renameBranches } from './branch-names.js';
import { insertInChunks } from './insert-chunks.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { carryTranslations, translationsToCarry } from './carry-translations.js';
import { addImportedAliases } from '../search/aliases.js';
import { refreshProvisionSearch } from '../search/provision-documents.js';

export interface StoredVersion {
  documentId: string;
  branchId: string;
  externalId: string;
  validFrom: string | null;
  status: 'created' | 'replaced' | 'unchanged';
  nodes: number;
  fragments: number;
}

/**
 * Runs inside the version's transaction once it is stored (not for an unchanged one): what must
 * commit with the version or not at all (the update schedule's notices). Its failure undoes the store.
 */
export type AfterStore = (tx: Tx, stored: StoredVersion) => Promise<void>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Which stored version a parsed document is: its work and the date it is in force from. */
export function versionIdentityOf(doc: ParsedDocument, sourceFile: string) {
  const validFrom = versionDateOf(doc, sourceFile);
  const documentId = documentIdFor(doc.externalId);
  return { documentId, branchId: branchIdFor(documentId, validFrom ?? 'undated'), validFrom };
}

export async function storeVersion(
  db: Db,
  doc: ParsedDocument,
  sourceFile: string,
  afterStore?: AfterStore,
): Promise<StoredVersion> {
  const { documentId, branchId, validFrom } = versionIdentityOf(doc, sourceFile);
  const contentHash = contentHashOf(doc);
  const rows = flattenVersion(doc, branchId);
  const base = { documentId, branchId, externalId: doc.externalId, validFrom };

  return db.transaction(async (tx) => {
    // One writer per work at a time (several importers on one PostgreSQL).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${documentId}))`);
    const existing = await tx
      .select({ id: branches.id, contentHash: branches.contentHash })
      .from(branches)
      .where(eq(branches.id, branchId));
    if (existing[0]?.contentHash === contentHash) {
      return { ...base, status: 'unchanged', nodes: rows.nodes.length, fragments: rows.fragments.length };
    }

    // Saved translations outlive the delete below, and carry into a newer version.
    const carried = await translationsToCarry(tx, { documentId, branchId, validFrom, replacing: !!existing[0] });
    await upsertDocument(tx, doc, documentId, validFrom);
    if (existing[0]) await tx.delete(branches).where(eq(branches.id, existing[0].id));
    const languageIds = await ensureLanguages(tx, [...new Set(rows.fragments.map((f) => f.language))]);

    await tx.insert(branches).values({
      id: branchId,
      documentId,
      // A unique placeholder; renameBranches gives the final name below.
      name: `pending-${branchId}`,
      kind: 'snapshot',
      validFrom,
      contentHash,
      sourceFile,
      nodeCount: rows.nodes.length,
      fragmentCount: rows.fragments.length,
      languages: rows.languages,
    });
    await insertInChunks(tx, nodes, rows.nodes);
    await insertInChunks(tx, alignmentGroups, rows.groups);
    await insertInChunks(
      tx,
      fragments,
      rows.fragments.map(({ language, ...row }) => ({ ...row, languageId: languageIds.get(language)! })),
    );
    await insertInChunks(tx, spans, rows.spans);
    await refreshProvisionSearch(tx, branchId, rows);
    if (doc.translationUnits?.length) await replaceTranslationMemory(tx, documentId, doc, languageIds);
    for (const batch of carried) await carryTranslations(tx, batch, branchId);
    await renameBranches(tx, documentId);
    const stored: StoredVersion = {
      ...base,
      status: existing[0] ? 'replaced' : 'created',
      nodes: rows.nodes.length,
      fragments: rows.fragments.length,
    };
    await afterStore?.(tx as Tx, stored);
    return stored;
  });
}

/** The date the version is in force from; null when the source has no date at all (a draft). */
function versionDateOf(doc: ParsedDocument, sourceFile: string): string | null {
  const date = doc.versionDate ?? doc.effectiveDate ?? doc.publishedDate ?? null;
  for (const [field, value] of Object.entries({
    versionDate: doc.versionDate,
    publishedDate: doc.publishedDate,
    effectiveDate: doc.effectiveDate,
    expiryDate: doc.expiryDate,
  })) {
    if (value !== undefined && !isCalendarDate(value)) {
      throw new ImportError(sourceFile, `metadata.${field}`, `"${value}" is not a date (YYYY-MM-DD)`);
    }
  }
  return date;
}

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * The work's title and metadata follow its newest version; the publication and entry-into-force
 * dates are the earliest known, the expiry date the newest version's.
 */
async function upsertDocument(tx: Tx, doc: ParsedDocument, documentId: string, validFrom: string | null) {
  const [newest] = await tx
    .select({ validFrom: sql<string | null>`max(${branches.validFrom})::text` })
    .from(branches)
    .where(eq(branches.documentId, documentId));
  const isNewest = !newest?.validFrom || (validFrom !== null && validFrom >= newest.validFrom);
  const metadata: DocumentMetadata = {
    title: doc.metadata.title,
    ...(doc.metadata.kind ? { kind: doc.metadata.kind } : {}),
    ...(doc.metadata.issuer ? { issuer: doc.metadata.issuer } : {}),
    source_system: doc.metadata.sourceSystem,
    ...(doc.metadata.sourceIds ? { source_ids: doc.metadata.sourceIds } : {}),
  };
  const values = {
    id: documentId,
    externalId: doc.externalId,
    externalKey: externalKeyOf(doc.externalId),
    metadata,
    searchText: foldForSearch(`${doc.metadata.title} ${doc.externalId}`),
    publishedDate: doc.publishedDate ?? null,
    effectiveDate: doc.effectiveDate ?? null,
    expiryDate: doc.expiryDate ?? null,
  };
  await tx
    .insert(documents)
    .values(values)
    .onConflictDoUpdate({
      target: documents.id,
      set: {
        ...(isNewest ? { metadata, searchText: values.searchText, expiryDate: values.expiryDate } : {}),
        publishedDate: sql`least(${documents.publishedDate}, excluded.published_date)`,
        effectiveDate: sql`least(${documents.effectiveDate}, excluded.effective_date)`,
        updatedAt: sql`now()`,
      },
    });
  await addImportedAliases(tx, documentId, doc.externalId, doc.metadata.title);
  const words = searchWordsOf(values.searchText);
  if (words.length > 0) {
    await tx
      .insert(searchWords)
      .values(words.map((word) => ({ word })))
      .onConflictDoNothing();
  }
}

/** The words autocomplete may correct a typo to: letters only, three or more. */
export function searchWordsOf(searchText: string): string[] {
  return [...new Set(searchText.split(' ').filter((word) => word.length >= 3 && !/[0-9]/.test(word)))];
}

/** Maps ISO 639-1 codes to language ids, adding codes the seed list lacks. */
async function ensureLanguages(tx: Tx, codes: string[]): Promise<Map<string, number>> {
  const known = await tx.select().from(languagesTable);
  const ids = new Map(known.map((l) => [l.iso6391, l.languageId]));
  for (const code of codes) {
    if (ids.has(code)) continue;
    const [row] = await sqlRows<{ language_id: number }>(
      tx as unknown as Db,
      sql`
      INSERT INTO languages (language_id, iso_639_1, name)
      SELECT coalesce(max(language_id), 0) + 1, ${code}, ${code} FROM languages
      ON CONFLICT (iso_639_1) DO UPDATE SET name = languages.name
      RETURNING language_id`,
    );
    ids.set(code, Number(row!.language_id));
  }
  return ids;
}

async function replaceTranslationMemory(
  tx: Tx,
  documentId: string,
  doc: ParsedDocument,
  languageIds: Map<string, number>,
) {
  await tx.delete(tmUnits).where(eq(tmUnits.documentId, documentId));
  const units = doc.translationUnits!.map((_, seq) => ({ id: tmUnitIdFor(documentId, seq), documentId, seq }));
  const codes = [...new Set(doc.translationUnits!.flatMap((unit) => Object.keys(unit.segments)))];
  const allIds = await ensureLanguages(
    tx,
    codes.filter((code) => !languageIds.has(code)),
  );
  const segments = doc.translationUnits!.flatMap((unit, seq) =>
    Object.entries(unit.segments)
      .filter(([, text]) => text.trim() !== '')
      .map(([code, text]) => ({
        unitId: units[seq]!.id,
        languageId: languageIds.get(code) ?? allIds.get(code)!,
        text,
      })),
  );
  await insertInChunks(tx, tmUnits, units);
  await insertInChunks(tx, tmSegments, segments);
}
