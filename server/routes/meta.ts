// Interface languages, quick search, the OpenAPI document and the health check.
import type { FastifyInstance } from 'fastify';
import { INTERFACE_LANGUAGES } from '../../src/api/contract/languages.js';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { autocomplete } from '../library/autocomplete.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import { sql } from 'drizzle-orm';

export function registerMetaRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listInterfaceLanguages, async () => ({ items: [...INTERFACE_LANGUAGES] }));

  registerRoute(app, routes.autocomplete, async ({ query }) => ({
    items: (await autocomplete(db, query.q, query.limit)).map((hit) => ({ ...hit, group: 'search' as const })),
  }));

  const openApi = buildOpenApiDocument();
  app.get('/v1/openapi.json', async () => openApi);

  app.get('/healthz', async (_request, reply) => {
    await db.execute(sql`SELECT 1`);
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });
}
