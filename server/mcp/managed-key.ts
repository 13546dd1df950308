// The Copilot's own key (issue 12): one per user, `managed`, memory.write, described 'Copilot',
// made with the user's first Copilot session. Its secret is never issued: the Copilot calls the
// memory tools in process as this key, so the owner sees those uses among the key's events.
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import { insertKey } from '../api-keys/keys.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';

export const MANAGED_KEY_SCOPES: ApiKeyScope[] = ['memory.write'];

export interface ManagedKey {
  id: string;
  scopes: ApiKeyScope[];
}

const findManagedKey = async (db: Db, userId: string) =>
  (
    await sqlRows<ManagedKey>(
      db,
      sql`SELECT id, scopes FROM api_keys WHERE owner_user_id = ${userId} AND managed LIMIT 1`,
    )
  )[0];

/** The user's managed key, made on first need (under the owner's key lock, so two sessions make one). */
export async function ensureManagedKey(db: Db, userId: string): Promise<ManagedKey> {
  const existing = await findManagedKey(db, userId);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`);
    const [again] = await sqlRows<ManagedKey>(
      tx,
      sql`SELECT id, scopes FROM api_keys WHERE owner_user_id = ${userId} AND managed LIMIT 1`,
    );
    if (again) return again;
    const created = await insertKey(tx, {
      owner: { type: 'user', id: userId },
      createdBy: userId,
      scopes: MANAGED_KEY_SCOPES,
      description: 'Copilot',
      expiresAt: null,
      managed: true,
    });
    return { id: created.id, scopes: created.scopes };
  });
}
