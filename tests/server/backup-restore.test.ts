// Backup and restore as docs/OPERATIONS.md tells an operator, then a document read through the
// API from the restored database: PGlite by copying its folder while stopped and by `npm run
// backup` / `npm run restore` (its tarball dump), PostgreSQL (with DATABASE_URL) by pg_dump and
// pg_restore into a new database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Document } from '../../src/api/contract/index.js';
import { buildApp } from '../../server/app.js';
import { backupDataDir, restoreDataDir } from '../../server/db/backup.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { documentIdFor } from '../../server/importers/identity.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { actVersion2020 } from '../support/fixture-documents.js';
import { withPgClient } from '../support/pg-client.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const documentId = documentIdFor(actVersion2020.externalId);

/** The fixture act's title as GET /v1/legal/documents/{id} answers it from `database`. */
async function titleReadFrom(database: Database): Promise<string> {
  const app = await buildApp({ database });
  try {
    const response = await app.inject({ method: 'GET', url: `/v1/legal/documents/${documentId}` });
    expect(response.statusCode).toBe(200);
    return Document.parse(response.json()).title;
  } finally {
    await app.close();
    await database.close();
  }
}

async function pgliteWithTheAct(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await storeVersion(database.db, actVersion2020, 'fixture.json');
  await database.close();
}

describe('PGlite', () => {
  it('a copy of DATA_DIR made while stopped opens and reads', async () => {
    const dataDir = path.join(scratch, 'copied-source');
    await pgliteWithTheAct(dataDir);
    const copy = path.join(scratch, 'copied');
    fs.cpSync(dataDir, copy, { recursive: true });
    // The source is gone: the copy stands alone.
    fs.rmSync(dataDir, { recursive: true });
    expect(await titleReadFrom(await openDatabase({ dataDir: copy }))).toBe(actVersion2020.metadata.title);
  }, 60_000);

  it('npm run backup, then npm run restore into a new folder', async () => {
    const dataDir = path.join(scratch, 'dumped-source');
    await pgliteWithTheAct(dataDir);
    const file = path.join(scratch, 'lexhub.tar.gz');
    const bytes = await backupDataDir(dataDir, file);
    expect(bytes).toBe(fs.statSync(file).size);
    // Password hashes and emails inside: the owner's only.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    fs.rmSync(dataDir, { recursive: true });

    const restored = path.join(scratch, 'restored');
    await restoreDataDir(file, restored);
    expect(await titleReadFrom(await openDatabase({ dataDir: restored }))).toBe(actVersion2020.metadata.title);
    // Never over a database that is there.
    await expect(restoreDataDir(file, restored)).rejects.toThrow(/not empty/);
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL', () => {
  it('pg_dump, then pg_restore into a new database', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const suffix = randomBytes(4).toString('hex');
    const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    const [source, target] = [`lexhub_backup_src_${suffix}`, `lexhub_backup_dst_${suffix}`];
    await withPgClient(adminUrl, async (client) => {
      await client.query(`CREATE DATABASE ${source}`);
      await client.query(`CREATE DATABASE ${target}`);
    });
    try {
      const database = await openDatabase({ dataDir: '', databaseUrl: urlOf(source) });
      await storeVersion(database.db, actVersion2020, 'fixture.json');
      await database.close();
      const dump = path.join(scratch, 'lexhub.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, urlOf(source)]);
      execFileSync('pg_restore', ['--no-owner', `--dbname=${urlOf(target)}`, dump]);
      expect(await titleReadFrom(await openDatabase({ dataDir: '', databaseUrl: urlOf(target) }))).toBe(
        actVersion2020.metadata.title,
      );
    } finally {
      await withPgClient(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
      });
    }
  }, 120_000);
});
