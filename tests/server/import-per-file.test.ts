// importPaths holds one file's documents at a time (issue 15): a first pass parses each file only
// to the keys the conflict check needs, then each file is parsed again and stored before the next
// is read. Shown by changing a file while an earlier one is being stored: the change is seen (the
// file is read again after the first was stored) and refused, never stored unchecked; two files
// giving one version are still refused together, both named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPaths, type ImportProgress } from '../../server/importers/import-files.js';
import { fixturePath } from '../support/fixtures.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

const LAW = fs.readFileSync(fixturePath('czech', 'pravidla-ukazka.md'), 'utf8');
/** The fixture law as the version effective on `date`, with `extra` in its text. */
const versionOn = (date: string, extra = '') =>
  LAW.replace('účinnost:     2015-03-02', `účinnost:     ${date}`).replace('ukázek,', `ukázek${extra},`);

describe.each(ENGINES)('importing one file at a time on %s', (engine) => {
  let database: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-per-file-'));
  });
  afterAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    await database?.dispose();
  });

  it('reads each file again just before storing it, and refuses one that changed meanwhile', async () => {
    const law = path.join(folder, 'law');
    fs.mkdirSync(law);
    const write = (name: string, text: string) => fs.writeFileSync(path.join(law, name), text);
    write('a.md', versionOn('2015-03-02'));
    write('b.md', versionOn('2016-01-01'));
    // One version (2017-01-01) from two files with different text: a conflict, both refused.
    write('c.md', versionOn('2017-01-01', ' a'));
    write('d.md', versionOn('2017-01-01', ' b'));
    write('e.md', versionOn('2018-01-01'));

    const events: ImportProgress[] = [];
    const report = await importPaths(database.db, [law], (event) => {
      events.push(event);
      // While a.md is stored, b.md gets other text for its version: with every file parsed before
      // the first store, the old text would be stored without a word.
      if (event.phase === 'stored' && event.file.endsWith('a.md')) write('b.md', versionOn('2016-01-01', ' změna'));
    });

    expect(report.stored.map((stored) => stored.validFrom)).toEqual(['2015-03-02', '2018-01-01']);
    expect(report.conflicts).toEqual([
      { externalId: 'pirati/law', validFrom: '2017-01-01', files: [path.join(law, 'c.md'), path.join(law, 'd.md')] },
    ]);
    expect(report.errors.map(({ file, reason }) => `${path.basename(file)} ${reason}`)).toEqual([
      'c.md conflict',
      'd.md conflict',
      'b.md store_failed',
    ]);
    expect(report.errors.at(-1)!.message).toContain('changed during the import');
    // The counts announced after the first pass: three versions to store (a, b, e).
    expect(events.find((event) => event.phase === 'parsed')).toEqual({ phase: 'parsed', files: 5, documents: 3 });
    expect(events.filter((event) => event.phase === 'stored').map((event) => event.total)).toEqual([3, 3]);

    // Imported again as it now is, b.md is stored with its new text.
    const again = await importPaths(database.db, [path.join(law, 'b.md')]);
    expect(again.errors).toEqual([]);
    expect(again.stored.map((stored) => `${stored.validFrom} ${stored.status}`)).toEqual(['2016-01-01 created']);
  });
});
