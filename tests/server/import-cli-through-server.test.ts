// `npm run import` while the server runs on the embedded database (issue 15): the CLI finds the
// live server through the data-dir lock and its server file, sends the files with the local
// token, and prints the same per-version lines and summary as a local import.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVER_FILE } from '../../server/admin/local-server-file.js';
import { corpusPath, hasCorpus } from '../support/corpus.js';
import { freePort } from '../support/free-port.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-cli-server-'));
const dataDir = path.join(workDir, 'data');
const serverFile = path.join(dataDir, LOCAL_SERVER_FILE);
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };

async function importCli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['server/importers/cli.ts', ...args], { cwd: repoRoot, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe.skipIf(!hasCorpus)('npm run import while the server runs on PGlite', () => {
  let server: ChildProcess;
  const output: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = spawn(tsx, ['server/main.ts'], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', WEB_ROOT: path.join(workDir, 'no-web-app') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 170_000;
    while (!fs.existsSync(serverFile)) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not start: ${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('writes its server file readable by its own account only', () => {
    expect(fs.statSync(serverFile).mode & 0o777).toBe(0o600);
    // The pid of the process holding the data-dir lock (tsx runs the server in a child process).
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'lexhub.lock'), 'utf8')) as { pid: number };
    expect(JSON.parse(fs.readFileSync(serverFile, 'utf8'))).toMatchObject({ pid: lock.pid, url: expect.any(String) });
  });

  it('sends a folder and a file to the server and prints the per-version lines', async () => {
    const folder = corpusPath('cz-consolidated-md');
    const file = corpusPath('cz-pirati-sbirka-versions', 'ropr', '2014-09-03.md');
    const result = await importCli(folder, file);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('holds the embedded database: sending the files to it');
    const relative = (p: string) => path.relative(repoRoot, p);
    expect(result.stdout).toMatch(
      new RegExp(
        String.raw`\[1/2\] 1/1993 Sb\. \(\d{4}-\d{2}-\d{2}\) created: \d+ nodes, \d+ fragments  ${relative(folder)}/1-1993\.md`,
      ),
    );
    expect(result.stdout).toContain(`[2/2] pirati/ropr (2014-09-03) created:`);
    expect(result.stdout).toContain(relative(file));
    expect(result.stdout).toMatch(
      /Imported 2 document versions in [\d.]+ s \(2 new, 0 replaced, 0 unchanged\), 0 errors/,
    );

    const again = await importCli(folder, file);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('(0 new, 0 replaced, 2 unchanged)');
  }, 120_000);

  it('reports a refusal of the server (a wrong token) and exits non-zero', async () => {
    const original = fs.readFileSync(serverFile, 'utf8');
    try {
      fs.writeFileSync(serverFile, JSON.stringify({ ...JSON.parse(original), token: 'wrong' }));
      const result = await importCli(corpusPath('cz-consolidated-md'));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('import_token_invalid');
    } finally {
      fs.writeFileSync(serverFile, original);
    }
  }, 60_000);

  it('removes the server file when the server stops', async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    expect(fs.existsSync(serverFile)).toBe(false);
  }, 30_000);
});
