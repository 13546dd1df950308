// TEMPORARY during the migration to `call` (issue 9): the old helpers on top of the new error
// path. Deleted once no module imports it.
import type { z } from 'zod';
import { ApiError, apiLanguage, csrfToken, errorOf, queryString, rethrowUnlessCancelled, toApiError } from './client';

export { ApiError, rethrowUnlessCancelled };
export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
export const query = (params: Record<string, unknown>) => queryString(params);
export async function detailOf(response: Response): Promise<string> {
  return (await errorOf(response)).detail;
}
export async function apiFetch(path: string, options: RequestOptions & { method?: string; body?: unknown } = {}) {
  const method = options.method ?? 'GET';
  const csrf = method !== 'GET' ? csrfToken() : undefined;
  return fetch(`/v1${path}`, {
    method,
    credentials: 'include',
    cache: 'no-store',
    headers: {
      Accept: 'application/json',
      'Accept-Language': apiLanguage(),
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(csrf ? { 'X-CSRF-Token': csrf } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
}
async function send(method: string, path: string, body: unknown, options: RequestOptions) {
  try {
    const response = await apiFetch(path, { ...options, method, body });
    if (!response.ok) throw await errorOf(response);
    return response;
  } catch (error) {
    return rethrowUnlessCancelled(toApiError(error), options.signal);
  }
}
export const apiGet = async <T extends z.ZodType>(path: string, schema: T, options: RequestOptions = {}) =>
  schema.parse(await (await send('GET', path, undefined, options)).json()) as z.output<T>;
export const apiPost = async <T extends z.ZodType>(
  path: string,
  body: unknown,
  schema: T,
  options: RequestOptions = {},
) => schema.parse(await (await send('POST', path, body, options)).json()) as z.output<T>;
export const apiSend = async <T extends z.ZodType>(
  method: string,
  path: string,
  body: unknown,
  schema: T,
  options: RequestOptions = {},
) => schema.parse(await (await send(method, path, body, options)).json()) as z.output<T>;
