// Members of an organization: add by handle, change a role, remove (or leave). Owners may do
// anything; admins manage members and admins but never touch owners or grant ownership;
// anyone may leave. An organization never loses its last owner (409 last_owner). Each change
// locks the organization's row, so two concurrent changes cannot both remove "the other" owner.
import { sql } from 'drizzle-orm';
import type { Org, OrgRole } from '../../src/api/contract/orgs.js';
import { HANDLE_PATTERN } from '../../src/api/contract/users.js';
import type { Db } from '../db/client.js';
import { ApiError, notFound } from '../http/api-error.js';
import { sqlRows } from '../library/sql-rows.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { normalizeSlug, orgWithMembers, roleIn } from './orgs.js';
import { findVisibleUser } from './public-users.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type LockedOrg = Parameters<typeof orgWithMembers>[1];

/** May `actor` move a member from role `from` (null: not a member yet) to `to` (null: removed)? */
export function mayChange(actor: OrgRole, from: OrgRole | null, to: OrgRole | null): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return from !== 'owner' && to !== 'owner';
  return false;
}

const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
const alreadyMember = (username: string) =>
  new ApiError(409, 'already_member', `@${username} is already a member`, { field: 'username' });
const lastOwner = () =>
  new ApiError(409, 'last_owner', 'An organization needs an owner: make someone else owner first');

/** Locks the organization's row for the rest of the transaction; 404 when unknown. */
async function lockOrg(tx: Tx, typed: string): Promise<LockedOrg> {
  const slug = normalizeSlug(typed);
  const [org] = slug
    ? await sqlRows<LockedOrg>(
        tx,
        sql`SELECT o.id, o.name, o.slug, o.abbreviation, o.website, o.locations FROM organizations o WHERE o.slug = ${slug} FOR UPDATE`,
      )
    : [];
  if (!org) throw notFound(`Organization "${typed}"`);
  return org;
}

/** The caller's role, or 403 for a non-member. */
async function actorRole(tx: Tx, orgId: string, userId: string): Promise<OrgRole> {
  const role = await roleIn(tx, orgId, userId);
  if (!role) throw forbidden('You are not a member of this organization');
  return role;
}

/** A member by handle, or 404. */
async function findMember(
  tx: Tx,
  orgId: string,
  typed: string,
): Promise<{ user_id: string; username: string; role: OrgRole }> {
  const username = typed.trim().toLowerCase();
  // Text that cannot be a handle (NUL bytes included, which PostgreSQL refuses) is not looked up.
  const [member] = HANDLE_PATTERN.test(username)
    ? await sqlRows<{ user_id: string; username: string; role: OrgRole }>(
        tx,
        sql`SELECT m.user_id, u.username, m.role FROM org_members m JOIN users u ON u.id = m.user_id
            WHERE m.org_id = ${orgId} AND u.username = ${username}`,
      )
    : [];
  if (!member) throw notFound(`Member @${typed}`);
  return member;
}

async function assertAnotherOwner(tx: Tx, orgId: string) {
  const [row] = await sqlRows<{ owners: number }>(
    tx,
    sql`SELECT count(*)::int AS owners FROM org_members WHERE org_id = ${orgId} AND role = 'owner'`,
  );
  if (Number(row?.owners ?? 0) < 2) throw lastOwner();
}

export async function addMember(
  db: Db,
  typedSlug: string,
  actorId: string,
  typedUsername: string,
  role: OrgRole,
): Promise<Org> {
  let result: { org: LockedOrg; actor: OrgRole } | undefined;
  try {
    result = await db.transaction(async (tx) => {
      const org = await lockOrg(tx, typedSlug);
      const actor = await actorRole(tx, org.id, actorId);
      if (!mayChange(actor, null, role)) {
        throw forbidden(
          actor === 'member' ? 'Only owners and admins add members' : 'Only an owner may make someone an owner',
        );
      }
      const user = await findVisibleUser(tx, typedUsername);
      if (!user)
        throw new ApiError(404, 'not_found', `No user has the handle "${typedUsername}"`, { field: 'username' });
      const inserted = await sqlRows(
        tx,
        sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${user.id}, ${role})
            ON CONFLICT (org_id, user_id) DO NOTHING RETURNING 1`,
      );
      if (inserted.length === 0) throw alreadyMember(user.username);
      return { org, actor };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw alreadyMember(typedUsername.trim().toLowerCase());
    throw error;
  }
  return orgWithMembers(db, result.org, result.actor);
}

export async function updateMember(
  db: Db,
  typedSlug: string,
  actorId: string,
  typedUsername: string,
  role: OrgRole,
): Promise<Org> {
  const { org, actor } = await db.transaction(async (tx) => {
    const org = await lockOrg(tx, typedSlug);
    const actor = await actorRole(tx, org.id, actorId);
    const member = await findMember(tx, org.id, typedUsername);
    if (member.role === role) return { org, actor };
    if (!mayChange(actor, member.role, role)) {
      throw forbidden(
        actor === 'member'
          ? 'Only owners and admins change roles'
          : 'Only an owner may change an owner or make someone an owner',
      );
    }
    if (member.role === 'owner') await assertAnotherOwner(tx, org.id);
    await tx.execute(
      sql`UPDATE org_members SET role = ${role} WHERE org_id = ${org.id} AND user_id = ${member.user_id}`,
    );
    return { org, actor: member.user_id === actorId ? role : actor };
  });
  return orgWithMembers(db, org, actor);
}

/**
 * Removes a member; a member removing themselves leaves. The answer is the organization as it
 * now is, with `role` the caller had when they asked (the contract's Org has no "no role").
 */
export async function removeMember(db: Db, typedSlug: string, actorId: string, typedUsername: string): Promise<Org> {
  const { org, actor } = await db.transaction(async (tx) => {
    const org = await lockOrg(tx, typedSlug);
    const actor = await actorRole(tx, org.id, actorId);
    const member = await findMember(tx, org.id, typedUsername);
    const leaving = member.user_id === actorId;
    if (!leaving && !mayChange(actor, member.role, null)) {
      throw forbidden(
        actor === 'member' ? 'Only owners and admins remove members' : 'Only an owner may remove an owner',
      );
    }
    if (member.role === 'owner') await assertAnotherOwner(tx, org.id);
    await tx.execute(sql`DELETE FROM org_members WHERE org_id = ${org.id} AND user_id = ${member.user_id}`);
    return { org, actor };
  });
  return orgWithMembers(db, org, actor);
}
