// Opens the bench's databases per engine: PGlite folders under data/bench/, PostgreSQL
// databases lexhub_bench_<name> created from an admin URL.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../../server/db/client.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ENGINES: Engine[] = ['pglite', 'postgres'];
/** Same default as the server (DATABASE_POOL_MAX). */
export const POOL_MAX = 20;

const adminUrl = () => process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** data/ is git-ignored; BENCH_DATA_DIR moves the PGlite folders elsewhere. */
export const pgliteRoot = () => path.resolve(process.env.BENCH_DATA_DIR || path.join(repoRoot, 'data/bench'));

/** The PostgreSQL URL of bench database `name` (for a connection of a bench's own). */
export const benchDatabaseUrl = (name: string) => urlFor(name);

function urlFor(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/lexhub_bench_${name}`;
  return url.toString();
}

/** undefined when PostgreSQL answers, else why not (the bench then skips it). */
export async function postgresProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `cannot connect to ${redact(adminUrl())} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => {});
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad bench database name: ${name}`);
  return `lexhub_bench_${name}`;
};

/** Drops what a previous run left and creates an empty database (migrated by openDatabase). */
async function reset(engine: Engine, name: string) {
  if (engine === 'pglite') {
    fs.rmSync(path.join(pgliteRoot(), `pglite-${name}`), { recursive: true, force: true });
  } else {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${ident(name)}`);
    });
  }
}

async function ensureExists(engine: Engine, name: string) {
  if (engine === 'pglite') return;
  await admin(async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [ident(name)]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${ident(name)}`);
  });
}

/**
 * Opens the bench database `name` for `engine`; `fresh` empties it first. PGlite folders can
 * be opened by one process only, so the server under test runs in this process.
 */
export async function openBenchDatabase(engine: Engine, name: string, fresh: boolean): Promise<Database> {
  if (fresh) await reset(engine, name);
  else await ensureExists(engine, name);
  return engine === 'pglite'
    ? openDatabase({ dataDir: path.join(pgliteRoot(), `pglite-${name}`) })
    : openDatabase({ dataDir: 'unused', databaseUrl: urlFor(name), poolMax: POOL_MAX });
}

/** Where a bench database lives, for the report. */
export const locationOf = (engine: Engine, name: string) =>
  engine === 'pglite' ? path.relative(repoRoot, path.join(pgliteRoot(), `pglite-${name}`)) : ident(name);

export async function countRows(database: Database, table: 'documents' | 'branches' | 'fragments'): Promise<number> {
  const { rows } = await database.raw(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}
