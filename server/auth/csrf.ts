// CSRF protection by double submit: every response to a request without the csrf_token cookie
// sets one (readable by the page); every state-changing /v1 call must echo it in X-CSRF-Token.
// A cross-site page can neither read the cookie nor set that header without a CORS preflight.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfFailed } from '../http/errors.js';
import { newSecretToken, safeEqual } from './secret-token.js';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** onRequest: hands out the cookie when missing, then rejects unsafe /v1 calls without a match. */
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
    if (SAFE_METHODS.has(request.method)) return;
    // The route that matched, not the raw URL: the router decodes '/%761/orgs' to /v1/orgs, and a
    // check of the raw string would let such a request pass unchecked.
    const route = request.routeOptions.url;
    if (route === undefined || !(route.startsWith('/v1/') || route === '/v1')) return;
    if (request.routeOptions.config?.csrfExempt === true) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw csrfFailed();
    }
  };
}
