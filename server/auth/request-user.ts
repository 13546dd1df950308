// The logged-in user of a request. The session hook (session-hook.ts) sets `request.user` from
// the session cookie before any handler runs; handlers of private routes call requireUser.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'cs' | null;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook; null for an anonymous request. */
    user: SessionUser | null;
    /** sha256 of the session id when the request carried a live session. */
    sessionIdHash: string | null;
  }
}

/** The request's user, or a 401 not_authenticated. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new ApiError(401, 'not_authenticated', 'Log in first');
  return request.user;
}

/** The sha256 of the request's login session (after requireUser); 401 when there is none. */
export function loginSessionOf(request: FastifyRequest): string {
  if (!request.user || !request.sessionIdHash) throw new ApiError(401, 'not_authenticated', 'Log in first');
  return request.sessionIdHash;
}

/** 403 forbidden unless the path's user id is the caller's own. */
export function requireSelf(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (user.id !== userId) throw new ApiError(403, 'forbidden', 'That is another user');
  return user;
}
