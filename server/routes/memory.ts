// /v1/memory: the web app's view of the caller's or an organization's memory (session; writes also
// CSRF). The owner comes from the query and the caller's rights (server/memory/owner.ts), never
// from an id: another owner's entity is simply not found.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { entityDetail, listEntities } from '../memory/browse.js';
import {
  addObservation,
  createEntity,
  createRelation,
  deleteEntity,
  deleteObservation,
  deleteRelation,
} from '../memory/edit.js';
import { resolveMemoryOwner } from '../memory/owner.js';

export function registerMemoryRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listMemoryEntities, async ({ user, query }) => {
    const owner = await resolveMemoryOwner(db, user, query, 'read');
    return { items: await listEntities(db, owner, query.q, query.limit) };
  });

  registerRoute(app, routes.getMemoryEntity, async ({ user, query, params }) =>
    entityDetail(db, await resolveMemoryOwner(db, user, query, 'read'), params.id),
  );

  registerRoute(app, routes.createMemoryEntity, async ({ user, query, body, reply }) => {
    const { created, entity } = await createEntity(db, await resolveMemoryOwner(db, user, query, 'write'), body);
    if (!created) reply.code(200);
    return entity;
  });

  registerRoute(app, routes.deleteMemoryEntity, async ({ user, query, params }) =>
    deleteEntity(db, await resolveMemoryOwner(db, user, query, 'write'), params.id),
  );

  registerRoute(app, routes.addMemoryObservation, async ({ user, query, params, body }) =>
    addObservation(db, await resolveMemoryOwner(db, user, query, 'write'), params.id, body.content),
  );

  registerRoute(app, routes.deleteMemoryObservation, async ({ user, query, params }) =>
    deleteObservation(db, await resolveMemoryOwner(db, user, query, 'write'), params.id, params.observationId),
  );

  registerRoute(app, routes.createMemoryRelation, async ({ user, query, body, reply }) => {
    const { created, relation } = await createRelation(db, await resolveMemoryOwner(db, user, query, 'write'), body);
    if (!created) reply.code(200);
    return relation;
  });

  registerRoute(app, routes.deleteMemoryRelation, async ({ user, query, params }) =>
    deleteRelation(db, await resolveMemoryOwner(db, user, query, 'write'), params.id),
  );
}
