// Who may do what in an organization. `membership` is the caller's role there (null: not a
// member). Owners may do anything (rename, delete); admins invite and manage members and admins
// but never touch owners or grant ownership; anyone may leave; an organization never loses its
// last owner. Only the invitee answers an invitation (issue 15: membership needs consent).
import type { OrgRole } from '../../src/api/contract/orgs.js';
import type { Principal } from '../auth/principal.js';

export type OrgMembership = OrgRole | null;

const isUser = (principal: Principal) => principal.kind === 'user';

/** The member list (and the organization's private page) is for members. */
export const canSeeOrgMembers = (principal: Principal, membership: OrgMembership): boolean =>
  isUser(principal) && membership !== null;

/** Managing members at all: owners and admins. */
export const canManageOrg = (principal: Principal, membership: OrgMembership): boolean =>
  isUser(principal) && (membership === 'owner' || membership === 'admin');

/** Moving a member from role `from` to `to` (an admin never touches or makes an owner). */
export function canChangeOrgMemberRole(
  principal: Principal,
  membership: OrgMembership,
  from: OrgRole,
  to: OrgRole,
): boolean {
  if (!canManageOrg(principal, membership)) return false;
  return membership === 'owner' || (from !== 'owner' && to !== 'owner');
}

/** Adding someone with `role`. */
export const canAddOrgMember = (principal: Principal, membership: OrgMembership, role: OrgRole): boolean =>
  canManageOrg(principal, membership) && (membership === 'owner' || role !== 'owner');

/** Removing a member of role `role`; `self`: the caller leaves, which any member may. */
export function canRemoveOrgMember(
  principal: Principal,
  membership: OrgMembership,
  target: { role: OrgRole; self: boolean },
): boolean {
  if (target.self) return isUser(principal) && membership !== null;
  return canManageOrg(principal, membership) && (membership === 'owner' || target.role !== 'owner');
}

/** Whether a member of role `from` becoming `to` (null: leaving) would leave no owner behind. */
export const leavesNoOwner = (from: OrgRole, to: OrgRole | null, ownerCount: number): boolean =>
  from === 'owner' && to !== 'owner' && ownerCount < 2;

/** Pending invitations are listed for those who may send them: owners and admins. */
export const canSeeOrgInvitations = canManageOrg;

/** Withdrawing an invitation of `role`: whoever could have sent it. */
export const canWithdrawOrgInvitation = canAddOrgMember;

/**
 * Accepting or declining an invitation is the invitee's alone: nobody (not an owner, not the
 * inviter) answers for them, so nobody becomes a member, let alone an owner, without consent.
 */
export const canAnswerOrgInvitation = (principal: Principal, inviteeId: string | null): boolean =>
  principal.kind === 'user' && inviteeId !== null && principal.user.id === inviteeId;

/** Renaming (name, address) and deleting an organization: owners only. */
export const canRenameOrg = (principal: Principal, membership: OrgMembership): boolean =>
  isUser(principal) && membership === 'owner';
export const canDeleteOrg = canRenameOrg;

/**
 * The invitations a member may keep standing after their role changes to `to` (null: gone):
 * the roles they could still grant. Invitations they can no longer make are withdrawn.
 */
export function invitationRolesKept(to: OrgRole | null): readonly OrgRole[] {
  if (to === 'owner') return ['owner', 'admin', 'member'];
  if (to === 'admin') return ['admin', 'member'];
  return [];
}
