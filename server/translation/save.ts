// POST /legal/fragments: a translation saved into the caller's translation layer, aligned with its
// source in one transaction (decision in docs/ARCHITECTURE.md, rights in server/policies/translations.ts).
import { sql } from 'drizzle-orm';
import type { SaveFragmentRequest } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { conflict, groupNodeMismatch, notFound, translationExists } from '../http/errors.js';
import { fragmentUidFor, normalizeText, spanIdFor, translationFragmentIdFor } from '../importers/identity.js';
import { repositionSpans, type SourceSpan } from './reposition-spans.js';
import { resolveSaveLanguage } from './save-language.js';

/** Saved translations one user may hold, carried-forward ones included (409 quota_exceeded beyond). */
export const MAX_TRANSLATIONS_PER_USER = 20_000;

export interface SavedTranslation {
  id: string;
  /** false: the row was there already (a retry, or a new text replacing the old one): 200, not 201. */
  created: boolean;
}

interface GroupRow {
  branch_id: string;
  node_id: string;
  document_id: string;
}

interface SourceRow {
  id: string;
  language_id: number | string;
  seq: number;
  cite_key: string | null;
  text: string;
}

type SpanMetadata = Record<string, unknown>;

/**
 * Saves `body.text` as `ownerId`'s translation of the alignment group. The text is stored
 * normalized like imported text. The same text again changes nothing (an idempotent retry); a new
 * text replaces the old, goes back to 'translated' (a review was of the old wording) and is no
 * longer stale (the translator wrote it against the current source).
 */
export async function saveTranslation(
  db: Db,
  ownerId: string,
  body: SaveFragmentRequest,
  maxPerUser = MAX_TRANSLATIONS_PER_USER,
): Promise<SavedTranslation> {
  const text = normalizeText(body.text);
  return db.transaction(async (tx) => {
    const group = await lockedGroup(tx, body.alignment_group_id);
    const [node] = await sqlRows<{ external_id: string }>(
      tx,
      sql`SELECT external_id FROM nodes WHERE id = ${body.node_id}`,
    );
    if (!node) throw notFound('Node', 'node_id');
    if (group.node_id !== body.node_id) throw groupNodeMismatch();
    const language = await resolveSaveLanguage(tx, body);

    // The imported members: the source is the first with text in the branch's language order.
    const imported = await sqlRows<SourceRow>(
      tx,
      sql`SELECT f.id, f.language_id, f.seq, f.cite_key, f.text
          FROM fragments f
          JOIN languages l ON l.language_id = f.language_id
          JOIN branches b ON b.id = f.branch_id
          WHERE f.group_id = ${body.alignment_group_id} AND f.owner_id IS NULL
          ORDER BY f.has_text DESC, array_position(b.languages, l.iso_639_1) NULLS LAST, l.iso_639_1, f.id`,
    );
    const source = imported[0];
    if (!source) throw notFound('Source text of the alignment group', 'alignment_group_id');
    if (imported.some((f) => Number(f.language_id) === language.id)) throw translationExists();

    // Saves of one user run one at a time (the quota count and the occurrence below hold);
    // NO KEY UPDATE leaves the foreign-key checks of other writers free.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${ownerId} FOR NO KEY UPDATE`);
    const id = translationFragmentIdFor(body.alignment_group_id, language.code, ownerId);
    const [existing] = await sqlRows<{ text: string }>(tx, sql`SELECT text FROM fragments WHERE id = ${id}`);
    if (existing?.text === text) return { id, created: false };
    if (!existing) await assertWithinQuota(tx, ownerId, maxPerUser);

    // The importers' content identity; `occurrence` tells apart equal texts of one node in this layer.
    const [earlier] = await sqlRows<{ count: number | string }>(
      tx,
      sql`SELECT count(*) AS count FROM fragments
          WHERE node_id = ${body.node_id} AND language_id = ${language.id} AND owner_id = ${ownerId}
            AND seq < ${source.seq} AND text = ${text}`,
    );
    const fragmentUid = fragmentUidFor(language.code, node.external_id, text, Number(earlier?.count ?? 0));
    await tx.execute(
      sql`INSERT INTO fragments (id, branch_id, node_id, language_id, seq, cite_key, fragment_uid, group_id, has_text,
                                 text, owner_id, translation_status, stale, stale_source_text, translated_at)
          VALUES (${id}, ${group.branch_id}, ${body.node_id}, ${language.id}, ${source.seq}, ${source.cite_key},
                  ${fragmentUid}, ${body.alignment_group_id}, true, ${text}, ${ownerId}, 'translated', false, NULL, now())
          ON CONFLICT (id) DO UPDATE SET text = EXCLUDED.text, fragment_uid = EXCLUDED.fragment_uid,
            translation_status = 'translated', stale = false, stale_source_text = NULL, translated_at = now()`,
    );
    await replaceSpans(tx, id, source, text);
    return { id, created: !existing };
  });
}

/**
 * The group and its branch, read under a shared lock on its document: store-version.ts takes the
 * same key exclusively while it replaces a branch and carries its translations forward, so a save
 * lands either before (and is carried) or after (on rows that still exist), never in between.
 */
async function lockedGroup(tx: Tx, groupId: string): Promise<GroupRow> {
  const find = () =>
    sqlRows<GroupRow>(
      tx,
      sql`SELECT g.branch_id, g.node_id, b.document_id
          FROM alignment_groups g JOIN branches b ON b.id = g.branch_id
          WHERE g.group_id = ${groupId}`,
    );
  const [unlocked] = await find();
  if (!unlocked) throw notFound('Alignment group', 'alignment_group_id');
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${unlocked.document_id}))`);
  const [group] = await find();
  if (!group) throw notFound('Alignment group', 'alignment_group_id');
  return group;
}

async function assertWithinQuota(tx: Tx, ownerId: string, max: number) {
  const [row] = await sqlRows<{ count: number | string }>(
    tx,
    sql`SELECT count(*) AS count FROM fragments WHERE owner_id = ${ownerId}`,
  );
  if (Number(row?.count ?? 0) >= max)
    throw conflict('quota_exceeded', `Limit reached: at most ${max} saved translations per user`);
}

/** The source's reference spans re-positioned into the saved text; the old ones go. */
async function replaceSpans(tx: Tx, fragmentId: string, source: SourceRow, text: string) {
  await tx.execute(sql`DELETE FROM spans WHERE fragment_id = ${fragmentId}`);
  const sourceSpans = await sqlRows<{ abs_start: number; abs_end: number; metadata: SpanMetadata }>(
    tx,
    sql`SELECT abs_start, abs_end, metadata FROM spans WHERE fragment_id = ${source.id} ORDER BY abs_start, abs_end`,
  );
  const spans: SourceSpan<SpanMetadata>[] = sourceSpans.map((s) => ({
    start: s.abs_start,
    end: s.abs_end,
    metadata: s.metadata,
  }));
  for (const span of repositionSpans(source.text, spans, text)) {
    await tx.execute(
      sql`INSERT INTO spans (id, fragment_id, abs_start, abs_end, metadata)
          VALUES (${spanIdFor(fragmentId, span.start, span.end)}, ${fragmentId}, ${span.start}, ${span.end},
                  ${JSON.stringify(span.metadata)}::jsonb)`,
    );
  }
}
