// Turns every failure into JSON `{detail}` (a contract ErrorCode) with the right status; a
// database that cannot be reached is 503 database_unavailable with Retry-After; unknown errors
// are logged (a failed query as its SQL text and SQLSTATE only) and answered as 500 internal_error
// without leaking their text.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, loggableError } from '../db/query-error.js';
import {
  ApiError,
  badRequest,
  databaseUnavailable,
  internalError,
  invalidJson,
  malformedRequest,
  payloadTooLarge,
  unsupportedMediaType,
} from './errors.js';

/** How long a client should wait before retrying when the database is away (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Fastify's own error codes that are the client's fault.
const FASTIFY_CODES: Record<string, (message: string) => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: malformedRequest,
  FST_ERR_BAD_URL: malformedRequest,
};

/** Sends an ApiError; a rate limit also tells the client when to come back (Retry-After). */
export function sendApiError(reply: FastifyReply, error: ApiError) {
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return reply.status(error.status).send(error.toBody());
}

/** Fastify's `frameworkErrors` option: errors before routing (a URL that does not decode). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendApiError(reply, (FASTIFY_CODES[error.code] ?? badRequest)(error.message));
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) return sendApiError(reply, error);
    const known = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendApiError(reply, known(error.message));
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return sendApiError(reply, badRequest(error.message, status));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return sendApiError(reply, databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS));
    }
    // A failed query's message carries its parameters (a user's private text): never log them.
    request.log.error({ err: loggableError(error) }, 'request failed');
    return sendApiError(reply, internalError());
  });
}
