// `npm run import -- --celex ... / --sb ...` (issue 16): acts by number from the local CELLAR and
// e-Sbírka test services, imported by the command itself on the embedded database (a job of its
// own, marked interrupted on Ctrl-C), or by the server that holds it (a job per act, followed
// until it ends), with the same lines and summary.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVER_FILE } from '../../server/admin/local-server-file.js';
import { hasCorpus } from '../support/corpus.js';
import { CELLAR_CELEX, CELLAR_CONSOLIDATED, startFakeCellar, type FakeCellar } from '../support/fake-cellar-service.js';
import { startFakeEsbirka, type FakeEsbirka } from '../support/fake-esbirka-service.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

describe.skipIf(!hasCorpus)('npm run import --celex / --sb', () => {
  let cellar: FakeCellar;
  let esbirka: FakeEsbirka;
  let workDir: string;
  let env: NodeJS.ProcessEnv;
  let sourceEnv: Record<string, string>;

  async function importCli(dataDir: string, ...args: string[]) {
    try {
      const { stdout, stderr } = await run(tsx, ['server/importers/cli.ts', ...args], {
        cwd: repoRoot,
        env: { ...env, DATA_DIR: dataDir },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
    }
  }

  beforeAll(async () => {
    cellar = await startFakeCellar();
    esbirka = await startFakeEsbirka();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-source-cli-'));
    sourceEnv = { CELLAR_URL: cellar.url, ESBIRKA_URL: esbirka.url, SOURCE_TIMEOUT_MS: '5000' };
    env = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...sourceEnv };
  });
  afterAll(async () => {
    await cellar?.close();
    await esbirka?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('refuses a number the service does not take, and mixing acts with files (exit 2)', async () => {
    const dataDir = path.join(workDir, 'unused');
    const wrong = await importCli(dataDir, '--celex', '1/1993');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--celex takes a CELEX number (32016R0679) or an ELI, not "1/1993"');
    const mixed = await importCli(dataDir, '--sb', '1/1993', '../shared/corpus');
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('"../shared/corpus" cannot be mixed with --celex/--sb');
    const before = await importCli(dataDir, '../shared/corpus', '--celex', '32016R0679');
    expect(before.code).toBe(2);
    expect(before.stderr).toContain('"../shared/corpus" cannot be mixed with --celex/--sb');
    expect(esbirka.requests).toEqual([]);
  }, 60_000);

  it('imports on the embedded database itself: a line per version and language, the summary, then unchanged', async () => {
    const dataDir = path.join(workDir, 'local');
    const first = await importCli(dataDir, '--sb', '1/1993');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('[1/2] 1/1993 Sb. /sb/1993/1/0000-00-00 (1993-01-01) cs: created');
    expect(first.stdout).toContain('[2/2] 1/1993 Sb. /sb/1993/1/2026-01-01 (2026-01-01) cs: created');
    expect(first.stdout).toMatch(
      /Imported 2 document versions in \d+\.\d s \(2 new, 0 replaced, 0 unchanged\), 0 errors\./,
    );
    const again = await importCli(dataDir, '--sb=1/1993');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\(0 new, 0 replaced, 2 unchanged\), 0 errors\./);

    // Several acts, and what is missing named with act, version, language and reason: exit 1.
    const eu = await importCli(dataDir, '--celex', `${CELLAR_CELEX},32099R9999`, '--lang', 'en,de');
    expect(eu.code).toBe(1);
    expect(eu.stdout).toContain(`${CELLAR_CELEX} ${CELLAR_CELEX} (2011-12-15) en: created`);
    expect(eu.stdout).toContain(`${CELLAR_CELEX} ${CELLAR_CELEX} (2011-12-15) de: created`);
    expect(eu.stdout).toContain(`${CELLAR_CELEX} ${CELLAR_CONSOLIDATED} (2012-03-01) de: failed`);
    expect(eu.stdout).toMatch(/Imported 1 document versions .*\(1 new, 0 replaced, 0 unchanged\), 3 errors\./);
    expect(eu.stderr).toContain(`${CELLAR_CELEX} ${CELLAR_CONSOLIDATED} de: cellar has no de text of this version`);
    expect(eu.stderr).toMatch(/32099R9999: CELLAR has no Formex 4 text of 32099R9999 \(not_found\)/);
  }, 120_000);

  it('marks its own job interrupted when stopped with Ctrl-C, so the next run need not wait', async () => {
    const dataDir = path.join(workDir, 'interrupted');
    const requestsBefore = esbirka.requests.length;
    esbirka.delayMs = 10_000;
    try {
      const child = execFile(tsx, ['server/importers/cli.ts', '--sb', '1/1993'], {
        cwd: repoRoot,
        env: { ...env, DATA_DIR: dataDir },
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // The job is created and running: its first request waits at the service.
      while (esbirka.requests.length === requestsBefore) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
    } finally {
      esbirka.delayMs = 0;
    }
    // Without the mark, the killed job would look running for a minute: exit 3, "already running".
    const again = await importCli(dataDir, '--sb', '1/1993');
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
  }, 120_000);

  describe('while the server runs on the embedded database', () => {
    let server: ServerProcess;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = path.join(workDir, 'served');
      server = await startServerProcess({ databaseUrl: '', dataDir, env: sourceEnv });
      // Written just after it listens: the command finds the server by it.
      while (!fs.existsSync(path.join(dataDir, LOCAL_SERVER_FILE)))
        await new Promise((resolve) => setTimeout(resolve, 100));
    }, 180_000);
    afterAll(() => stopServerProcess(server));

    it('has the server import each act as a job and prints its progress', async () => {
      const requestsBefore = esbirka.requests.length;
      const result = await importCli(dataDir, '--sb', '1/1993', '--celex', CELLAR_CELEX, '--lang', 'cs');
      expect(result.stdout).toContain('holds the embedded database: it imports the acts');
      expect(result.stdout).toContain('[1/2] 1/1993 Sb. /sb/1993/1/0000-00-00 (1993-01-01) cs: created');
      expect(result.stdout).toContain('[2/2] 1/1993 Sb. /sb/1993/1/2026-01-01 (2026-01-01) cs: created');
      // CELLAR has the act in English and German only: Czech is missing, exit 1.
      expect(result.stdout).toContain(`${CELLAR_CELEX} ${CELLAR_CELEX} (2011-12-15) cs: failed`);
      expect(result.stdout).toMatch(/Imported 2 document versions .*\(2 new, 0 replaced, 0 unchanged\), 2 errors\./);
      expect(result.stderr).toContain(`${CELLAR_CELEX} ${CELLAR_CELEX} cs: cellar has no cs text of this version`);
      expect(result.code).toBe(1);
      // The server fetched them, not a second process on a database it holds.
      expect(esbirka.requests.length).toBeGreaterThan(requestsBefore);
    }, 120_000);
  });
});
