// The shape of one route of the contract: method, path, inputs, output and who may call it.
// Its own file so that resource files can declare routes without importing the route table.
import type { z } from 'zod';
import type { ErrorCode } from './errors';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `prefix` (default /v1), with `{name}` parameters. */
  path: string;
  /**
   * '' for the few routes outside /v1 (the Copilot's config, templates and chat); '/api/v1' for
   * the public read API third parties call (never reads the login cookie: anonymous bodies).
   */
  prefix?: '' | '/v1' | '/api/v1';
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** The detail codes this route answers besides the generic ones, by status (listed in OpenAPI). */
  errors?: Partial<Record<number, readonly ErrorCode[]>>;
  /** Other documented answers that are not errors (304, 303). */
  extraResponses?: Record<number, string>;
  /**
   * 'user': needs a logged-in session (401 not_authenticated otherwise); 'copilot_session': the
   * signed Copilot headers (the chat service). API keys (for /mcp) would join as 'api_key' with
   * the scopes the route needs (`scopes: readonly ApiKeyScope[]` beside it): routeAccess then
   * gives principal 'api_key' (the Authorization header, not the cookie), and the route is csrfExempt.
   */
  auth?: 'user' | 'copilot_session';
  /**
   * State-changing calls (every method but GET) must echo the csrf_token cookie in
   * X-CSRF-Token (403 csrf_failed). A POST that only reads, or one whose credentials are not
   * the cookie, opts out.
   */
  csrfExempt?: true;
  /**
   * The success status when not 200: 201 for a call that creates something; 204 for a call that
   * answers no body (its `response` is z.null(): the client answers null); 202 for a job started
   * in the background.
   */
  status?: 201 | 202 | 204;
  /** The answer is not JSON: 'text' (a streamed text/plain reply). */
  produces?: 'text';
}

/** Declares a route keeping its literal types (the client's `call` infers inputs from them). */
export const route = <T extends RouteSpec>(spec: T) => spec;

/** The route's address pattern, prefix included: `/v1/legal/documents/{id}`. */
export const routePattern = (spec: RouteSpec) => `${spec.prefix ?? '/v1'}${spec.path}`;

/** Whether the route changes state and so needs the CSRF header (the client sends it, the server checks it). */
export const needsCsrf = (spec: RouteSpec) => spec.method !== 'GET' && spec.csrfExempt !== true;

/**
 * What the server does before a route's handler, decided here once from the spec (not from the
 * path): registerRoute puts it in Fastify's route config, the principal and CSRF hooks read it.
 */
export interface RouteAccess {
  /**
   * 'session': the login cookie is looked up (one query) to find the caller; 'anonymous': never
   * (public routes outside /v1, such as the Copilot's config and templates, and every route not
   * from this table unless it says otherwise). API keys would add 'api_key' (the Authorization header).
   */
  principal: 'session' | 'anonymous';
  /** The CSRF header is checked (needsCsrf). */
  csrf: boolean;
}

export const routeAccess = (spec: RouteSpec): RouteAccess => ({
  // Every /v1 route may answer a logged-in caller differently; outside /v1 only a route with `auth` acts for one.
  principal: (spec.prefix === '' || spec.prefix === '/api/v1') && spec.auth === undefined ? 'anonymous' : 'session',
  csrf: needsCsrf(spec),
});
