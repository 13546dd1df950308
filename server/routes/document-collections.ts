// /v1/legal/documents/{id}/collections: the collections holding a document (server/collections/document-collections.ts).
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import { documentCollections } from '../collections/document-collections.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

export function registerDocumentCollectionRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.getDocumentCollections, async ({ params, principal, reply }) => {
    // A logged-in caller's answer lists their private collections: never stored by a cache; the
    // anonymous one may be, but never served to a request with a session cookie.
    reply.header('Cache-Control', principal.kind === 'user' ? 'no-store' : 'no-cache');
    reply.header('Vary', 'Cookie');
    return documentCollections(db, params.id, principal);
  });
}
