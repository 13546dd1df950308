// What must commit with a version commits in its transaction (storeVersion's afterStore, used by
// the update schedule's notices): a failure there leaves no version behind, and a version stored
// with it sees the rows written there.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqlRows } from '../../server/db/sql.js';
import { storeVersion, type AfterStore } from '../../server/importers/store-version.js';
import { numberedAct } from '../support/fixture-documents.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

describe.each(ENGINES)('storeVersion afterStore on %s', (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(() => database.dispose());

  const branchCount = async () =>
    (await sqlRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM branches`))[0]!.n;

  it('undoes the store when the hook fails', async () => {
    const act = numberedAct(7001, 'Zákon o nezdařeném oznámení');
    await expect(
      storeVersion(database.db, act, 'test:7001', async () => {
        throw new Error('notices failed');
      }),
    ).rejects.toThrow('notices failed');
    expect(await branchCount()).toBe(0);
  });

  it('runs in the transaction of a stored version, and not for an unchanged one', async () => {
    const act = numberedAct(7002, 'Zákon o oznámení');
    const seen: string[] = [];
    const hook: AfterStore = async (tx, stored) => {
      const [row] = await sqlRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM branches WHERE id = ${stored.branchId}`,
      );
      seen.push(`${stored.status}:${row!.n}`);
    };
    await storeVersion(database.db, act, 'test:7002', hook);
    await storeVersion(database.db, act, 'test:7002', hook);
    expect(seen).toEqual(['created:1']);
  });
});
