// Keeps secrets out of request logs: email links carry their token in the query string
// (/v1/auth/verify?token=..., /auth/reset?token=...), which Fastify would log with the URL.
import type { FastifyRequest } from 'fastify';

export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** pino serializers for the server's logger: Fastify's usual request fields, URL redacted. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
