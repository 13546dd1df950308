// A PostgreSQL cluster of the bench's own, started as tests/support/pg-standby.ts starts one:
// Debian's binaries (/usr/lib/postgresql/<N>/bin), initdb in a temporary folder, pg_ctl on a free
// port, trust authentication on 127.0.0.1 only, run as the `postgres` OS user when the bench runs
// as root. A bench may restart it (pg_ctl restart -m fast) without touching the machine's
// PostgreSQL, which every other test and session uses.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresBinaries } from '../../tests/support/pg-standby.js';
import { freePort } from '../../tests/support/free-port.js';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** The admin URL (database `postgres`), what BENCH_DATABASE_URL takes. */
  adminUrl: string;
  /** Stops it fast (open sessions are cut) and starts it again; resolves once it accepts connections. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (Debian: apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const exec = (program: string, args: string[]) => {
    const file = path.join(bin, program);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return run(command, argv, { timeout: 60_000 });
  };
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-bench-pg-'));
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    fs.chownSync(base, uid, gid);
  }
  const dataDir = path.join(base, 'data');
  const logFile = path.join(base, 'postgres.log');
  const port = await freePort();
  let running = false;
  try {
    await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${base}'`,
        // Durable commits as a production server makes them: a restart must not lose a commit.
        'fsync = on',
        'max_connections = 100',
        '',
      ].join('\n'),
    );
    await exec('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', 'start']);
    running = true;
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    fs.rmSync(base, { recursive: true, force: true });
    throw new Error(`could not start a private PostgreSQL: ${String(error)}\n${log}`, { cause: error });
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await exec('pg_ctl', ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', 'restart']);
    },
    async close() {
      if (running) await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      running = false;
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
