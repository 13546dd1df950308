// The members of an alignment group: the same provision's fragment in every language, found by
// the group or by any of its fragments (GET /legal/alignment-members), as the viewer's translation
// layer sees them: imported text and their own saved translations (the anonymous: imported only).
import { sql } from 'drizzle-orm';
import type { AlignmentMember, AlignmentMembers } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { notFound, validationFailed } from '../http/errors.js';
import { translationOf } from '../library/fragments.js';
import { fragmentVisibleTo } from '../policies/translations.js';

export interface AlignmentSelector {
  group_id?: string;
  fragment_id?: string;
}

interface MemberRow {
  fragment_id: string;
  language_code: string;
  language_id: number | string;
  language_name: string;
  owner_id: string | null;
  translation_status: 'translated' | 'reviewed' | null;
  stale: boolean;
}

/**
 * The group's fragments the viewer sees, one per language, its branch's languages in their order
 * (the source first), then the rest by code. Where an imported fragment without text (a cite key
 * only) and the viewer's saved translation share a language, the one with text is listed.
 */
export async function listAlignmentMembers(
  db: Db,
  selector: AlignmentSelector,
  viewerId: string | null,
): Promise<AlignmentMembers> {
  const groupId = await resolveGroup(db, selector, viewerId);
  const rows = await sqlRows<MemberRow & { position: number | null }>(
    db,
    sql`SELECT * FROM (
          SELECT DISTINCT ON (f.language_id) f.id AS fragment_id, l.iso_639_1 AS language_code, l.language_id,
            l.name AS language_name, f.owner_id, f.translation_status, f.stale,
            array_position(b.languages, l.iso_639_1) AS position
          FROM fragments f
          JOIN languages l ON l.language_id = f.language_id
          JOIN branches b ON b.id = f.branch_id
          WHERE f.group_id = ${groupId} AND ${fragmentVisibleTo('f', viewerId)}
          ORDER BY f.language_id, f.has_text DESC, (f.owner_id IS NULL) DESC, f.id) m
        ORDER BY m.position NULLS LAST, m.language_code, m.fragment_id`,
  );
  if (rows.length === 0) {
    // A group whose fragments are all gone (or never were) still exists while its row does.
    const [group] = await sqlRows<{ group_id: string }>(
      db,
      sql`SELECT group_id FROM alignment_groups WHERE group_id = ${groupId}`,
    );
    if (!group) throw notFound('Alignment group', 'group_id');
  }
  const items: AlignmentMember[] = rows.map(({ owner_id, translation_status, stale, position: _position, ...row }) => ({
    ...row,
    language_id: Number(row.language_id),
    ...translationOf({ owner_id, translation_status, stale }),
  }));
  return { group_id: groupId, items };
}

/**
 * The group asked for: by id, or the fragment's; both given must agree (400). An unknown fragment,
 * or one of another user's layer, is a 404.
 */
async function resolveGroup(db: Db, selector: AlignmentSelector, viewerId: string | null): Promise<string> {
  if (selector.fragment_id === undefined) {
    if (selector.group_id === undefined) throw validationFailed('group_id', 'give group_id or fragment_id');
    return selector.group_id;
  }
  const [fragment] = await sqlRows<{ group_id: string }>(
    db,
    sql`SELECT f.group_id FROM fragments f WHERE f.id = ${selector.fragment_id} AND ${fragmentVisibleTo('f', viewerId)}`,
  );
  if (!fragment) throw notFound('Fragment', 'fragment_id');
  if (selector.group_id !== undefined && selector.group_id !== fragment.group_id)
    throw validationFailed('group_id', 'the fragment is not in this alignment group');
  return fragment.group_id;
}
