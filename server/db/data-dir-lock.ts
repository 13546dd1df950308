// The embedded database is one folder that only one process may open. A lock file with the
// owner's pid tells a second process (a server or `npm run import`) who holds it.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Lexhub process (pid ${pid}).\n` +
        `Stop that process (for the server: Ctrl+C in its terminal, or \`kill ${pid}\`) and run this command again,\n` +
        'or use PostgreSQL (DATABASE_URL=postgres://...), where imports run while the server serves.',
    );
    this.name = 'DataDirLockedError';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'lexhub.lock');
  const holder = readHolder(lockFile);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new DataDirLockedError(dataDir, holder);
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readHolder(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
