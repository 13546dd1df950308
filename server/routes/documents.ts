// /v1/legal/documents...: the document list, one document, its languages, nodes and fragments.
import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/api/contract/routes.js';
import type { Db } from '../db/client.js';
import { registerRoute } from '../http/register-route.js';
import { resolveBranch } from '../library/branches.js';
import { getDocument, listDocumentLanguages, listDocuments } from '../library/documents.js';
import { listFragmentPage } from '../library/fragments.js';
import { resolveLanguage } from '../library/languages.js';
import { listNodes } from '../library/nodes.js';
import { sqlRows } from '../library/sql-rows.js';
import { sql } from 'drizzle-orm';

export function registerDocumentRoutes(app: FastifyInstance, db: Db) {
  registerRoute(app, routes.listDocuments, async ({ query }) => ({
    items: await listDocuments(db, {
      externalId: query.external_id,
      q: query.q,
      limit: query.limit,
      offset: query.offset,
    }),
  }));

  registerRoute(app, routes.getDocument, async ({ params, query }) => getDocument(db, params.id, query.branch));

  registerRoute(app, routes.listDocumentLanguages, async ({ params, query }) => ({
    items: await listDocumentLanguages(db, params.id, query.branch),
  }));

  registerRoute(app, routes.listNodes, async ({ params, query }) => {
    const branch = await resolveBranch(db, params.id, query.branch);
    return { items: await listNodes(db, branch.id, query.limit, query.offset) };
  });

  registerRoute(app, routes.listFragments, async ({ params, query }) => {
    const [branch, requested] = await Promise.all([
      resolveBranch(db, params.id, query.branch),
      resolveLanguage(db, { lang: query.lang, language_id: query.language_id }),
    ]);
    // Without a language: the branch's main language.
    const language =
      requested ??
      (await resolveLanguage(db, { lang: branch.languages[0] ?? (await anyLanguageOf(db, branch.id)) }));
    if (!language) return { items: [], next_cursor: null };
    return listFragmentPage(db, branch.id, language, query.cursor, query.limit);
  });
}

async function anyLanguageOf(db: Db, branchId: string): Promise<string | undefined> {
  const [row] = await sqlRows<{ iso_639_1: string }>(
    db,
    sql`SELECT l.iso_639_1 FROM fragments f JOIN languages l USING (language_id) WHERE f.branch_id = ${branchId} LIMIT 1`,
  );
  return row?.iso_639_1;
}
