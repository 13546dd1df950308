// `npm run import` as a user runs it: progress, a clear error for a malformed file, the other
// files still imported, a non-zero exit; and a clear message when the embedded database is busy.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { corpusPath, hasCorpus } from '../support/corpus.js';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('server/importers/cli.ts');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-cli-'));
const dataDir = path.join(workDir, 'data');

const good = path.join(workDir, '7_2001.json');
const broken = path.join(workDir, 'broken.json');
fs.writeFileSync(
  good,
  JSON.stringify({
    metadata: { number: '7', year: '2001', source: 'e-sbirka', version: 'informativni-zneni' },
    extracted: {
      full_text:
        '7\n\nZÁKON\n\nze dne 3. ledna 2001\n\no zkušebním předpisu\n\nParlament se usnesl na tomto zákoně:\n\n§ 1\n\nTento zákon nabývá účinnosti dnem 1. února 2001.\n',
      paragraphs: [],
    },
  }),
);
fs.writeFileSync(
  broken,
  '{"metadata": {"number": "8", "year": "2001", "source": "e-sbirka"}, "extracted": {"full_text": ',
);

async function importCli(...files: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...files], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('npm run import', () => {
  it('reports a malformed file with its place, imports the rest and exits non-zero', async () => {
    const result = await importCli(broken, good);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('broken.json');
    expect(result.stderr).toMatch(/broken\.json: .*(line|position|column|\$)/i);
    expect(result.stdout).toMatch(/\[1\/1\] 7\/2001 Sb\. \(2001-02-01\) created/);
    expect(result.stdout).toContain('Imported 1 document versions');

    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await database.raw('SELECT external_id FROM documents');
      expect(rows).toEqual([{ external_id: '7/2001 Sb.' }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('says what to do when another process holds the embedded database', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const result = await importCli(good);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`in use by another Lexhub process (pid ${process.pid})`);
      expect(result.stderr).toContain('DATABASE_URL');
    } finally {
      await database.close();
    }
  }, 60_000);

  // Issue 15: ropr/2017-02-01.md says it is in force from 2015-05-28 too, with other text; it used
  // to replace ropr/2015-05-28.md silently.
  it.skipIf(!hasCorpus)(
    'refuses two files that give one version, names both and exits non-zero',
    async () => {
      const [older, newer, other] = ['2015-05-28.md', '2017-02-01.md', '2014-09-03.md'].map((name) =>
        corpusPath('cz-pirati-sbirka-versions', 'ropr', name),
      );
      const result = await importCli(older!, newer!, other!);
      expect(result.code).toBe(1);
      const errors = result.stderr.slice(result.stderr.indexOf('\nErrors:\n'));
      const lineOf = (file: string) =>
        errors.split('\n').find((line) => line.includes(`${path.relative(process.cwd(), file)}: conflict`));
      expect(lineOf(older!)).toContain(`pirati/ropr (2015-05-28) also comes from ${newer}`);
      expect(lineOf(newer!)).toContain(`pirati/ropr (2015-05-28) also comes from ${older}`);
      expect(result.stdout).toMatch(/\[1\/1\] pirati\/ropr \(2014-09-03\) created/);
      expect(result.stdout).toContain('Imported 1 document versions');

      const database = await openDatabase({ dataDir });
      try {
        const { rows } = await database.raw(
          `SELECT b.valid_from::text AS valid_from FROM branches b JOIN documents d ON d.id = b.document_id
         WHERE d.external_id = 'pirati/ropr'`,
        );
        expect(rows).toEqual([{ valid_from: '2014-09-03' }]);
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it('prints usage without arguments', async () => {
    const result = await importCli();
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('Usage: npm run import -- <file or folder>');
  }, 60_000);
});
