// /v1/auth/ws-token and /v1/realtime/publish, and the live channel itself (/ws, app.realtime),
// installed from server/realtime.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Limit } from '../auth/rate-limit.js';
import { loginSessionOf, requireUser } from '../auth/request-user.js';
import type { Database } from '../db/client.js';
import { ApiError } from '../http/api-error.js';
import { limitRequest } from '../http/limit-request.js';
import { registerRoute } from '../http/register-route.js';
import { RealtimeValidationError } from '../realtime/hub.js';
import { installRealtime } from '../realtime/install.js';
import type { RealtimeOptions } from '../realtime/realtime-options.js';
import { issueWsToken } from '../realtime/ws-tokens.js';

export function registerRealtimeRoutes(app: FastifyInstance, database: Database, given: Partial<RealtimeOptions> = {}) {
  const { hub, options } = installRealtime(app, database, given);
  const { db } = database;

  const limit = (reply: FastifyReply, key: string, bucket: Limit) => limitRequest(db, reply, key, bucket);

  registerRoute(app, routes.issueWsToken, async ({ request, reply }) => {
    const user = requireUser(request);
    await limit(reply, `ws-token:user:${user.id}`, options.wsTokenLimit);
    return issueWsToken(db, user.id, loginSessionOf(request));
  });

  registerRoute(app, routes.publishRealtime, async ({ body, request, reply }) => {
    const user = requireUser(request);
    await limit(reply, `realtime-publish:user:${user.id}`, options.publishLimit);
    try {
      const { ts } = await hub.publish(user.id, body.cmd, body.payload);
      return { status: 'ok' as const, ts };
    } catch (error) {
      if (error instanceof RealtimeValidationError)
        throw new ApiError(400, 'validation_failed', error.message, { field: error.field });
      throw error;
    }
  });
}
