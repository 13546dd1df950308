// /v1/legal/documents/{id}/find: find a text in one version of a document.
import type { FastifyInstance } from 'fastify';
import { findInDocumentRoute } from '../../src/api/contract/find.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { findInDocument } from '../library/find-in-document.js';
import { resolveLanguage } from '../library/languages.js';
import { translationLayerOf } from '../policies/translations.js';

export function registerFindRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, findInDocumentRoute, async ({ params, query, principal }) =>
    findInDocument(db, {
      documentId: params.id,
      branch: query.branch,
      language: await resolveLanguage(db, { lang: query.lang }),
      query: query.q,
      viewerId: translationLayerOf(principal),
    }),
  );
}
