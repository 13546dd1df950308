// /v1/legal/documents/{id}/find: find a text in one version of a document.
import type { FastifyInstance } from 'fastify';
import { findInDocumentRoute } from '../../src/api/contract/find.js';
import type { Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';
import { hitReadLimit } from '../http/read-rate-limit.js';
import { registerRoute } from '../http/register-route.js';
import { findInDocument } from '../library/find-in-document.js';
import { resolveLanguage } from '../library/languages.js';
import { translationLayerOf } from '../policies/translations.js';

/**
 * A find reads and folds a whole version's text (a short or non-ASCII query narrows nothing in the
 * database: about 0.5 s of CPU for a large code), so it is counted per user or address. The
 * reader asks once per pause in typing (250 ms): 120 a minute is far beyond reading.
 */
export const FIND_RATE_LIMIT: Limit = { limit: 120, windowSeconds: 60 };

export function registerFindRoutes(app: FastifyInstance, db: Db, limit: Limit = FIND_RATE_LIMIT) {
  registerRoute(app, findInDocumentRoute, async ({ params, query, principal, request }) => {
    await hitReadLimit(db, 'find', principal, request, limit);
    return findInDocument(db, {
      documentId: params.id,
      branch: query.branch,
      language: await resolveLanguage(db, { lang: query.lang }),
      query: query.q,
      viewerId: translationLayerOf(principal),
    });
  });
}
