// Interface languages, quick search, the OpenAPI document and the health check.
import type { FastifyInstance } from 'fastify';
import { INTERFACE_LANGUAGES } from '../../src/api/contract/languages.js';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { pingDatabase } from '../db/sql.js';
import { registerRoute } from '../http/register-route.js';
import { autocomplete } from '../library/autocomplete.js';
import { mergeWithSearch, personalAutocomplete } from '../accounts/personal-autocomplete.js';
import { buildOpenApiDocument } from '../http/openapi.js';

export function registerMetaRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listInterfaceLanguages, async () => ({ items: [...INTERFACE_LANGUAGES] }));

  registerRoute(app, routes.autocomplete, async ({ query, principal, reply }) => {
    const search = autocomplete(db, query.q, query.limit);
    if (principal.kind !== 'user')
      return { items: (await search).map((hit) => ({ ...hit, group: 'search' as const })) };
    // Logged in: one more indexed query for the user's pinned, recent and frequent documents.
    reply.header('Cache-Control', 'no-store');
    const [personal, hits] = await Promise.all([personalAutocomplete(db, principal.user.id, query.q), search]);
    return { items: mergeWithSearch(personal, hits) };
  });

  const openApi = buildOpenApiDocument();
  app.get('/v1/openapi.json', async () => openApi);

  app.get('/healthz', async (_request, reply) => {
    await pingDatabase(db);
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });
}
