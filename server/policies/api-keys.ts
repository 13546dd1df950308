// Who manages API keys, and what a key's scopes allow (issue 12). A user manages their own keys;
// an organization's keys are managed by its owners and admins, and such a key lives only as long
// as its creator keeps one of those roles.
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';

/** Owners and admins manage an organization's keys (members do not even see them). */
export const canManageOrgKeys = (role: OrgRole | null): boolean => role === 'owner' || role === 'admin';

/** An organization's key keeps working only while its creator may still manage the org's keys. */
export const creatorStillEntitled = (creatorRole: OrgRole | null): boolean => canManageOrgKeys(creatorRole);

const SCOPE_RANK: Record<ApiKeyScope, number> = { 'memory.read': 1, 'memory.write': 2, 'memory.manage': 3 };

/** memory.manage includes memory.write, which includes memory.read. */
export const scopesAllow = (granted: readonly ApiKeyScope[], needed: ApiKeyScope): boolean =>
  granted.some((scope) => SCOPE_RANK[scope] >= SCOPE_RANK[needed]);

/** Rotate, revoke, see events of one key: its owning user, or an owner or admin of its organization. */
export function canManageKey(
  userId: string,
  key: { owner_user_id: string | null; owner_org_id: string | null },
  callerRoleInKeyOrg: OrgRole | null,
): boolean {
  return key.owner_org_id === null ? key.owner_user_id === userId : canManageOrgKeys(callerRoleInKeyOrg);
}
