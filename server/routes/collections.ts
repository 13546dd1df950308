// /v1/legal/collections...: collections, their documents and maintainers (server/collections/ holds the SQL).
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  updateCollection,
} from '../collections/collections.js';
import { addItem, getItem, listItems, removeItem, updateItem } from '../collections/items.js';
import {
  acceptMaintainer,
  addMaintainer,
  listInvitations,
  listMaintainers,
  removeMaintainer,
} from '../collections/maintainers.js';
import { publishCollection, unpublishCollection } from '../collections/publish.js';
import type { CollectionQuotas } from '../collections/quotas.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

export function registerCollectionRoutes(app: FastifyInstance, db: Db, quotas: CollectionQuotas) {
  registerRoute(app, routes.createCollection, async ({ body, principal }) =>
    createCollection(db, principal, body, quotas),
  );
  registerRoute(app, routes.listCollections, async ({ query, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listCollections(db, principal, query);
  });
  registerRoute(app, routes.getCollection, async ({ params, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return getCollection(db, params.id, principal);
  });
  registerRoute(app, routes.updateCollection, async ({ params, body, principal }) =>
    updateCollection(db, params.id, principal, body),
  );
  registerRoute(app, routes.deleteCollection, async ({ params, principal }) => {
    await deleteCollection(db, params.id, principal);
    return null;
  });
  registerRoute(app, routes.publishCollection, async ({ params, body, principal }) =>
    publishCollection(db, params.id, principal, body),
  );
  registerRoute(app, routes.unpublishCollection, async ({ params, principal }) =>
    unpublishCollection(db, params.id, principal),
  );

  registerRoute(app, routes.listCollectionItems, async ({ params, query, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listItems(db, params.id, principal, query);
  });
  registerRoute(app, routes.getCollectionItem, async ({ params, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return getItem(db, params.id, params.docId, principal);
  });
  registerRoute(app, routes.addCollectionItem, async ({ params, body, principal }) =>
    addItem(db, params.id, principal, body, quotas),
  );
  registerRoute(app, routes.updateCollectionItem, async ({ params, body, principal }) =>
    updateItem(db, params.id, params.docId, principal, body),
  );
  registerRoute(app, routes.removeCollectionItem, async ({ params, principal }) =>
    removeItem(db, params.id, params.docId, principal),
  );

  registerRoute(app, routes.listCollectionMaintainers, async ({ params, principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listMaintainers(db, params.id, principal);
  });
  registerRoute(app, routes.addCollectionMaintainer, async ({ params, body, principal }) =>
    addMaintainer(db, params.id, principal, body, quotas),
  );
  registerRoute(app, routes.removeCollectionMaintainer, async ({ params, query, principal }) =>
    removeMaintainer(db, params.id, principal, { type: query.maintainer_type, id: params.maintainerId }),
  );
  registerRoute(app, routes.acceptCollectionMaintainer, async ({ params, query, principal }) =>
    acceptMaintainer(db, params.id, principal, { type: query.maintainer_type, id: params.maintainerId }),
  );
  registerRoute(app, routes.listCollectionInvitations, async ({ principal, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return listInvitations(db, principal);
  });
}
