// The shape of one route of the contract: method, path, inputs, output and who may call it.
// Its own file so that resource files can declare routes without importing the route table.
import type { z } from 'zod';
import type { ErrorCode } from './errors';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `prefix` (default /v1), with `{name}` parameters. */
  path: string;
  /** '' for the few routes outside /v1 (the Copilot's config, templates and chat). */
  prefix?: '' | '/v1';
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
   * signed Copilot headers (the chat service).
   */
  auth?: 'user' | 'copilot_session';
  /**
   * State-changing calls (every method but GET) must echo the csrf_token cookie in
   * X-CSRF-Token (403 csrf_failed). A POST that only reads may opt out.
   */
  csrfExempt?: true;
  /** The answer is not JSON: 'text' (a streamed text/plain reply). */
  produces?: 'text';
}

/** Declares a route keeping its literal types (the client's `call` infers inputs from them). */
export const route = <T extends RouteSpec>(spec: T) => spec;

/** The route's address pattern, prefix included: `/v1/legal/documents/{id}`. */
export const routePattern = (spec: RouteSpec) => `${spec.prefix ?? '/v1'}${spec.path}`;

/** Whether the route changes state and so needs the CSRF header. */
export const needsCsrf = (spec: RouteSpec) => spec.method !== 'GET' && spec.csrfExempt !== true;
