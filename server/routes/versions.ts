// /v1/legal/branches, /snapshots and /compare: versions of documents and their comparison.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { listBranches } from '../library/branches.js';
import { compareBranches } from '../library/compare.js';

export function registerVersionRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listBranches, async ({ query }) => ({
    items: await listBranches(db, {
      documentId: query.document_id,
      snapshotsOnly: false,
      limit: query.limit,
      offset: query.offset,
    }),
  }));
  registerRoute(app, routes.listSnapshots, async ({ query }) => ({
    items: await listBranches(db, {
      documentId: query.document_id,
      snapshotsOnly: true,
      limit: query.limit,
      offset: query.offset,
    }),
  }));
  registerRoute(app, routes.compareBranches, async ({ query }) =>
    compareBranches(db, {
      branchA: query.branch_id_a,
      branchB: query.branch_id_b,
      includeUids: query.include_uids,
      limit: query.limit,
      offset: query.offset,
    }),
  );
}
