// /v1/notices (issue 16): the caller's notices of new versions, and marking one read.
// Every answer is about the caller alone: no-store.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { listNotices, readNotice } from '../notices/store.js';

export function registerNoticeRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listNotices, async ({ user, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listNotices(db, user.id);
  });

  registerRoute(app, routes.readNotice, async ({ params, user, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return readNotice(db, user.id, params.id);
  });
}
