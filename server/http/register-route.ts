// Registers a contract route on Fastify: parses params, query and body with the route's zod
// schemas (400 validation_failed naming the field) before the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteSpec } from '../../src/api/contract/routes.js';
import { ApiError } from './api-error.js';
import { requireUser } from '../auth/request-user.js';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<S extends RouteSpec> {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export function registerRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (input: RouteInput<S>) => Promise<z.input<S['response']> | undefined>,
) {
  app.route({
    method: spec.method,
    url: `/v1${spec.path.replace(/\{(\w+)\}/g, ':$1')}`,
    // Read by the CSRF hook (csrf.ts), which runs before validation.
    config: { csrfExempt: spec.csrfExempt === true },
    handler: async (request, reply) => {
      if (spec.auth === 'user') requireUser(request);
      const input = {
        params: parsePart(spec.params, request.params, 'path'),
        query: parsePart(spec.query, request.query, 'query'),
        body: parsePart(spec.body, request.body, 'body'),
        request,
        reply,
      } as RouteInput<S>;
      return handler(input);
    },
  });
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string) {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : where;
  throw new ApiError(400, 'validation_failed', `${field}: ${issue.message}`, { field });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads: the CSRF check lets it through. */
    csrfExempt?: boolean;
  }
}
