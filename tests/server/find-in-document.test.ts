// GET /v1/legal/documents/{id}/find on PGlite and (with DATABASE_URL) PostgreSQL: hits of a query
// in the whole 2026 Constitution, case- and accent-insensitive, counted exactly; bad input is a 400.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/index.js';
import { FindResult } from '../../src/api/contract/find.js';
import { sqlRows } from '../../server/db/sql.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { importPaths } from '../../server/importers/import-files.js';
import { CORPUS_SKIP_REASON, corpusPath, hasCorpus } from '../support/corpus.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasCorpus) console.warn(`find-in-document tests skipped: ${CORPUS_SKIP_REASON}`);
const CONSTITUTION = documentIdFor('1/1993 Sb.');

/** Occurrences counted independently of the server: accents stripped, lower case, a regular expression. */
const countIn = (texts: string[], word: string) =>
  texts.reduce(
    (sum, text) =>
      sum +
      (text
        .normalize('NFD')
        .replace(/\p{Mn}/gu, '')
        .toLowerCase()
        .match(new RegExp(word, 'g'))?.length ?? 0),
    0,
  );

describe.skipIf(!hasCorpus).each(ENGINES)('find in the document on %s', (engine) => {
  let server: TestServer;
  let texts: string[];
  const find = async (query: string) => server.get(`/v1/legal/documents/${CONSTITUTION}/find?${query}`);

  beforeAll(async () => {
    server = await startTestServer(engine);
    const report = await importPaths(server.database.db, [corpusPath('cz-consolidated-md', '1-1993.md')]);
    expect(report.errors).toEqual([]);
    const rows = await sqlRows<{ text: string }>(
      server.database.db,
      sql`SELECT f.text FROM fragments f JOIN branches b ON b.id = f.branch_id
          WHERE b.document_id = ${CONSTITUTION} AND b.name = 'main' AND f.has_text`,
    );
    texts = rows.map((row) => row.text);
  }, 240_000);
  afterAll(() => server?.close());

  it('counts every hit of "prezident" in the whole version, in document order', async () => {
    const result = await json(await find('q=prezident'), FindResult);
    const expected = countIn(texts, 'prezident');
    expect(expected).toBeGreaterThan(30);
    expect(result.total).toBe(expected);
    expect(result.items.reduce((sum, item) => sum + item.hits, 0)).toBe(expected);
    const seqs = result.items.map((item) => item.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Čl. 54 odst. 1: 'Prezident republiky je hlavou státu.'
    expect(
      result.items.some((item) => item.cite_key === 'odst. 1' && /Prezident republiky je hlavou/u.test(item.snippet)),
    ).toBe(true);
  });

  it('ignores case and accents, in the query and in the text', async () => {
    const plain = await json(await find('q=prezident'), FindResult);
    const shouted = await json(await find(`q=${encodeURIComponent('PREZIDÉNT')}`), FindResult);
    expect(shouted.total).toBe(plain.total);
    const accented = await json(await find(`q=${encodeURIComponent('usnesení')}`), FindResult);
    const unaccented = await json(await find('q=USNESENI'), FindResult);
    expect(accented.total).toBeGreaterThan(0);
    expect(unaccented.total).toBe(accented.total);
    expect(accented.total).toBe(countIn(texts, 'usneseni'));
  });

  it('finds nothing for a text the act does not hold, and searches a language asked for', async () => {
    expect(await json(await find('q=xyzzyq'), FindResult)).toEqual({ query: 'xyzzyq', total: 0, items: [] });
    const czech = await json(await find('q=prezident&lang=cs&branch=main'), FindResult);
    expect(czech.total).toBeGreaterThan(0);
  });

  it('answers 400 for bad input and 404 for an unknown document, never 500', async () => {
    for (const query of ['q=', 'q=%00', `q=${'a'.repeat(201)}`, 'q=%20%20', 'q=a&lang=xx1', '']) {
      const response = await find(query);
      expect(response.status, query).toBe(400);
      expect((await json(response, ErrorBody)).detail).toBe('validation_failed');
    }
    const odd = await find(`q=${encodeURIComponent('%_\\\'"<>;--')}`);
    expect(odd.status).toBe(200);
    const unknown = await server.get('/v1/legal/documents/00000000-0000-4000-8000-000000000000/find?q=a');
    expect(unknown.status).toBe(404);
    const branch = await find('q=a&branch=no-such-version');
    expect(branch.status).toBe(404);
  });
});
