// /v1/search: the full-text search of every provision (server/search/).
import type { FastifyInstance } from 'fastify';
import { searchRoute } from '../../src/api/contract/search.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { search } from '../search/search.js';

export function registerSearchRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, searchRoute, async ({ query }) => search(db, query));
}
