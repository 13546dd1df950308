// CSRF protection by double submit: every response to a request without the csrf_token cookie
// sets one (readable by the page); every state-changing call of a route whose config says `csrf`
// (from the contract: every /v1 route but the csrfExempt ones) must echo it in X-CSRF-Token.
// A cross-site page can neither read the cookie nor set that header without a CORS preflight.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfFailed } from '../http/errors.js';
import { newSecretToken, safeEqual } from './secret-token.js';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** onRequest: hands out the cookie when missing, then rejects unsafe calls without a match. */
export function csrfHook(secure: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, newSecretToken(), {
        httpOnly: false,
        sameSite: 'lax',
        path: '/',
        secure: secure(request),
        // A year: it is not a credential, only proof the caller can read our cookies.
        maxAge: 365 * 24 * 3600,
      });
    }
    // A 404 changes nothing. The matched route's config, not the URL, decides (the router decodes
    // '/%761/orgs' to /v1/orgs); a route registered by hand without `csrf` is checked.
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw csrfFailed();
    }
  };
}
