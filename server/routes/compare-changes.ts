// /v1/legal/compare/changes: what changed between two versions, provision by provision.
import type { FastifyInstance } from 'fastify';
import { compareChangesRoute } from '../../src/api/contract/compare-changes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { compareChanges } from '../library/compare-changes.js';

export function registerCompareChangeRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, compareChangesRoute, async ({ query }) =>
    compareChanges(db, {
      branchA: query.branch_id_a,
      branchB: query.branch_id_b,
      lang: query.lang,
      limit: query.limit,
      offset: query.offset,
    }),
  );
}
