// DATA_DIR/lexhub.lock (issue 15, L4): a lock whose pid now belongs to another program (after a
// crash and a reboot, e.g. the PostgreSQL postmaster) is stale and taken over; a lock held by a
// live Lexhub process still stops a second one, naming the pid to stop.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  parseHolder,
  processStartTime,
} from '../../server/db/data-dir-lock.js';

const children: ChildProcess[] = [];
let dataDir: string;
const lockFile = () => path.join(dataDir, 'lexhub.lock');

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-lock-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** A process that is not Lexhub: `sleep 30`. */
function startSleep(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** A real Lexhub-side holder: a Node process that took the lock through the same module. */
async function startHolder(dir: string): Promise<ChildProcess> {
  const code = `
    const { acquireDataDirLock } = await import(${JSON.stringify(path.resolve('server/db/data-dir-lock.ts'))});
    acquireDataDirLock(${JSON.stringify(dir)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('locked')) resolve();
    });
    child.on('exit', (exitCode) => reject(new Error(`the holder exited with ${exitCode}`)));
  });
  return child;
}

function holderOnDisk() {
  return parseHolder(fs.readFileSync(lockFile(), 'utf8'));
}

describe('acquireDataDirLock', () => {
  it('takes over an old-style lock (pid only) whose pid is another program', () => {
    const sleep = startSleep();
    fs.writeFileSync(lockFile(), String(sleep.pid));
    const release = acquireDataDirLock(dataDir);
    expect(holderOnDisk()?.pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
    expect(sleep.exitCode).toBeNull(); // the other program was left alone
  });

  it('takes over a lock whose pid was reused by another program (start time differs)', () => {
    const sleep = startSleep();
    const written = { pid: sleep.pid, startTime: '1', instance: 'crashed-lexhub' };
    fs.writeFileSync(lockFile(), JSON.stringify(written));
    const release = acquireDataDirLock(dataDir);
    expect(holderOnDisk()).toMatchObject({ pid: process.pid, startTime: processStartTime(process.pid) });
    release();
  });

  it('takes over a lock of a process that is gone, and a garbled lock file', () => {
    fs.writeFileSync(lockFile(), JSON.stringify({ pid: 2 ** 22 + 12345, startTime: '5' }));
    acquireDataDirLock(dataDir)();
    fs.writeFileSync(lockFile(), 'not a lock');
    acquireDataDirLock(dataDir)();
  });

  it('refuses while a live Lexhub process holds the lock, and names its pid', async () => {
    const holder = await startHolder(dataDir);
    expect(holderOnDisk()?.pid).toBe(holder.pid);
    let thrown: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    expect((thrown as Error).message).toContain(`kill ${holder.pid}`);
    // The lock was left to its holder.
    expect(holderOnDisk()?.pid).toBe(holder.pid);

    // Killed without a chance to release: the next start takes the stale lock over.
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const release = acquireDataDirLock(dataDir);
    expect(holderOnDisk()?.pid).toBe(process.pid);
    release();
  }, 20_000);

  it('does not remove a lock another process has taken since', () => {
    const release = acquireDataDirLock(dataDir);
    fs.writeFileSync(lockFile(), JSON.stringify({ pid: 1, startTime: '0', instance: 'someone-else' }));
    release();
    expect(fs.existsSync(lockFile())).toBe(true);
  });
});
