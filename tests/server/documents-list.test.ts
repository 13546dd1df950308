// The documents list over HTTP: facets (jurisdiction, type, year, in force), sorts, pages of 50,
// the facet counts and the home page's library summary; on PGlite and (with DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentFacets, DocumentList, LibrarySummary } from '../../src/api/contract/index.js';
import type { ParsedDocument } from '../../server/importers/model.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';
import { expectApiError } from '../support/api-errors.js';

/** One act of the library: its number, title, kind, source, publication, date of effect, expiry. */
type Act = [
  externalId: string,
  title: string,
  kind: string,
  sourceSystem: string,
  publishedDate: string,
  versionDate: string,
  expiryDate?: string,
];

const act = ([externalId, title, kind, sourceSystem, publishedDate, versionDate, expiryDate]: Act): ParsedDocument => ({
  externalId,
  metadata: { title, kind, sourceSystem },
  languages: ['cs'],
  publishedDate,
  versionDate,
  expiryDate,
  nodes: [
    {
      nodeType: 'article',
      rawType: 'article',
      path: 'art-1',
      citeKey: 'Čl. 1',
      texts: [{ cs: `${title}.` }],
      children: [],
    },
  ],
});

const ACTS: Act[] = [
  ['1/1993 Sb.', 'Ústava České republiky', 'ústavní zákon', 'e-sbirka', '1992-12-16', '1993-01-01'],
  ['284/2023 Sb.', 'Zákon o preventivní restrukturalizaci', 'zákon', 'e-sbirka', '2023-08-23', '2023-09-01'],
  ['30/2024 Sb.', 'Zákon o pojištění', 'zákon', 'e-sbirka', '2024-01-24', '2024-04-23', '2025-01-01'],
  ['32014L0092', 'Directive 2014/92/EU on payment accounts', 'directive', 'akn', '2014-08-28', '2014-09-17'],
  ['32024R0903', 'Regulation (EU) 2024/903', 'Regulation', 'formex', '2024-03-22', '2099-01-01'],
  ['eli/bund/bgbl-1/2024/17', 'Gesetz zur Fortentwicklung', 'gesetz', 'legaldocml.de', '2024-01-24', '2024-01-25'],
];
const LIBRARY = ACTS.map(act);

describe.each(ENGINES)('documents list on %s', (engine) => {
  let server: TestServer;
  const list = async (query: string) =>
    (await json(await server.get(`/v1/legal/documents?${query}`), DocumentList)).items.map((d) => d.external_id);
  const facets = async (query: string) => json(await server.get(`/v1/legal/documents/facets?${query}`), DocumentFacets);

  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const document of LIBRARY) await storeVersion(server.database.db, document, `fixture-${document.externalId}`);
  });
  afterAll(() => server?.close());

  it('filters by jurisdiction and by normalized type', async () => {
    expect(await list('jurisdiction=cz')).toEqual(['1/1993 Sb.', '30/2024 Sb.', '284/2023 Sb.']);
    expect(await list('jurisdiction=eu&sort=number')).toEqual(['32014L0092', '32024R0903']);
    expect(await list('jurisdiction=de')).toEqual(['eli/bund/bgbl-1/2024/17']);
    // By year, then number: BGBl. I 2024 Nr. 17 before 30/2024 Sb.
    expect(await list('type=act&sort=number')).toEqual(['284/2023 Sb.', 'eli/bund/bgbl-1/2024/17', '30/2024 Sb.']);
    expect(await list('type=constitutional-act')).toEqual(['1/1993 Sb.']);
  });

  it('filters by year and by being in force today', async () => {
    expect(await list('year=2024&sort=number')).toEqual(['eli/bund/bgbl-1/2024/17', '30/2024 Sb.', '32024R0903']);
    // 30/2024 expired, 2024/903 takes effect only in 2099.
    expect(await list('in_force=true&sort=number')).toEqual([
      '1/1993 Sb.',
      '32014L0092',
      '284/2023 Sb.',
      'eli/bund/bgbl-1/2024/17',
    ]);
    expect(await list('in_force=false&sort=number')).toEqual(['30/2024 Sb.', '32024R0903']);
  });

  it('sorts by title, number and date of effect', async () => {
    expect(await list('sort=number')).toEqual([
      '1/1993 Sb.',
      '32014L0092',
      '284/2023 Sb.',
      'eli/bund/bgbl-1/2024/17',
      '30/2024 Sb.',
      '32024R0903',
    ]);
    expect((await list('sort=effective'))[0]).toBe('32024R0903');
    expect((await list('sort=effective')).at(-1)).toBe('1/1993 Sb.');
    expect(await list('sort=title&jurisdiction=eu')).toEqual(['32014L0092', '32024R0903']);
  });

  it('pages by 50 unless asked otherwise', async () => {
    expect(await list('limit=2&offset=1&sort=number')).toEqual(['32014L0092', '284/2023 Sb.']);
  });

  it('counts each facet under the other filters', async () => {
    const all = await facets('');
    expect(all.total).toBe(6);
    expect(all.jurisdiction).toEqual([
      { value: 'cz', count: 3 },
      { value: 'eu', count: 2 },
      { value: 'de', count: 1 },
    ]);
    expect(all.in_force).toEqual([
      { value: 'true', count: 4 },
      { value: 'false', count: 2 },
    ]);
    expect(all.year.map((y) => y.value)).toEqual(['2024', '2023', '2014', '1992']);

    const czech = await facets('jurisdiction=cz&in_force=true');
    expect(czech.total).toBe(2);
    // The jurisdiction facet ignores its own filter, so the other jurisdictions stay choosable.
    expect(czech.jurisdiction).toEqual([
      { value: 'cz', count: 2 },
      { value: 'de', count: 1 },
      { value: 'eu', count: 1 },
    ]);
    expect(czech.type).toEqual([
      { value: 'act', count: 1 },
      { value: 'constitutional-act', count: 1 },
    ]);
  });

  it("leaves jurisdictions out: 'cz,eu' is the home page's other jurisdictions", async () => {
    expect(await list('jurisdiction_not=cz,eu')).toEqual(['eli/bund/bgbl-1/2024/17']);
    expect(await list('jurisdiction_not=eu&sort=number')).toEqual([
      '1/1993 Sb.',
      '284/2023 Sb.',
      'eli/bund/bgbl-1/2024/17',
      '30/2024 Sb.',
    ]);
    // With the other filters, and counted as the jurisdiction facet: it ignores itself, the rest follow it.
    expect(await list('jurisdiction_not=cz,eu&type=act')).toEqual(['eli/bund/bgbl-1/2024/17']);
    expect(await list('jurisdiction_not=cz,eu&year=1992')).toEqual([]);
    const others = await facets('jurisdiction_not=cz,eu');
    expect(others.total).toBe(1);
    expect(others.type).toEqual([{ value: 'act', count: 1 }]);
    expect(others.jurisdiction.map((row) => row.value)).toEqual(['cz', 'eu', 'de']);
    // The summary's count of other jurisdictions is the list's total.
    const summary = await json(await server.get('/v1/legal/library/summary'), LibrarySummary);
    const other = summary.jurisdictions.filter((row) => row.value !== 'cz' && row.value !== 'eu');
    expect(other.reduce((sum, row) => sum + row.count, 0)).toBe(others.total);
  });

  it('refuses unknown facet values with validation_failed', async () => {
    await expectApiError(await server.get('/v1/legal/documents?jurisdiction=mars'), 400, 'validation_failed');
    await expectApiError(await server.get('/v1/legal/documents?sort=colour'), 400, 'validation_failed');
    await expectApiError(await server.get('/v1/legal/documents/facets?in_force=maybe'), 400, 'validation_failed');
    await expectApiError(await server.get('/v1/legal/documents?jurisdiction_not=cz,mars'), 400, 'validation_failed');
    await expectApiError(await server.get('/v1/legal/documents?jurisdiction_not='), 400, 'validation_failed');
  });

  it('summarizes the library for the home page', async () => {
    const summary = await json(await server.get('/v1/legal/library/summary'), LibrarySummary);
    expect(summary).toEqual({
      documents: 6,
      jurisdictions: [
        { value: 'cz', count: 3 },
        { value: 'eu', count: 2 },
        { value: 'de', count: 1 },
      ],
      recently_updated: 6,
      public_collections: 0,
    });
  });
});
