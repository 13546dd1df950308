// Why the embedded database could not open, in words an operator can act on. PGlite reports a
// full disk or an unwritable folder only as "PGlite failed to initialize properly", so on a
// failure we look at the folder ourselves: free space (statfs) and the error's own errno code.
import fs from 'node:fs/promises';
import path from 'node:path';

export class DataDirUnusableError extends Error {
  constructor(
    readonly dataDir: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DataDirUnusableError';
  }
}

/** What we could find out about DATA_DIR after a failure. */
export interface DataDirFacts {
  /** Bytes this user may still write on DATA_DIR's file system (statfs bavail x bsize). */
  freeBytes?: number;
  /** The failure's errno code, if it (or its cause) had one: ENOSPC, EACCES, EROFS, ... */
  code?: string;
}

/** Below this much free space PGlite cannot create or grow its files: we call the disk full. */
export const FULL_DISK_BYTES = 32 * 1024 * 1024;

const CAUSES: Record<string, string> = {
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a file it needs is a folder',
  EDQUOT: "the user's disk quota is used up",
  EMFILE: 'too many files are open',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** The sentence for a failure to open the embedded database in `dataDir`. */
export function dataDirFailureMessage(dataDir: string, facts: DataDirFacts, originalMessage: string): string {
  const where = `Cannot open the embedded database in DATA_DIR=${dataDir}`;
  const diskFull = facts.code === 'ENOSPC' || (facts.freeBytes !== undefined && facts.freeBytes < FULL_DISK_BYTES);
  if (diskFull) {
    const free = facts.freeBytes !== undefined ? ` (${formatBytes(facts.freeBytes)} free)` : '';
    return `${where}: the disk is full${free}. Free some space, or set DATA_DIR to a folder on another disk.`;
  }
  const cause = facts.code ? CAUSES[facts.code] : undefined;
  if (cause) return `${where}: ${cause} (${facts.code}). Fix the folder, or set DATA_DIR to another one.`;
  return `${where}: ${originalMessage}`;
}

/** The failure `error` of opening `dataDir`, explained (the original kept as `cause`). */
export async function explainDataDirFailure(dataDir: string, error: unknown): Promise<DataDirUnusableError> {
  const facts: DataDirFacts = {};
  const code = errnoCode(error);
  if (code) facts.code = code;
  const freeBytes = await freeBytesAt(dataDir);
  if (freeBytes !== undefined) facts.freeBytes = freeBytes;
  const original = error instanceof Error ? error.message : String(error);
  return new DataDirUnusableError(dataDir, dataDirFailureMessage(dataDir, facts, original), { cause: error });
}

/** Free bytes on the file system holding `dir` (or its nearest existing parent). */
export async function freeBytesAt(dir: string): Promise<number | undefined> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      const stats = await fs.statfs(current);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch {
      if (path.dirname(current) === current) return undefined;
    }
  }
}

function errnoCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}
