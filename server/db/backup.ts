// Backup and restore of the embedded database (docs/OPERATIONS.md). PGlite's own dump: its folder
// (DATA_DIR/pglite; DATA_DIR also holds the outbox and the Copilot's secret, not in the dump) as
// one gzip tarball, written by a process that holds the folder's lock (so the server
// must be stopped, as for copying the folder), and restored into an empty folder. PostgreSQL is
// backed up with its own tools (pg_dump, pg_restore); see the operations guide.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock.js';

/** Where openDatabase keeps PGlite's files inside DATA_DIR. */
const pgliteFolderOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes DATA_DIR's database as a gzip tarball to `file`; returns its size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  const folder = pgliteFolderOf(dataDir);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir}`);
  const release = acquireDataDirLock(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
    try {
      const dump = await pglite.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written beside the target first: a backup interrupted halfway never looks complete.
      const partial = `${file}.partial`;
      // It holds password hashes and emails: readable by its owner only, and never written through
      // a link someone left at the partial name.
      fs.rmSync(partial, { force: true });
      fs.writeFileSync(partial, bytes, { mode: 0o600, flag: 'wx' });
      fs.renameSync(partial, file);
      return bytes.length;
    } finally {
      await pglite.close();
    }
  } finally {
    release();
  }
}

/**
 * Unpacks a tarball made by backupDataDir into `dataDir`, which must be absent or empty. It is
 * unpacked beside it first and renamed into place only when complete: a failed restore leaves
 * nothing behind, and a retry starts clean.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`);
  const tarball = new Blob([fs.readFileSync(file)]);
  const staging = `${dataDir}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const release = acquireDataDirLock(staging);
    try {
      const pglite = await PGlite.create({
        dataDir: pgliteFolderOf(staging),
        loadDataDir: tarball,
        extensions: { pg_trgm },
      });
      await pglite.query('SELECT 1');
      await pglite.close();
    } finally {
      release();
    }
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    fs.renameSync(staging, dataDir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
