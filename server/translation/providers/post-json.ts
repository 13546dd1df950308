// A JSON POST to a provider's HTTP API: an error status becomes ProviderHttpError (with its
// Retry-After), a body that is not JSON a ProviderAnswerError. The caller's signal ends it.
import { ProviderAnswerError, ProviderHttpError } from './provider-errors.js';

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    // Read and drop the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    throw new ProviderHttpError(response.status, response.headers.get('retry-after') ?? undefined);
  }
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderAnswerError('not JSON');
  }
}
