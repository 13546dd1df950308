// A PostgreSQL primary and a hot standby of it, started by a test from Debian's binaries
// (/usr/lib/postgresql/<N>/bin) in a temporary folder on free ports: initdb, pg_basebackup -R
// (streaming replication), pg_ctl. Run as the `postgres` OS user when the tests run as root
// (PostgreSQL refuses to run as root). Trust authentication on 127.0.0.1 only.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseWalPosition } from '../../server/db/wal-position.js';
import { freePort } from './free-port.js';
import { withPgClient } from './pg-client.js';

const run = promisify(execFile);
const BIN_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder, or undefined when there is none. */
export function postgresBinaries(): string | undefined {
  if (!fs.existsSync(BIN_ROOT)) return undefined;
  const versions = fs
    .readdirSync(BIN_ROOT)
    .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(BIN_ROOT, name, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(BIN_ROOT, versions[0], 'bin') : undefined;
}

export interface PrimaryAndStandby {
  primaryUrl: string;
  standbyUrl: string;
  /** Stops replaying WAL on the standby (it still answers, with older data), until resumeReplay. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Whether replay is paused now. */
  replayPaused(): Promise<boolean>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  waitCaughtUp(timeoutMs?: number): Promise<void>;
  stopStandby(): Promise<void>;
  close(): Promise<void>;
}

const DATABASE = 'lexhub_replica';

export async function startPrimaryAndStandby(bin: string): Promise<PrimaryAndStandby> {
  const asRoot = process.getuid?.() === 0;
  const exec = async (program: string, args: string[]) => {
    const file = path.join(bin, program);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return run(command, argv, { timeout: 30_000 });
  };
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-replica-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(base, Number(stdout.trim()), Number(gid.trim()));
  }
  const primaryDir = path.join(base, 'primary');
  const standbyDir = path.join(base, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = async (dir: string) => {
    await exec('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };

  try {
    await exec('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // Appended settings win over initdb's; the standby copies them with the data folder.
    fs.appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${base}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        'fsync = off',
        'max_connections = 60',
        '',
      ].join('\n'),
    );
    await exec('pg_ctl', ['-D', primaryDir, '-l', path.join(base, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`;
    await withPgClient(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`, (client) =>
      client.query(`CREATE DATABASE ${DATABASE}`),
    );
    await exec('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyDir, '-R', '-X', 'stream', '--no-sync', '--checkpoint=fast'],
    ]);
    fs.appendFileSync(path.join(standbyDir, 'postgresql.conf'), `port = ${standbyPort}\n`);
    await exec('pg_ctl', ['-D', standbyDir, '-l', path.join(base, 'standby.log'), '-w', 'start']);
    started.push(standbyDir);
    const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${DATABASE}`;
    const onStandby = (text: string) => withPgClient(standbyUrl, (client) => client.query(text));

    const cluster: PrimaryAndStandby = {
      primaryUrl,
      standbyUrl,
      async pauseReplay() {
        await onStandby('SELECT pg_wal_replay_pause()');
        // Pausing is asked, then happens: wait until replay has stopped.
        await until(
          async () => (await onStandby('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0].state === 'paused',
          5_000,
        );
      },
      async resumeReplay() {
        await onStandby('SELECT pg_wal_replay_resume()');
      },
      async replayPaused() {
        return (await onStandby('SELECT pg_get_wal_replay_pause_state() AS state')).rows[0].state === 'paused';
      },
      async waitCaughtUp(timeoutMs = 10_000) {
        const written = await withPgClient(primaryUrl, (client) =>
          client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        );
        const target = parseWalPosition(written.rows[0]!.lsn)!;
        await until(async () => {
          const { rows } = await onStandby('SELECT pg_last_wal_replay_lsn()::text AS lsn');
          return (parseWalPosition(rows[0].lsn) ?? 0n) >= target;
        }, timeoutMs);
      },
      async stopStandby() {
        await stop(standbyDir);
      },
      async close() {
        for (const dir of started.reverse()) await stop(dir);
        fs.rmSync(base, { recursive: true, force: true });
      },
    };
    await cluster.waitCaughtUp();
    return cluster;
  } catch (error) {
    for (const dir of started.reverse()) await stop(dir);
    const logs = ['primary.log', 'standby.log']
      .map((name) => path.join(base, name))
      .filter((file) => fs.existsSync(file))
      .map((file) => `${path.basename(file)}:\n${fs.readFileSync(file, 'utf8').slice(-2000)}`);
    fs.rmSync(base, { recursive: true, force: true });
    throw new Error(`could not start a primary and a standby: ${String(error)}\n${logs.join('\n')}`, { cause: error });
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
