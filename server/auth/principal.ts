// Who is calling: resolved once per request by a hook (installPrincipal) and handed to route
// handlers as `principal`. A union so that API keys can join as `{kind: 'api_key', key, scopes}`.
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

export type Principal = UserPrincipal | AnonymousPrincipal;

export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the principal hook before any handler runs. */
    principal: Principal;
  }
}

/**
 * Decorates requests with `principal` and resolves it in an onRequest hook; without a resolver
 * (the Copilot's own process has no sessions) every request is anonymous.
 */
export function installPrincipal(
  app: FastifyInstance,
  resolve?: (request: FastifyRequest, reply: FastifyReply) => Promise<Principal>,
) {
  // null until the hook runs: Fastify 5 refuses an object as a decorator's shared initial value.
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.principal = ANONYMOUS;
    if (resolve) request.principal = await resolve(request, reply);
  });
}
