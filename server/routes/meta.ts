// Interface languages, quick search, the OpenAPI document and the health check.
import type { FastifyInstance } from 'fastify';
import { INTERFACE_LANGUAGES } from '../../src/api/contract/languages.js';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { loggableError } from '../db/query-error.js';
import { pingDatabase } from '../db/sql.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/error-handler.js';
import { databaseUnavailable } from '../http/errors.js';
import { registerRoute } from '../http/register-route.js';
import { autocomplete } from '../library/autocomplete.js';
import { mergeWithSearch, personalAutocomplete } from '../accounts/personal-autocomplete.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import type { AutocompleteList } from '../../src/api/contract/search.js';
import { textHits } from '../search/text-hits.js';

/** `readDb` answers quick search (the read replica when there is one); the health check asks the primary, `db`. */
export function registerMetaRoutes(app: FastifyInstance, db: Db, readDb: Db = db) {
  registerRoute(app, routes.listInterfaceLanguages, async () => ({ items: [...INTERFACE_LANGUAGES] }));

  registerRoute(app, routes.autocomplete, async ({ query, principal, reply }) => {
    const search = autocomplete(readDb, query.q, query.limit);
    const text = query.text ? textHits(readDb, query.q, query.text_limit) : undefined;
    let items: AutocompleteList['items'];
    if (principal.kind !== 'user') items = (await search).map((hit) => ({ ...hit, group: 'search' as const }));
    else {
      // Logged in: one more indexed query for the user's pinned, recent and frequent documents.
      reply.header('Cache-Control', 'no-store');
      const [personal, hits] = await Promise.all([personalAutocomplete(readDb, principal.user.id, query.q), search]);
      // `limit` counts every group together.
      items = mergeWithSearch(personal, hits).slice(0, query.limit);
    }
    return text ? { items, text_hits: await text } : { items };
  });

  const openApi = buildOpenApiDocument();
  app.get('/v1/openapi.json', async () => openApi);

  // 200 only when the database answers within HEALTH_TIMEOUT_MS; else 503 database_unavailable
  // (the error handler adds Retry-After), so a load balancer takes the instance out meanwhile.
  app.get('/healthz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await answersWithin(pingDatabase(db), HEALTH_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: loggableError(error) }, 'health check: the database did not answer');
      throw databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS);
    }
    return reply.send({ status: 'ok' });
  });
}

const HEALTH_TIMEOUT_MS = 2000;

async function answersWithin(ping: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS)), ms);
  });
  try {
    await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
