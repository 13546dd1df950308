// The one fetch wrapper: /v1 base, credentials, Accept-Language, responses parsed with the
// contract, failures turned into ApiError.
import type { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`API ${status}: ${detail}`);
    this.name = 'ApiError';
  }
}

let acceptLanguage = 'en';
/** The interface language, sent with every call so the server can answer in it. */
export const setApiLanguage = (language: string) => {
  acceptLanguage = language;
};

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiGet<T extends z.ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  const response = await send('GET', path, undefined, options);
  return schema.parse(await response.json());
}

export async function apiPost<T extends z.ZodType>(
  path: string,
  body: unknown,
  schema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  const response = await send('POST', path, body, options);
  return schema.parse(await response.json());
}

/** PATCH, PUT or DELETE with an optional JSON body, the answer parsed with `schema`. */
export async function apiSend<T extends z.ZodType>(
  method: 'PATCH' | 'PUT' | 'DELETE' | 'POST',
  path: string,
  body: unknown,
  schema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  const response = await send(method, path, body, options);
  return schema.parse(await response.json());
}

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

/** A raw call for the few places that read headers or a 304 (conditional GETs). */
export async function apiFetch(path: string, options: RequestOptions & { method?: string; body?: unknown } = {}) {
  const method = options.method ?? 'GET';
  const csrf = method !== 'GET' ? csrfToken() : undefined;
  return fetch(`/v1${path}`, {
    method,
    credentials: 'include',
    cache: 'no-store',
    headers: {
      Accept: 'application/json',
      'Accept-Language': acceptLanguage,
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(csrf ? { 'X-CSRF-Token': csrf } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
}

async function send(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  try {
    const response = await apiFetch(path, { ...options, method, body });
    if (!response.ok) throw new ApiError(response.status, await detailOf(response));
    return response;
  } catch (error) {
    return rethrowUnlessCancelled(error, options.signal);
  }
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

/** The `{detail}` code of a failed response, or its status text. */
export async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : response.statusText;
  } catch {
    return response.statusText || String(response.status);
  }
}

/** Builds a query string from defined values only. */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
