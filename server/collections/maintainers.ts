// Maintainers of a collection: users, or whole organizations whose every member edits its items.
// The owner is never a maintainer row (409 owner_is_not_maintainer). Managers invite them; an
// invitation gives no rights and shows on no profile until the user (or the organization's owners
// or admins) accepts it: nobody is put somewhere without consent. Whoever speaks for a maintainer
// may decline or leave.
import { isUuid } from '../../src/shared/uuid.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AddMaintainerRequest,
  CollectionInvitation,
  CollectionMaintainer,
} from '../../src/api/contract/collections.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import { HANDLE_PATTERN } from '../../src/api/contract/users.js';
import { normalizeSlug } from '../accounts/orgs.js';
import type { Principal, UserPrincipal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { conflict, notFound } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import {
  canAcceptMaintainership,
  canRemoveCollectionMaintainer,
  canSeePendingMaintainer,
  speaksForMaintainer,
  type CollectionFacts,
  type Owner,
} from '../policies/collections.js';
import { managedCollection, readableCollection, readableOrInvitedCollection } from './access.js';
import { writeTransaction } from './write.js';
import { assertWithinQuota, type CollectionQuotas } from './quotas.js';

type MaintainerList = { items: CollectionMaintainer[] };

const ownerIsNotMaintainer = () =>
  conflict('owner_is_not_maintainer', 'The owner of a collection is not one of its maintainers', 'maintainer_id');
const alreadyMaintainer = () =>
  conflict('already_maintainer', 'Already a maintainer of this collection', 'maintainer_id');

/** The maintainers the caller may see: accepted ones, and invitations only for managers and the invited. */
async function maintainersOf(
  db: Db | Tx,
  collectionId: string,
  principal: Principal,
  facts: CollectionFacts,
): Promise<MaintainerList> {
  const items = await sqlRows<CollectionMaintainer>(
    db,
    sql`SELECT CASE WHEN cm.user_id IS NULL THEN 'org' ELSE 'user' END AS maintainer_type,
          COALESCE(cm.user_id, cm.org_id) AS maintainer_id, COALESCE(u.username, o.slug) AS handle,
          cm.accepted_at IS NULL AS pending
        FROM collection_maintainers cm
        LEFT JOIN users u ON u.id = cm.user_id
        LEFT JOIN organizations o ON o.id = cm.org_id
        WHERE cm.collection_id = ${collectionId}
        ORDER BY 1 DESC, 3`,
  );
  const shown = (m: CollectionMaintainer) =>
    !m.pending || canSeePendingMaintainer(principal, facts, { type: m.maintainer_type, id: m.maintainer_id });
  return { items: items.filter(shown) };
}

export async function listMaintainers(db: Db, id: string, principal: Principal): Promise<MaintainerList> {
  const { facts } = await readableCollection(db, id, principal);
  return maintainersOf(db, id, principal, facts);
}

/** The user or organization named by id or handle, or 404. */
async function resolveMaintainer(tx: Tx, request: z.output<typeof AddMaintainerRequest>): Promise<Owner> {
  const typed = request.maintainer_id;
  const byId = isUuid(typed);
  let rows: { id: string }[] = [];
  if (request.maintainer_type === 'user') {
    const handle = typed.toLowerCase();
    // Only accounts with a public profile: an unverified one answers 404 here as on /u/{handle}.
    if (byId) rows = await sqlRows(tx, sql`SELECT id FROM users WHERE id = ${typed} AND email_verified_at IS NOT NULL`);
    else if (HANDLE_PATTERN.test(handle))
      rows = await sqlRows(tx, sql`SELECT id FROM users WHERE username = ${handle} AND email_verified_at IS NOT NULL`);
  } else {
    const slug = normalizeSlug(typed);
    if (byId) rows = await sqlRows(tx, sql`SELECT id FROM organizations WHERE id = ${typed}`);
    else if (slug) rows = await sqlRows(tx, sql`SELECT id FROM organizations WHERE slug = ${slug}`);
  }
  const [row] = rows;
  if (!row) throw notFound(request.maintainer_type === 'user' ? 'User' : 'Organization', 'maintainer_id');
  return { type: request.maintainer_type, id: row.id };
}

/** Invitations not yet answered from the collections of `owner` to `who`. */
async function openInvitationsFromOwner(tx: Tx, owner: Owner, who: Owner): Promise<number> {
  const ownerColumn = sql.raw(owner.type === 'user' ? 'c.owner_user_id' : 'c.owner_org_id');
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM collection_maintainers cm JOIN collections c ON c.id = cm.collection_id
        WHERE cm.accepted_at IS NULL AND cm.${column(who)} = ${who.id} AND ${ownerColumn} = ${owner.id}`,
  );
  return Number(row?.n ?? 0);
}

/** The caller's role in the organization about to be added (it is not among the collection's facts yet). */
async function callerRoleIn(tx: Tx, principal: UserPrincipal, who: Owner): Promise<Record<string, OrgRole>> {
  if (who.type !== 'org') return {};
  const [row] = await sqlRows<{ role: OrgRole }>(
    tx,
    sql`SELECT role FROM org_members WHERE org_id = ${who.id} AND user_id = ${principal.user.id}`,
  );
  return row ? { [who.id]: row.role } : {};
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
      // Adding an organization one owns or administers (or oneself) needs no second step.
      const callerOrgRoles = { ...facts.callerOrgRoles, ...(await callerRoleIn(tx, principal, who)) };
      const acceptedAtOnce = speaksForMaintainer(principal, { ...facts, callerOrgRoles }, who);
      if (!acceptedAtOnce) {
        assertWithinQuota(quotas, 'openInvitationsPerInvitee', await openInvitationsFromOwner(tx, facts.owner, who));
      }
      const acceptedAt = acceptedAtOnce ? sql`now()` : sql`NULL`;
      await tx.execute(
        sql`INSERT INTO collection_maintainers (collection_id, ${column(who)}, accepted_at)
            VALUES (${id}, ${who.id}, ${acceptedAt})`,
      );
      return maintainersOf(tx, id, principal, facts);
    },
  );
}

/**
 * An answer about one maintainer row by whoever may give it (a manager, or whoever speaks for the
 * maintainer): a decline, a departure or an acceptance. An invited caller may answer before they
 * may read the collection.
 */
async function answerForMaintainer(
  db: Db,
  id: string,
  principal: UserPrincipal,
  who: Owner,
  allowed: (facts: CollectionFacts) => boolean,
  change: (tx: Tx, facts: CollectionFacts) => Promise<void>,
): Promise<MaintainerList> {
  return db.transaction(async (tx) => {
    const { facts } = await readableOrInvitedCollection(tx, id, principal);
    authorize(allowed(facts), 'Only the owners of this collection or the maintainer itself answer for it');
    await change(tx, facts);
    return maintainersOf(tx, id, principal, facts);
  });
}

/** Removes a maintainer or withdraws (declines) an invitation. */
export const removeMaintainer = (db: Db, id: string, principal: UserPrincipal, who: Owner) =>
  answerForMaintainer(
    db,
    id,
    principal,
    who,
    (facts) => canRemoveCollectionMaintainer(principal, facts, who),
    async (tx, facts) => {
      if (isOwner(facts, who)) throw ownerIsNotMaintainer();
      const removed = await sqlRows(
        tx,
        sql`DELETE FROM collection_maintainers WHERE collection_id = ${id} AND ${column(who)} = ${who.id} RETURNING 1`,
      );
      if (removed.length === 0) throw notFound('Maintainer', 'maintainerId');
    },
  );

/** Accepts an invitation to maintain, for the invited user or as an owner or admin of the invited organization. */
export const acceptMaintainer = (db: Db, id: string, principal: UserPrincipal, who: Owner) =>
  answerForMaintainer(
    db,
    id,
    principal,
    who,
    (facts) => canAcceptMaintainership(principal, facts, who),
    async (tx) => {
      await tx.execute(
        sql`UPDATE collection_maintainers SET accepted_at = now()
            WHERE collection_id = ${id} AND ${column(who)} = ${who.id} AND accepted_at IS NULL`,
      );
    },
  );

const INVITATIONS_SHOWN = 100;

/** Open invitations for the caller and for the organizations they own or administer, newest first. */
export async function listInvitations(db: Db, principal: UserPrincipal): Promise<{ items: CollectionInvitation[] }> {
  const userId = principal.user.id;
  const items = await sqlRows<CollectionInvitation>(
    db,
    sql`SELECT c.id AS collection_id, c.name AS collection_name,
          CASE WHEN c.owner_user_id IS NULL THEN 'org' ELSE 'user' END AS owner_type,
          COALESCE(ou.username, oo.slug) AS owner_handle,
          CASE WHEN cm.user_id IS NULL THEN 'org' ELSE 'user' END AS maintainer_type,
          COALESCE(cm.user_id, cm.org_id) AS maintainer_id, COALESCE(mu.username, mo.slug) AS handle
        FROM collection_maintainers cm
        JOIN collections c ON c.id = cm.collection_id
        LEFT JOIN users ou ON ou.id = c.owner_user_id
        LEFT JOIN organizations oo ON oo.id = c.owner_org_id
        LEFT JOIN users mu ON mu.id = cm.user_id
        LEFT JOIN organizations mo ON mo.id = cm.org_id
        WHERE cm.accepted_at IS NULL
          AND (cm.user_id = ${userId}
               OR cm.org_id IN (SELECT om.org_id FROM org_members om
                                WHERE om.user_id = ${userId} AND om.role IN ('owner', 'admin')))
        ORDER BY cm.created_at DESC, c.id
        LIMIT ${INVITATIONS_SHOWN}`,
  );
  return { items };
}
