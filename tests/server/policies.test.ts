// The authorization decisions in server/policies, one by one, for every kind of caller.
import { describe, expect, it } from 'vitest';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import { ANONYMOUS, type Principal, type UserPrincipal } from '../../server/auth/principal.js';
import { canChatInSession } from '../../server/policies/copilot.js';
import {
  canAddOrgMember,
  canChangeOrgMemberRole,
  canManageOrg,
  canRemoveOrgMember,
  canSeeOrgMembers,
  leavesNoOwner,
} from '../../server/policies/orgs.js';
import { canEditUser } from '../../server/policies/users.js';
import { canReadOrgMemory, canWriteOrgMemory } from '../../server/policies/memory.js';
import { canManageKey, canManageOrgKeys, scopesAllow } from '../../server/policies/api-keys.js';
import {
  canSaveTranslation,
  canWriteTranslation,
  reviewAccess,
  translationLayerOf,
} from '../../server/policies/translations.js';
import { userPrincipal } from '../support/principals.js';

const jana = userPrincipal('jana');
const ROLES: OrgRole[] = ['owner', 'admin', 'member'];

describe('user policies', () => {
  it('canEditUser: the user alone', () => {
    expect(canEditUser(jana, 'jana')).toBe(true);
    expect(canEditUser(jana, 'petr')).toBe(false);
    expect(canEditUser(ANONYMOUS, 'jana')).toBe(false);
  });
});

describe('organization policies', () => {
  it('canSeeOrgMembers: any member, nobody else', () => {
    for (const role of ROLES) expect(canSeeOrgMembers(jana, role)).toBe(true);
    expect(canSeeOrgMembers(jana, null)).toBe(false);
    expect(canSeeOrgMembers(ANONYMOUS, 'owner')).toBe(false);
  });

  it('canManageOrg: owners and admins', () => {
    expect(canManageOrg(jana, 'owner')).toBe(true);
    expect(canManageOrg(jana, 'admin')).toBe(true);
    expect(canManageOrg(jana, 'member')).toBe(false);
    expect(canManageOrg(jana, null)).toBe(false);
    expect(canManageOrg(ANONYMOUS, 'owner')).toBe(false);
  });

  it('canAddOrgMember: owners add anyone; admins add admins and members; members nobody', () => {
    for (const role of ROLES) expect(canAddOrgMember(jana, 'owner', role)).toBe(true);
    expect(canAddOrgMember(jana, 'admin', 'admin')).toBe(true);
    expect(canAddOrgMember(jana, 'admin', 'member')).toBe(true);
    expect(canAddOrgMember(jana, 'admin', 'owner')).toBe(false);
    for (const role of ROLES) expect(canAddOrgMember(jana, 'member', role)).toBe(false);
    expect(canAddOrgMember(jana, null, 'member')).toBe(false);
  });

  it('canChangeOrgMemberRole: admins never touch owners nor make one', () => {
    for (const from of ROLES)
      for (const to of ROLES) expect(canChangeOrgMemberRole(jana, 'owner', from, to)).toBe(true);
    expect(canChangeOrgMemberRole(jana, 'admin', 'member', 'admin')).toBe(true);
    expect(canChangeOrgMemberRole(jana, 'admin', 'admin', 'member')).toBe(true);
    expect(canChangeOrgMemberRole(jana, 'admin', 'owner', 'admin')).toBe(false);
    expect(canChangeOrgMemberRole(jana, 'admin', 'member', 'owner')).toBe(false);
    expect(canChangeOrgMemberRole(jana, 'member', 'member', 'admin')).toBe(false);
    expect(canChangeOrgMemberRole(ANONYMOUS, 'owner', 'member', 'admin')).toBe(false);
  });

  it('canRemoveOrgMember: anyone may leave; admins remove non-owners; owners anyone', () => {
    for (const role of ROLES) {
      expect(canRemoveOrgMember(jana, role, { role, self: true })).toBe(true);
      expect(canRemoveOrgMember(jana, 'owner', { role, self: false })).toBe(true);
      expect(canRemoveOrgMember(jana, 'member', { role, self: false })).toBe(false);
    }
    expect(canRemoveOrgMember(jana, 'admin', { role: 'member', self: false })).toBe(true);
    expect(canRemoveOrgMember(jana, 'admin', { role: 'admin', self: false })).toBe(true);
    expect(canRemoveOrgMember(jana, 'admin', { role: 'owner', self: false })).toBe(false);
    expect(canRemoveOrgMember(jana, null, { role: 'member', self: true })).toBe(false);
    expect(canRemoveOrgMember(ANONYMOUS, 'owner', { role: 'member', self: false })).toBe(false);
  });

  it('leavesNoOwner: the last owner may neither leave nor step down', () => {
    expect(leavesNoOwner('owner', null, 1)).toBe(true);
    expect(leavesNoOwner('owner', 'admin', 1)).toBe(true);
    expect(leavesNoOwner('owner', 'owner', 1)).toBe(false);
    expect(leavesNoOwner('owner', null, 2)).toBe(false);
    expect(leavesNoOwner('admin', null, 1)).toBe(false);
    expect(leavesNoOwner('member', 'admin', 0)).toBe(false);
  });
});

describe('Copilot policies', () => {
  it('canChatInSession: the signed headers alone, or the same logged-in user', () => {
    const anonymous: Principal = ANONYMOUS;
    expect(canChatInSession(anonymous, 'jana')).toBe(true);
    expect(canChatInSession(jana, 'jana')).toBe(true);
    expect(canChatInSession(jana, 'petr')).toBe(false);
  });
});

describe('memory policies', () => {
  it("members read an organization's memory; owners and admins write it", () => {
    const roles: (OrgRole | null)[] = ['owner', 'admin', 'member', null];
    expect(roles.map(canReadOrgMemory)).toEqual([true, true, true, false]);
    expect(roles.map(canWriteOrgMemory)).toEqual([true, true, false, false]);
  });
});

describe('translation policies', () => {
  const unverified: UserPrincipal = { ...jana, user: { ...jana.user, emailVerified: false } };

  it('translationLayerOf and canSaveTranslation: a logged-in user writes their own layer once verified', () => {
    expect(translationLayerOf(jana)).toBe('jana');
    expect(translationLayerOf(ANONYMOUS)).toBeNull();
    expect(canSaveTranslation(jana)).toBe(true);
    expect(canSaveTranslation(unverified)).toBe(false);
    expect(canSaveTranslation(ANONYMOUS)).toBe(false);
  });

  it('canWriteTranslation and reviewAccess: only the layer’s owner; imported text is nobody’s to review', () => {
    expect(canWriteTranslation(jana, 'jana')).toBe(true);
    expect(canWriteTranslation(jana, 'petr')).toBe(false);
    expect(canWriteTranslation(jana, null)).toBe(false);
    expect(canWriteTranslation(ANONYMOUS, 'jana')).toBe(false);
    expect(reviewAccess(jana, 'jana')).toBe('allowed');
    expect(reviewAccess(jana, 'petr')).toBe('hidden');
    expect(reviewAccess(ANONYMOUS, 'jana')).toBe('hidden');
    expect(reviewAccess(jana, null)).toBe('imported');
    expect(reviewAccess(unverified, 'jana')).toBe('unverified');
  });
});

describe('API key policies', () => {
  it('canManageOrgKeys: owners and admins; scopesAllow: manage ⊇ write ⊇ read', () => {
    expect(ROLES.map((role) => canManageOrgKeys(role))).toEqual([true, true, false]);
    expect(canManageOrgKeys(null)).toBe(false);
    expect(scopesAllow(['memory.read'], 'memory.read')).toBe(true);
    expect(scopesAllow(['memory.read'], 'memory.write')).toBe(false);
    expect(scopesAllow(['memory.write'], 'memory.read')).toBe(true);
    expect(scopesAllow(['memory.manage'], 'memory.write')).toBe(true);
    expect(scopesAllow([], 'memory.read')).toBe(false);
  });

  it('canManageKey: the owning user, or a manager of the owning organization', () => {
    const own = { owner_user_id: 'jana', owner_org_id: null };
    const org = { owner_user_id: null, owner_org_id: 'org' };
    expect(canManageKey('jana', own, null)).toBe(true);
    expect(canManageKey('petr', own, 'owner')).toBe(false);
    expect(canManageKey('petr', org, 'admin')).toBe(true);
    expect(canManageKey('petr', org, 'member')).toBe(false);
    expect(canManageKey('petr', org, null)).toBe(false);
  });
});
