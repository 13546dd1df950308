// One-time tokens sent by email (verify an address, reset a password): 32 random bytes in the
// link, only their sha256 in auth_tokens, with an expiry; consuming one marks it used atomically.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { newSecretToken, sha256 } from './secret-token.js';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 48 * 3600,
  reset_password: 3600,
};

type Executor = Pick<Db, 'execute'>;

/** Stores a new token for the user and returns it (the only time it exists in clear). */
export async function issueToken(db: Executor, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = newSecretToken();
  await db.execute(
    sql`INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at)
        VALUES (${sha256(token)}, ${userId}, ${purpose}, now() + make_interval(secs => ${TOKEN_TTL_SECONDS[purpose]}))`,
  );
  return token;
}

/** Marks every unused token of that purpose used (a newer link replaces older ones). */
export async function revokeTokens(db: Executor, userId: string, purpose: TokenPurpose) {
  await db.execute(
    sql`UPDATE auth_tokens SET used_at = now() WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL`,
  );
}

/** The user id of a live token, which is marked used in the same statement; null when none. */
export async function consumeToken(db: Executor, token: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await sqlRows<{ user_id: string }>(
    db as Db,
    sql`UPDATE auth_tokens SET used_at = now()
        WHERE token_hash = ${sha256(token)} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
  );
  return row?.user_id ?? null;
}

/** The user of a live token without using it up (to check a new password against their name). */
export async function peekToken(db: Db, token: string, purpose: TokenPurpose) {
  const [row] = await sqlRows<{ user_id: string; email: string; first_name: string; last_name: string }>(
    db,
    sql`SELECT u.id AS user_id, u.email, u.first_name, u.last_name
        FROM auth_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${sha256(token)} AND t.purpose = ${purpose} AND t.used_at IS NULL AND t.expires_at > now()`,
  );
  return row ?? null;
}

/** Deletes tokens that expired over a day ago (called now and then). */
export async function pruneTokens(db: Db) {
  await db.execute(sql`DELETE FROM auth_tokens WHERE expires_at < now() - interval '1 day'`);
}
