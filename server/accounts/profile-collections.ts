// The collections listed on a user's or an organization's public page. Collections arrive with
// their own issue; until then every profile lists none. This is the one place to fill in.
import type { z } from 'zod';
import type { ProfileCollection } from '../../src/api/contract/users.js';
import type { Db } from '../db/client.js';

type Collection = z.infer<typeof ProfileCollection>;

/** Collections the user owns or maintains, public ones only. */
export async function collectionsOfUser(_db: Db, _userId: string): Promise<Collection[]> {
  return [];
}

/** Public collections owned by the organization. */
export async function collectionsOfOrg(_db: Db, _orgId: string): Promise<Collection[]> {
  return [];
}
