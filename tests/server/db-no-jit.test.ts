// JIT compilation stays off for the app's sessions and for the search refresh of an import: on
// PostgreSQL a plan over jit_above_cost spent 1-4 s compiling per imported version (migration 0025).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';

describe.each(ENGINES)('JIT on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  }, 120_000);
  afterAll(() => database?.dispose());

  it('is off in the sessions the app opens', async () => {
    const { rows } = await database.raw(`SELECT current_setting('jit') AS jit`);
    expect(rows[0]?.jit).toBe('off');
  });

  it('is off in provision_search_refresh, whoever calls it', async () => {
    const { rows } = await database.raw(`SELECT proconfig FROM pg_proc WHERE proname = 'provision_search_refresh'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.proconfig).toEqual(expect.arrayContaining(['enable_nestloop=off', 'jit=off']));
  });
});
