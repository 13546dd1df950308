// Who may read, edit the items of, and manage a collection: issue 10's `server/collections/policy.ts`
// (the project keeps every authorization rule in server/policies/). Pure functions over facts the
// domain module reads in one query, plus the one SQL predicate every list of collections uses.
import { sql, type SQL } from 'drizzle-orm';
import type { CollectionRole, CollectionVisibility } from '../../src/api/contract/collections.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import type { Principal } from '../auth/principal.js';

export type Owner = { type: 'user' | 'org'; id: string };
/** A maintainer row: `accepted` false while invited (no rights until the user or the org's owners accept). */
export type Maintainer = Owner & { accepted: boolean };

export interface CollectionFacts {
  owner: Owner;
  visibility: CollectionVisibility;
  maintainers: readonly Maintainer[];
  /** The caller's role in each organization that matters here (the owning org, maintainer orgs). */
  callerOrgRoles: Readonly<Record<string, OrgRole>>;
}

export const userIdOf = (principal: Principal) => (principal.kind === 'user' ? principal.user.id : null);

/** Manage (rename, delete, publish, maintainers): the owning user; owners and admins of the owning org. */
export function canManageCollection(principal: Principal, facts: CollectionFacts): boolean {
  const userId = userIdOf(principal);
  if (userId === null) return false;
  if (facts.owner.type === 'user') return facts.owner.id === userId;
  const role = facts.callerOrgRoles[facts.owner.id];
  return role === 'owner' || role === 'admin';
}

/** A maintainer user, or a member (any role) of a maintainer organization. */
function isMaintainer(principal: Principal, facts: CollectionFacts): boolean {
  const userId = userIdOf(principal);
  if (userId === null) return false;
  return facts.maintainers.some(
    (m) => m.accepted && (m.type === 'user' ? m.id === userId : facts.callerOrgRoles[m.id] !== undefined),
  );
}

/** Edit items: managers and maintainers. */
export const canEditCollectionItems = (principal: Principal, facts: CollectionFacts): boolean =>
  canManageCollection(principal, facts) || isMaintainer(principal, facts);

/** Read: editors; members of the owning org when `team`; anyone when `public`. */
export function canReadCollection(principal: Principal, facts: CollectionFacts): boolean {
  if (facts.visibility === 'public') return true;
  if (canEditCollectionItems(principal, facts)) return true;
  return (
    facts.visibility === 'team' &&
    facts.owner.type === 'org' &&
    userIdOf(principal) !== null &&
    facts.callerOrgRoles[facts.owner.id] !== undefined
  );
}

/** The caller's role as the Collection shape reports it (null: may not read). */
export function collectionRoleOf(principal: Principal, facts: CollectionFacts): CollectionRole | null {
  if (canManageCollection(principal, facts)) return 'owner';
  if (isMaintainer(principal, facts)) return 'maintainer';
  return canReadCollection(principal, facts) ? 'reader' : null;
}

/**
 * SQL true for the rows of collection `c` the principal may read: the same rules as
 * canReadCollection, for lists (the visibility matrix of tests/server/collections.test.ts checks both agree).
 */
export function readableCollectionSql(principal: Principal): SQL {
  const userId = userIdOf(principal);
  if (userId === null) return sql`c.visibility = 'public'`;
  return sql`(c.visibility = 'public'
    OR c.owner_user_id = ${userId}
    OR EXISTS (SELECT 1 FROM org_members om WHERE om.org_id = c.owner_org_id AND om.user_id = ${userId}
               AND (om.role IN ('owner', 'admin') OR c.visibility = 'team'))
    OR EXISTS (SELECT 1 FROM collection_maintainers cm WHERE cm.collection_id = c.id AND cm.accepted_at IS NOT NULL
               AND (cm.user_id = ${userId}
                    OR cm.org_id IN (SELECT mo.org_id FROM org_members mo WHERE mo.user_id = ${userId}))))`;
}

/** Creating a collection owned by an organization: its owners and admins (`membership`: the caller's role). */
export const canCreateOrgCollection = (principal: Principal, membership: OrgRole | null): boolean =>
  userIdOf(principal) !== null && (membership === 'owner' || membership === 'admin');

/** Listing an organization's collections (scope team): its members. */
export const canListTeamCollections = (principal: Principal, membership: OrgRole | null): boolean =>
  userIdOf(principal) !== null && membership !== null;

/**
 * Whether the caller speaks for a (would-be) maintainer: the user themselves; the owners and
 * admins of an organization. They accept an invitation, decline it, or leave.
 */
export function speaksForMaintainer(principal: Principal, facts: CollectionFacts, target: Owner): boolean {
  if (target.type === 'user') return target.id === userIdOf(principal);
  const role = facts.callerOrgRoles[target.id];
  return role === 'owner' || role === 'admin';
}

/**
 * Remove a maintainer (or withdraw an invitation): the collection's managers; whoever speaks for
 * the maintainer (a user leaves, an organization's owners and admins take it off, an invitation is declined).
 */
export const canRemoveCollectionMaintainer = (principal: Principal, facts: CollectionFacts, target: Owner): boolean =>
  canManageCollection(principal, facts) || speaksForMaintainer(principal, facts, target);

/**
 * See an invitation not yet accepted in the maintainers list: the collection's managers and
 * whoever speaks for the invited. Until they accept, nobody else learns whom it was offered to.
 */
export const canSeePendingMaintainer = (principal: Principal, facts: CollectionFacts, target: Owner): boolean =>
  canManageCollection(principal, facts) || speaksForMaintainer(principal, facts, target);

/** Accept an invitation to maintain: only whoever speaks for the invited user or organization, never the inviter. */
export const canAcceptMaintainership = (principal: Principal, facts: CollectionFacts, target: Owner): boolean =>
  facts.maintainers.some((m) => !m.accepted && m.type === target.type && m.id === target.id) &&
  speaksForMaintainer(principal, facts, target);

/** An invitation is visible to whoever may answer it, even on a collection they may not read yet. */
export const isInvitedCaller = (principal: Principal, facts: CollectionFacts): boolean =>
  facts.maintainers.some((m) => !m.accepted && speaksForMaintainer(principal, facts, m));
