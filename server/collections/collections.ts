// Collections themselves: create (for the caller or an organization they own or administer),
// read one with its first documents, list (mine, an organization's, all the caller may read),
// rename/describe/re-slug/share with the team, delete.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COLLECTION_SLUG_PATTERN,
  type Collection,
  type CollectionListQuery,
  type CollectionSummary,
  type CreateCollectionRequest,
  type UpdateCollectionRequest,
} from '../../src/api/contract/collections.js';
import { RESERVED_HANDLES } from '../../src/api/contract/users.js';
import { slugify } from '../../src/shared/document-path.js';
import type { Principal, UserPrincipal } from '../auth/principal.js';
import { cleanLine, cleanOptional, cleanText } from '../accounts/clean-text.js';
import { roleIn } from '../accounts/orgs.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { conflict, notAuthenticated, notFound, teamNeedsOrgOwner, validationFailed } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import {
  canCreateOrgCollection,
  canListTeamCollections,
  readableCollectionSql,
  type Owner,
} from '../policies/collections.js';
import {
  COLLECTION_OWNERS,
  collectionColumns,
  managedCollection,
  readableCollection,
  summaryOf,
  type CollectionRow,
} from './access.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { claimSlug, slugChanged } from './redirects.js';
import { firstItems } from './items.js';
import { writeTransaction } from './write.js';
import { assertWithinQuota, type CollectionQuotas } from './quotas.js';

type OwnerColumn = 'owner_user_id' | 'owner_org_id';

export const slugTaken = (slug: string) =>
  conflict('slug_taken', `The owner already has a collection at "${slug}"`, 'slug');

function cleanName(typed: string): string {
  const name = cleanLine(typed);
  if (name.length < 1) throw validationFailed('name', 'must not be empty');
  return name;
}

/** The slugified name, or 'collection' when that is no valid or allowed slug; room left for -N. */
function baseSlugOf(name: string): string {
  const slug = slugify(name).slice(0, 44).replace(/-+$/, '');
  const allowed = COLLECTION_SLUG_PATTERN.test(slug) && !(RESERVED_HANDLES as readonly string[]).includes(slug);
  return allowed ? slug : 'collection';
}

/** The first of base, base-2, base-3... the owner does not use yet. */
async function freeSlug(tx: Tx, column: OwnerColumn, ownerId: string, base: string): Promise<string> {
  const rows = await sqlRows<{ slug: string }>(
    tx,
    sql`SELECT slug FROM collections WHERE ${sql.raw(column)} = ${ownerId} AND (slug = ${base} OR slug LIKE ${`${base}-%`})`,
  );
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

async function slugInUse(tx: Tx, column: OwnerColumn, ownerId: string, slug: string, except?: string) {
  const rows = await sqlRows(
    tx,
    sql`SELECT 1 FROM collections WHERE ${sql.raw(column)} = ${ownerId} AND slug = ${slug}
        ${except ? sql`AND id <> ${except}` : sql``}`,
  );
  return rows.length > 0;
}

/**
 * Moves a collection to `slug` under its owner (409 slug_taken when another one has it); its old
 * slug keeps answering with a redirect. The caller holds the collection's row lock.
 */
export async function moveSlug(tx: Tx, row: CollectionRow, slug: string): Promise<void> {
  if (slug === row.slug) return;
  const owner: Owner = row.owner_user_id
    ? { type: 'user', id: row.owner_user_id }
    : { type: 'org', id: row.owner_org_id! };
  const column: OwnerColumn = owner.type === 'user' ? 'owner_user_id' : 'owner_org_id';
  if (await slugInUse(tx, column, owner.id, slug, row.id)) throw slugTaken(slug);
  await tx.execute(sql`UPDATE collections SET slug = ${slug}, updated_at = now() WHERE id = ${row.id}`);
  await slugChanged(tx, owner, row.id, row.slug, slug);
}

/** A collection the caller may read, with its first documents. */
async function collectionOf(db: Db | Tx, id: string, principal: Principal): Promise<Collection> {
  const { row } = await readableCollection(db, id, principal);
  return { ...summaryOf(principal, row)!, documents: await firstItems(db, id) };
}

export const getCollection = collectionOf;

/** The owner's row locked (so slug defaults and the quota count cannot race); 404/403 for an org. */
async function lockOwner(
  tx: Tx,
  principal: UserPrincipal,
  request: z.output<typeof CreateCollectionRequest>,
): Promise<{ column: OwnerColumn; ownerId: string }> {
  if (request.owner_type === 'user') {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${principal.user.id} FOR UPDATE`);
    return { column: 'owner_user_id', ownerId: principal.user.id };
  }
  const orgId = request.organization_id;
  if (!orgId) throw validationFailed('organization_id', 'required for an organization’s collection');
  const [org] = await sqlRows(tx, sql`SELECT 1 FROM organizations WHERE id = ${orgId} FOR UPDATE`);
  if (!org) throw notFound('Organization', 'organization_id');
  const role = await roleIn(tx, orgId, principal.user.id);
  authorize(
    canCreateOrgCollection(principal, role),
    'Only owners and admins of the organization create its collections',
  );
  return { column: 'owner_org_id', ownerId: orgId };
}

export async function createCollection(
  db: Db,
  principal: UserPrincipal,
  request: z.output<typeof CreateCollectionRequest>,
  quotas: CollectionQuotas,
): Promise<Collection> {
  const name = cleanName(request.name);
  const id = randomUUID();
  return writeTransaction(
    db,
    () => slugTaken(request.slug ?? name),
    async (tx) => {
      const { column, ownerId } = await lockOwner(tx, principal, request);
      const [count] = await sqlRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM collections WHERE ${sql.raw(column)} = ${ownerId}`,
      );
      assertWithinQuota(quotas, 'collectionsPerOwner', Number(count?.n ?? 0));
      if (request.slug && (await slugInUse(tx, column, ownerId, request.slug))) throw slugTaken(request.slug);
      const slug = request.slug ?? (await freeSlug(tx, column, ownerId, baseSlugOf(name)));
      await tx.execute(
        sql`INSERT INTO collections (id, ${sql.raw(column)}, name, slug, description)
          VALUES (${id}, ${ownerId}, ${name}, ${slug}, ${cleanOptional(request.description, cleanText) ?? null})`,
      );
      await claimSlug(tx, { type: column === 'owner_user_id' ? 'user' : 'org', id: ownerId }, slug);
      return collectionOf(tx, id, principal);
    },
  );
}

export async function updateCollection(
  db: Db,
  id: string,
  principal: UserPrincipal,
  request: z.output<typeof UpdateCollectionRequest>,
): Promise<Collection> {
  return writeTransaction(
    db,
    () => slugTaken(request.slug ?? ''),
    async (tx) => {
      const { row } = await managedCollection(tx, id, principal);
      if (request.visibility === 'team' && row.owner_user_id) throw teamNeedsOrgOwner();
      if (request.slug) await moveSlug(tx, row, request.slug);
      const description = cleanOptional(request.description, cleanText);
      await tx.execute(
        sql`UPDATE collections SET
            name = ${request.name !== undefined ? cleanName(request.name) : row.name},
            slug = ${request.slug ?? row.slug},
            description = ${description !== undefined ? description : row.description},
            visibility = ${request.visibility ?? row.visibility},
            updated_at = now()
          WHERE id = ${id}`,
      );
      return collectionOf(tx, id, principal);
    },
  );
}

/** Deletes a collection (its items and maintainers go with it); answers it as it was. */
export async function deleteCollection(db: Db, id: string, principal: UserPrincipal): Promise<Collection> {
  return db.transaction(async (tx) => {
    const { row } = await managedCollection(tx, id, principal);
    const collection = { ...summaryOf(principal, row)!, documents: await firstItems(tx, id) };
    await tx.execute(sql`DELETE FROM collections WHERE id = ${id}`);
    return collection;
  });
}

/** Which collections a scope means, before the readability filter every scope also gets. */
async function scopeFilter(db: Db, principal: Principal, query: z.output<typeof CollectionListQuery>) {
  if (query.scope === 'all') return sql`true`;
  if (principal.kind !== 'user') throw notAuthenticated();
  const userId = principal.user.id;
  if (query.scope === 'mine') {
    // A set of ids from two indexed lookups, rather than an OR over every collection (which
    // PostgreSQL planned as a scan costly enough to JIT-compile on each call: 37 ms of 45).
    return sql`c.id IN (SELECT id FROM collections WHERE owner_user_id = ${userId}
      UNION ALL SELECT collection_id FROM collection_maintainers WHERE user_id = ${userId} AND accepted_at IS NOT NULL)`;
  }
  const orgId = query.organization_id;
  if (!orgId) throw validationFailed('organization_id', 'required for the team scope');
  authorize(canListTeamCollections(principal, await roleIn(db, orgId, userId)), 'Only members see its collections');
  return sql`c.id IN (SELECT id FROM collections WHERE owner_org_id = ${orgId}
    UNION ALL SELECT collection_id FROM collection_maintainers WHERE org_id = ${orgId} AND accepted_at IS NOT NULL)`;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of collections by name (keyset on name, id). */
export async function listCollections(
  db: Db,
  principal: Principal,
  query: z.output<typeof CollectionListQuery>,
): Promise<{ items: CollectionSummary[]; next_cursor: string | null }> {
  const scope = await scopeFilter(db, principal, query);
  const after = query.cursor ? decodeCursor<[string, string]>(query.cursor, ['text', 'uuid']) : null;
  const rows = await sqlRows<CollectionRow>(
    db,
    sql`SELECT ${collectionColumns(principal)} FROM ${COLLECTION_OWNERS}
        WHERE ${scope} AND ${readableCollectionSql(principal)}
          ${query.q ? sql`AND c.name ILIKE ${likePattern(cleanLine(query.q))}` : sql``}
          ${after ? sql`AND (c.name, c.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
        ORDER BY c.name, c.id
        LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  // The SQL predicate and the policy agree; a row the policy refuses would be a bug, and is dropped.
  const items = page.map((row) => summaryOf(principal, row)).filter((item) => item !== null);
  const last = page.at(-1);
  return { items, next_cursor: rows.length > query.limit && last ? encodeCursor([last.name, last.id]) : null };
}
