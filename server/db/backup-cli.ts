// `npm run backup -- <file>` and `npm run restore -- <file> [folder]`: the embedded database's
// own dump (server/db/backup.ts). With DATABASE_URL set they only say which PostgreSQL tools to use.
import path from 'node:path';
import { readConfig } from '../config.js';
import { backupDataDir, restoreDataDir } from './backup.js';
import { DataDirLockedError } from './data-dir-lock.js';

const USAGE = `Usage: npm run backup -- <file.tar.gz>
       npm run restore -- <file.tar.gz> [folder]

backup writes the embedded database (DATA_DIR, default ./data) as one gzip tarball; stop the
server first (Ctrl+C): the folder is open in one process at a time. restore unpacks a backup into
a new, empty folder (default: DATA_DIR); start the server with DATA_DIR pointing at it.
On PostgreSQL (DATABASE_URL) use pg_dump and pg_restore: see docs/OPERATIONS.md.`;

async function main(command: string | undefined, args: string[]): Promise<number> {
  const file = args[0];
  if ((command !== 'backup' && command !== 'restore') || file === undefined || args.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return file === undefined ? 2 : 0;
  }
  const config = readConfig();
  if (config.databaseUrl) {
    process.stderr.write(
      command === 'backup'
        ? 'DATABASE_URL is set: back PostgreSQL up with `pg_dump --format=custom --file=lexhub.dump "$DATABASE_URL"`.\n'
        : 'DATABASE_URL is set: restore with `pg_restore --no-owner --dbname="$DATABASE_URL" lexhub.dump` into an empty database.\n',
    );
    return 2;
  }
  try {
    if (command === 'backup') {
      const bytes = await backupDataDir(config.dataDir, path.resolve(file));
      process.stdout.write(`Wrote ${path.resolve(file)} (${(bytes / 1e6).toFixed(1)} MB) from ${config.dataDir}\n`);
    } else {
      const target = path.resolve(args[1] ?? config.dataDir);
      await restoreDataDir(path.resolve(file), target);
      process.stdout.write(`Restored ${path.resolve(file)} into ${target}\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof DataDirLockedError ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv[2], process.argv.slice(3));
