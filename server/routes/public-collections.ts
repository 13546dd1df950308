// /v1/public/collections... and /api/v1/public/collections...: published collections by owner
// handle and slug or by short handle, and one document in them. The same handlers serve both
// bases (under /api/v1 the caller is always anonymous); an old address answers 301 to the same
// route at the new one, on the same base and with the same query.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import {
  publicCollection,
  publicCollectionByHandle,
  publicCollectionDocument,
  publicCollectionDocumentByHandle,
  type Located,
} from '../collections/public.js';
import type { PublicAddress } from '../collections/redirects.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';

type Prefix = '/v1' | '/api/v1';

/** The public route's path for an address, with `/documents/{id}` when a document is asked for. */
function pathOf(prefix: Prefix, to: PublicAddress, documentId?: string): string {
  const base =
    'vanity' in to
      ? `${prefix}/public/collection-handles/${encodeURIComponent(to.vanity)}`
      : `${prefix}/public/collections/${to.ownerType}/${encodeURIComponent(to.handle)}/${encodeURIComponent(to.slug)}`;
  return documentId === undefined ? base : `${base}/documents/${encodeURIComponent(documentId)}`;
}

function answer<T>(
  prefix: Prefix,
  request: FastifyRequest,
  reply: FastifyReply,
  located: Located<T>,
  documentId?: string,
): T | undefined {
  if (located.kind === 'moved') {
    const at = request.url.indexOf('?');
    const query = at < 0 ? '' : request.url.slice(at);
    // Revalidated, not cached for good: whoever claims the old name later ends the redirect.
    reply
      .status(301)
      .header('Location', pathOf(prefix, located.to, documentId) + query)
      .header('Cache-Control', 'no-cache');
    return undefined;
  }
  // Under /v1 the answer depends on the caller's session; under /api/v1 it is the same for all.
  reply.header('Cache-Control', prefix === '/v1' ? 'no-store' : 'no-cache');
  return located.body;
}

export function registerPublicCollectionRoutes(app: FastifyInstance, db: Db) {
  for (const spec of [routes.getPublicCollection, routes.getPublicApiCollection]) {
    registerRoute(app, spec, async ({ params, query, principal, request, reply }) =>
      answer(spec.prefix, request, reply, await publicCollection(db, principal, params, query)),
    );
  }
  for (const spec of [routes.getPublicCollectionDocument, routes.getPublicApiCollectionDocument]) {
    registerRoute(app, spec, async ({ params, principal, request, reply }) =>
      answer(spec.prefix, request, reply, await publicCollectionDocument(db, principal, params), params.documentId),
    );
  }
  for (const spec of [routes.getPublicCollectionByHandle, routes.getPublicApiCollectionByHandle]) {
    registerRoute(app, spec, async ({ params, query, principal, request, reply }) =>
      answer(spec.prefix, request, reply, await publicCollectionByHandle(db, principal, params.vanity, query)),
    );
  }
  for (const spec of [routes.getPublicCollectionDocumentByHandle, routes.getPublicApiCollectionDocumentByHandle]) {
    registerRoute(app, spec, async ({ params, principal, request, reply }) =>
      answer(
        spec.prefix,
        request,
        reply,
        await publicCollectionDocumentByHandle(db, principal, params.vanity, params.documentId),
        params.documentId,
      ),
    );
  }
}
