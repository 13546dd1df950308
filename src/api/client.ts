// The one call path: `call(routes.x, { params, query, body, signal })` builds the address from
// the contract's route, sends credentials, Accept-Language and the CSRF header, parses the
// answer with the route's response schema, and turns every failure into one ApiError.
import type { z } from 'zod';
import { isErrorCode, type ErrorCode } from './contract/errors';
import { needsCsrf, routePattern, type RouteSpec } from './contract/route';

/** Failures that never reached a server answer in the contract's shape. */
export const CLIENT_ERROR_CODES = ['network_error', 'invalid_response', 'http_error'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
/** What an ApiError's `detail` can be: a server code, or one of the client's own. */
export type FailureCode = ErrorCode | ClientErrorCode;

/** The one error every call throws: the server's `{detail, message, field}` and the status. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: FailureCode;
  readonly field?: string;
  /** Seconds to wait, with rate_limited. */
  readonly retryAfter?: number;

  constructor(
    status: number,
    detail: FailureCode,
    options: { message?: string; field?: string; retryAfter?: number } = {},
  ) {
    super(options.message ?? `API ${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
  }
}

/** Any failure as an ApiError: itself, or a network or programming error wrapped. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, 'network_error', { message });
}

let acceptLanguage = 'en';
/** The interface language, sent with every call so the server can answer in it. */
export const setApiLanguage = (language: string) => {
  acceptLanguage = language;
};
export const apiLanguage = () => acceptLanguage;

const CSRF_COOKIE = 'csrf_token';
/** The server's CSRF token: it sets the cookie on its first answer, the page echoes it. */
export function csrfToken(
  cookies: string = typeof document !== 'undefined' ? document.cookie : '',
): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

type Infer<S> = S extends z.ZodType ? z.input<S> : never;
/** A part the route declares is required unless every field of it is optional. */
type Part<K extends string, S> = S extends z.ZodType
  ? object extends Infer<S>
    ? { [P in K]?: Infer<S> }
    : { [P in K]: Infer<S> }
  : { [P in K]?: undefined };

export type CallInput<R extends RouteSpec> = Part<'params', R['params']> &
  Part<'query', R['query']> &
  Part<'body', R['body']> & {
    signal?: AbortSignal;
    /** Extra request headers (If-Match, If-None-Match). */
    headers?: Record<string, string>;
  };

/** The address of a route with its parameters filled in and its query appended. */
export function routeUrl(
  spec: RouteSpec,
  params: Record<string, unknown> = {},
  queryValues: Record<string, unknown> = {},
): string {
  const path = routePattern(spec).replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${spec.path}: missing {${name}}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${queryString(queryValues)}`;
}

/** A query string from defined values only. */
export function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Sends one call and answers the raw Response when it succeeded (2xx or 304), for the few
 * callers that read headers (ETags); every failure throws an ApiError.
 */
export async function callResponse<R extends RouteSpec>(spec: R, input: CallInput<R>): Promise<Response> {
  const { params, query, body, signal, headers } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  // A missing parameter is a programming error: it throws as itself, not as a network failure.
  const url = routeUrl(spec, params, query);
  const csrf = needsCsrf(spec) ? csrfToken() : undefined;
  try {
    const response = await fetch(url, {
      method: spec.method,
      credentials: 'include',
      cache: 'no-store',
      headers: {
        Accept: spec.produces === 'text' ? 'text/plain' : 'application/json',
        'Accept-Language': acceptLanguage,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(csrf ? { 'X-CSRF-Token': csrf } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
    });
    if (!response.ok && response.status !== 304) throw await errorOf(response);
    return response;
  } catch (error) {
    return rethrowUnlessCancelled(toApiError(error), signal);
  }
}

/** Calls a route of the contract and answers its parsed response. */
export async function call<R extends RouteSpec>(spec: R, input: CallInput<R>): Promise<z.output<R['response']>> {
  return parseAnswer(spec, await callResponse(spec, input), input.signal);
}

/** A successful answer's body parsed with the route's response schema; a cancelled read never settles. */
export async function parseAnswer<R extends RouteSpec>(
  spec: R,
  response: Response,
  signal: AbortSignal | undefined,
): Promise<z.output<R['response']>> {
  let json: unknown = null;
  try {
    if (response.status !== 204) json = await response.json();
  } catch (error) {
    return rethrowUnlessCancelled(
      new ApiError(response.status, 'invalid_response', { message: String(error) }),
      signal,
    );
  }
  const parsed = spec.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_response', { message: parsed.error.issues[0]?.message });
  }
  return parsed.data as z.output<R['response']>;
}

/**
 * A cancelled call never settles: under React's StrictMode @xstate/react stops and revives the
 * same promise actor, which would otherwise take the first attempt's AbortError as its own
 * failure while the second attempt is still on its way.
 */
export function rethrowUnlessCancelled(error: unknown, signal: AbortSignal | undefined): Promise<never> {
  if (signal?.aborted) return new Promise<never>(() => {});
  throw error;
}

/** The ApiError of a failed answer: its `{detail, message, field}` when the server sent one. */
export async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  let text = '';
  try {
    text = await response.text();
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = typeof fields.message === 'string' ? fields.message : undefined;
  const field = typeof fields.field === 'string' ? fields.field : undefined;
  const retryAfter = typeof fields.retry_after === 'number' ? fields.retry_after : undefined;
  if (isErrorCode(fields.detail)) return new ApiError(response.status, fields.detail, { message, field, retryAfter });
  // A proxy's page, or a code this build does not know: keep what it said.
  const said = typeof fields.detail === 'string' ? fields.detail : text.trim().slice(0, 200);
  return new ApiError(response.status, 'http_error', {
    message: message ?? (said || response.statusText || String(response.status)),
  });
}
