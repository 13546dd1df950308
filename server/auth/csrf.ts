// CSRF protection by double submit: every response but a built asset's to a request without the
// csrf_token cookie sets one (readable by the page); every state-changing call of a route whose config says `csrf`
// (from the contract: every /v1 route but the csrfExempt ones) must echo it in X-CSRF-Token.
// A cross-site page can neither read the cookie nor set that header without a CORS preflight.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfFailed } from '../http/errors.js';
import { newSecretToken, safeEqual } from './secret-token.js';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A built asset (/assets/*: scripts, stylesheets, fonts, immutable and hashed) carries no Set-Cookie,
 * so that any cache may keep and share it. Pages (index.html for the app's addresses) and 404s still
 * hand out the cookie.
 */
function isStaticAsset(request: FastifyRequest): boolean {
  // '/*' is @fastify/static's route (server/app.ts STATIC_ROUTE): not an API route under /assets.
  return request.routeOptions.url === '/*' && request.url.startsWith('/assets/');
}

/** onRequest: hands out the cookie when missing, then rejects unsafe calls without a match. */
export function csrfHook(secure: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie && !isStaticAsset(request)) {
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
