// `npm run import` on a folder names, in its summary, every file it skipped or could not import,
// each with the reason (issue 15).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixtures.js';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('server/importers/cli.ts');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-summary-'));
const corpus = path.join(workDir, 'corpus');
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

fs.mkdirSync(path.join(corpus, 'nested'), { recursive: true });
fs.mkdirSync(path.join(workDir, 'elsewhere'));
fs.copyFileSync(fixturePath('czech', 'esbirka-valid.json'), path.join(corpus, 'nested', 'esbirka-valid.json'));
fs.writeFileSync(
  path.join(corpus, 'broken.json'),
  '{"metadata": {"number": "8", "year": "2001", "source": "e-sbirka"}',
);
fs.writeFileSync(path.join(corpus, 'notes.txt'), 'Shopping list: milk, bread.\n');
fs.writeFileSync(path.join(corpus, '.hidden.json'), '{}');
fs.symlinkSync(path.join(workDir, 'elsewhere'), path.join(corpus, 'link-to-folder'));
fs.symlinkSync(path.join(workDir, 'missing.json'), path.join(corpus, 'broken-link.json'));

describe('npm run import summary', () => {
  it('names every skipped and failed file with its reason', async () => {
    const result = await run(tsx, [cli, corpus], {
      cwd: workDir,
      env: { ...process.env, DATA_DIR: path.join(workDir, 'data'), DATABASE_URL: '' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (failure: { code: number; stdout: string; stderr: string }) => failure,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Imported 1 document versions');
    expect(result.stdout).toContain('1 errors, 4 files skipped.');
    const skipped = result.stdout.slice(result.stdout.indexOf('\nSkipped:\n'));
    expect(skipped.split('\n').slice(2, 6)).toEqual([
      '  corpus/.hidden.json: hidden (the name starts with a dot)',
      '  corpus/broken-link.json: a broken link',
      '  corpus/link-to-folder: a link to a folder (not followed)',
      '  corpus/notes.txt: format not recognized',
    ]);
    expect(result.stderr).toMatch(/\nErrors:\n {2}corpus\/broken\.json: \S.*\n/);
  }, 60_000);
});
