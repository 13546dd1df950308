// The embedded database is one folder that only one process may open. A lock file names the
// owner (pid, the process's start time, a random instance id) so a second process (a server or
// `npm run import`) can tell a live Lexhub holder from a stale file whose pid now belongs to
// another program (after a crash and a reboot, the pid may be the PostgreSQL postmaster's).
import { randomUUID } from 'node:crypto';
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

/** What the lock file says. Files written before issue 15 hold only the pid. */
export interface LockHolder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); absent off Linux and in old files. */
  startTime?: string;
  instance?: string;
}

export const LOCK_NAME = 'lexhub.lock';
const ATTEMPTS = 3;

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_NAME);
  const self: LockHolder = { pid: process.pid, startTime: processStartTime(process.pid), instance: randomUUID() };
  const content = JSON.stringify(self);
  for (let attempt = 1; !createExclusively(lockFile, content); attempt++) {
    if (attempt >= ATTEMPTS) throw new Error(`Could not take ${lockFile}: other processes keep replacing it`);
    const text = readText(lockFile);
    if (text === undefined) continue; // removed meanwhile: try again
    const holder = parseHolder(text);
    if (holder && holder.pid !== process.pid && isLexhubProcess(holder)) {
      throw new DataDirLockedError(dataDir, holder.pid);
    }
    // Stale (or ours from an earlier open in this process): take it over, unless another
    // process replaced it since we read it.
    if (readText(lockFile) === text) fs.rmSync(lockFile, { force: true });
  }
  return () => {
    if (readText(lockFile) === content) fs.rmSync(lockFile, { force: true });
  };
}

// File systems without hard links (FAT, some network mounts) answer link() with one of these.
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Writes a whole file under `lockFile`'s name only if none exists: link() of a complete file is
 * atomic, so no reader sees it half written. Without hard links, an exclusive create.
 */
function createExclusively(lockFile: string, content: string): boolean {
  const temp = `${lockFile}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, lockFile);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  try {
    fs.writeFileSync(lockFile, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function parseHolder(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return validPid(Number(trimmed)) ? { pid: Number(trimmed) } : undefined;
  try {
    const value = JSON.parse(trimmed) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || !validPid(value.pid)) return undefined;
    return {
      pid: value.pid,
      ...(typeof value.startTime === 'string' ? { startTime: value.startTime } : {}),
      ...(typeof value.instance === 'string' ? { instance: value.instance } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's holder is still the Lexhub process that wrote it. On Linux the process's
 * start time must match the one written (a reused pid has another); an old file without it
 * counts only when the process runs Node. Elsewhere, any live process counts.
 */
export function isLexhubProcess(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  const startTime = processStartTime(holder.pid);
  // No /proc: trust the pid. With /proc, a live process we cannot read is another user's.
  if (startTime === undefined) return !fs.existsSync('/proc/self/stat');
  if (holder.startTime !== undefined) return holder.startTime === startTime;
  return runsNode(holder.pid);
}

/** Field 22 of /proc/<pid>/stat, or undefined without /proc or when the process is gone. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19]; // field 22 overall: fields[0] is field 3
  } catch {
    return undefined;
  }
}

function runsNode(pid: number): boolean {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /(?:^|\/)(?:node|nodejs|tsx)(?:\d[\d.]*)?$/.test(argv0) || argv0 === process.execPath;
  } catch {
    return false;
  }
}

function validPid(pid: number): boolean {
  return Number.isInteger(pid) && pid > 0;
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether a process of this machine runs with that pid (signal 0 only asks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
