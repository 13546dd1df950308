// Node names by language through the store and the API (issue 13): an EU act's names are stored
// in every language its source gives (nodes.titles), served with the structure, and importing the
// same file again stays a no-op.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeList } from '../../src/api/contract/documents.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { sqlRows } from '../../server/db/sql.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

warnIfNoCorpus('node title store tests');
const FILES = [corpusPath('eu-dgt-tm-tmx', '22019D0437.tmx'), corpusPath('cz-consolidated-md', '1-1993.md')];
const decision = documentIdFor('22019D0437');
const constitution = documentIdFor('1/1993 Sb.');

describe.skipIf(!hasCorpus).each(ENGINES)('node titles by language on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const report = await importPaths(server.database.db, FILES);
    expect(report.errors).toEqual([]);
    expect(report.stored.map((stored) => stored.status)).toEqual(['created', 'created']);
  }, 60_000);
  afterAll(() => server?.close());

  const nodesOf = async (id: string) =>
    (await json(await server.get(`/v1/legal/documents/${id}/nodes?limit=2000`), NodeList)).items;

  it('stores the names in each language in nodes.titles', async () => {
    const [row] = await sqlRows<{ title: string; titles: Record<string, string> }>(
      server.database.db,
      sql`SELECT n.title, n.titles FROM nodes n JOIN branches b ON b.id = n.branch_id
          WHERE b.document_id = ${decision} AND n.external_id = 'annex-1/art-4'`,
    );
    expect(row!.title).toBe('Secretariat');
    expect(row!.titles).toMatchObject({ en: 'Secretariat', cs: 'Sekretariát', de: 'Sekretariat' });
  });

  it('serves the names with the structure; nodes without them answer as before', async () => {
    const article = (await nodesOf(decision)).find((node) => node.external_id === 'annex-1/art-4')!;
    expect(article.title).toBe('Secretariat');
    expect(article.titles?.cs).toBe('Sekretariát');
    const czech = await nodesOf(constitution);
    expect(czech.length).toBeGreaterThan(100);
    expect(czech.filter((node) => 'titles' in node)).toEqual([]);
  });

  it('importing the same files again changes nothing', async () => {
    const report = await importPaths(server.database.db, FILES);
    expect(report.stored.map((stored) => stored.status)).toEqual(['unchanged', 'unchanged']);
  }, 60_000);
});
