// /v1/legal translation calls: the alignment group of a fragment, the target languages and a
// translation preview from the memory.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { hitRateLimit, type Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';
import { forbidden } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { canSaveTranslation, translationLayerOf } from '../policies/translations.js';
import { listAlignmentMembers } from '../translation/alignment.js';
import { listLegalLanguages } from '../translation/languages.js';
import { reviewTranslation } from '../translation/review.js';
import { saveTranslation } from '../translation/save.js';
import { translateFragment, type TranslateOptions } from '../translation/translate.js';

export interface TranslationRouteOptions extends TranslateOptions {
  /** POST /legal/translate per user. */
  rateLimit: Limit;
  /** POST /legal/fragments per user. */
  saveRateLimit: Limit;
}

export function registerTranslationRoutes(app: FastifyInstance, db: Db, options: TranslationRouteOptions) {
  registerRoute(app, routes.listAlignmentMembers, async ({ query, principal }) =>
    listAlignmentMembers(db, query, translationLayerOf(principal)),
  );

  registerRoute(app, routes.listLegalLanguages, async () => ({ items: await listLegalLanguages(db) }));

  registerRoute(app, routes.translate, async ({ user, principal, body, request }) => {
    await hitRateLimit(db, `translate:user:${user.id}`, options.rateLimit);
    return translateFragment(
      db,
      body,
      {
        minScore: options.minScore,
        provider: options.provider,
        timeoutMs: options.timeoutMs,
        // Provider, status and duration only: the text never reaches the log.
        log: (entry) => request.log.info(entry, 'translation provider call'),
        mayAddLanguage: canSaveTranslation(principal),
      },
      user.id,
    );
  });

  registerRoute(app, routes.saveTranslation, async ({ principal, user, body, reply }) => {
    if (!canSaveTranslation(principal)) throw forbidden('Confirm your email address before saving translations');
    await hitRateLimit(db, `save_translation:user:${user.id}`, options.saveRateLimit);
    const saved = await saveTranslation(db, user.id, body);
    // The route's status is 201; a retry or a replaced text finds the row there already.
    if (!saved.created) reply.code(200);
    return { id: saved.id };
  });

  registerRoute(app, routes.patchTranslation, async ({ principal, params, body }) =>
    reviewTranslation(db, principal, params.id, body),
  );
}
