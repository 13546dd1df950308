// How a provider call fails, before it becomes an HTTP answer: a status the provider sent (some
// of them pause the provider), or an answer that holds no translation.

/** The provider answered with an HTTP error status. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    /** The Retry-After header as sent (seconds or an HTTP date). */
    readonly retryAfter: string | undefined,
  ) {
    super(`translation provider answered HTTP ${status}`);
    this.name = 'ProviderHttpError';
  }
}

/** The provider answered 2xx but not with a translation (bad JSON, another shape, empty text). */
export class ProviderAnswerError extends Error {
  constructor(reason: string) {
    super(`translation provider answer unusable: ${reason}`);
    this.name = 'ProviderAnswerError';
  }
}

/** 429 Too Many Requests, 456 Quota Exceeded (DeepL), 503 Service Unavailable: wait, then retry. */
export const PAUSING_STATUSES: ReadonlySet<number> = new Set([429, 456, 503]);
