// The members of an alignment group: the same provision's fragment in every language, found by
// the group or by any of its fragments (GET /legal/alignment-members).
import { sql } from 'drizzle-orm';
import type { AlignmentMember, AlignmentMembers } from '../../src/api/contract/translation.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { notFound, validationFailed } from '../http/errors.js';

export interface AlignmentSelector {
  group_id?: string;
  fragment_id?: string;
}

interface MemberRow {
  fragment_id: string;
  language_code: string;
  language_id: number | string;
  language_name: string;
}

/**
 * The group's fragments, its branch's languages in their order (the source first), then the rest
 * by code. Every fragment is imported until saved translations exist: origin 'imported', status
 * null (no review state), stale false (an imported text is never carried forward).
 */
export async function listAlignmentMembers(db: Db, selector: AlignmentSelector): Promise<AlignmentMembers> {
  const groupId = await resolveGroup(db, selector);
  const rows = await sqlRows<MemberRow>(
    db,
    sql`SELECT f.id AS fragment_id, l.iso_639_1 AS language_code, l.language_id, l.name AS language_name
        FROM fragments f
        JOIN languages l ON l.language_id = f.language_id
        JOIN branches b ON b.id = f.branch_id
        WHERE f.group_id = ${groupId}
        ORDER BY array_position(b.languages, l.iso_639_1) NULLS LAST, l.iso_639_1, f.id`,
  );
  if (rows.length === 0) {
    // A group whose fragments are all gone (or never were) still exists while its row does.
    const [group] = await sqlRows<{ group_id: string }>(
      db,
      sql`SELECT group_id FROM alignment_groups WHERE group_id = ${groupId}`,
    );
    if (!group) throw notFound('Alignment group', 'group_id');
  }
  const items: AlignmentMember[] = rows.map((row) => ({
    ...row,
    language_id: Number(row.language_id),
    origin: 'imported',
    status: null,
    stale: false,
  }));
  return { group_id: groupId, items };
}

/** The group asked for: by id, or the fragment's; both given must agree (400), an unknown fragment is a 404. */
async function resolveGroup(db: Db, selector: AlignmentSelector): Promise<string> {
  if (selector.fragment_id === undefined) {
    if (selector.group_id === undefined) throw validationFailed('group_id', 'give group_id or fragment_id');
    return selector.group_id;
  }
  const [fragment] = await sqlRows<{ group_id: string }>(
    db,
    sql`SELECT group_id FROM fragments WHERE id = ${selector.fragment_id}`,
  );
  if (!fragment) throw notFound('Fragment', 'fragment_id');
  if (selector.group_id !== undefined && selector.group_id !== fragment.group_id)
    throw validationFailed('group_id', 'the fragment is not in this alignment group');
  return fragment.group_id;
}
