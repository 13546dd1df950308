// Maintainers of a collection: users, or whole organizations whose every member edits its items.
// The owner is never a maintainer row (409 owner_is_not_maintainer); managers add and remove them,
// and a maintainer user may remove themselves.
import { isUuid } from '../../src/shared/uuid.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AddMaintainerRequest, CollectionMaintainer } from '../../src/api/contract/collections.js';
import { HANDLE_PATTERN } from '../../src/api/contract/users.js';
import { normalizeSlug } from '../accounts/orgs.js';
import type { Principal, UserPrincipal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { conflict, notFound } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { canRemoveCollectionMaintainer, type CollectionFacts, type Owner } from '../policies/collections.js';
import { managedCollection, readableCollection } from './access.js';
import { writeTransaction } from './write.js';
import { assertWithinQuota, type CollectionQuotas } from './quotas.js';

type MaintainerList = { items: CollectionMaintainer[] };

const ownerIsNotMaintainer = () =>
  conflict('owner_is_not_maintainer', 'The owner of a collection is not one of its maintainers', 'maintainer_id');
const alreadyMaintainer = () =>
  conflict('already_maintainer', 'Already a maintainer of this collection', 'maintainer_id');

async function maintainersOf(db: Db | Tx, collectionId: string): Promise<MaintainerList> {
  const items = await sqlRows<CollectionMaintainer>(
    db,
    sql`SELECT CASE WHEN cm.user_id IS NULL THEN 'org' ELSE 'user' END AS maintainer_type,
          COALESCE(cm.user_id, cm.org_id) AS maintainer_id, COALESCE(u.username, o.slug) AS handle
        FROM collection_maintainers cm
        LEFT JOIN users u ON u.id = cm.user_id
        LEFT JOIN organizations o ON o.id = cm.org_id
        WHERE cm.collection_id = ${collectionId}
        ORDER BY 1 DESC, 3`,
  );
  return { items };
}

export async function listMaintainers(db: Db, id: string, principal: Principal): Promise<MaintainerList> {
  await readableCollection(db, id, principal);
  return maintainersOf(db, id);
}

/** The user or organization named by id or handle, or 404. */
async function resolveMaintainer(tx: Tx, request: z.output<typeof AddMaintainerRequest>): Promise<Owner> {
  const typed = request.maintainer_id;
  const byId = isUuid(typed);
  let rows: { id: string }[] = [];
  if (request.maintainer_type === 'user') {
    const handle = typed.toLowerCase();
    if (byId) rows = await sqlRows(tx, sql`SELECT id FROM users WHERE id = ${typed}`);
    else if (HANDLE_PATTERN.test(handle))
      rows = await sqlRows(tx, sql`SELECT id FROM users WHERE username = ${handle}`);
  } else {
    const slug = normalizeSlug(typed);
    if (byId) rows = await sqlRows(tx, sql`SELECT id FROM organizations WHERE id = ${typed}`);
    else if (slug) rows = await sqlRows(tx, sql`SELECT id FROM organizations WHERE slug = ${slug}`);
  }
  const [row] = rows;
  if (!row) throw notFound(request.maintainer_type === 'user' ? 'User' : 'Organization', 'maintainer_id');
  return { type: request.maintainer_type, id: row.id };
}

const isOwner = (facts: CollectionFacts, who: Owner) => facts.owner.type === who.type && facts.owner.id === who.id;
const column = (who: Owner) => sql.raw(who.type === 'user' ? 'user_id' : 'org_id');

export async function addMaintainer(
  db: Db,
  id: string,
  principal: UserPrincipal,
  request: z.output<typeof AddMaintainerRequest>,
  quotas: CollectionQuotas,
): Promise<MaintainerList> {
  return writeTransaction(
    db,
    () => alreadyMaintainer(),
    async (tx) => {
      const { facts } = await managedCollection(tx, id, principal);
      const who = await resolveMaintainer(tx, request);
      if (isOwner(facts, who)) throw ownerIsNotMaintainer();
      if (facts.maintainers.some((m) => m.type === who.type && m.id === who.id)) throw alreadyMaintainer();
      assertWithinQuota(quotas, 'maintainersPerCollection', facts.maintainers.length);
      await tx.execute(
        sql`INSERT INTO collection_maintainers (collection_id, ${column(who)}) VALUES (${id}, ${who.id})`,
      );
      return maintainersOf(tx, id);
    },
  );
}

export async function removeMaintainer(
  db: Db,
  id: string,
  principal: UserPrincipal,
  who: Owner,
): Promise<MaintainerList> {
  return db.transaction(async (tx) => {
    const { facts } = await readableCollection(tx, id, principal, true);
    authorize(canRemoveCollectionMaintainer(principal, facts, who), 'Only the owners of this collection remove others');
    if (isOwner(facts, who)) throw ownerIsNotMaintainer();
    const removed = await sqlRows(
      tx,
      sql`DELETE FROM collection_maintainers WHERE collection_id = ${id} AND ${column(who)} = ${who.id} RETURNING 1`,
    );
    if (removed.length === 0) throw notFound('Maintainer', 'maintainerId');
    return maintainersOf(tx, id);
  });
}
