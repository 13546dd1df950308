// A collection's public face: found by owner handle and slug or by short handle, with one page of
// its items (or one item) at their pinned versions, for /v1 (the caller's session) and /api/v1
// (always anonymous). What the caller may not read answers the same 404 as what does not exist;
// an old address (a renamed slug, short handle or user handle) answers where the collection is now.
import { sql, type SQL } from 'drizzle-orm';
import {
  COLLECTION_SLUG_PATTERN,
  type CollectionOwner,
  type CollectionSummary,
  type PublicCollection,
  type PublicCollectionDocument,
} from '../../src/api/contract/collections.js';
import { ORG_SLUG_PATTERN } from '../../src/api/contract/orgs.js';
import { HANDLE_PATTERN } from '../../src/api/contract/users.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { validationFailed } from '../http/errors.js';
import { COLLECTION_OWNERS, collectionColumns, collectionNotFound, summaryOf, type CollectionRow } from './access.js';
import { itemNotFound, itemOf, itemPage } from './items.js';
import {
  movedOwnerOrSlug,
  movedVanity,
  type CollectionAddress,
  type OwnerType,
  type PublicAddress,
} from './redirects.js';

/** The answer, or where the collection lives now (the route answers 301 there). */
export type Located<T> = { kind: 'found'; body: T } | { kind: 'moved'; to: PublicAddress };

type ItemsPage = { limit: number; cursor?: string | undefined };

interface Found {
  collection: CollectionSummary;
  owner: CollectionOwner;
  canonical_path: string;
}

const HANDLE_RULE: Record<OwnerType, RegExp> = { user: HANDLE_PATTERN, org: ORG_SLUG_PATTERN };

/**
 * Addresses are matched in lowercase. A segment no handle or slug can be is 400 naming it: no
 * collection can have that name, so the answer tells nothing about any collection.
 */
const wellFormed = (segment: string, rule: RegExp, field: string): string => {
  const value = segment.trim().toLowerCase();
  if (!rule.test(value)) throw validationFailed(field, 'not a possible handle or slug');
  return value;
};

export const canonicalPathOf = (ownerType: OwnerType, handle: string, slug: string) =>
  `/${ownerType === 'user' ? 'u' : 'org'}/${handle}/${slug}`;

/** The collection `where` picks (one row at most), as the caller may see it: null when none, 404 when unreadable. */
async function findReadable(db: Db, principal: Principal, where: SQL): Promise<Found | null> {
  const [row] = await sqlRows<CollectionRow & { owner_name: string }>(
    db,
    sql`SELECT ${collectionColumns(principal)},
          COALESCE(oo.name, NULLIF(btrim(concat_ws(' ', ou.first_name, ou.last_name)), ''), ou.username) AS owner_name
        FROM ${COLLECTION_OWNERS}
        WHERE ${where}`,
  );
  if (!row) return null;
  const collection = summaryOf(principal, row);
  if (collection === null) throw collectionNotFound();
  return {
    collection,
    owner: { type: collection.owner_type, handle: collection.owner_handle, name: row.owner_name },
    canonical_path: canonicalPathOf(collection.owner_type, collection.owner_handle, collection.slug),
  };
}

/** By owner and slug: the collection, or where it moved, or 404. */
async function locateByAddress(db: Db, principal: Principal, params: CollectionAddress): Promise<Located<Found>> {
  const handle = wellFormed(params.handle, HANDLE_RULE[params.ownerType], 'handle');
  const slug = wellFormed(params.slug, COLLECTION_SLUG_PATTERN, 'slug');
  const owner = params.ownerType === 'user' ? sql`ou.username = ${handle}` : sql`oo.slug = ${handle}`;
  const found = await findReadable(db, principal, sql`${owner} AND c.slug = ${slug}`);
  if (found) return { kind: 'found', body: found };
  const moved = await movedOwnerOrSlug(db, params.ownerType, handle, slug);
  const { ownerType } = params;
  if (moved.handle !== null) return { kind: 'moved', to: { ownerType, handle: moved.handle, slug } };
  if (moved.slug !== null) return { kind: 'moved', to: { ownerType, handle, slug: moved.slug } };
  throw collectionNotFound();
}

/** By short handle: the collection, or where it moved, or 404. */
async function locateByVanity(db: Db, principal: Principal, typed: string): Promise<Located<Found>> {
  const vanity = wellFormed(typed, HANDLE_PATTERN, 'vanity');
  const found = await findReadable(db, principal, sql`c.vanity_handle = ${vanity}`);
  if (found) return { kind: 'found', body: found };
  const moved = await movedVanity(db, vanity);
  if (moved) return { kind: 'moved', to: moved };
  throw collectionNotFound();
}

async function withItems(db: Db, located: Located<Found>, page: ItemsPage): Promise<Located<PublicCollection>> {
  if (located.kind === 'moved') return located;
  const { items, next_cursor } = await itemPage(db, located.body.collection.id, page);
  return { kind: 'found', body: { ...located.body, items, next_cursor } };
}

async function withItem(
  db: Db,
  located: Located<Found>,
  documentId: string,
): Promise<Located<PublicCollectionDocument>> {
  if (located.kind === 'moved') return located;
  const item = await itemOf(db, located.body.collection.id, documentId);
  if (!item) throw itemNotFound();
  return { kind: 'found', body: { ...located.body, item } };
}

export const publicCollection = async (db: Db, principal: Principal, params: CollectionAddress, page: ItemsPage) =>
  withItems(db, await locateByAddress(db, principal, params), page);

export const publicCollectionDocument = async (
  db: Db,
  principal: Principal,
  params: CollectionAddress & { documentId: string },
) => withItem(db, await locateByAddress(db, principal, params), params.documentId);

export const publicCollectionByHandle = async (db: Db, principal: Principal, vanity: string, page: ItemsPage) =>
  withItems(db, await locateByVanity(db, principal, vanity), page);

export const publicCollectionDocumentByHandle = async (
  db: Db,
  principal: Principal,
  vanity: string,
  documentId: string,
) => withItem(db, await locateByVanity(db, principal, vanity), documentId);
