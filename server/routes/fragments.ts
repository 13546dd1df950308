// /v1/legal/fragments...: texts in batches, one text with its ETag, spans; each read as the
// caller's translation layer sees it (imported text and their own saved translations).
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { getFragmentText, getFragmentTexts, listSpans } from '../library/fragments.js';
import { resolveLanguage } from '../library/languages.js';
import { translationLayerOf } from '../policies/translations.js';

export function registerFragmentRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.getFragmentTexts, async ({ body, principal }) => {
    const language = await resolveLanguage(db, { lang: body.lang, language_id: body.language_id });
    return { items: await getFragmentTexts(db, body.fragment_ids, language, translationLayerOf(principal)) };
  });

  registerRoute(app, routes.getFragmentText, async ({ params, principal, request, reply }) => {
    const text = await getFragmentText(db, params.id, translationLayerOf(principal));
    const { body, etag } = text;
    // A saved translation is its owner's alone: no shared cache may keep it or its ETag.
    reply.header('ETag', etag).header('Cache-Control', text.private ? 'private, no-cache' : 'no-cache');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.status(304);
      return undefined;
    }
    return body;
  });

  registerRoute(app, routes.listFragmentSpans, async ({ params, principal }) => ({
    items: await listSpans(db, params.id, translationLayerOf(principal)),
  }));
}

/** RFC 9110: If-None-Match holds `*` or a list of entity tags (weak comparison). */
function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
