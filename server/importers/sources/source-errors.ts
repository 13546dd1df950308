// The ways fetching from an official service fails, each with a message that says which service,
// which address and why, so an import can report it without a stack trace.

/** No network path to the service (DNS, refused connection, timeout): nothing to retry now. */
export class SourceOfflineError extends Error {
  override name = 'SourceOfflineError';
  constructor(
    readonly service: string,
    readonly url: string,
    readonly reason: string,
  ) {
    super(`The server has no network access to ${service} (${url}: ${reason}); import from files instead`);
  }
}

/** The service answered with a status the client does not take as a result. */
export class SourceHttpError extends Error {
  override name = 'SourceHttpError';
  constructor(
    readonly service: string,
    readonly url: string,
    readonly status: number,
    detail = '',
  ) {
    super(`${service} answered ${status} for ${url}${detail ? `: ${detail}` : ''}`);
  }
}

/** The service answered in a shape its documentation does not describe: nothing of it is used. */
export class SourceShapeError extends Error {
  override name = 'SourceShapeError';
  constructor(
    readonly service: string,
    readonly url: string,
    readonly received: string,
  ) {
    super(`${service} sent an undocumented answer for ${url}: ${received}`);
  }
}

/** The act, version or language is not at the service. */
export class SourceNotFoundError extends Error {
  override name = 'SourceNotFoundError';
}
