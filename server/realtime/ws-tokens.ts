// Tokens that open the live channel: POST /v1/auth/ws-token issues one (the realtime host may
// be another address, where the session cookie does not go; and a secret in a URL must not be
// the session). 32 random bytes, 60 s, single use, bound to the user and to the login session
// it was issued under (the socket closes when that session ends); only the sha256 is stored,
// in the database, so a token from one instance opens a socket on any other.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newSecretToken, sha256 } from '../auth/secret-token.js';
import { sqlRows } from '../db/sql.js';

export const WS_TOKEN_TTL_SECONDS = 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const HASH_SHAPE = /^[0-9a-f]{64}$/;

export interface IssuedWsToken {
  token: string;
  expires_in: number;
}

/** Who a consumed token opens the channel for. */
export interface WsTokenOwner {
  userId: string;
  /** The login session (sessions.id_hash) it was issued under; null for rows older than that column. */
  sessionIdHash: string | null;
}

/**
 * A new token for the user's login session (the only moment it exists in clear). The routes
 * always pass the session; null (a socket no logout closes) is for tools such as the bench.
 */
export async function issueWsToken(db: Db, userId: string, sessionIdHash: string | null): Promise<IssuedWsToken> {
  const token = newSecretToken();
  await db.execute(
    sql`INSERT INTO ws_tokens (token_hash, user_id, session_id_hash, expires_at)
        VALUES (${sha256(token)}, ${userId}, ${sessionIdHash}, now() + make_interval(secs => ${WS_TOKEN_TTL_SECONDS}))`,
  );
  return { token, expires_in: WS_TOKEN_TTL_SECONDS };
}

/**
 * The owner of a live, unused token, which the same statement marks used (two sockets racing
 * with one token: exactly one wins); null for a missing, malformed, expired or used token, and
 * for one whose login session has ended since it was issued.
 */
export async function consumeWsToken(db: Db, token: string | null | undefined): Promise<WsTokenOwner | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await sqlRows<{ user_id: string; session_id_hash: string | null }>(
    db,
    sql`UPDATE ws_tokens t SET used_at = now()
        WHERE t.token_hash = ${sha256(token)} AND t.used_at IS NULL AND t.expires_at > now()
          AND (t.session_id_hash IS NULL
               OR EXISTS (SELECT 1 FROM sessions s WHERE s.id_hash = t.session_id_hash AND s.expires_at > now()))
        RETURNING t.user_id, t.session_id_hash`,
  );
  return row ? { userId: row.user_id, sessionIdHash: row.session_id_hash } : null;
}

/**
 * Of these login sessions (sessions.id_hash), the ones that still exist and have not expired.
 * One query on the primary key, whatever the number of hashes.
 */
export async function liveLoginSessions(db: Db, idHashes: string[]): Promise<Set<string>> {
  // Hashes are our own hex digests; anything else could not be an array literal's element.
  idHashes = idHashes.filter((hash) => HASH_SHAPE.test(hash));
  if (idHashes.length === 0) return new Set();
  const rows = await sqlRows<{ id_hash: string }>(
    db,
    sql`SELECT id_hash FROM sessions
        WHERE id_hash = ANY(${`{${idHashes.join(',')}}`}::text[]) AND expires_at > now()`,
  );
  return new Set(rows.map((row) => row.id_hash));
}

/** Tokens expired a minute ago or more are of no use to anyone. */
export async function pruneWsTokens(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM ws_tokens WHERE expires_at < now() - interval '1 minute'`);
}
