// Who is calling: resolved once per request by a hook (installPrincipal) and handed to route
// handlers as `principal`, read from the session only where the route's config says so.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'cs' | null;
  emailVerified: boolean;
}

/** A logged-in user, by the session cookie; `sessionIdHash` is the sha256 of that session's id. */
export interface UserPrincipal {
  kind: 'user';
  user: SessionUser;
  sessionIdHash: string;
}

export interface AnonymousPrincipal {
  kind: 'anonymous';
}

/**
 * API keys (/mcp) join as `ApiKeyPrincipal { kind: 'api_key'; key: { id, ownerId }; scopes }`,
 * resolved from the Authorization header for routes whose config says `principal: 'api_key'`.
 */
export type Principal = UserPrincipal | AnonymousPrincipal;

export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the principal hook before any handler runs. */
    principal: Principal;
  }
}

/**
 * Decorates requests with `principal` and resolves it in an onRequest hook, from the session only
 * on routes whose config says `principal: 'session'` (static files, index.html, /healthz and 404s
 * cost no query). Without a resolver (the Copilot's own process has no sessions) every request is
 * anonymous.
 */
export function installPrincipal(
  app: FastifyInstance,
  resolveSession?: (request: FastifyRequest, reply: FastifyReply) => Promise<Principal>,
) {
  // null until the hook runs: Fastify 5 refuses an object as a decorator's shared initial value.
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.principal = ANONYMOUS;
    if (resolveSession && request.routeOptions.config.principal === 'session')
      request.principal = await resolveSession(request, reply);
  });
}
