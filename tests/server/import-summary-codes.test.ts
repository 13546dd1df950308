// The shared summary of an import (server/importers/import-summary.ts), on a real folder: every
// entry the importer skips or fails carries its reason's code, a version refused while storing is
// told from a file that could not be parsed, and the counts are the stored versions'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPaths } from '../../server/importers/import-files.js';
import { summarizeImport } from '../../server/importers/import-summary.js';
import { fixturePath } from '../support/fixtures.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-summary-codes-'));
const at = (...names: string[]) => path.join(workDir, ...names);
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const law = fs.readFileSync(fixturePath('czech', 'pravidla-ukazka.md'), 'utf8');
for (const folder of ['corpus/nested', 'law', 'bad', 'elsewhere']) fs.mkdirSync(at(folder), { recursive: true });
fs.copyFileSync(fixturePath('czech', 'esbirka-valid.json'), at('corpus', 'nested', 'esbirka-valid.json'));
fs.writeFileSync(at('corpus', 'broken.json'), '{"metadata": {"number": "8", "year": "2001", "source": "e-sbirka"}');
fs.writeFileSync(at('corpus', 'notes.txt'), 'Shopping list: milk, bread.\n');
fs.writeFileSync(at('corpus', '.hidden.json'), '{}');
fs.symlinkSync(at('elsewhere'), at('corpus', 'link-to-folder'));
fs.symlinkSync(at('missing.json'), at('corpus', 'broken-link.json'));
fs.writeFileSync(at('law', 'a.md'), law);
fs.writeFileSync(at('law', 'b.md'), law.replace('ukázek,', 'jiných ukázek,'));
fs.writeFileSync(at('bad', 'x.md'), law.replace('2015-03-02', '2015-02-30'));
fs.writeFileSync(at('named.txt'), 'not a law');

describe.each(ENGINES)('import summary codes on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 60_000);
  afterAll(() => database?.dispose());

  it('classifies every skipped and failed entry and counts the stored versions', async () => {
    const events: string[] = [];
    const inputs = [at('corpus'), at('law'), at('bad'), at('named.txt'), at('nowhere')];
    const report = await importPaths(database.db, inputs, (event) => events.push(event.phase));
    const summary = summarizeImport(report);

    expect(events).toContain('stored');
    expect(summary).toMatchObject({ created: 1, replaced: 0, unchanged: 0 });
    const short = ({ file, reason, detail }: { file: string; reason: string; detail?: string }) =>
      [path.relative(workDir, file), reason, ...(detail === undefined ? [] : [detail])].join(' | ');
    expect(summary.skipped.map(short)).toEqual([
      'corpus/.hidden.json | hidden',
      'corpus/broken-link.json | broken_link',
      'corpus/link-to-folder | folder_link',
      'corpus/notes.txt | format_not_recognized',
    ]);
    expect(summary.errors.map(short)).toEqual([
      expect.stringMatching(/^nowhere \| not_found$/),
      expect.stringMatching(/^corpus\/broken\.json \| parse_failed \| line \d+: invalid JSON/),
      'named.txt | format_not_recognized',
      'law/a.md | conflict',
      'law/b.md | conflict',
      expect.stringMatching(/^bad\/x\.md \| store_failed \| pirati\/bad: metadata\.versionDate/),
    ]);
    // The command line keeps the importer's sentences.
    expect(summary.errors.find((problem) => problem.reason === 'conflict')?.message).toContain('also comes from');
  }, 60_000);
});
