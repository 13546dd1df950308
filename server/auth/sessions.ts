// Server-side sessions: the cookie carries an opaque random id, the database its sha256 with an
// expiry that slides with use. One indexed query per request finds the session and its user.
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import type { SessionUser } from './principal.js';
import { newSecretToken, sha256 } from './secret-token.js';

export const SESSION_COOKIE = 'lexhub_session';
/** last_seen_at (and the sliding expiry) is written at most once a minute per session. */
const TOUCH_AFTER_SECONDS = 60;

export interface SessionSettings {
  ttlSeconds: number;
  /** True when cookies must carry Secure for this request. */
  secure(request: FastifyRequest): boolean;
}

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
): Promise<{ user: SessionUser; idHash: string; touched: boolean } | null> {
  const idHash = sha256(cookieValue);
  const [row] = await sqlRows<SessionRow>(
    db,
    sql`SELECT u.id, u.username, u.email, u.first_name, u.last_name, u.language,
               u.email_verified_at IS NOT NULL AS email_verified,
               s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) AS stale
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id_hash = ${idHash} AND s.expires_at > now()`,
  );
  if (!row) return null;
  if (row.stale) {
    await db.execute(
      sql`UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => ${ttlSeconds})
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
          VALUES (${sha256(id)}, ${userId}, now() + make_interval(secs => ${settings.ttlSeconds}), ${userAgent})`,
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

/** Deletes sessions that expired (called now and then). */
export async function pruneSessions(db: Db) {
  await db.execute(sql`DELETE FROM sessions WHERE expires_at < now()`);
}
