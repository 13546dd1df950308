// Saved translations (fragments with an owner) across versions of a work: read them from the
// version they were written in, then put them into a newly stored branch, unchanged or flagged stale.
//
// Used by store-version.ts in the import's transaction (issue 11):
// - a branch is replaced (same date, new content): its own translations are read before the
//   delete and put back into the new content;
// - the newest dated version is stored (new, or replaced): the translations of the previous dated
//   version carry forward, never over one the branch already holds.
// An older version imported after a newer one gets nothing (a translation never travels back).
//
// A translation is placed by its source, the imported fragment of its group (first in the
// branch's language order): the same source content (fragment_uid) -> copied as is; the same
// structural place (node path and unit) with a new text -> copied, flagged stale, the old source
// kept for the old -> new diff, the review state kept (Tolgee's protect-reviewed); place gone ->
// not carried (it stays in the older version). Matching is one set-based query whatever the
// count; the writes are bulk inserts. Ids are UUID v5 (SHA-1), which PostgreSQL cannot compute
// without an extension, so they are computed here between the two.
import { sql } from 'drizzle-orm';
import { fragments, spans } from '../db/schema.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { fragmentUidFor, normalizeText, spanIdFor, translationFragmentIdFor } from './identity.js';
import { insertInChunks } from './insert-chunks.js';

/** One saved translation as read from its version, with what is needed to place it again. */
export interface SavedTranslation {
  ownerId: string;
  language: string;
  languageId: number;
  text: string;
  status: 'translated' | 'reviewed';
  stale: boolean;
  staleSourceText: string | null;
  /** ISO timestamp with microseconds (kept exactly). */
  translatedAt: string | null;
  /** The source's node path and the rank of its group among the node's units. */
  path: string;
  unitIndex: number;
  sourceUid: string;
  sourceLanguage: string;
  sourceText: string;
  spans: SavedSpan[];
}

interface SavedSpan {
  start: number;
  end: number;
  metadata: { kind: string; target_node_id?: string | null; [key: string]: unknown };
  /** The target node's path when it is a node of the same branch (re-pointed to the new one). */
  targetPath: string | null;
}

/**
 * The translations `storeVersion` must place into the branch it is about to write, in batches by
 * priority: the branch's own when it replaces it (read before the delete), then, when the version
 * is the newest dated one, the previous dated version's. A later batch never overwrites an
 * earlier one, so a re-imported newer version keeps its own. Call it before the old branch is
 * deleted.
 */
export async function translationsToCarry(
  tx: Tx,
  target: { documentId: string; branchId: string; validFrom: string | null; replacing: boolean },
): Promise<SavedTranslation[][]> {
  const batches = target.replacing ? [await readSavedTranslations(tx, target.branchId)] : [];
  if (target.validFrom === null) return batches;
  // The newest other dated version. Looked up on its own: as a subquery of the read below, the
  // planner (with no statistics yet mid-import) scanned all fragments on PostgreSQL.
  const [newest] = await sqlRows<{ id: string; older: boolean }>(
    tx,
    sql`SELECT id, valid_from < ${target.validFrom}::date AS older FROM branches
        WHERE document_id = ${target.documentId} AND valid_from IS NOT NULL AND id <> ${target.branchId}
        ORDER BY valid_from DESC LIMIT 1`,
  );
  // An older version imported after a newer one gets nothing: a translation never travels back.
  if (newest?.older) batches.push(await readSavedTranslations(tx, newest.id));
  return batches;
}

/** Every saved translation of a branch with its source, place and spans (one query). */
export async function readSavedTranslations(tx: Tx, branchId: string): Promise<SavedTranslation[]> {
  const rows = await sqlRows<{
    owner_id: string;
    language: string;
    language_id: number;
    text: string;
    status: 'translated' | 'reviewed';
    stale: boolean;
    stale_source_text: string | null;
    translated_at: string | null;
    path: string;
    unit_index: number;
    source_uid: string;
    source_language: string;
    source_text: string;
    spans: SavedSpan[] | string;
  }>(
    tx,
    sql`
    SELECT t.owner_id, tl.iso_639_1 AS language, t.language_id, t.text, t.translation_status AS status,
           t.stale, t.stale_source_text,
           to_char(t.translated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS translated_at,
           n.external_id AS path,
           (SELECT count(DISTINCT u.seq)::int FROM fragments u
             WHERE u.node_id = t.node_id AND u.owner_id IS NULL AND u.seq < t.seq) AS unit_index,
           src.fragment_uid AS source_uid, src.language AS source_language, src.text AS source_text,
           coalesce((
             SELECT jsonb_agg(jsonb_build_object('start', sp.abs_start, 'end', sp.abs_end,
                      'metadata', sp.metadata, 'targetPath', tn.external_id) ORDER BY sp.abs_start, sp.abs_end)
             FROM spans sp
             LEFT JOIN nodes tn ON tn.branch_id = t.branch_id
              AND tn.id = CASE WHEN sp.metadata->>'target_node_id' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                               THEN (sp.metadata->>'target_node_id')::uuid END
             WHERE sp.fragment_id = t.id), '[]'::jsonb) AS spans
    FROM fragments t
    JOIN languages tl ON tl.language_id = t.language_id
    JOIN nodes n ON n.id = t.node_id
    JOIN branches b ON b.id = t.branch_id
    JOIN LATERAL (
      SELECT s.fragment_uid, s.text, sl.iso_639_1 AS language FROM fragments s
      JOIN languages sl ON sl.language_id = s.language_id
      WHERE s.group_id = t.group_id AND s.owner_id IS NULL AND s.language_id <> t.language_id
      ORDER BY s.has_text DESC, array_position(b.languages, sl.iso_639_1) NULLS LAST, sl.iso_639_1, s.id
      LIMIT 1
    ) src ON true
    WHERE t.branch_id = ${branchId} AND t.owner_id IS NOT NULL
    ORDER BY t.seq, t.owner_id, t.language_id`,
  );
  return rows.map((row) => ({
    ownerId: row.owner_id,
    language: row.language,
    languageId: Number(row.language_id),
    text: row.text,
    status: row.status,
    stale: row.stale,
    staleSourceText: row.stale_source_text,
    translatedAt: row.translated_at,
    path: row.path,
    unitIndex: Number(row.unit_index),
    sourceUid: row.source_uid,
    sourceLanguage: row.source_language,
    sourceText: row.source_text,
    spans: typeof row.spans === 'string' ? (JSON.parse(row.spans) as SavedSpan[]) : row.spans,
  }));
}

interface Placement {
  ord: number;
  group_id: string;
  node_id: string;
  seq: number;
  cite_key: string | null;
  source_text: string;
  same_uid: boolean;
}

/** Places saved translations into a freshly written branch; returns how many were placed. */
export async function carryTranslations(tx: Tx, saved: SavedTranslation[], branchId: string): Promise<number> {
  if (saved.length === 0) return 0;
  const wanted = saved.map((t, ord) => ({
    ord,
    path: t.path,
    unit_index: t.unitIndex,
    source_uid: t.sourceUid,
    source_language: t.sourceLanguage,
    language_id: t.languageId,
    source_has_text: t.sourceText !== '',
  }));
  // The new source of each: the same content first, else the same unit of the same node.
  const placements = await sqlRows<Placement>(
    tx,
    sql`
    SELECT c.ord, f.group_id, f.node_id, f.seq, f.cite_key, f.text AS source_text,
           f.fragment_uid = c.source_uid AS same_uid
    FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
         AS c(ord int, path text, unit_index int, source_uid text, source_language text, language_id int,
            source_has_text boolean)
    JOIN languages sl ON sl.iso_639_1 = c.source_language
    JOIN LATERAL (
      SELECT 0 AS rank, f.group_id, f.node_id, f.seq, f.cite_key, f.text, f.fragment_uid FROM fragments f
      WHERE f.branch_id = ${branchId} AND f.fragment_uid = c.source_uid
        AND f.language_id = sl.language_id AND f.owner_id IS NULL
      UNION ALL
      SELECT 1, f.group_id, f.node_id, f.seq, f.cite_key, f.text, f.fragment_uid FROM nodes n
      JOIN fragments f ON f.node_id = n.id AND f.language_id = sl.language_id AND f.owner_id IS NULL
      -- A place left with a cite key only (its text moved into new paragraphs) is gone too.
      WHERE n.branch_id = ${branchId} AND n.external_id = c.path AND (f.has_text OR NOT c.source_has_text)
        AND f.seq = (SELECT DISTINCT u.seq FROM fragments u WHERE u.node_id = n.id AND u.owner_id IS NULL
                     ORDER BY u.seq OFFSET c.unit_index LIMIT 1)
      ORDER BY rank LIMIT 1
    ) f ON true
    -- An official text in the translation's language now imported there supersedes it (as a save
    -- there would answer 409 translation_exists).
    WHERE NOT EXISTS (SELECT 1 FROM fragments o
                      WHERE o.group_id = f.group_id AND o.owner_id IS NULL AND o.language_id = c.language_id)
    ORDER BY c.ord`,
  );
  if (placements.length === 0) return 0;

  const targetPaths = [...new Set(saved.flatMap((t) => t.spans.flatMap((s) => (s.targetPath ? [s.targetPath] : []))))];
  const nodeIdByPath = new Map<string, string>();
  if (targetPaths.length > 0) {
    const found = await sqlRows<{ id: string; external_id: string }>(
      tx,
      sql`SELECT id, external_id FROM nodes WHERE branch_id = ${branchId}
          AND external_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(targetPaths)}::jsonb))`,
    );
    for (const node of found) nodeIdByPath.set(node.external_id, node.id);
  }

  // Two translations landing on one place (the content moved onto another's unit): the one whose
  // source content is unchanged wins.
  const byId = new Map<string, Placement>();
  const idOf = (place: Placement) => {
    const t = saved[place.ord]!;
    return translationFragmentIdFor(place.group_id, t.language, t.ownerId);
  };
  for (const place of placements) {
    const held = byId.get(idOf(place));
    if (!held || (place.same_uid && !held.same_uid)) byId.set(idOf(place), place);
  }
  const placed = placements.filter((place) => byId.get(idOf(place)) === place);

  const occurrences = new Map<string, number>();
  const rows = placed.map((place) => {
    const t = saved[place.ord]!;
    const text = normalizeText(t.text);
    // The importers' uid rule for the new place; identical texts in one node count up.
    const key = `${t.ownerId}\u0000${t.language}\u0000${t.path}\u0000${text}`;
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    const unchanged = place.same_uid || place.source_text === t.sourceText;
    // The source it was translated from: an already stale one keeps its older source, and is
    // no longer stale when the new source reads as that one again.
    const translatedFrom = t.stale ? (t.staleSourceText ?? t.sourceText) : t.sourceText;
    const stale = unchanged ? t.stale : place.source_text !== translatedFrom;
    return {
      translation: t,
      row: {
        id: idOf(place),
        branchId,
        nodeId: place.node_id,
        languageId: t.languageId,
        seq: place.seq,
        citeKey: place.cite_key,
        fragmentUid: fragmentUidFor(t.language, t.path, text, occurrence),
        groupId: place.group_id,
        hasText: t.text !== '',
        text: t.text,
        ownerId: t.ownerId,
        translationStatus: t.status,
        stale,
        staleSourceText: unchanged ? t.staleSourceText : stale ? translatedFrom : null,
        // As text to the database: a JS Date would drop the microseconds.
        translatedAt: t.translatedAt === null ? null : sql`${t.translatedAt}::timestamptz`,
      },
    };
  });

  // A translation the branch already holds (saved into it meanwhile) wins: not overwritten.
  // Checked up front rather than with ON CONFLICT, whose speculative inserts cost twice as much.
  const held = await sqlRows<{ id: string; key: string }>(
    tx,
    sql`SELECT id, concat_ws(':', seq, language_id, owner_id) AS key FROM fragments
        WHERE branch_id = ${branchId} AND owner_id IS NOT NULL`,
  );
  const heldIds = new Set(held.flatMap((h) => [h.id, h.key]));
  const fresh = rows.filter(
    ({ row }) => !heldIds.has(row.id) && !heldIds.has(`${row.seq}:${row.languageId}:${row.ownerId}`),
  );
  // 16 columns: 2,000 rows stay under PostgreSQL's bind parameter limit (insert-chunks.ts).
  for (let start = 0; start < fresh.length; start += 2000) {
    await tx.insert(fragments).values(fresh.slice(start, start + 2000).map(({ row }) => row));
  }

  const spanRows = fresh.flatMap(({ translation, row }) =>
    translation.spans
      .filter((span) => span.start >= 0 && span.end <= translation.text.length && span.start < span.end)
      .map((span) => ({
        id: spanIdFor(row.id, span.start, span.end),
        fragmentId: row.id,
        absStart: span.start,
        absEnd: span.end,
        metadata:
          span.targetPath === null
            ? span.metadata
            : { ...span.metadata, target_node_id: nodeIdByPath.get(span.targetPath) ?? null },
      })),
  );
  await insertInChunks(tx, spans, spanRows);
  return fresh.length;
}
