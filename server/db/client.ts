// Opens the database: PGlite in a local folder by default, PostgreSQL when a URL is given.
// Both get the same drizzle schema and the same migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { explainDataDirFailure } from './data-dir-failure.js';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';
import { createPgListener, type ListenEvents, type NotificationHandler, type PgListener } from './pg-listener.js';
import { asksForReadWrite, verifyReadWrite } from './read-write-check.js';
import { openReadReplica, type ReadReplica } from './replica-pool.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

/** A bare query function, used by benchmarks to time the SQL the API runs. */
export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type { ListenEvents, NotificationHandler } from './pg-listener.js';

export interface Database {
  db: Db;
  /**
   * The public read paths' database: with a read replica (DATABASE_READ_URL) its queries go to the
   * standby when the request allows it (server/http/read-your-writes.ts), else to the primary;
   * without one it is `db`.
   */
  readDb: Db;
  /** The read replica, when DATABASE_READ_URL is set (PostgreSQL only). */
  replica?: ReadReplica;
  engine: Engine;
  raw: RawQuery;
  /**
   * LISTEN on `channel` (a lowercase SQL identifier); resolves once listening, to a function that
   * stops. PostgreSQL: one dedicated connection per Database carries every LISTEN and reconnects
   * when it drops (notifications sent while it was down are lost: `events` says when that may
   * have happened, so the caller can replay). PGlite: its own listen(), which never drops.
   */
  listen(channel: string, onPayload: NotificationHandler, events?: ListenEvents): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with a text payload (PostgreSQL's limit: under 8,000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  poolMax?: number;
  /** A PostgreSQL hot standby of `databaseUrl` for public reads (DATABASE_READ_URL). */
  readUrl?: string;
  /** How far behind the standby may be before the primary answers its reads (MAX_REPLICA_LAG_MS; tests). */
  replicaMaxLagMs?: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: serializes migrations of several instances starting at once on one PostgreSQL.
const MIGRATION_LOCK_KEY = 728_190_001;
// Autocomplete forgives one typo in a short word ('ustva' scores 0.5 against 'ustava'); the
// default threshold of 0.6 would not. No JIT: the app's statements are short, and a plan whose
// estimate crosses jit_above_cost spends 0.3-4 s compiling before it runs (migration 0025).
// Set for every session, on both engines (PGlite has no JIT: the setting is a no-op there).
const SESSION_SETTINGS = { 'pg_trgm.word_similarity_threshold': '0.4', jit: 'off' };
const NOTIFY_SQL = 'SELECT pg_notify($1, $2)';
const CONNECT_TIMEOUT_MS = 10_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.readUrl && !options.databaseUrl)
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: the embedded database (PGlite) has no read replica.');
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 20, options.readUrl, options.replicaMaxLagMs)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let release = () => {};
  try {
    if (!inMemory) release = acquireDataDirLock(dataDir);
    const client = await PGlite.create(inMemory ? dataDir : path.join(dataDir, 'pglite'), {
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
      await client.query(`SELECT set_config($1, $2, false)`, [name, value]);
    }
    return {
      db,
      readDb: db,
      engine: 'pglite',
      raw: (text, params) => client.query(text, params) as Promise<{ rows: Record<string, unknown>[] }>,
      async listen(channel, onPayload, events) {
        const unlisten = await client.listen(checkChannel(channel), onPayload);
        // One process, one session: it listens until closed and never loses a notification.
        events?.listening?.(null);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      async notify(channel, payload) {
        await client.query(NOTIFY_SQL, [checkChannel(channel), payload]);
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    // PGlite says only "failed to initialize properly": name the folder and, if we can, the cause.
    if (inMemory || error instanceof DataDirLockedError) throw error;
    throw await explainDataDirFailure(dataDir, error);
  }
}

async function openPostgres(
  url: string,
  poolMax: number,
  readUrl: string | undefined,
  replicaMaxLagMs?: number,
): Promise<Database> {
  const options = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  // A connection attempt that hangs (a database behind a dead network path) fails after
  // CONNECT_TIMEOUT_MS, so the request answers 503 database_unavailable instead of waiting forever.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    options,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Writes beside a replica must reach the primary: each new connection checks it takes them.
    ...(readUrl || asksForReadWrite(url) ? { verify: verifyReadWrite } : {}),
  });
  // An idle connection that the server ends (restart, admin command) is dropped by the pool and
  // replaced on next use; unheard, its 'error' would crash the process.
  pool.on('error', () => {});
  const connections = trackConnections(pool);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const replica = readUrl
    ? openReadReplica(pool, readUrl, { max: poolMax, options, maxLagMs: replicaMaxLagMs })
    : undefined;
  const readDb = replica ? (drizzlePg(replica.router as never, { schema }) as unknown as Db) : db;
  // Created on the first listen(): an app that never listens opens no extra connection.
  let listener: PgListener | undefined;
  return {
    db,
    readDb,
    replica,
    engine: 'postgres',
    raw: (text, params) => pool.query(text, params as unknown[]) as Promise<{ rows: Record<string, unknown>[] }>,
    async listen(channel, onPayload, events) {
      listener ??= createPgListener(url);
      return listener.listen(checkChannel(channel), onPayload, events);
    },
    async notify(channel, payload) {
      await pool.query(NOTIFY_SQL, [checkChannel(channel), payload]);
    },
    async close() {
      await listener?.close();
      await replica?.close();
      await pool.end();
      // pool.end() resolves once its clients are asked to end, not once their sockets are closed.
      await connections.allClosed();
    },
  };
}

/** Counts the pool's open connections, so close() can wait until the last socket is gone. */
function trackConnections(pool: pg.Pool): { allClosed(): Promise<void> } {
  let open = 0;
  let onZero: (() => void) | undefined;
  pool.on('connect', () => {
    open += 1;
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) onZero?.();
  });
  return {
    allClosed: () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onZero = resolve))),
  };
}

/** Channel names go into LISTEN unquoted: lowercase identifiers only. */
function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad notification channel name: ${channel}`);
  return channel;
}
