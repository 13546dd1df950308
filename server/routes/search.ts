// /v1/search: the full-text search of every provision (server/search/).
import type { FastifyInstance } from 'fastify';
import { searchRoute } from '../../src/api/contract/search.js';
import { bufferedRateLimiter, type Limit } from '../auth/rate-limit.js';
import type { Db } from '../db/client.js';
import { readerOf } from '../http/read-rate-limit.js';
import { registerRoute } from '../http/register-route.js';
import { search } from '../search/search.js';

/**
 * A search ranks every matching provision of the library (tens of ms of database work for a common
 * word), public and anonymous: counted per user or address. The Search screen asks once per
 * submitted query or page: 240 a minute is far beyond reading, and stops a scraper looping over it.
 * Counted per instance and flushed every second (bound: rate-limit.ts), so a search pays no round trip.
 */
export const SEARCH_RATE_LIMIT: Limit = { limit: 240, windowSeconds: 60 };

/** `db` counts the limit (a write: the primary), `readDb` searches (the read replica when there is one). */
export function registerSearchRoutes(app: FastifyInstance, db: Db, limit: Limit = SEARCH_RATE_LIMIT, readDb: Db = db) {
  const limiter = bufferedRateLimiter(db);
  app.addHook('onClose', () => limiter.close());
  registerRoute(app, searchRoute, async ({ query, principal, request }) => {
    await limiter.hit(`search:${readerOf(principal, request)}`, limit);
    return search(readDb, query);
  });
}
