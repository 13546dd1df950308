// Copilot sessions are stateless: the main API signs session id, user, nonce and expiry with
// HMAC-SHA256, the chat service (in this process or its own) checks the signature.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SignedHeaders } from '../../src/api/contract/copilot.js';
import { ApiError } from '../http/api-error.js';

export const SESSION_SECONDS = 30 * 60;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  nonce: string;
  /** Seconds since the epoch. */
  expires: number;
}

const signatureOf = (secret: Buffer, claims: SessionClaims) =>
  createHmac('sha256', secret)
    .update(['lexhub.copilot.v1', claims.sessionId, claims.userId, claims.nonce, String(claims.expires)].join('\n'))
    .digest('base64url');

/** The headers for these claims; tests use it to forge an expired session with the real secret. */
export function signSession(secret: Buffer, claims: SessionClaims): SignedHeaders {
  return {
    'x-copilot-session': claims.sessionId,
    'x-copilot-user': claims.userId,
    'x-copilot-nonce': claims.nonce,
    'x-copilot-expires': String(claims.expires),
    'x-copilot-signature': signatureOf(secret, claims),
  };
}

/** A new session for a user, valid SESSION_SECONDS from now. */
export function newSessionClaims(userId: string, now = Date.now()): SessionClaims {
  return {
    sessionId: randomBytes(16).toString('base64url'),
    userId,
    nonce: randomBytes(16).toString('base64url'),
    expires: Math.floor(now / 1000) + SESSION_SECONDS,
  };
}

const invalid = () => new ApiError(401, 'copilot_session_invalid', 'Copilot session is missing or invalid');

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
    nonce: read('x-copilot-nonce'),
    expires: Number(read('x-copilot-expires')),
  };
  if (!/^\d{1,12}$/.test(read('x-copilot-expires'))) throw invalid();
  const given = Buffer.from(read('x-copilot-signature'), 'utf8');
  const expected = Buffer.from(signatureOf(secret, claims), 'utf8');
  // Lengths first: timingSafeEqual needs equal lengths (a length says nothing about the key).
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (claims.expires * 1000 <= now) throw new ApiError(401, 'copilot_session_expired', 'Copilot session expired');
  return claims;
}
