// Registers a contract route on Fastify at its routePattern: parses params, query and body with
// the route's zod schemas (400 validation_failed naming the field) and hands the handler the
// request's principal; routes with auth 'user' get the logged-in `user` (401 otherwise). The route's
// config carries its RouteAccess, which the principal and CSRF hooks read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routeAccess, routePattern, type RouteAccess, type RouteSpec } from '../../src/api/contract/route.js';
import type { Principal, SessionUser, UserPrincipal } from '../auth/principal.js';
import { notAuthenticated, validationFailed } from './errors.js';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * What the handler knows about the caller: for auth 'user' routes, a logged-in user (an 'api_key'
 * route would get `{ principal: ApiKeyPrincipal }` here).
 */
type CallerOf<S extends RouteSpec> = S['auth'] extends 'user'
  ? { principal: UserPrincipal; user: SessionUser }
  : { principal: Principal };

export type RouteInput<S extends RouteSpec> = CallerOf<S> & {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export function registerRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (input: RouteInput<S>) => Promise<z.input<S['response']> | undefined>,
) {
  app.route({
    method: spec.method,
    url: routePattern(spec).replace(/\{(\w+)\}/g, ':$1'),
    // Read by the CSRF and principal hooks (onRequest, before validation).
    config: routeAccess(spec),
    handler: async (request, reply) => {
      const principal = request.principal;
      if (spec.auth === 'user' && principal.kind !== 'user') throw notAuthenticated();
      const input = {
        principal,
        ...(principal.kind === 'user' ? { user: principal.user } : {}),
        params: parsePart(spec.params, request.params, 'path'),
        query: parsePart(spec.query, request.query, 'query'),
        body: parsePart(spec.body, request.body, 'body'),
        request,
        reply,
      } as RouteInput<S>;
      if (spec.status !== undefined) reply.code(spec.status);
      return handler(input);
    },
  });
}

/** A part of the request through its schema; the first problem names its field (else `where`). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : where;
  throw validationFailed(field, issue.message);
}

const parsePart = (schema: z.ZodType | undefined, value: unknown, where: string) =>
  schema ? parseInput(schema, value, where) : undefined;

declare module 'fastify' {
  /** The route's RouteAccess; absent on 404s and on routes registered by hand without it (csrf.ts, principal.ts). */
  interface FastifyContextConfig {
    principal?: RouteAccess['principal'];
    csrf?: RouteAccess['csrf'];
  }
}
