// Publishing a collection (managers only): its address under the owner
// (/u|org/{owner_handle}/{slug}), an optional short handle (/{vanity}/documents/...) and whether
// anyone may read it; unpublishing makes it private and releases the short handle. Old slugs and
// short handles keep answering with redirects (redirects.ts).
//
// Short handles are one namespace over all collections. They are not checked against users'
// handles: /u/{handle} and /{vanity} are separate address spaces. Besides the words no handle may
// be (RESERVED_HANDLES, refused by the contract), a short handle may not be a name the server itself
// answers at the root (the built app's /assets, /healthz), or its pages would never be reached.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Collection, PublishCollectionRequest } from '../../src/api/contract/collections.js';
import type { UserPrincipal } from '../auth/principal.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { ownerHandleMismatch, vanityHandleTaken } from '../http/errors.js';
import { managedCollection } from './access.js';
import { getCollection, moveSlug, slugTaken } from './collections.js';
import { vanityChanged } from './redirects.js';

async function vanityInUse(tx: Tx, vanity: string, except: string): Promise<boolean> {
  const rows = await sqlRows(tx, sql`SELECT 1 FROM collections WHERE vanity_handle = ${vanity} AND id <> ${except}`);
  return rows.length > 0;
}

/**
 * Sets the address and visibility: `is_public` makes it public; false makes a public one private
 * and leaves a private or team one as it is. No `vanity_handle` (or null) means none: the one it
 * had is released.
 */
export async function publishCollection(
  db: Db,
  id: string,
  principal: UserPrincipal,
  request: z.output<typeof PublishCollectionRequest>,
): Promise<Collection> {
  const vanity = request.vanity_handle ?? null;
  try {
    return await db.transaction(async (tx) => {
      const { row } = await managedCollection(tx, id, principal);
      if (request.owner_handle !== row.owner_handle) throw ownerHandleMismatch();
      await moveSlug(tx, row, request.slug);
      if (vanity !== row.vanity_handle) {
        if (vanity !== null && (await vanityInUse(tx, vanity, id))) throw vanityHandleTaken(vanity);
        await tx.execute(sql`UPDATE collections SET vanity_handle = ${vanity} WHERE id = ${id}`);
        await vanityChanged(tx, id, row.vanity_handle, vanity);
      }
      const visibility = request.is_public ? 'public' : row.visibility === 'public' ? 'private' : row.visibility;
      await tx.execute(sql`UPDATE collections SET visibility = ${visibility}, updated_at = now() WHERE id = ${id}`);
      return getCollection(tx, id, principal);
    });
  } catch (error) {
    // A concurrent publish took the slug or the short handle between our check and our write.
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    throw constraint === 'collections_vanity_handle_key' && vanity !== null
      ? vanityHandleTaken(vanity)
      : slugTaken(request.slug);
  }
}

/** Private again, short handle released (its old address then leads nowhere until it is public). */
export async function unpublishCollection(db: Db, id: string, principal: UserPrincipal): Promise<Collection> {
  return db.transaction(async (tx) => {
    const { row } = await managedCollection(tx, id, principal);
    await tx.execute(
      sql`UPDATE collections SET visibility = 'private', vanity_handle = NULL, updated_at = now() WHERE id = ${id}`,
    );
    await vanityChanged(tx, id, row.vanity_handle, null);
    return getCollection(tx, id, principal);
  });
}
