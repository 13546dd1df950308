// /v1/user/document-access/..., /v1/user/pins/..., /v1/preferences/language: what the caller
// read, pinned and chose as interface language. Every answer is private (no-store).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import {
  documentAccessStats,
  frequentDocuments,
  recentDocuments,
  recordDocumentAccess,
} from '../accounts/document-access.js';
import { getLanguagePreference, setLanguagePreference } from '../accounts/language-preference.js';
import { listPins, pinDocument, unpinDocument } from '../accounts/pins.js';
import { requireUser } from '../auth/request-user.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

/** The caller's id; the answer, about that caller alone, must not be stored by caches. */
function caller(request: FastifyRequest, reply: FastifyReply): string {
  reply.header('Cache-Control', 'no-store');
  return requireUser(request).id;
}

export function registerHistoryRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.getLanguagePreference, async ({ request, reply }) => ({
    language: await getLanguagePreference(db, caller(request, reply)),
  }));

  registerRoute(app, routes.setLanguagePreference, async ({ body, request, reply }) => ({
    language: await setLanguagePreference(db, caller(request, reply), body.language),
  }));

  registerRoute(app, routes.recordDocumentAccess, async ({ body, request, reply }) => {
    await recordDocumentAccess(db, caller(request, reply), body);
    return { status: 'ok' as const };
  });

  registerRoute(app, routes.recentDocuments, async ({ query, request, reply }) => ({
    items: await recentDocuments(db, caller(request, reply), query.limit),
  }));

  registerRoute(app, routes.frequentDocuments, async ({ query, request, reply }) => ({
    items: await frequentDocuments(db, caller(request, reply), query.limit),
  }));

  registerRoute(app, routes.documentAccessStats, async ({ params, request, reply }) =>
    documentAccessStats(db, caller(request, reply), params.id),
  );

  registerRoute(app, routes.listPins, async ({ request, reply }) => ({
    items: await listPins(db, caller(request, reply)),
  }));

  registerRoute(app, routes.pinDocument, async ({ params, request, reply }) => {
    await pinDocument(db, caller(request, reply), params.id);
    return { document_id: params.id, pinned: true };
  });

  registerRoute(app, routes.unpinDocument, async ({ params, request, reply }) => {
    await unpinDocument(db, caller(request, reply), params.id);
    return { document_id: params.id, pinned: false };
  });
}
