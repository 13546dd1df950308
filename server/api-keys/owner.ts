// Whose keys a request is about: the caller's own, or an organization's that the caller manages.
import type { ApiKeyOwnerType } from '../../src/api/contract/api-keys.js';
import { isUuid } from '../../src/shared/uuid.js';
import type { SessionUser } from '../auth/principal.js';
import { roleIn } from '../accounts/orgs.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { apiKeyFieldInvalid, organizationNotFound, orgRoleRequired } from '../http/errors.js';
import { canManageOrgKeys } from '../policies/api-keys.js';
import { sql } from 'drizzle-orm';

export type KeyOwner = { type: 'user'; id: string } | { type: 'organization'; id: string };

/** The owner named by owner_type and organization_id, checked against the caller's rights. */
export async function resolveKeyOwner(
  db: Db,
  user: SessionUser,
  ownerType: ApiKeyOwnerType,
  organizationId: string | null | undefined,
): Promise<KeyOwner> {
  const given = organizationId !== undefined && organizationId !== null && organizationId.trim() !== '';
  if (ownerType === 'user') {
    if (given)
      throw apiKeyFieldInvalid('organization_id_not_allowed', 'organization_id', 'A personal key has no organization');
    return { type: 'user', id: user.id };
  }
  if (!given)
    throw apiKeyFieldInvalid('organization_id_required', 'organization_id', 'Provide an organization ID first');
  const id = organizationId.trim().toLowerCase();
  if (!isUuid(id)) throw organizationNotFound();
  const [org] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM organizations WHERE id = ${id}`);
  if (!org) throw organizationNotFound();
  if (!canManageOrgKeys(await roleIn(db, id, user.id))) throw orgRoleRequired();
  return { type: 'organization', id };
}

/** The SQL condition for keys of this owner (alias k). */
export const ownedBy = (owner: KeyOwner) =>
  owner.type === 'user' ? sql`k.owner_user_id = ${owner.id}` : sql`k.owner_org_id = ${owner.id}`;
