// The collection policy (server/policies/collections.ts) as one table: every kind of caller x
// private/team/public x read/edit/manage, for a collection owned by a user and one owned by an org.
import { describe, expect, it } from 'vitest';
import type { CollectionVisibility } from '../../src/api/contract/collections.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import { ANONYMOUS, type Principal, type UserPrincipal } from '../../server/auth/principal.js';
import {
  canCreateOrgCollection,
  canEditCollectionItems,
  canListTeamCollections,
  canManageCollection,
  canReadCollection,
  canAcceptMaintainership,
  canRemoveCollectionMaintainer,
  collectionRoleOf,
  isInvitedCaller,
  type CollectionFacts,
  type Maintainer,
  type Owner,
} from '../../server/policies/collections.js';

const user = (id: string): UserPrincipal => ({
  kind: 'user',
  sessionIdHash: 'hash',
  user: {
    id,
    username: id,
    email: `${id}@example.com`,
    firstName: '',
    lastName: '',
    language: null,
    emailVerified: true,
  },
});

const OWNING_ORG = 'org-owning';
const MAINT_ORG = 'org-maint';
const INVITED_ORG = 'org-invited';
const MAINTAINERS: Maintainer[] = [
  { type: 'user', id: 'maint-user', accepted: true },
  { type: 'org', id: MAINT_ORG, accepted: true },
  // Invitations not yet accepted give no rights at all.
  { type: 'user', id: 'invited-user', accepted: false },
  { type: 'org', id: INVITED_ORG, accepted: false },
];

/** Each caller with their memberships (callerOrgRoles as the domain module reads them). */
const CALLERS: { name: string; principal: Principal; roles: Record<string, OrgRole> }[] = [
  { name: 'anonymous', principal: ANONYMOUS, roles: {} },
  { name: 'owner user', principal: user('owner'), roles: {} },
  { name: 'owning org owner', principal: user('o-owner'), roles: { [OWNING_ORG]: 'owner' } },
  { name: 'owning org admin', principal: user('o-admin'), roles: { [OWNING_ORG]: 'admin' } },
  { name: 'owning org member', principal: user('o-member'), roles: { [OWNING_ORG]: 'member' } },
  { name: 'maintainer user', principal: user('maint-user'), roles: {} },
  { name: 'member of a maintainer org', principal: user('m-member'), roles: { [MAINT_ORG]: 'member' } },
  { name: 'stranger', principal: user('stranger'), roles: {} },
  { name: 'invited user', principal: user('invited-user'), roles: {} },
  { name: 'owner of an invited org', principal: user('i-owner'), roles: { [INVITED_ORG]: 'owner' } },
];

const ALL: CollectionVisibility[] = ['private', 'team', 'public'];
type Expect = { read: CollectionVisibility[]; edit: CollectionVisibility[]; manage: CollectionVisibility[] };
const none: Expect = { read: ['public'], edit: [], manage: [] };
const managers: Expect = { read: ALL, edit: ALL, manage: ALL };
const maintainers: Expect = { read: ALL, edit: ALL, manage: [] };

/** Expected answers for a collection owned by the user 'owner' (team is refused for those: 400 elsewhere). */
const USER_OWNED: Record<string, Expect> = {
  anonymous: none,
  'owner user': managers,
  'owning org owner': none,
  'owning org admin': none,
  'owning org member': none,
  'maintainer user': maintainers,
  'member of a maintainer org': maintainers,
  stranger: none,
  'invited user': none,
  'owner of an invited org': none,
};
const ORG_OWNED: Record<string, Expect> = {
  anonymous: none,
  'owner user': none,
  'owning org owner': managers,
  'owning org admin': managers,
  'owning org member': { read: ['team', 'public'], edit: [], manage: [] },
  'maintainer user': maintainers,
  'member of a maintainer org': maintainers,
  stranger: none,
  'invited user': none,
  'owner of an invited org': none,
};

const facts = (owner: Owner, visibility: CollectionVisibility, roles: Record<string, OrgRole>): CollectionFacts => ({
  owner,
  visibility,
  maintainers: MAINTAINERS,
  callerOrgRoles: roles,
});

describe.each([
  { kind: 'user-owned', owner: { type: 'user', id: 'owner' } as Owner, table: USER_OWNED },
  { kind: 'org-owned', owner: { type: 'org', id: OWNING_ORG } as Owner, table: ORG_OWNED },
])('a $kind collection', ({ owner, table }) => {
  const cases = CALLERS.flatMap((caller) => ALL.map((visibility) => ({ ...caller, visibility })));
  it.each(cases)('$name, $visibility', ({ name, principal, roles, visibility }) => {
    const expected = table[name]!;
    const f = facts(owner, visibility, roles);
    expect({
      read: canReadCollection(principal, f),
      edit: canEditCollectionItems(principal, f),
      manage: canManageCollection(principal, f),
    }).toEqual({
      read: expected.read.includes(visibility),
      edit: expected.edit.includes(visibility),
      manage: expected.manage.includes(visibility),
    });
    const role = collectionRoleOf(principal, f);
    if (!expected.read.includes(visibility)) expect(role).toBeNull();
    else if (expected.manage.includes(visibility)) expect(role).toBe('owner');
    else if (expected.edit.includes(visibility)) expect(role).toBe('maintainer');
    else expect(role).toBe('reader');
  });
});

describe('collection side rules', () => {
  const f = facts({ type: 'org', id: OWNING_ORG }, 'team', {});

  it('lets a maintainer user remove only themselves; managers remove anyone', () => {
    const self = { type: 'user', id: 'maint-user' } as const;
    expect(canRemoveCollectionMaintainer(user('maint-user'), f, self)).toBe(true);
    expect(canRemoveCollectionMaintainer(user('maint-user'), f, { type: 'org', id: MAINT_ORG })).toBe(false);
    expect(canRemoveCollectionMaintainer(user('stranger'), f, self)).toBe(false);
    expect(canRemoveCollectionMaintainer(ANONYMOUS, f, self)).toBe(false);
    const asAdmin = facts({ type: 'org', id: OWNING_ORG }, 'team', { [OWNING_ORG]: 'admin' });
    expect(canRemoveCollectionMaintainer(user('o-admin'), asAdmin, { type: 'org', id: MAINT_ORG })).toBe(true);
  });

  it("lets a maintainer organization's owners and admins take it off (as they declined an invitation), not its members", () => {
    const target = { type: 'org', id: MAINT_ORG } as const;
    for (const [role, allowed] of [
      ['owner', true],
      ['admin', true],
      ['member', false],
    ] as const) {
      const asMaintainerOrg = facts({ type: 'org', id: OWNING_ORG }, 'team', { [MAINT_ORG]: role });
      expect(canRemoveCollectionMaintainer(user('m'), asMaintainerOrg, target), role).toBe(allowed);
    }
  });

  it('lets only whoever speaks for the invited user or organization accept, never the inviter', () => {
    const asManager = facts({ type: 'org', id: OWNING_ORG }, 'private', { [OWNING_ORG]: 'owner' });
    const invitedUser = { type: 'user', id: 'invited-user' } as const;
    const invitedOrg = { type: 'org', id: INVITED_ORG } as const;
    expect(canAcceptMaintainership(user('invited-user'), f, invitedUser)).toBe(true);
    expect(canAcceptMaintainership(user('o-owner'), asManager, invitedUser)).toBe(false);
    expect(canAcceptMaintainership(user('stranger'), f, invitedUser)).toBe(false);
    expect(canAcceptMaintainership(ANONYMOUS, f, invitedUser)).toBe(false);
    for (const [role, allowed] of [
      ['owner', true],
      ['admin', true],
      ['member', false],
    ] as const) {
      const asInvitedOrg = facts({ type: 'org', id: OWNING_ORG }, 'private', { [INVITED_ORG]: role });
      expect(canAcceptMaintainership(user('m'), asInvitedOrg, invitedOrg), role).toBe(allowed);
      expect(isInvitedCaller(user('m'), asInvitedOrg), role).toBe(allowed);
    }
    // An accepted maintainer has nothing left to accept.
    expect(canAcceptMaintainership(user('maint-user'), f, { type: 'user', id: 'maint-user' })).toBe(false);
    expect(isInvitedCaller(user('invited-user'), f)).toBe(true);
    expect(isInvitedCaller(user('stranger'), f)).toBe(false);
  });

  it('lets owners and admins create an organization’s collections, and members list them', () => {
    const roles: (OrgRole | null)[] = ['owner', 'admin', 'member', null];
    expect(roles.map((role) => canCreateOrgCollection(user('x'), role))).toEqual([true, true, false, false]);
    expect(roles.map((role) => canListTeamCollections(user('x'), role))).toEqual([true, true, true, false]);
    expect(canCreateOrgCollection(ANONYMOUS, 'owner')).toBe(false);
    expect(canListTeamCollections(ANONYMOUS, 'member')).toBe(false);
  });
});
