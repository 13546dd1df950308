// Tokens that open the live channel: POST /v1/auth/ws-token issues one (the realtime host may
// be another address, where the session cookie does not go; and a secret in a URL must not be
// the session). 32 random bytes, 60 s, single use, bound to the user; only the sha256 is
// stored, in the database, so a token from one instance opens a socket on any other.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newSecretToken, sha256 } from '../auth/secret-token.js';
import { sqlRows } from '../library/sql-rows.js';

export const WS_TOKEN_TTL_SECONDS = 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedWsToken {
  token: string;
  expires_in: number;
}

/** A new token for the user (the only moment it exists in clear). */
export async function issueWsToken(db: Db, userId: string): Promise<IssuedWsToken> {
  const token = newSecretToken();
  await db.execute(
    sql`INSERT INTO ws_tokens (token_hash, user_id, expires_at)
        VALUES (${sha256(token)}, ${userId}, now() + make_interval(secs => ${WS_TOKEN_TTL_SECONDS}))`,
  );
  return { token, expires_in: WS_TOKEN_TTL_SECONDS };
}

/**
 * The user of a live, unused token, which the same statement marks used (two sockets racing
 * with one token: exactly one wins); null for a missing, malformed, expired or used token.
 */
export async function consumeWsToken(db: Db, token: string | null | undefined): Promise<string | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await sqlRows<{ user_id: string }>(
    db,
    sql`UPDATE ws_tokens SET used_at = now()
        WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
  );
  return row?.user_id ?? null;
}

/** Tokens expired a minute ago or more are of no use to anyone. */
export async function pruneWsTokens(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM ws_tokens WHERE expires_at < now() - interval '1 minute'`);
}
