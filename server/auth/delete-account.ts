// Deleting one's account (DELETE /v1/auth/account): the password re-entered, then one transaction
// removes the user row, and with it (ON DELETE CASCADE) every piece of personal data: profile,
// email, phone, sessions, tokens, reading history and pins, saved translations, Copilot history,
// memory, API keys, user-owned collections, memberships and maintainerships. Organizations live
// on with their collections; an organization whose last owner this is and that has other members
// refuses (409 org_ownership_transfer_required: make someone else owner first, as Gitea's
// ErrLastOrgOwner). An organization of which the user is the only member goes too when it owns
// no collections (nobody could ever reach it again); one that owns collections stays, without
// members, so that its published work stays where readers and links find it (deleting an
// organization with collections is refused for the same reason: server/accounts/orgs.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { announceKeyChange } from '../api-keys/key-cache.js';
import { ApiError, notFound } from '../http/errors.js';
import { verifyPassword } from './password-hash.js';
import { hitRateLimit, type Limit } from './rate-limit.js';

/** Password attempts per account on this route (it already needs a session). */
export const DELETE_ACCOUNT_LIMIT: Limit = { limit: 10, windowSeconds: 3600 };

// Issue 15's codes, in the contract; built here as org-members.ts does for its own.
const passwordIncorrect = () => new ApiError(403, 'password_incorrect', 'The password is incorrect', 'password');
const transferFirst = (slugs: string[]) =>
  new ApiError(
    409,
    'org_ownership_transfer_required',
    `You are the last owner of ${slugs.map((slug) => `"${slug}"`).join(', ')}: make another member owner first`,
  );

interface Membership {
  org_id: string;
  slug: string;
  role: string;
  members: number;
  owners: number;
}

/** Deletes the account after checking its password; throws 403 / 409 / 429 as above. */
export async function deleteAccount(db: Db, userId: string, password: string): Promise<void> {
  await hitRateLimit(db, `delete-account:${userId}`, DELETE_ACCOUNT_LIMIT);
  const [user] = await sqlRows<{ password_hash: string }>(
    db,
    sql`SELECT password_hash FROM users WHERE id = ${userId}`,
  );
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.password_hash, password))) throw passwordIncorrect();

  await db.transaction(async (tx) => {
    // The user's row before the organizations: an invitation accepted meanwhile (which takes this
    // row first too) either lands before this reads the memberships, or never.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    const memberships = await lockMemberships(tx, userId);
    const blocking = memberships.filter((m) => m.role === 'owner' && m.owners <= 1 && m.members > 1);
    if (blocking.length > 0) throw transferFirst(blocking.map((m) => m.slug));

    // Every instance forgets verified keys that end now: the user's own, and the organizations'
    // keys the user created (created_by cascades too).
    const ownKeys = await sqlRows<{ id: string }>(tx, sql`SELECT id FROM api_keys WHERE owner_user_id = ${userId}`);
    for (const key of ownKeys) await announceKeyChange(tx, { keyId: key.id });
    const keyOrgs = await sqlRows<{ org_id: string }>(
      tx,
      sql`SELECT DISTINCT owner_org_id AS org_id FROM api_keys WHERE created_by = ${userId} AND owner_org_id IS NOT NULL`,
    );
    for (const org of keyOrgs) await announceKeyChange(tx, { orgId: org.org_id });

    const alone = memberships.filter((m) => m.members === 1).map((m) => m.org_id);
    for (const orgId of alone)
      await tx.execute(
        sql`DELETE FROM organizations o WHERE o.id = ${orgId}
            AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.owner_org_id = o.id)`,
      );
    await tx.execute(sql`DELETE FROM users WHERE id = ${userId}`);
  });
}

/** The user's organizations, locked (in id order: no deadlock with another deletion), with counts. */
async function lockMemberships(tx: Tx, userId: string): Promise<Membership[]> {
  const locked = await sqlRows<{ id: string }>(
    tx,
    sql`SELECT o.id FROM organizations o
        WHERE o.id IN (SELECT org_id FROM org_members WHERE user_id = ${userId})
        ORDER BY o.id FOR UPDATE`,
  );
  if (locked.length === 0) return [];
  const rows = await sqlRows<Membership>(
    tx,
    sql`SELECT o.id AS org_id, o.slug, mine.role,
               (SELECT count(*)::int FROM org_members m WHERE m.org_id = o.id) AS members,
               (SELECT count(*)::int FROM org_members m WHERE m.org_id = o.id AND m.role = 'owner') AS owners
        FROM organizations o JOIN org_members mine ON mine.org_id = o.id AND mine.user_id = ${userId}
        ORDER BY o.slug`,
  );
  return rows.map((row) => ({ ...row, members: Number(row.members), owners: Number(row.owners) }));
}
