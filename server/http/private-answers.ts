// Answers under /v1 may differ by caller (a user's own translations, languages and counts), so a
// shared cache must never keep one user's answer for another: logged-in answers that set no
// Cache-Control of their own are `private, no-cache`, and every /v1 answer varies by Cookie.
import type { FastifyInstance } from 'fastify';

export function installPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/v1/')) return payload;
    reply.header('Vary', appendVary(reply.getHeader('vary'), 'Cookie'));
    if (request.principal?.kind === 'user' && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'private, no-cache');
    }
    return payload;
  });
}

function appendVary(current: unknown, field: string): string {
  const existing = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  const fields = existing
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.some((f) => f.toLowerCase() === field.toLowerCase())
    ? fields.join(', ')
    : [...fields, field].join(', ');
}
