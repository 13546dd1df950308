// Issue 15's organization policies, one by one: only the invitee answers an invitation; only
// owners rename and delete; whoever could send an invitation withdraws it; an inviter's role
// change keeps only the invitations they could still send.
import { describe, expect, it } from 'vitest';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import { ANONYMOUS } from '../../server/auth/principal.js';
import {
  canAnswerOrgInvitation,
  canDeleteOrg,
  canRenameOrg,
  canSeeOrgInvitations,
  canWithdrawOrgInvitation,
  invitationRolesKept,
} from '../../server/policies/orgs.js';
import { userPrincipal } from '../support/principals.js';

const jana = userPrincipal('jana');
const MEMBERSHIPS: (OrgRole | null)[] = ['owner', 'admin', 'member', null];

describe('organization invitation and lifecycle policies', () => {
  it('lets only the invitee answer an invitation', () => {
    expect(canAnswerOrgInvitation(jana, 'jana')).toBe(true);
    expect(canAnswerOrgInvitation(jana, 'petr')).toBe(false);
    expect(canAnswerOrgInvitation(jana, null)).toBe(false);
    expect(canAnswerOrgInvitation(ANONYMOUS, 'jana')).toBe(false);
  });

  it('lets only owners rename and delete', () => {
    for (const membership of MEMBERSHIPS) {
      expect(canRenameOrg(jana, membership), String(membership)).toBe(membership === 'owner');
      expect(canDeleteOrg(jana, membership), String(membership)).toBe(membership === 'owner');
      expect(canRenameOrg(ANONYMOUS, membership)).toBe(false);
    }
  });

  it('shows pending invitations to owners and admins, who withdraw what they could send', () => {
    expect(MEMBERSHIPS.map((m) => canSeeOrgInvitations(jana, m))).toEqual([true, true, false, false]);
    expect(canWithdrawOrgInvitation(jana, 'owner', 'owner')).toBe(true);
    expect(canWithdrawOrgInvitation(jana, 'admin', 'owner')).toBe(false);
    expect(canWithdrawOrgInvitation(jana, 'admin', 'admin')).toBe(true);
    expect(canWithdrawOrgInvitation(jana, 'member', 'member')).toBe(false);
    expect(canWithdrawOrgInvitation(jana, null, 'member')).toBe(false);
  });

  it('keeps only the invitations an inviter could still send after a role change', () => {
    expect(invitationRolesKept('owner')).toEqual(['owner', 'admin', 'member']);
    expect(invitationRolesKept('admin')).toEqual(['admin', 'member']);
    expect(invitationRolesKept('member')).toEqual([]);
    expect(invitationRolesKept(null)).toEqual([]);
  });
});
