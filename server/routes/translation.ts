// /v1/legal translation calls: the alignment group of a fragment and the target languages.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { listAlignmentMembers } from '../translation/alignment.js';
import { listLegalLanguages } from '../translation/languages.js';

export function registerTranslationRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listAlignmentMembers, async ({ query }) => listAlignmentMembers(db, query));

  registerRoute(app, routes.listLegalLanguages, async () => ({ items: await listLegalLanguages(db) }));
}
