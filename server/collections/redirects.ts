// Old addresses and where they lead now, as Gitea keeps them: a collection's old slug under its
// owner (collection_redirects), a user's old handle and a collection's old short handle
// (handle_redirects). A rename records the old name; claiming a name (a new collection, slug, short
// handle or username equal to an old one) ends its redirect in the same transaction. Lookups check
// that the name is not live as well, so a live name always wins, even over a row left by a race.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import type { Owner } from '../policies/collections.js';

export type OwnerType = Owner['type'];

/** Where a collection lives: /u|org/{handle}/{slug}, or /{vanity} for its short handle. */
export type CollectionAddress = { ownerType: OwnerType; handle: string; slug: string };
export type PublicAddress = CollectionAddress | { vanity: string };

const ownerColumn = (owner: Owner) => sql.raw(owner.type === 'user' ? 'owner_user_id' : 'owner_org_id');

/** The owner now has a collection at `slug`: an old redirect of that slug ends. */
export async function claimSlug(tx: Tx, owner: Owner, slug: string): Promise<void> {
  await tx.execute(
    sql`DELETE FROM collection_redirects WHERE ${ownerColumn(owner)} = ${owner.id} AND old_slug = ${slug}`,
  );
}

/** A collection moved from slug `from` to `to` under its owner: `to` is claimed, `from` leads to it. */
export async function slugChanged(tx: Tx, owner: Owner, collectionId: string, from: string, to: string) {
  if (from === to) return;
  await claimSlug(tx, owner, to);
  await claimSlug(tx, owner, from);
  await tx.execute(
    sql`INSERT INTO collection_redirects (${ownerColumn(owner)}, old_slug, collection_id)
        VALUES (${owner.id}, ${from}, ${collectionId})`,
  );
}

type HandleKind = 'user' | 'collection';

/** Records `old` → target in its namespace (user handles and short handles are keyed apart). */
async function recordHandle(tx: Tx, kind: HandleKind, old: string, targetId: string) {
  const userId = kind === 'user' ? targetId : null;
  const collectionId = kind === 'collection' ? targetId : null;
  await tx.execute(
    sql`INSERT INTO handle_redirects (old_handle, kind, user_id, collection_id)
        VALUES (${old}, ${kind}, ${userId}, ${collectionId})
        ON CONFLICT (kind, old_handle) DO UPDATE SET user_id = EXCLUDED.user_id,
          collection_id = EXCLUDED.collection_id, created_at = now()`,
  );
}

const claimHandle = (tx: Tx, kind: HandleKind, handle: string) =>
  tx.execute(sql`DELETE FROM handle_redirects WHERE kind = ${kind} AND old_handle = ${handle}`);

/** A user's handle changed: the new one is claimed, the old one leads to the user. */
export async function userHandleChanged(tx: Tx, userId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await claimHandle(tx, 'user', to);
  await recordHandle(tx, 'user', from, userId);
}

/** A collection's short handle changed or was released (`to` null). */
export async function vanityChanged(tx: Tx, collectionId: string, from: string | null, to: string | null) {
  if (from === to) return;
  if (to !== null) await claimHandle(tx, 'collection', to);
  if (from !== null) await recordHandle(tx, 'collection', from, collectionId);
}

/**
 * Where an owner handle and (optionally) a slug moved, in one query: `handle` when no user has
 * `handle` and a user had it (organizations keep theirs); `slug` when the owner has no collection at
 * `slug` and a public one had it. Callers pass values that already match the handle and slug rules.
 */
export async function movedOwnerOrSlug(
  db: Db,
  ownerType: OwnerType,
  handle: string,
  slug: string | null,
): Promise<{ handle: string | null; slug: string | null }> {
  const owner =
    ownerType === 'user'
      ? sql`(SELECT id FROM users WHERE username = ${handle})`
      : sql`(SELECT id FROM organizations WHERE slug = ${handle})`;
  const column = sql.raw(ownerType === 'user' ? 'owner_user_id' : 'owner_org_id');
  const movedHandle =
    ownerType === 'user'
      ? sql`(SELECT u.username FROM handle_redirects r JOIN users u ON u.id = r.user_id
             WHERE r.old_handle = ${handle} AND r.kind = 'user'
               AND NOT EXISTS (SELECT 1 FROM users live WHERE live.username = ${handle}))`
      : sql`NULL::text`;
  const movedSlug =
    slug === null
      ? sql`NULL::text`
      : sql`(SELECT c.slug FROM collection_redirects r JOIN collections c ON c.id = r.collection_id
             WHERE r.${column} = ${owner} AND r.old_slug = ${slug} AND c.visibility = 'public'
               AND NOT EXISTS (SELECT 1 FROM collections live WHERE live.${column} = r.${column} AND live.slug = ${slug}))`;
  const [row] = await sqlRows<{ handle: string | null; slug: string | null }>(
    db,
    sql`SELECT ${movedHandle} AS handle, ${movedSlug} AS slug`,
  );
  return { handle: row?.handle ?? null, slug: row?.slug ?? null };
}

/**
 * Where a public collection that had short handle `vanity` lives now (no collection has it any
 * more): its new short handle, or its owner address when it has none.
 */
export async function movedVanity(db: Db, vanity: string): Promise<PublicAddress | null> {
  const [row] = await sqlRows<{ vanity_handle: string | null; owner_type: OwnerType; handle: string; slug: string }>(
    db,
    sql`SELECT c.vanity_handle, CASE WHEN c.owner_user_id IS NULL THEN 'org' ELSE 'user' END AS owner_type,
          COALESCE(u.username, o.slug) AS handle, c.slug
        FROM handle_redirects r
        JOIN collections c ON c.id = r.collection_id
        LEFT JOIN users u ON u.id = c.owner_user_id
        LEFT JOIN organizations o ON o.id = c.owner_org_id
        WHERE r.old_handle = ${vanity} AND r.kind = 'collection' AND c.visibility = 'public'
          AND NOT EXISTS (SELECT 1 FROM collections live WHERE live.vanity_handle = ${vanity})`,
  );
  if (!row) return null;
  return row.vanity_handle !== null
    ? { vanity: row.vanity_handle }
    : { ownerType: row.owner_type, handle: row.handle, slug: row.slug };
}
