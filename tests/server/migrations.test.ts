// Migrations: idempotent on reopen, and safe when several instances start together on one PostgreSQL.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { createTestDatabase } from '../support/test-database.js';
import journal from '../../server/db/migrations/meta/_journal.json' with { type: 'json' };

const journalEntries = () => journal.entries.length;

describe('migrations', () => {
  it('create the schema and seed the languages on PGlite', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const { rows } = await database.raw("SELECT iso_639_1 FROM languages WHERE iso_639_1 IN ('cs', 'en') ORDER BY 1");
      expect(rows).toEqual([{ iso_639_1: 'cs' }, { iso_639_1: 'en' }]);
      const { rows: extensions } = await database.raw("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'");
      expect(extensions).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('run once when two instances start at the same time on PostgreSQL', async () => {
    const first = await createTestDatabase('postgres');
    try {
      const url = new URL(process.env.DATABASE_URL!);
      const { rows } = await first.raw('SELECT current_database() AS name');
      url.pathname = `/${String(rows[0]!.name)}`;
      // Drop the schema the first open made, then let two instances race to migrate it.
      // Every table, so a later migration's tables never survive into the race.
      await first.raw('DROP SCHEMA public CASCADE');
      await first.raw('CREATE SCHEMA public');
      await first.raw('DROP SCHEMA IF EXISTS drizzle CASCADE');
      const opened = await Promise.allSettled([
        openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 2 }),
        openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 2 }),
      ]);
      const instances = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        // Close what did open before dropping the database, so no pooled connection is cut under it.
        expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
        const { rows: migrations } = await instances[0]!.raw(
          'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
        );
        expect(migrations[0]!.n).toBe(journalEntries());
        const { rows: languages } = await instances[1]!.raw('SELECT count(*)::int AS n FROM languages');
        expect(languages[0]!.n).toBeGreaterThanOrEqual(24);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    } finally {
      await first.dispose();
    }
  });
});
