// Keeps secrets out of request logs: email links carry their token in the query string
// (/v1/auth/verify?token=..., /auth/reset?token=...), which Fastify would log with the URL, and
// API keys some clients put in a query string.
import type { FastifyRequest } from 'fastify';

// An API key pasted into a URL (refused by /mcp with 400 api_key_in_query) must not reach the logs
// either, raw or percent-encoded (`lxh%5F...`).
const API_KEY_IN_URL = /lxh(?:_|%5f)[0-9A-Za-z]{36}/gi;

export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]').replace(API_KEY_IN_URL, '[redacted]');
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
