// Copilot sessions are stateless: the main API signs session id, user, login tag, nonce and
// expiry with HMAC-SHA256, the chat service (in this process or its own) checks the signature
// and that the login session named by the tag still exists (a Copilot session ends with it).
// The tag is an HMAC of the login session's sha256, never the cookie nor its hash in clear.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SignedHeaders } from '../../src/api/contract/copilot.js';
import { copilotSessionExpired, copilotSessionInvalid } from '../http/errors.js';

export const SESSION_SECONDS = 30 * 60;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  /** loginTagOf(secret, sessions.id_hash) of the login session the Copilot session belongs to. */
  login: string;
  nonce: string;
  /** Seconds since the epoch. */
  expires: number;
}

// v2 added the login tag; v1 headers (no tag) are refused: they are at most 30 minutes old.
const signatureOf = (secret: Buffer, claims: SessionClaims) =>
  createHmac('sha256', secret)
    .update(
      ['lexhub.copilot.v2', claims.sessionId, claims.userId, claims.login, claims.nonce, String(claims.expires)].join(
        '\n',
      ),
    )
    .digest('base64url');

/** The login tag of a login session (its sessions.id_hash): 128 bits of an HMAC, base64url. */
export function loginTagOf(secret: Buffer, sessionIdHash: string): string {
  return createHmac('sha256', secret).update(`lexhub.copilot.login\n${sessionIdHash}`).digest('base64url').slice(0, 22);
}

/** The headers for these claims; tests use it to forge an expired session with the real secret. */
export function signSession(secret: Buffer, claims: SessionClaims): SignedHeaders {
  return {
    'x-copilot-session': claims.sessionId,
    'x-copilot-user': claims.userId,
    'x-copilot-login': claims.login,
    'x-copilot-nonce': claims.nonce,
    'x-copilot-expires': String(claims.expires),
    'x-copilot-signature': signatureOf(secret, claims),
  };
}

/** A new session for a user's login session (its tag), valid SESSION_SECONDS from now. */
export function newSessionClaims(userId: string, login: string, now = Date.now()): SessionClaims {
  return {
    sessionId: randomBytes(16).toString('base64url'),
    userId,
    login,
    nonce: randomBytes(16).toString('base64url'),
    expires: Math.floor(now / 1000) + SESSION_SECONDS,
  };
}

const invalid = () => copilotSessionInvalid('Copilot session is missing or invalid');

/**
 * The claims of a request's signed headers; 401 copilot_session_invalid when they are missing
 * or tampered with, copilot_session_expired when the signature holds but the time is up.
 */
export function verifySignedHeaders(secret: Buffer, headers: IncomingHttpHeaders, now = Date.now()): SessionClaims {
  const read = (name: keyof SignedHeaders) => {
    const value = headers[name];
    if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw invalid();
    return value;
  };
  const claims: SessionClaims = {
    sessionId: read('x-copilot-session'),
    userId: read('x-copilot-user'),
    login: read('x-copilot-login'),
    nonce: read('x-copilot-nonce'),
    expires: Number(read('x-copilot-expires')),
  };
  if (!/^\d{1,12}$/.test(read('x-copilot-expires'))) throw invalid();
  const given = Buffer.from(read('x-copilot-signature'), 'utf8');
  const expected = Buffer.from(signatureOf(secret, claims), 'utf8');
  // Lengths first: timingSafeEqual needs equal lengths (a length says nothing about the key).
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (claims.expires * 1000 <= now) throw copilotSessionExpired();
  return claims;
}
