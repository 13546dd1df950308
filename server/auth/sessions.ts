// Server-side sessions: the cookie carries an opaque random id, the database its sha256 with an
// expiry that slides with use (30 days) but never past an absolute lifetime from the login (90
// days). One indexed query per request finds the session and its user. The user sees their
// sessions by a separate random `public_id` (the list, ending one), never by the cookie's hash.
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo } from '../../src/api/contract/auth.js';
import type { Db } from '../db/client.js';
import { sqlRows, TIMESTAMP_TEXT } from '../db/sql.js';
import type { SessionUser } from './principal.js';
import { clientSummary } from './client-summary.js';
import { newSecretToken, sha256 } from './secret-token.js';

export const SESSION_COOKIE = 'lexhub_session';
/** last_seen_at (and the sliding expiry) is written at most once a minute per session. */
const TOUCH_AFTER_SECONDS = 60;
/** A session ends this long after its login however much it is used (a stolen cookie does not live forever). */
export const ABSOLUTE_SESSION_SECONDS = 90 * 24 * 3600;

export interface SessionSettings {
  /** The sliding expiry: this long after the last use. */
  ttlSeconds: number;
  /** The absolute lifetime from the login (default ABSOLUTE_SESSION_SECONDS). */
  absoluteSeconds?: number;
  /** True when cookies must carry Secure for this request. */
  secure(request: FastifyRequest): boolean;
}

const absoluteOf = (settings: SessionSettings) => settings.absoluteSeconds ?? ABSOLUTE_SESSION_SECONDS;

interface SessionRow {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string | null;
  email_verified: boolean;
  stale: boolean;
}

/** The live session's user for a cookie value, touching the session when due. */
export async function loadSession(
  db: Db,
  cookieValue: string,
  ttlSeconds: number,
  absoluteSeconds = ABSOLUTE_SESSION_SECONDS,
): Promise<{ user: SessionUser; idHash: string; touched: boolean } | null> {
  const idHash = sha256(cookieValue);
  const [row] = await sqlRows<SessionRow>(
    db,
    sql`SELECT u.id, u.username, u.email, u.first_name, u.last_name, u.language,
               u.email_verified_at IS NOT NULL AS email_verified,
               s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) AS stale
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id_hash = ${idHash} AND s.expires_at > now()
          AND s.created_at > now() - make_interval(secs => ${absoluteSeconds})`,
  );
  if (!row) return null;
  if (row.stale) {
    await db.execute(
      sql`UPDATE sessions SET last_seen_at = now(),
            expires_at = least(now() + make_interval(secs => ${ttlSeconds}),
                               created_at + make_interval(secs => ${absoluteSeconds}))
          WHERE id_hash = ${idHash}`,
    );
  }
  return {
    idHash,
    touched: row.stale,
    user: {
      id: row.id,
      username: row.username,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      language: row.language === 'en' || row.language === 'cs' ? row.language : null,
      emailVerified: row.email_verified,
    },
  };
}

/**
 * Starts a session for a user and sets the cookie. The request's previous session (if any) is
 * deleted in the same step: the id rotates at every login (no session fixation).
 */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  settings: SessionSettings,
) {
  const id = newSecretToken();
  const previous = request.cookies[SESSION_COOKIE];
  await db.transaction(async (tx) => {
    if (previous) await tx.execute(sql`DELETE FROM sessions WHERE id_hash = ${sha256(previous)}`);
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    await tx.execute(
      sql`INSERT INTO sessions (id_hash, user_id, expires_at, user_agent)
          VALUES (${sha256(id)}, ${userId},
                  now() + make_interval(secs => ${Math.min(settings.ttlSeconds, absoluteOf(settings))}), ${userAgent})`,
    );
  });
  setSessionCookie(request, reply, id, settings);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string, settings: SessionSettings) {
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: settings.secure(request),
    maxAge: settings.ttlSeconds,
  });
}

/** Ends the request's session (row and cookie). */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, settings: SessionSettings) {
  const current = request.cookies[SESSION_COOKIE];
  if (current) await db.execute(sql`DELETE FROM sessions WHERE id_hash = ${sha256(current)}`);
  clearSessionCookie(request, reply, settings);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, settings: SessionSettings) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: settings.secure(request) });
}

/** Deletes sessions that expired (called now and then); the absolute lifetime caps expires_at already. */
export async function pruneSessions(db: Db) {
  await db.execute(sql`DELETE FROM sessions WHERE expires_at < now()`);
}

/** The user's live sessions, the most recently used first; `current` marks the caller's. */
export async function listSessions(db: Db, userId: string, currentIdHash: string): Promise<SessionInfo[]> {
  const rows = await sqlRows<Omit<SessionInfo, 'client'> & { user_agent: string | null }>(
    db,
    sql`SELECT public_id AS id,
               to_char(created_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS created_at,
               to_char(last_seen_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS last_seen_at,
               to_char(expires_at AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) AS expires_at,
               user_agent, id_hash = ${currentIdHash} AS current
        FROM sessions
        WHERE user_id = ${userId} AND expires_at > now()
          AND created_at > now() - make_interval(secs => ${ABSOLUTE_SESSION_SECONDS})
        ORDER BY last_seen_at DESC, created_at DESC
        LIMIT 200`,
  );
  return rows.map(({ user_agent, ...row }) => ({ ...row, client: clientSummary(user_agent) }));
}

/** Ends one of the user's sessions by its public id; null when the user has no such session. */
export async function endSessionById(db: Db, userId: string, publicId: string): Promise<{ idHash: string } | null> {
  const [row] = await sqlRows<{ id_hash: string }>(
    db,
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND public_id = ${publicId} RETURNING id_hash`,
  );
  return row ? { idHash: row.id_hash } : null;
}

/** Ends every session of the user but `keepIdHash` (sign out everywhere else); how many ended. */
export async function endOtherSessions(db: Db, userId: string, keepIdHash: string): Promise<number> {
  const rows = await sqlRows<{ id_hash: string }>(
    db,
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND id_hash <> ${keepIdHash} RETURNING id_hash`,
  );
  return rows.length;
}
