// Turns every failure into JSON `{detail}` (a contract ErrorCode) with the right status; unknown
// errors are logged and answered as 500 internal_error without leaking their text.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  badRequest,
  internalError,
  invalidJson,
  malformedRequest,
  payloadTooLarge,
  unsupportedMediaType,
} from './errors.js';

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
    // A failed query's message carries its parameters (a user's private text): log the cause only.
    request.log.error({ err: loggableError(error) }, 'request failed');
    return sendApiError(reply, internalError());
  });
}

/** A database error without the statement's parameters: its own cause (the driver's error), else the error. */
function loggableError(error: Error): Error {
  const cause = (error as { cause?: unknown }).cause;
  if (error.message.startsWith('Failed query:') && cause instanceof Error) return cause;
  if (error.message.startsWith('Failed query:')) return new Error('Failed query (parameters not logged)');
  return error;
}
