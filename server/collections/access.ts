// A collection with the facts its policy needs, read in one query, and the three gates every call
// passes: may read (404 'Collection not found' otherwise: the same bytes as a missing id), may
// edit items, may manage (403 forbidden for a reader).
import { sql, type SQL } from 'drizzle-orm';
import type { CollectionSummary, CollectionVisibility } from '../../src/api/contract/collections.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import {
  canEditCollectionItems,
  canManageCollection,
  canReadCollection,
  collectionRoleOf,
  type CollectionFacts,
  isInvitedCaller,
  type Maintainer,
  userIdOf,
} from '../policies/collections.js';

export interface CollectionRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  visibility: CollectionVisibility;
  vanity_handle: string | null;
  owner_user_id: string | null;
  owner_org_id: string | null;
  owner_handle: string;
  document_count: number;
  maintainers: Maintainer[] | string;
  caller_org_roles: Record<string, OrgRole> | string | null;
}

interface LoadedCollection {
  row: CollectionRow;
  facts: CollectionFacts;
}

/** The columns of `c` (joined with its owner) that the shape and the policy need, for the caller. */
export const collectionColumns = (principal: Principal): SQL => sql`
  c.id, c.name, c.slug, c.description, c.visibility, c.vanity_handle, c.owner_user_id, c.owner_org_id,
  COALESCE(ou.username, oo.slug) AS owner_handle,
  (SELECT count(*)::int FROM collection_items ci WHERE ci.collection_id = c.id) AS document_count,
  COALESCE((SELECT json_agg(json_build_object('type', CASE WHEN cm.user_id IS NULL THEN 'org' ELSE 'user' END,
                                              'id', COALESCE(cm.user_id, cm.org_id),
                                              'accepted', cm.accepted_at IS NOT NULL))
            FROM collection_maintainers cm WHERE cm.collection_id = c.id), '[]'::json) AS maintainers,
  (SELECT json_object_agg(m.org_id, m.role) FROM org_members m
   WHERE m.user_id = ${userIdOf(principal)}::uuid
     AND (m.org_id = c.owner_org_id
          OR m.org_id IN (SELECT cm2.org_id FROM collection_maintainers cm2 WHERE cm2.collection_id = c.id))
  ) AS caller_org_roles`;

export const COLLECTION_OWNERS = sql`collections c
  LEFT JOIN users ou ON ou.id = c.owner_user_id
  LEFT JOIN organizations oo ON oo.id = c.owner_org_id`;

// json columns arrive parsed from pg and PGlite alike; text is parsed for safety.
const parsed = <T>(value: T | string | null, fallback: T): T =>
  value === null ? fallback : typeof value === 'string' ? (JSON.parse(value) as T) : value;

function factsOf(row: CollectionRow): CollectionFacts {
  return {
    owner: row.owner_user_id ? { type: 'user', id: row.owner_user_id } : { type: 'org', id: row.owner_org_id! },
    visibility: row.visibility,
    maintainers: parsed<Maintainer[]>(row.maintainers, []),
    callerOrgRoles: parsed<Record<string, OrgRole>>(row.caller_org_roles, {}),
  };
}

/** The Collection shape without documents; null when the caller may not read it. */
export function summaryOf(principal: Principal, row: CollectionRow): CollectionSummary | null {
  const role = collectionRoleOf(principal, factsOf(row));
  if (role === null) return null;
  const ownerType = row.owner_user_id ? 'user' : 'org';
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    owner_type: ownerType,
    owner_handle: row.owner_handle,
    visibility: row.visibility,
    vanity_handle: row.vanity_handle,
    role,
    document_count: Number(row.document_count),
    public_path:
      row.visibility === 'public' ? `/${ownerType === 'user' ? 'u' : 'org'}/${row.owner_handle}/${row.slug}` : null,
  };
}

/** The same bytes for a missing collection and one the caller may not read. */
export const collectionNotFound = () => notFound('Collection');

/**
 * The collection the caller may read, or 404 (unknown and unreadable answer alike). With `lock`
 * (inside a transaction) its row stays locked, so writes to its items and maintainers serialize.
 */
export async function readableCollection(
  db: Db | Tx,
  id: string,
  principal: Principal,
  lock = false,
): Promise<LoadedCollection> {
  const loaded = await loadCollection(db, id, principal, lock);
  if (!canReadCollection(principal, loaded.facts)) throw collectionNotFound();
  return loaded;
}

/**
 * Like readableCollection, but also for a caller invited to maintain it (who answers the
 * invitation before they may read a private collection).
 */
export async function readableOrInvitedCollection(tx: Tx, id: string, principal: Principal): Promise<LoadedCollection> {
  const loaded = await loadCollection(tx, id, principal, true);
  if (!canReadCollection(principal, loaded.facts) && !isInvitedCaller(principal, loaded.facts))
    throw collectionNotFound();
  return loaded;
}

async function loadCollection(db: Db | Tx, id: string, principal: Principal, lock: boolean): Promise<LoadedCollection> {
  // Lock first, then read: the counts and maintainers of a `SELECT ... FOR UPDATE` come from the
  // snapshot taken before it waited for the lock, so a writer queued behind another would see the
  // old item count (quota passed, two items at one position) on PostgreSQL.
  if (lock) await db.execute(sql`SELECT 1 FROM collections WHERE id = ${id} FOR UPDATE`);
  const [row] = await sqlRows<CollectionRow>(
    db,
    sql`SELECT ${collectionColumns(principal)} FROM ${COLLECTION_OWNERS} WHERE c.id = ${id}`,
  );
  if (!row) throw collectionNotFound();
  return { row, facts: factsOf(row) };
}

export async function editableCollection(tx: Tx, id: string, principal: Principal): Promise<LoadedCollection> {
  const loaded = await readableCollection(tx, id, principal, true);
  authorize(canEditCollectionItems(principal, loaded.facts), 'Only its owners and maintainers edit this collection');
  return loaded;
}

export async function managedCollection(tx: Tx, id: string, principal: Principal): Promise<LoadedCollection> {
  const loaded = await readableCollection(tx, id, principal, true);
  authorize(canManageCollection(principal, loaded.facts), 'Only the owners of this collection manage it');
  return loaded;
}
