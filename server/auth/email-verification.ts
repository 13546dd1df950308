// Email verification: the link's token confirms the address once (48 hours, single use).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { consumeToken } from './email-tokens.js';

/** Confirms the address of a verification token; false when the token is bad, used or expired. */
export async function verifyEmailToken(db: Db, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify_email');
    if (!userId) return false;
    await tx.execute(sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = ${userId}`);
    return true;
  });
}
