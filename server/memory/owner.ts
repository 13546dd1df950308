// Whose memory a /v1/memory call is about: the caller's own, or an organization's the caller may
// read (members) or write (owners and admins). Every later query is bound to the answer.
import { sql } from 'drizzle-orm';
import type { MemoryOwnerType } from '../../src/api/contract/memory.js';
import { isUuid } from '../../src/shared/uuid.js';
import { roleIn } from '../accounts/orgs.js';
import type { SessionUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { apiKeyFieldInvalid, organizationNotFound, orgRoleRequired } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { canReadOrgMemory, canWriteOrgMemory } from '../policies/memory.js';
import type { MemoryOwner } from './store.js';

export type MemoryAccess = 'read' | 'write';

export async function resolveMemoryOwner(
  db: Db,
  user: SessionUser,
  query: { owner_type: MemoryOwnerType; organization_id?: string | undefined },
  access: MemoryAccess,
): Promise<MemoryOwner> {
  const organizationId = query.organization_id?.trim() ?? '';
  if (query.owner_type === 'user') {
    if (organizationId !== '')
      throw apiKeyFieldInvalid('organization_id_not_allowed', 'organization_id', 'Your own memory has no organization');
    return { type: 'user', id: user.id };
  }
  if (organizationId === '')
    throw apiKeyFieldInvalid('organization_id_required', 'organization_id', 'Provide an organization ID first');
  const id = organizationId.toLowerCase();
  if (!isUuid(id)) throw organizationNotFound();
  const [org] = await sqlRows<{ id: string }>(db, sql`SELECT id FROM organizations WHERE id = ${id}`);
  if (!org) throw organizationNotFound();
  const role = await roleIn(db, id, user.id);
  authorize(canReadOrgMemory(role), "Only the organization's members read its memory");
  if (access === 'write' && !canWriteOrgMemory(role))
    throw orgRoleRequired("Only the organization's owners and admins change its memory");
  return { type: 'organization', id };
}
