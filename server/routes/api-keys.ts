// /v1/api-keys: the caller's and their organizations' API keys (session; writes also CSRF).
// Keys authenticate /mcp only: nothing under /v1 reads the Authorization header.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { listKeyEvents } from '../api-keys/events.js';
import { createKey, listKeys, revokeKey, rotateKey } from '../api-keys/keys.js';
import { resolveKeyOwner } from '../api-keys/owner.js';

export function registerApiKeyRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listApiKeys, async ({ user, query }) => {
    const owner = await resolveKeyOwner(db, user, query.owner_type, query.organization_id);
    return { items: await listKeys(db, owner) };
  });

  registerRoute(app, routes.createApiKey, async ({ user, body }) => {
    const owner = await resolveKeyOwner(db, user, body.owner_type, body.organization_id);
    return createKey(db, user, owner, body);
  });

  registerRoute(app, routes.listApiKeyEvents, async ({ user, query }) => {
    const owner = await resolveKeyOwner(db, user, query.owner_type, query.organization_id);
    return { items: await listKeyEvents(db, owner, query.key_id, query.limit) };
  });

  registerRoute(app, routes.revokeApiKey, async ({ user, params }) => revokeKey(db, user, params.id));

  registerRoute(app, routes.rotateApiKey, async ({ user, params, body }) =>
    rotateKey(db, user, params.id, body.overlap_seconds),
  );
}
