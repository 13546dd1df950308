// Turns every failure into JSON `{detail}` with the right status; unknown errors are logged and
// answered as 500 internal_error without leaking their text.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

// Fastify's own error codes that are the client's fault.
const FASTIFY_CODES: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'validation_failed' },
  FST_ERR_BAD_URL: { status: 400, detail: 'validation_failed' },
};

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ detail: error.detail, message: error.message, ...error.extra });
    }
    const known = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail, message: error.message });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'internal_error', message: 'Internal server error' });
  });
}
