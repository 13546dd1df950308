// Whose keys (or memory) a screen shows: the caller's, or an organization's by its ID, and the
// query both /v1/api-keys and /v1/memory take for it.
import { isUuid } from '../../shared/uuid';

export type OwnerChoice = 'mine' | 'organization';

export interface OwnerQuery {
  owner_type: 'user' | 'organization';
  organization_id?: string;
}

/** The query of an owner choice; undefined when an organization is chosen without a well-formed ID. */
export function ownerQueryOf(choice: OwnerChoice, organizationId: string): OwnerQuery | undefined {
  if (choice === 'mine') return { owner_type: 'user' };
  const id = organizationId.trim();
  return isUuid(id) ? { owner_type: 'organization', organization_id: id.toLowerCase() } : undefined;
}
