// Members of an organization: add by handle, change a role, remove (or leave), as the policies
// in server/policies/orgs.ts allow. An organization never loses its last owner (409 last_owner).
// Each change locks the organization's row, so two concurrent changes cannot both remove "the
// other" owner.
import { sql } from 'drizzle-orm';
import type { Org, OrgRole } from '../../src/api/contract/orgs.js';
import { HANDLE_PATTERN } from '../../src/api/contract/users.js';
import type { Db } from '../db/client.js';
import type { UserPrincipal } from '../auth/principal.js';
import { conflict, notFound } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import {
  canAddOrgMember,
  canChangeOrgMemberRole,
  canRemoveOrgMember,
  canSeeOrgMembers,
  leavesNoOwner,
} from '../policies/orgs.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { normalizeSlug, orgWithMembers, roleIn } from './orgs.js';
import { findVisibleUser } from './public-users.js';
import { revokeCreatorKeys } from '../api-keys/keys.js';
import { canManageOrgKeys } from '../policies/api-keys.js';

type LockedOrg = Parameters<typeof orgWithMembers>[1];
type Member = { user_id: string; username: string; role: OrgRole };

const alreadyMember = (username: string) => conflict('already_member', `@${username} is already a member`, 'username');
const lastOwner = () => conflict('last_owner', 'An organization needs an owner: make someone else owner first');

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
async function actorRole(tx: Tx, orgId: string, actor: UserPrincipal): Promise<OrgRole> {
  const role = await roleIn(tx, orgId, actor.user.id);
  authorize(canSeeOrgMembers(actor, role), 'You are not a member of this organization');
  return role!;
}

/** A member by handle, or 404. */
async function findMember(tx: Tx, orgId: string, typed: string): Promise<Member> {
  const username = typed.trim().toLowerCase();
  // Text that cannot be a handle (NUL bytes included, which PostgreSQL refuses) is not looked up.
  const [member] = HANDLE_PATTERN.test(username)
    ? await sqlRows<Member>(
        tx,
        sql`SELECT m.user_id, u.username, m.role FROM org_members m JOIN users u ON u.id = m.user_id
            WHERE m.org_id = ${orgId} AND u.username = ${username}`,
      )
    : [];
  if (!member) throw notFound(`Member @${typed}`);
  return member;
}

/** 409 last_owner when a member of role `from` becoming `to` (null: gone) leaves no owner. */
async function assertAnOwnerStays(tx: Tx, orgId: string, from: OrgRole, to: OrgRole | null) {
  if (from !== 'owner') return;
  const [row] = await sqlRows<{ owners: number }>(
    tx,
    sql`SELECT count(*)::int AS owners FROM org_members WHERE org_id = ${orgId} AND role = 'owner'`,
  );
  if (leavesNoOwner(from, to, Number(row?.owners ?? 0))) throw lastOwner();
}

/**
 * One change to an organization's members, in a transaction that holds the organization's lock,
 * once the caller is known to be a member. `change` answers the caller's role after it; the
 * answer is the organization as it then is.
 */
async function changeMembers(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  change: (tx: Tx, org: LockedOrg, actor: OrgRole) => Promise<OrgRole>,
): Promise<Org> {
  const { org, actor } = await db.transaction(async (tx) => {
    const org = await lockOrg(tx, typedSlug);
    const actor = await actorRole(tx, org.id, principal);
    return { org, actor: await change(tx, org, actor) };
  });
  return orgWithMembers(db, org, actor);
}

export async function addMember(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
  role: OrgRole,
): Promise<Org> {
  try {
    return await changeMembers(db, typedSlug, principal, async (tx, org, actor) => {
      authorize(
        canAddOrgMember(principal, actor, role),
        actor === 'member' ? 'Only owners and admins add members' : 'Only an owner may make someone an owner',
      );
      const user = await findVisibleUser(tx, typedUsername);
      if (!user) throw notFound(`User @${typedUsername}`, 'username');
      const inserted = await sqlRows(
        tx,
        sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${user.id}, ${role})
            ON CONFLICT (org_id, user_id) DO NOTHING RETURNING 1`,
      );
      if (inserted.length === 0) throw alreadyMember(user.username);
      return actor;
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw alreadyMember(typedUsername.trim().toLowerCase());
    throw error;
  }
}

export async function updateMember(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
  role: OrgRole,
): Promise<Org> {
  return changeMembers(db, typedSlug, principal, async (tx, org, actor) => {
    const member = await findMember(tx, org.id, typedUsername);
    if (member.role === role) return actor;
    authorize(
      canChangeOrgMemberRole(principal, actor, member.role, role),
      actor === 'member'
        ? 'Only owners and admins change roles'
        : 'Only an owner may change an owner or make someone an owner',
    );
    await assertAnOwnerStays(tx, org.id, member.role, role);
    await tx.execute(
      sql`UPDATE org_members SET role = ${role} WHERE org_id = ${org.id} AND user_id = ${member.user_id}`,
    );
    // A demoted key maker's organization keys stop with their right to manage them.
    if (canManageOrgKeys(member.role) && !canManageOrgKeys(role)) await revokeCreatorKeys(tx, org.id, member.user_id);
    return member.user_id === principal.user.id ? role : actor;
  });
}

/**
 * Removes a member; a member removing themselves leaves. The answer is the organization as it
 * now is, with `role` the caller had when they asked (the contract's Org has no "no role").
 */
export async function removeMember(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
): Promise<Org> {
  return changeMembers(db, typedSlug, principal, async (tx, org, actor) => {
    const member = await findMember(tx, org.id, typedUsername);
    authorize(
      canRemoveOrgMember(principal, actor, { role: member.role, self: member.user_id === principal.user.id }),
      actor === 'member' ? 'Only owners and admins remove members' : 'Only an owner may remove an owner',
    );
    await assertAnOwnerStays(tx, org.id, member.role, null);
    await tx.execute(sql`DELETE FROM org_members WHERE org_id = ${org.id} AND user_id = ${member.user_id}`);
    await revokeCreatorKeys(tx, org.id, member.user_id);
    return actor;
  });
}
