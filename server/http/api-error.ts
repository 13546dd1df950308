// A failure with an HTTP status and a stable code; the error handler turns it into `{detail}`.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? detail);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
