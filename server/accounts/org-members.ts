// Members of an organization: invite by handle (issue 15: nobody becomes a member, let alone an
// owner, without accepting), accept or decline (the invitee alone), withdraw an invitation,
// change a role, remove (or leave), and delete the whole organization, as the policies in
// server/policies/orgs.ts allow. An organization never loses its last owner (409 last_owner). Each change locks the
// organization's row, so two concurrent changes cannot both remove "the other" owner, and an
// invitation cannot be sent to someone who is accepting another one at that moment.
import { sql } from 'drizzle-orm';
import type { MyOrgInvitation, Org, OrgRole } from '../../src/api/contract/orgs.js';
import { HANDLE_PATTERN } from '../../src/api/contract/users.js';
import type { Db } from '../db/client.js';
import type { UserPrincipal } from '../auth/principal.js';
import { hitRateLimit } from '../auth/rate-limit.js';
import { ApiError, conflict, notFound } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import {
  canAddOrgMember,
  canAnswerOrgInvitation,
  canDeleteOrg,
  canChangeOrgMemberRole,
  canRemoveOrgMember,
  canSeeOrgMembers,
  canManageOrg,
  canWithdrawOrgInvitation,
  invitationRolesKept,
  leavesNoOwner,
} from '../policies/orgs.js';
import { sqlRows, TIMESTAMP_TEXT, type Tx } from '../db/sql.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { lockOrg, orgWithMembers, roleIn, type OrgLimits, type OrgRow } from './orgs.js';
import { findVisibleUser } from './public-users.js';
import { revokeCreatorKeys } from '../api-keys/keys.js';
import { announceKeyChange, forgetInProcess } from '../api-keys/key-cache.js';
import { canManageOrgKeys } from '../policies/api-keys.js';

type Member = { user_id: string; username: string; role: OrgRole };
type Invitation = { user_id: string; username: string; role: OrgRole };

const alreadyMember = (username: string) => conflict('already_member', `@${username} is already a member`, 'username');
const lastOwner = () => conflict('last_owner', 'An organization needs an owner: make someone else owner first');
// Issue 15's own 409s: their codes are in the contract; the shared ConflictCode list belongs to
// server/http/errors.ts (as collections/quotas.ts does for quota_exceeded).
const alreadyInvited = (username: string) =>
  new ApiError(409, 'already_invited', `@${username} is already invited`, 'username');
const tooManyPending = (max: number) =>
  new ApiError(
    409,
    'invitation_quota_exceeded',
    `At most ${max} invitations may wait for an answer: withdraw some first`,
    'username',
  );

/** The handle as stored, or null for text that cannot be one (NUL bytes included, which PostgreSQL refuses). */
const handleOf = (typed: string): string | null => {
  const username = typed.trim().toLowerCase();
  return HANDLE_PATTERN.test(username) ? username : null;
};

/** The caller's role, or 403 for a non-member. */
async function actorRole(tx: Tx, orgId: string, actor: UserPrincipal): Promise<OrgRole> {
  const role = await roleIn(tx, orgId, actor.user.id);
  authorize(canSeeOrgMembers(actor, role), 'You are not a member of this organization');
  return role!;
}

/** A member by handle, or 404. */
async function findMember(tx: Tx, orgId: string, typed: string): Promise<Member> {
  const username = handleOf(typed);
  const [member] = username
    ? await sqlRows<Member>(
        tx,
        sql`SELECT m.user_id, u.username, m.role FROM org_members m JOIN users u ON u.id = m.user_id
            WHERE m.org_id = ${orgId} AND u.username = ${username}`,
      )
    : [];
  if (!member) throw notFound(`Member @${typed}`);
  return member;
}

/** A pending invitation by the invitee's handle, or 404. */
async function findInvitation(tx: Tx, orgId: string, typed: string): Promise<Invitation> {
  const username = handleOf(typed);
  const [invitation] = username
    ? await sqlRows<Invitation>(
        tx,
        sql`SELECT i.user_id, u.username, i.role FROM org_invitations i JOIN users u ON u.id = i.user_id
            WHERE i.org_id = ${orgId} AND u.username = ${username}`,
      )
    : [];
  if (!invitation) throw notFound(`Invitation of @${typed}`);
  return invitation;
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

/** Invitations a member sent and, with role `to` (null: gone), could no longer send are withdrawn. */
async function withdrawInvitationsBeyond(tx: Tx, orgId: string, inviterId: string, to: OrgRole | null) {
  const kept = invitationRolesKept(to);
  await tx.execute(
    sql`DELETE FROM org_invitations WHERE org_id = ${orgId} AND invited_by = ${inviterId}
        ${
          kept.length > 0
            ? sql`AND role NOT IN (${sql.join(
                kept.map((role) => sql`${role}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
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
  change: (tx: Tx, org: OrgRow, actor: OrgRole) => Promise<OrgRole>,
): Promise<Org> {
  const { org, actor } = await db.transaction(async (tx) => {
    const org = await lockOrg(tx, typedSlug);
    const actor = await actorRole(tx, org.id, principal);
    return { org, actor: await change(tx, org, actor) };
  });
  return orgWithMembers(db, org, principal, actor);
}

const inviteeHasTooMany = (username: string) =>
  new ApiError(
    409,
    'invitation_quota_exceeded',
    `@${username} has too many invitations waiting for an answer`,
    'username',
  );
/**
 * Invites someone by handle with `role`: they become a member only once they accept. Counted
 * per inviter (429 rate_limited over limits.invitesPerHour, withdrawn ones included), and at
 * most limits.pendingInvitationsPerOrg wait per organization.
 */
export async function addMember(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
  role: OrgRole,
  limits: OrgLimits,
): Promise<Org> {
  // Before the transaction: the counter has its own (PGlite runs one transaction at a time).
  await hitRateLimit(db, `org-invite:user:${principal.user.id}`, limits.invitesPerHour);
  try {
    return await changeMembers(db, typedSlug, principal, async (tx, org, actor) => {
      authorize(
        canAddOrgMember(principal, actor, role),
        actor === 'member' ? 'Only owners and admins invite members' : 'Only an owner may invite an owner',
      );
      const user = await findVisibleUser(tx, typedUsername);
      if (!user) throw notFound(`User @${typedUsername}`, 'username');
      if ((await roleIn(tx, org.id, user.id)) !== null) throw alreadyMember(user.username);
      const [pending] = await sqlRows<{ count: number; invitee: number }>(
        tx,
        sql`SELECT count(*) FILTER (WHERE org_id = ${org.id})::int AS count,
                   count(*) FILTER (WHERE user_id = ${user.id})::int AS invitee
            FROM org_invitations WHERE org_id = ${org.id} OR user_id = ${user.id}`,
      );
      const inserted = await sqlRows(
        tx,
        sql`INSERT INTO org_invitations (org_id, user_id, role, invited_by)
            VALUES (${org.id}, ${user.id}, ${role}, ${principal.user.id})
            ON CONFLICT (org_id, user_id) DO NOTHING RETURNING 1`,
      );
      if (inserted.length === 0) throw alreadyInvited(user.username);
      if (Number(pending?.count ?? 0) >= limits.pendingInvitationsPerOrg) {
        throw tooManyPending(limits.pendingInvitationsPerOrg);
      }
      // Many organizations inviting one person (accounts made for it) would bury the real ones.
      if (Number(pending?.invitee ?? 0) >= limits.pendingInvitationsPerInvitee) {
        throw inviteeHasTooMany(user.username);
      }
      return actor;
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw alreadyInvited(typedUsername.trim().toLowerCase());
    throw error;
  }
}

/** Withdraws a pending invitation: whoever could have sent it (an owner invitation: owners). */
export async function withdrawInvitation(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
): Promise<Org> {
  return changeMembers(db, typedSlug, principal, async (tx, org, actor) => {
    // Plain members see no invitations: they learn nothing from a 404 either.
    authorize(canManageOrg(principal, actor), 'Only owners and admins withdraw invitations');
    const invitation = await findInvitation(tx, org.id, typedUsername);
    authorize(
      canWithdrawOrgInvitation(principal, actor, invitation.role),
      actor === 'member'
        ? 'Only owners and admins withdraw invitations'
        : 'Only an owner may withdraw an owner invitation',
    );
    await tx.execute(sql`DELETE FROM org_invitations WHERE org_id = ${org.id} AND user_id = ${invitation.user_id}`);
    return actor;
  });
}

/**
 * The invitee's own invitation, under the organization's lock: 403 for anyone but the user of
 * `typedUsername` (before anything is looked up, so others learn nothing), 404 when there is none.
 */
async function ownInvitation(tx: Tx, typedSlug: string, principal: UserPrincipal, typedUsername: string) {
  const org = await lockOrg(tx, typedSlug);
  const username = handleOf(typedUsername);
  const [invitee] = username
    ? await sqlRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE username = ${username}`)
    : [];
  authorize(canAnswerOrgInvitation(principal, invitee?.id ?? null), 'Only the invited user answers an invitation');
  const invitation = await findInvitation(tx, org.id, typedUsername);
  return { org, invitation };
}

/** Accepts an invitation: the caller becomes a member with the invited role. */
export async function acceptInvitation(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
): Promise<Org> {
  const { org, role } = await db.transaction(async (tx) => {
    // The invitee's row first, as deleting the account takes it first: an acceptance and a
    // deletion of the same account run one after the other, so the deletion always sees the new
    // membership (and its last-owner check), and the two never wait on each other's locks.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${principal.user.id} FOR UPDATE`);
    const { org, invitation } = await ownInvitation(tx, typedSlug, principal, typedUsername);
    await tx.execute(sql`DELETE FROM org_invitations WHERE org_id = ${org.id} AND user_id = ${invitation.user_id}`);
    // Invitations go only to non-members, under this same lock; a membership from before them stays as it is.
    await tx.execute(
      sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${invitation.user_id}, ${invitation.role})
          ON CONFLICT (org_id, user_id) DO NOTHING`,
    );
    return { org, role: (await roleIn(tx, org.id, invitation.user_id))! };
  });
  return orgWithMembers(db, org, principal, role);
}

const MY_INVITATION_COLUMNS = sql`o.id AS org_id, o.name AS org_name, o.slug AS org_slug, i.role,
  b.username AS by_username, b.first_name AS by_first_name, b.last_name AS by_last_name,
  to_char(i.created_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS created_at`;

type MyInvitationRow = {
  org_id: string;
  org_name: string;
  org_slug: string;
  role: OrgRole;
  by_username: string;
  by_first_name: string;
  by_last_name: string;
  created_at: string;
};

const myInvitationOf = (row: MyInvitationRow): MyOrgInvitation => ({
  org: { id: row.org_id, name: row.org_name, slug: row.org_slug },
  role: row.role,
  invited_by: { username: row.by_username, first_name: row.by_first_name, last_name: row.by_last_name },
  created_at: row.created_at,
});

/** Declines an invitation: it is gone; the answer is what was declined. */
export async function declineInvitation(
  db: Db,
  typedSlug: string,
  principal: UserPrincipal,
  typedUsername: string,
): Promise<MyOrgInvitation> {
  return db.transaction(async (tx) => {
    const { org, invitation } = await ownInvitation(tx, typedSlug, principal, typedUsername);
    const [row] = await sqlRows<MyInvitationRow>(
      tx,
      sql`DELETE FROM org_invitations i USING organizations o, users b
          WHERE i.org_id = ${org.id} AND i.user_id = ${invitation.user_id} AND o.id = i.org_id AND b.id = i.invited_by
          RETURNING ${MY_INVITATION_COLUMNS}`,
    );
    return myInvitationOf(row!);
  });
}

const INVITATIONS_SHOWN = 100;

/** The invitations waiting for the caller, newest first. */
export async function listMyInvitations(db: Db, principal: UserPrincipal): Promise<{ items: MyOrgInvitation[] }> {
  const rows = await sqlRows<MyInvitationRow>(
    db,
    sql`SELECT ${MY_INVITATION_COLUMNS}
        FROM org_invitations i JOIN organizations o ON o.id = i.org_id JOIN users b ON b.id = i.invited_by
        WHERE i.user_id = ${principal.user.id}
        ORDER BY i.created_at DESC, o.slug
        LIMIT ${INVITATIONS_SHOWN}`,
  );
  return { items: rows.map(myInvitationOf) };
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
    await withdrawInvitationsBeyond(tx, org.id, member.user_id, role);
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
    await withdrawInvitationsBeyond(tx, org.id, member.user_id, null);
    return actor;
  });
}

/**
 * Deletes an organization: owners only, in one transaction under its lock. Its members,
 * invitations, API keys (announced, so no instance keeps one verified), memory graph and
 * maintainerships of others' collections go with it (the schema's cascades). While it owns
 * collections it stays (409 org_has_collections): those are published work others may read,
 * maintain or link to, and must be deleted (or moved) on purpose first. The row lock also
 * holds back a collection being created for it meanwhile (its foreign key check waits).
 */
export async function deleteOrg(db: Db, typed: string, principal: UserPrincipal) {
  const deleted = await db.transaction(async (tx) => {
    const org = await lockOrg(tx, typed);
    const role = await roleIn(tx, org.id, principal.user.id);
    authorize(canDeleteOrg(principal, role), 'Only owners delete an organization');
    const [owned] = await sqlRows<{ count: number }>(
      tx,
      sql`SELECT count(*)::int AS count FROM collections WHERE owner_org_id = ${org.id}`,
    );
    const collections = Number(owned?.count ?? 0);
    if (collections > 0) {
      throw new ApiError(
        409,
        'org_has_collections',
        `The organization owns ${collections} collection(s): delete them first`,
      );
    }
    await announceKeyChange(tx, { orgId: org.id });
    await tx.execute(sql`DELETE FROM organizations WHERE id = ${org.id}`);
    return org;
  });
  forgetInProcess({ orgId: deleted.id });
  return { id: deleted.id, name: deleted.name, slug: deleted.slug };
}
