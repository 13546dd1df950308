// An import killed at any point (kill -9) leaves no partial version (issue 15): every version is
// one transaction, so each stored branch has all its nodes and fragments, and importing again
// finishes the job. The real CLI on real corpus files, killed after its first and its fifth version.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { corpusPath, hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { withPgClient } from '../support/pg-client.js';
import { ENGINES } from '../support/test-database.js';

warnIfNoCorpus('import-kill tests');

const cli = path.resolve('server/importers/cli.ts');
const folder = corpusPath('cz-pirati-sbirka-versions', 'stto');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-kill-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Where the CLI imports on each engine: a DATA_DIR, or a fresh PostgreSQL database. */
async function target(engine: string): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (engine === 'pglite') {
    const dataDir = path.join(workDir, `data-${randomBytes(4).toString('hex')}`);
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase({ dataDir }) };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `lexhub_kill_${randomBytes(6).toString('hex')}`;
  await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  cleanups.push(() =>
    withPgClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ dataDir: '', databaseUrl: url.toString() }),
  };
}

/** Runs the CLI and kills it with SIGKILL once it has printed `stored` progress lines. */
function importKilledAfter(env: Record<string, string>, stored: number): Promise<{ killed: boolean; seen: number }> {
  return new Promise((resolve, reject) => {
    // One process (node with tsx's loader, not the tsx wrapper, which would leave its child running).
    const child = spawn(process.execPath, ['--import', 'tsx', cli, folder], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let seen = 0;
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      seen += (chunk.match(/^\[\d+\/\d+\]/gm) ?? []).length;
      if (!killed && seen >= stored) {
        killed = child.kill('SIGKILL');
      }
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('exit', () => resolve({ killed, seen }));
  });
}

/** Branches whose rows do not add up to what the branch row says it holds. */
async function partialVersions(database: Database) {
  const { rows } = await database.raw(`
    SELECT b.id, b.node_count, b.fragment_count,
      (SELECT count(*) FROM nodes n WHERE n.branch_id = b.id)::int AS nodes,
      (SELECT count(*) FROM fragments f WHERE f.branch_id = b.id)::int AS fragments
    FROM branches b`);
  return {
    branches: rows.length,
    partial: rows.filter((row) => Number(row.node_count) !== row.nodes || Number(row.fragment_count) !== row.fragments),
  };
}

describe.skipIf(!hasCorpus).each(ENGINES)('an import killed with SIGKILL on %s', (engine) => {
  it('leaves only whole versions, and importing again completes', async () => {
    const { env, open } = await target(engine);
    const total = fs.readdirSync(folder).length;
    for (const after of [1, 5]) {
      const run = await importKilledAfter(env, after);
      expect(run.killed).toBe(true);
      const database = await open();
      try {
        const { branches, partial } = await partialVersions(database);
        expect(partial).toEqual([]);
        expect(branches).toBeGreaterThanOrEqual(after);
        expect(branches).toBeLessThan(total);
      } finally {
        await database.close();
      }
    }
    const finished = await importKilledAfter(env, Number.POSITIVE_INFINITY);
    expect(finished.killed).toBe(false);
    const database = await open();
    try {
      const { branches, partial } = await partialVersions(database);
      expect(partial).toEqual([]);
      expect(branches).toBe(total);
    } finally {
      await database.close();
    }
  }, 300_000);
});
