// The per-instance rate-limit counter (/mcp) on PGlite and (with DATABASE_URL) PostgreSQL: one
// instance counts exactly; two instances ("two servers", two limiters on one database) see each
// other's hits after a flush, the shared counter holds every hit, and the overshoot stays within
// what one flush interval admits.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedRateLimiter, type Limit } from '../../server/auth/rate-limit.js';
import { sqlRows } from '../../server/db/sql.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const HOUR: Limit = { limit: 10, windowSeconds: 3600 };

/** Hits until the first 429; answers how many passed (at most `max`). */
async function passes(hit: () => Promise<void>, max: number) {
  for (let i = 0; i < max; i++) {
    try {
      await hit();
    } catch (error) {
      expect(error).toMatchObject({ status: 429, detail: 'rate_limited' });
      return i;
    }
  }
  return max;
}

describe.each(ENGINES)('buffered rate limiter (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.database.db;
  // A long flush interval: the tests flush by hand.
  const limiter = () => bufferedRateLimiter(db(), 3_600_000);
  const sharedCount = async (key: string) => {
    const [row] = await sqlRows<{ count: number }>(
      db(),
      sql`SELECT coalesce(sum(count), 0)::int AS count FROM rate_limits WHERE key = ${key}`,
    );
    return Number(row!.count);
  };

  it('one instance admits exactly the limit, and the database gets every hit on flush', async () => {
    const key = `test:${randomUUID()}`;
    const one = limiter();
    expect(await passes(() => one.hit(key, HOUR), 20)).toBe(10);
    // The first hit went to the database at once, the rest wait for the flush.
    expect(await sharedCount(key)).toBe(1);
    await one.close();
    expect(await sharedCount(key)).toBe(11);
  });

  it('reads what other instances counted: at the first hit of a window and at each flush', async () => {
    const key = `test:${randomUUID()}`;
    const a = limiter();
    const b = limiter();
    expect(await passes(() => a.hit(key, HOUR), 6)).toBe(6);
    await a.flush();
    // b's first hit reads a's six: four more pass.
    expect(await passes(() => b.hit(key, HOUR), 20)).toBe(4);
    await b.flush();
    await a.flush();
    // a now knows b's hits too: refused at once.
    expect(await passes(() => a.hit(key, HOUR), 20)).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('two instances hitting at once overshoot at most by what one flush interval admits', async () => {
    const key = `test:${randomUUID()}`;
    const a = limiter();
    const b = limiter();
    // Both start the window (each reads the shared count), then neither flushes: each admits up
    // to the limit on its own knowledge: the documented bound, limit + the other's unflushed hits.
    await a.hit(key, HOUR);
    await b.hit(key, HOUR);
    const admitted = 2 + (await passes(() => a.hit(key, HOUR), 20)) + (await passes(() => b.hit(key, HOUR), 20));
    expect(admitted).toBeGreaterThan(HOUR.limit);
    expect(admitted).toBeLessThanOrEqual(2 * HOUR.limit);
    // After one flush each, every further hit is refused on both.
    await a.flush();
    await b.flush();
    await a.flush();
    expect(await passes(() => a.hit(key, HOUR), 5)).toBe(0);
    expect(await passes(() => b.hit(key, HOUR), 5)).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('counts each hit at its cost (a JSON-RPC batch) in the shared counter', async () => {
    const key = `test:${randomUUID()}`;
    const a = limiter();
    await a.hit(key, HOUR);
    await a.hit(key, HOUR);
    await a.hit(key, HOUR, 3);
    await a.close();
    expect(await sharedCount(key)).toBe(5);
  });

  it("flushes many keys at once (more than one statement), idle ones reading the others' counts", async () => {
    const prefix = `test:${randomUUID()}:`;
    const keys = Array.from({ length: 1_100 }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
    const a = limiter();
    const b = limiter();
    for (const key of keys) await a.hit(key, HOUR);
    for (const key of keys) await a.hit(key, HOUR, 2);
    // b knows one key and stays idle on it while a flushes.
    await b.hit(keys[7]!, HOUR);
    await a.flush();
    const [row] = await sqlRows<{ total: number }>(
      db(),
      sql`SELECT coalesce(sum(count), 0)::int AS total FROM rate_limits WHERE key LIKE ${prefix + '%'}`,
    );
    expect(Number(row!.total)).toBe(keys.length * 3 + 1);
    // b's flush reads a's 3 hits on that key (4 in all): 6 more pass, not 9.
    await b.flush();
    expect(await passes(() => b.hit(keys[7]!, HOUR), 20)).toBe(6);
    await Promise.all([a.close(), b.close()]);
  });
});
