// The collections listed on a user's or an organization's public page: public ones the profile's
// owner owns or maintains. A profile is the same for every visitor, so what it lists is what the
// collection policy lets an anonymous caller read.
import { sql, type SQL } from 'drizzle-orm';
import type { ProfileCollection } from '../../src/api/contract/users.js';
import { ANONYMOUS } from '../auth/principal.js';
import { COLLECTION_OWNERS } from '../collections/access.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { readableCollectionSql } from '../policies/collections.js';

/** A profile lists at most this many (owned first, then by name); the directory pages the rest. */
export const PROFILE_COLLECTIONS_LIMIT = 200;

/**
 * Public collections that are `owned` (role owner) or that an accepted maintainer row of `maintained`
 * names (role maintainer), owned first, then by name.
 */
async function profileCollections(db: Db, owned: SQL, maintained: SQL): Promise<ProfileCollection[]> {
  return sqlRows<ProfileCollection>(
    db,
    sql`SELECT c.id AS collection_id, CASE WHEN ${owned} THEN 'owner' ELSE 'maintainer' END AS role,
          CASE WHEN c.owner_user_id IS NULL THEN 'org' ELSE 'user' END AS owner_type,
          COALESCE(ou.username, oo.slug) AS owner_handle, c.slug, c.name
        FROM ${COLLECTION_OWNERS}
        WHERE (${owned}
               OR EXISTS (SELECT 1 FROM collection_maintainers cm
                          WHERE cm.collection_id = c.id AND ${maintained} AND cm.accepted_at IS NOT NULL))
          AND ${readableCollectionSql(ANONYMOUS)}
        ORDER BY CASE WHEN ${owned} THEN 0 ELSE 1 END, c.name, c.id
        LIMIT ${PROFILE_COLLECTIONS_LIMIT}`,
  );
}

/**
 * Public collections the user owns, or maintains as a user maintainer. Those an organization of
 * theirs owns or maintains are the organization's and show on its page (linked from the user's).
 */
export const collectionsOfUser = (db: Db, userId: string): Promise<ProfileCollection[]> =>
  profileCollections(db, sql`c.owner_user_id = ${userId}`, sql`cm.user_id = ${userId}`);

/** Public collections the organization owns or maintains. */
export const collectionsOfOrg = (db: Db, orgId: string): Promise<ProfileCollection[]> =>
  profileCollections(db, sql`c.owner_org_id = ${orgId}`, sql`cm.org_id = ${orgId}`);
