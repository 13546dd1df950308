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
export const setApiLanguage = (language: string) => {
  acceptLanguage = language;
};

export async function apiGet<T extends z.ZodType>(path: string, schema: T, signal?: AbortSignal): Promise<z.output<T>> {
  const response = await fetch(`/v1${path}`, {
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': acceptLanguage },
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await detailOf(response));
  return schema.parse(await response.json());
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : response.statusText;
  } catch {
    return response.statusText;
  }
}
