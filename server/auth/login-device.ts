// The device cookie of logins (issue 15): a long-lived random value per browser, set on a login
// attempt when absent, so that a lock binds the browser that failed and a browser that signed in
// before is known. The server keeps only its sha256 (login_failures, login_devices).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newSecretToken, sha256 } from './secret-token.js';
import type { SessionSettings } from './sessions.js';

export const DEVICE_COOKIE = 'lexhub_device';
/** Browsers keep a cookie at most 400 days; the login refreshes it. */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 3600;
/** What newSecretToken makes; anything else is replaced. */
const DEVICE_VALUE = /^[A-Za-z0-9_-]{43}$/;

export interface LoginDevice {
  /** The cookie's value (never stored). */
  value: string;
  /** What the server stores. */
  hash: string;
  /** Made for this request (the answer sets it). */
  fresh: boolean;
}

/** The request's device cookie; a request without a well-formed one gets a new cookie on the answer, whatever it is. */
export function loginDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: Pick<SessionSettings, 'secure'>,
): LoginDevice {
  const sent = request.cookies[DEVICE_COOKIE];
  const value = sent !== undefined && DEVICE_VALUE.test(sent) ? sent : newSecretToken();
  const fresh = value !== sent;
  if (fresh) setDeviceCookie(request, reply, settings, value);
  return { value, hash: sha256(value), fresh };
}

/** Sets the cookie (again, after a login: its 400 days start anew). */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: Pick<SessionSettings, 'secure'>,
  value: string,
) {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    // Only the auth routes read it.
    path: '/v1/auth',
    secure: settings.secure(request),
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}
