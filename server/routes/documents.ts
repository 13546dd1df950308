// /v1/legal/documents...: the document list, one document, its languages, nodes and fragments.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { assertDocumentExists, resolveBranch } from '../library/branches.js';
import { notFound } from '../http/errors.js';
import { getDocument, listDocumentLanguages } from '../library/documents.js';
import { documentFacets, listDocumentPage, listFilterOf } from '../library/document-list.js';
import { librarySummary } from '../library/library-summary.js';
import { listFragmentPage } from '../library/fragments.js';
import { resolveLanguage } from '../library/languages.js';
import { listNodes } from '../library/nodes.js';
import { translationLayerOf } from '../policies/translations.js';

export function registerDocumentRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listDocuments, async ({ query }) => ({
    items: await listDocumentPage(db, {
      ...listFilterOf(query),
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
    }),
  }));

  registerRoute(app, routes.listDocumentFacets, async ({ query }) => documentFacets(db, listFilterOf(query)));

  registerRoute(app, routes.getLibrarySummary, async () => librarySummary(db));

  registerRoute(app, routes.getDocument, async ({ params, query }) =>
    getDocument(db, params.id, query.branch, query.lang),
  );

  // Counts the caller's own translation layer too: the reader then offers a language they translated into.
  registerRoute(app, routes.listDocumentLanguages, async ({ params, query, principal }) => ({
    items: await listDocumentLanguages(db, params.id, query.branch, translationLayerOf(principal)),
  }));

  registerRoute(app, routes.listNodes, async ({ params, query }) => {
    const branch = await resolveBranch(db, params.id, query.branch);
    return { items: await listNodes(db, branch.id, query.limit, query.offset) };
  });

  registerRoute(app, routes.listFragments, async ({ params, query, principal }) => {
    const language = await resolveLanguage(db, { lang: query.lang, language_id: query.language_id });
    const page = await listFragmentPage(
      db,
      params.id,
      query.branch,
      language,
      query.cursor,
      query.limit,
      translationLayerOf(principal),
    );
    if (page) return page;
    await assertDocumentExists(db, params.id);
    throw notFound(`Branch "${query.branch ?? 'main'}" of this document`);
  });
}
