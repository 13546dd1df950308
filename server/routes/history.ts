// /v1/user/document-access/..., /v1/user/pins/..., /v1/preferences/language: what the caller
// read, pinned and chose as interface language. Every answer is private (no-store).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import {
  documentAccessStats,
  frequentDocuments,
  recentDocuments,
  recordDocumentAccess,
} from '../accounts/document-access.js';
import { getLanguagePreference, setLanguagePreference } from '../accounts/language-preference.js';
import { listPins, pinDocument, unpinDocument } from '../accounts/pins.js';
import type { SessionUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

/** The caller's id; the answer, about that caller alone, must not be stored by caches. */
function caller(user: SessionUser, reply: FastifyReply): string {
  reply.header('Cache-Control', 'no-store');
  return user.id;
}

export function registerHistoryRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.getLanguagePreference, async ({ user, reply }) => ({
    language: await getLanguagePreference(db, caller(user, reply)),
  }));

  registerRoute(app, routes.setLanguagePreference, async ({ body, user, reply }) => ({
    language: await setLanguagePreference(db, caller(user, reply), body.language),
  }));

  registerRoute(app, routes.recordDocumentAccess, async ({ body, user, reply }) => {
    await recordDocumentAccess(db, caller(user, reply), body);
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.recentDocuments, async ({ query, user, reply }) => ({
    items: await recentDocuments(db, caller(user, reply), query.limit),
  }));

  registerRoute(app, routes.frequentDocuments, async ({ query, user, reply }) => ({
    items: await frequentDocuments(db, caller(user, reply), query.limit),
  }));

  registerRoute(app, routes.documentAccessStats, async ({ params, user, reply }) =>
    documentAccessStats(db, caller(user, reply), params.id),
  );

  registerRoute(app, routes.listPins, async ({ user, reply }) => ({
    items: await listPins(db, caller(user, reply)),
  }));

  registerRoute(app, routes.pinDocument, async ({ params, user, reply }) => {
    await pinDocument(db, caller(user, reply), params.id);
    return { document_id: params.id, pinned: true };
  });

  registerRoute(app, routes.unpinDocument, async ({ params, user, reply }) => {
    await unpinDocument(db, caller(user, reply), params.id);
    return { document_id: params.id, pinned: false };
  });
}
