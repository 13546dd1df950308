// Databases for server tests: a fresh in-memory PGlite, and, when DATABASE_URL is set, a fresh
// PostgreSQL database created for the test file and dropped after it.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database, type Engine } from '../../server/db/client.js';
import { withPgClient } from './pg-client.js';

/** The engines a server suite runs on: always PGlite, PostgreSQL too when DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes and, for PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { ...database, dispose: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `lexhub_test_${randomBytes(6).toString('hex')}`;
  await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 10 });
  return {
    ...database,
    async dispose() {
      await database.close();
      await withPgClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
