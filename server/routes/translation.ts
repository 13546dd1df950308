// /v1/legal translation calls: the alignment group of a fragment, the target languages and a
// translation preview from the memory.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { hitRateLimit, type Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { listAlignmentMembers } from '../translation/alignment.js';
import { listLegalLanguages } from '../translation/languages.js';
import { translateFromMemory, type TranslateOptions } from '../translation/translate.js';

export interface TranslationRouteOptions extends TranslateOptions {
  /** POST /legal/translate per user. */
  rateLimit: Limit;
}

export function registerTranslationRoutes(app: FastifyInstance, db: Db, options: TranslationRouteOptions) {
  registerRoute(app, routes.listAlignmentMembers, async ({ query }) => listAlignmentMembers(db, query));

  registerRoute(app, routes.listLegalLanguages, async () => ({ items: await listLegalLanguages(db) }));

  registerRoute(app, routes.translate, async ({ user, body }) => {
    await hitRateLimit(db, `translate:user:${user.id}`, options.rateLimit);
    return translateFromMemory(db, body, { minScore: options.minScore });
  });
}
