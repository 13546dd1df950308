// The embedded database failing to open (issue 15, L8): the message names DATA_DIR and the cause
// (a full disk with the free space statfs reports, an unusable folder), not only PGlite's
// "failed to initialize properly".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dataDirFailureMessage,
  DataDirUnusableError,
  explainDataDirFailure,
  formatBytes,
  freeBytesAt,
} from '../../server/db/data-dir-failure.js';
import { openDatabase } from '../../server/db/client.js';

const PGLITE_MESSAGE = 'PGlite failed to initialize properly';

describe('dataDirFailureMessage', () => {
  it('calls a disk with no space left full, naming DATA_DIR and the free space', () => {
    expect(dataDirFailureMessage('/x', { freeBytes: 0 }, PGLITE_MESSAGE)).toBe(
      'Cannot open the embedded database in DATA_DIR=/x: the disk is full (0 bytes free). ' +
        'Free some space, or set DATA_DIR to a folder on another disk.',
    );
    expect(dataDirFailureMessage('/x', { freeBytes: 5 * 1024 * 1024 }, PGLITE_MESSAGE)).toContain(
      'the disk is full (5.0 MB free)',
    );
    expect(dataDirFailureMessage('/x', { code: 'ENOSPC' }, 'write failed')).toContain('DATA_DIR=/x: the disk is full.');
  });

  it('names an unwritable or read-only folder', () => {
    const message = dataDirFailureMessage('/srv/lexhub', { code: 'EACCES', freeBytes: 10 * 1024 ** 3 }, 'x');
    expect(message).toBe(
      'Cannot open the embedded database in DATA_DIR=/srv/lexhub: this user may not write there (EACCES). ' +
        'Fix the folder, or set DATA_DIR to another one.',
    );
    expect(dataDirFailureMessage('/ro', { code: 'EROFS' }, 'x')).toContain('the file system is read-only (EROFS)');
  });

  it('falls back to the original message when the cause is unknown, still naming DATA_DIR', () => {
    expect(dataDirFailureMessage('/x', { freeBytes: 10 * 1024 ** 3 }, PGLITE_MESSAGE)).toBe(
      `Cannot open the embedded database in DATA_DIR=/x: ${PGLITE_MESSAGE}`,
    );
  });

  it('formats sizes', () => {
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('opening an unusable DATA_DIR', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-datadir-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads the free space of the nearest existing folder', async () => {
    const free = await freeBytesAt(path.join(root, 'not', 'yet', 'there'));
    expect(free).toBeGreaterThan(0);
  });

  it('explains a PGlite failure with the real free space (enough here: the original reason stays)', async () => {
    const error = await explainDataDirFailure(root, new Error(PGLITE_MESSAGE));
    expect(error).toBeInstanceOf(DataDirUnusableError);
    expect(error.message).toBe(`Cannot open the embedded database in DATA_DIR=${root}: ${PGLITE_MESSAGE}`);
    expect((error.cause as Error).message).toBe(PGLITE_MESSAGE);
  });

  it('fails to open a DATA_DIR below a file, naming DATA_DIR and the cause', async () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const dataDir = path.join(file, 'data');
    const failure = await openDatabase({ dataDir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DataDirUnusableError);
    expect((failure as Error).message).toBe(
      `Cannot open the embedded database in DATA_DIR=${dataDir}: a part of the path is a file, not a folder (ENOTDIR). ` +
        'Fix the folder, or set DATA_DIR to another one.',
    );
  });

  it('names DATA_DIR when PGlite itself cannot start there, and releases the lock', async () => {
    const dataDir = path.join(root, 'pglite-is-a-file');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'pglite'), 'not a database folder');
    const failure = await openDatabase({ dataDir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DataDirUnusableError);
    expect((failure as Error).message).toMatch(
      new RegExp(`^Cannot open the embedded database in DATA_DIR=${dataDir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `),
    );
    expect(fs.existsSync(path.join(dataDir, 'lexhub.lock'))).toBe(false);
  }, 30_000);
});
