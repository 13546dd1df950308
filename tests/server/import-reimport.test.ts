// Importing the same corpus folders again changes nothing (issue 15: 11 versions used to be
// `replaced` on every re-import). All 11 came from files that give one version of a work with
// different content, which replaced each other back and forth: now such files are a conflict,
// none of them is stored, and every other version imports. Real corpus files, only the folders involved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPaths, type ImportReport } from '../../server/importers/import-files.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

warnIfNoCorpus('import-reimport tests');

const pirati = (...parts: string[]) => corpusPath('cz-pirati-sbirka-versions', ...parts);
const vereinsgesetz = (expression: string, manifestation: string) =>
  corpusPath(
    'akn-legaldocml-de/eli/bund/bgbl-1/1964/s593',
    expression,
    '1/deu',
    manifestation,
    'regelungstext-verkuendung-1.xml',
  );
const amendment = (manifestation: string) =>
  corpusPath(
    'akn-legaldocml-de/eli/bund/bgbl-1/2017/s419/2017-03-15/1/deu',
    manifestation,
    'regelungstext-verkuendung-1.xml',
  );
const FOLDERS = [pirati('ropr'), pirati('pvr'), pirati('vr'), corpusPath('akn-legaldocml-de')];

const EXPECTED_CONFLICTS = [
  {
    externalId: 'eli/bund/bgbl-1/1964/s593',
    validFrom: '1964-08-05',
    files: [
      vereinsgesetz('1964-08-05', '1964-08-05'),
      vereinsgesetz('1964-08-05', '2017-03-15'),
      vereinsgesetz('1964-08-05', '2999-12-31'),
    ],
  },
  {
    externalId: 'eli/bund/bgbl-1/2017/s419',
    validFrom: '2017-03-15',
    files: [amendment('2022-08-23'), amendment('2999-12-31')],
  },
  {
    externalId: 'pirati/pvr',
    validFrom: '2010-10-15',
    files: [pirati('pvr/2010-10-15.md'), pirati('pvr/2010-10-21.md')],
  },
  {
    externalId: 'pirati/ropr',
    validFrom: '2015-05-28',
    files: [pirati('ropr/2015-05-28.md'), pirati('ropr/2017-02-01.md')],
  },
  { externalId: 'pirati/vr', validFrom: '2012-06-16', files: [pirati('vr/2012-06-16.md'), pirati('vr/2012-10-06.md')] },
];

describe.skipIf(!hasCorpus).each(ENGINES)('re-importing unchanged corpus folders on %s', (engine) => {
  let database: TestDatabase;
  let first: ImportReport;
  let second: ImportReport;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    first = await importPaths(database.db, FOLDERS);
    second = await importPaths(database.db, FOLDERS);
  }, 120_000);
  afterAll(() => database?.dispose());

  const sorted = (report: ImportReport) =>
    [...report.conflicts].sort((a, b) => a.externalId.localeCompare(b.externalId));

  it('refuses every version that two different files give, naming all of them', () => {
    expect(sorted(first)).toEqual(EXPECTED_CONFLICTS);
    // Each conflicting file is listed as failed, its reason naming the other file(s).
    const conflicting = EXPECTED_CONFLICTS.flatMap((conflict) => conflict.files);
    expect(first.errors.map((error) => error.file).sort()).toEqual([...conflicting].sort());
    const ropr = first.errors.find((error) => error.file === pirati('ropr/2015-05-28.md'))!;
    expect(ropr.message).toContain('pirati/ropr (2015-05-28)');
    expect(ropr.message).toContain(pirati('ropr/2017-02-01.md'));
  });

  it('still imports every other version, once', () => {
    expect(first.stored.length).toBeGreaterThan(20);
    expect(first.stored.every((stored) => stored.status === 'created')).toBe(true);
    const versions = first.stored.map((stored) => `${stored.externalId} ${stored.validFrom}`);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toContain('pirati/ropr 2014-09-03');
    expect(versions).toContain('eli/bund/bgbl-1/1964/s593 2017-03-16');
  });

  it('stores nothing of a refused version', async () => {
    const { rows } = await database.raw(
      `SELECT d.external_id, b.valid_from::text AS valid_from FROM branches b JOIN documents d ON d.id = b.document_id`,
    );
    const stored = new Set(rows.map((row) => `${String(row.external_id)} ${String(row.valid_from)}`));
    for (const conflict of EXPECTED_CONFLICTS)
      expect(stored).not.toContain(`${conflict.externalId} ${conflict.validFrom}`);
    expect(stored.size).toBe(first.stored.length);
  });

  it('changes nothing the second time: 0 created, 0 replaced', () => {
    const statuses = second.stored.map((stored) => stored.status);
    expect(statuses.filter((status) => status !== 'unchanged')).toEqual([]);
    expect(second.stored.length).toBe(first.stored.length);
    expect(sorted(second)).toEqual(EXPECTED_CONFLICTS);
  });

  it('stores identical copies of a file once, with no conflict', async () => {
    const file = pirati('ropr/2014-09-03.md');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-copy-'));
    try {
      // The work is named by its folder (pirati/ropr); the file name is part of its metadata.
      const copy = path.join(folder, 'ropr', '2014-09-03.md');
      fs.mkdirSync(path.dirname(copy));
      fs.copyFileSync(file, copy);
      const report = await importPaths(database.db, [file, copy]);
      expect(report.conflicts).toEqual([]);
      expect(report.errors).toEqual([]);
      expect(report.stored.map((stored) => stored.status)).toEqual(['unchanged', 'unchanged']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
