// importFromSource end to end: local CELLAR and e-Sbírka servers, the real parsers and store.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CellarSource } from '../../server/importers/sources/cellar.js';
import { EsbirkaSource } from '../../server/importers/sources/esbirka.js';
import { importFromSource } from '../../server/importers/sources/import-from-source.js';
import { hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { CELLAR_CELEX, CELLAR_CONSOLIDATED, startFakeCellar, type FakeCellar } from '../support/fake-cellar-service.js';
import { startFakeEsbirka, type FakeEsbirka } from '../support/fake-esbirka-service.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

warnIfNoCorpus('sources-import');

describe.skipIf(!hasCorpus).each(ENGINES)('importing from the official sources on %s', (engine) => {
  let database: TestDatabase;
  let cellar: FakeCellar;
  let esbirka: FakeEsbirka;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    cellar = await startFakeCellar();
    esbirka = await startFakeEsbirka();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lexhub-source-import-'));
  }, 240_000);
  afterAll(async () => {
    await cellar?.close();
    await esbirka?.close();
    await database?.dispose();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const branchesOf = async (externalId: string) => {
    const result = (await database.db.execute(sql`
      SELECT b.valid_from::text AS valid_from, array_to_string(b.languages, ',') AS languages
      FROM branches b JOIN documents d ON d.id = b.document_id
      WHERE d.external_id = ${externalId} ORDER BY b.valid_from`)) as unknown as {
      rows: { valid_from: string | null; languages: string }[];
    };
    return result.rows;
  };

  it('stores an EU act in two languages as one version, names what is missing, and a re-run stores nothing new', async () => {
    const cellarSource = () => new CellarSource({ baseUrl: cellar.url, dataDir, timeoutMs: 5000 });
    const first = await importFromSource(database.db, cellarSource(), CELLAR_CELEX, { languages: ['en', 'de'] });
    expect(first.stored.map((s) => [s.externalId, s.status])).toEqual([[CELLAR_CELEX, 'created']]);
    expect(first.problems).toEqual([
      {
        actId: CELLAR_CELEX,
        versionId: CELLAR_CONSOLIDATED,
        language: 'de',
        message: 'cellar has no de text of this version',
      },
      {
        actId: CELLAR_CELEX,
        versionId: CELLAR_CONSOLIDATED,
        language: 'en',
        message: `CELLAR has no en Formex 4 text of ${CELLAR_CONSOLIDATED} (${cellar.url}/resource/celex/${CELLAR_CONSOLIDATED})`,
      },
    ]);
    const branches = await branchesOf(CELLAR_CELEX);
    expect(branches).toHaveLength(1);
    expect(branches[0]!.languages).toBe('en,de');

    cellar.requests.length = 0;
    const again = await importFromSource(database.db, cellarSource(), CELLAR_CELEX, { languages: ['en', 'de'] });
    expect(again.stored.map((s) => s.status)).toEqual(['unchanged']);
    expect(cellar.requests.filter((r) => r.path.startsWith('/resource/cellar/')).every((r) => r.status === 304)).toBe(
      true,
    );
    expect(await branchesOf(CELLAR_CELEX)).toEqual(branches);
  }, 60_000);

  it('stores each Czech wording as its own dated branch', async () => {
    const report = await importFromSource(
      database.db,
      new EsbirkaSource({ baseUrl: esbirka.url, dataDir, timeoutMs: 5000 }),
      '1/1993 Sb.',
    );
    expect(report.problems).toEqual([]);
    expect(report.stored.map((s) => [s.validFrom, s.status])).toEqual([
      ['1993-01-01', 'created'],
      ['2026-01-01', 'created'],
    ]);
    expect((await branchesOf('1/1993 Sb.')).map((b) => b.valid_from)).toEqual(['1993-01-01', '2026-01-01']);
  }, 60_000);
});
