// /v1/auth/ws-token and /v1/realtime/publish, and the live channel itself (/ws, app.realtime),
// installed from server/realtime.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { hitRateLimit } from '../auth/rate-limit.js';
import type { Database } from '../db/client.js';
import { validationFailed } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { RealtimeValidationError } from '../realtime/hub.js';
import { installRealtime } from '../realtime/install.js';
import type { RealtimeOptions } from '../realtime/realtime-options.js';
import { issueWsToken } from '../realtime/ws-tokens.js';

/** Returns how many live sockets this instance holds (for /metrics). */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  database: Database,
  given: Partial<RealtimeOptions> = {},
): () => number {
  const { hub, options, sockets } = installRealtime(app, database, given);
  const { db } = database;

  registerRoute(app, routes.issueWsToken, async ({ principal }) => {
    await hitRateLimit(db, `ws-token:user:${principal.user.id}`, options.wsTokenLimit);
    return issueWsToken(db, principal.user.id, principal.sessionIdHash);
  });

  registerRoute(app, routes.publishRealtime, async ({ body, user }) => {
    await hitRateLimit(db, `realtime-publish:user:${user.id}`, options.publishLimit);
    try {
      const { ts } = await hub.publish(user.id, body.cmd, body.payload);
      return { status: 'ok' as const, ts };
    } catch (error) {
      if (error instanceof RealtimeValidationError) throw validationFailed(error.field, error.problem);
      throw error;
    }
  });
  return () => sockets.size;
}
