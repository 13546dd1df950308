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
import type { AutocompleteList } from '../../src/api/contract/search.js';
import { textHits } from '../search/text-hits.js';

export function registerMetaRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listInterfaceLanguages, async () => ({ items: [...INTERFACE_LANGUAGES] }));

  registerRoute(app, routes.autocomplete, async ({ query, principal, reply }) => {
    const search = autocomplete(db, query.q, query.limit);
    const text = query.text ? textHits(db, query.q, query.text_limit) : undefined;
    let items: AutocompleteList['items'];
    if (principal.kind !== 'user') items = (await search).map((hit) => ({ ...hit, group: 'search' as const }));
    else {
      // Logged in: one more indexed query for the user's pinned, recent and frequent documents.
      reply.header('Cache-Control', 'no-store');
      const [personal, hits] = await Promise.all([personalAutocomplete(db, principal.user.id, query.q), search]);
      // `limit` counts every group together.
      items = mergeWithSearch(personal, hits).slice(0, query.limit);
    }
    return text ? { items, text_hits: await text } : { items };
  });

  const openApi = buildOpenApiDocument();
  app.get('/v1/openapi.json', async () => openApi);

  app.get('/healthz', async (_request, reply) => {
    await pingDatabase(db);
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });
}
