// Fixed-window request counters in the database (rate_limits), so limits hold across every
// server instance: one atomic upsert per check; over the limit → 429 rate_limited + Retry-After.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimited } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';
import { pruneLoginThrottles, type LoginDelay } from './login-throttle.js';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  loginPerIdentifier: Limit;
  loginPerIp: Limit;
  registerPerIp: Limit;
  /**
   * Registrations per address (its sha256), counted when the request reaches the look-up that
   * answers email_already_exists: bounds probing one address from many IPs (issue 15).
   */
  registerPerEmail?: Limit;
  forgotPerEmailIp: Limit;
  /**
   * Across addresses: mail to one inbox (and its reset links replacing each other) stays bounded.
   * Over it the answer is still ok, silently without a mail (no 429 anyone can cause for the owner).
   */
  forgotPerEmail: Limit;
  resetPerIp: Limit;
  /**
   * Resending the verification mail: per address (429), and per inbox across addresses (over it:
   * ok, silently without a mail).
   */
  resendPerIp: Limit;
  resendPerEmail: Limit;
  /** POST /legal/translate per user (memory lookups now, paid machine translation later). */
  translate: Limit;
  /** POST /legal/fragments per user (saving translations). */
  saveTranslation: Limit;
  /**
   * The growing wait between logins on one account with many failures (login-throttle.ts); not a
   * Limit, so not in DEFAULT_RATE_LIMITS: unset means DEFAULT_LOGIN_DELAY.
   */
  loginDelay?: LoginDelay;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIdentifier: { limit: 10, windowSeconds: 60 },
  loginPerIp: { limit: 30, windowSeconds: 60 },
  registerPerIp: { limit: 5, windowSeconds: 3600 },
  registerPerEmail: { limit: 5, windowSeconds: 3600 },
  forgotPerEmailIp: { limit: 5, windowSeconds: 3600 },
  forgotPerEmail: { limit: 10, windowSeconds: 3600 },
  resetPerIp: { limit: 10, windowSeconds: 3600 },
  resendPerIp: { limit: 10, windowSeconds: 3600 },
  resendPerEmail: { limit: 5, windowSeconds: 3600 },
  translate: { limit: 60, windowSeconds: 60 },
  saveTranslation: { limit: 120, windowSeconds: 60 },
};

/**
 * Counts one hit on `key` in the current window and throws 429 when it is over the limit.
 * Windows are aligned to multiples of the window length since the epoch.
 */
export async function hitRateLimit(db: Db, key: string, limit: Limit, cost = 1): Promise<void> {
  const retryAfter = await countHit(db, key, limit, cost);
  if (retryAfter !== undefined) throw rateLimited(retryAfter);
}

/**
 * Counts one hit on `key` like hitRateLimit, but answers instead of throwing: true while within
 * the limit. For limits whose 429 would harm someone other than the caller (see routes/auth.ts).
 */
export async function withinRateLimit(db: Db, key: string, limit: Limit): Promise<boolean> {
  return (await countHit(db, key, limit, 1)) === undefined;
}

const windowStartOf = (nowSeconds: number, windowSeconds: number) =>
  Math.floor(nowSeconds / windowSeconds) * windowSeconds;

/** The seconds to the window's end when `count` is over the limit. */
function overLimit(count: number, { limit, windowSeconds }: Limit, windowStart: number, nowSeconds: number) {
  if (count <= limit) return undefined;
  return Math.max(1, Math.ceil(windowStart + windowSeconds - nowSeconds));
}

/** One atomic upsert of the window's counter; the seconds to the window's end when over the limit. */
/** `cost`: how many calls this request counts for (a JSON-RPC batch counts each message). */
async function countHit(db: Db, key: string, limit: Limit, cost: number): Promise<number | undefined> {
  const nowSeconds = Date.now() / 1000;
  const windowStart = windowStartOf(nowSeconds, limit.windowSeconds);
  return overLimit(await addToCounter(db, key, windowStart, cost), limit, windowStart, nowSeconds);
}

/** Adds `cost` to the window's shared counter; answers the counter's new value. */
async function addToCounter(db: Db, key: string, windowStart: number, cost: number): Promise<number> {
  const [row] = await db.transaction(async (tx) => {
    // A count lost in a crash does no harm; waiting for the disk flush on every request (about
    // 3 ms on PostgreSQL) did: the commit returns before the WAL reaches the disk.
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    return sqlRows<{ count: number }>(
      tx,
      sql`INSERT INTO rate_limits (key, window_start, count)
          VALUES (${key}, to_timestamp(${windowStart}), ${cost})
          ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + ${cost}
          RETURNING count`,
    );
  });
  return Number(row?.count ?? 0);
}

interface CounterAddition {
  key: string;
  windowStart: number;
  cost: number;
}

const counterId = (key: string, windowStart: number) => `${key}@${windowStart}`;

/** Rows per statement: far below PostgreSQL's 65,535 parameters, small enough to hold few locks. */
const FLUSH_CHUNK = 500;

type CounterRow = { key: string; window_start_s: number | string; count: number };

/**
 * Adds each cost to its window's shared counter; puts the new values into `counts` by counterId
 * as each chunk commits (on an error, what is in `counts` was counted). Costs of 0
 * are only read (no dead row versions for idle keys). Rows go in key order so that two instances
 * flushing the same keys lock them in the same order and cannot deadlock.
 */
async function addToCounters(db: Db, additions: CounterAddition[], counts: Map<string, number>): Promise<void> {
  const sorted = [...additions].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let start = 0; start < sorted.length; start += FLUSH_CHUNK) {
    const chunk = sorted.slice(start, start + FLUSH_CHUNK);
    const added = chunk.filter((row) => row.cost > 0);
    const idle = chunk.filter((row) => row.cost === 0);
    const rows: CounterRow[] = [];
    if (added.length > 0) rows.push(...(await upsertCounters(db, added)));
    if (idle.length > 0) rows.push(...(await readCounters(db, idle)));
    for (const row of rows) counts.set(counterId(row.key, Number(row.window_start_s)), Number(row.count));
  }
}

const counterValues = (rows: CounterAddition[]) =>
  sql.join(
    rows.map(({ key, windowStart, cost }) => sql`(${key}, to_timestamp(${windowStart}), ${cost}::integer)`),
    sql`, `,
  );

function upsertCounters(db: Db, rows: CounterAddition[]): Promise<CounterRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    return sqlRows<CounterRow>(
      tx,
      sql`INSERT INTO rate_limits (key, window_start, count) VALUES ${counterValues(rows)}
          ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + excluded.count
          RETURNING key, extract(epoch FROM window_start)::float8 AS window_start_s, count`,
    );
  });
}

function readCounters(db: Db, rows: CounterAddition[]): Promise<CounterRow[]> {
  return sqlRows<CounterRow>(
    db,
    sql`SELECT r.key, extract(epoch FROM r.window_start)::float8 AS window_start_s, r.count
        FROM rate_limits r
        JOIN (VALUES ${counterValues(rows)}) AS wanted(key, window_start, cost)
          ON r.key = wanted.key AND r.window_start = wanted.window_start`,
  );
}

export interface BufferedRateLimiter {
  /** Counts `cost` hits on `key` and throws 429 when over the limit, like hitRateLimit. */
  hit(key: string, limit: Limit, cost?: number): Promise<void>;
  /** Adds this instance's uncounted hits to the shared counters (the timer does it every flushEveryMs). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

interface LocalWindow {
  windowStart: number;
  windowEnd: number;
  /** The shared counter as last read (it includes this instance's flushed hits). */
  shared: number;
  /** This instance's hits not yet added to the shared counter. */
  pending: number;
}

/**
 * Counters for a hot limit (/mcp: one check per call), kept per instance and added to the shared
 * rate_limits rows every `flushEveryMs`: a call then costs no round trip (the upsert was the whole
 * of the key's ~1 ms over HTTP, BENCHMARKS.md issue 12). The database stays the shared truth: a
 * key's first hit of a window on an instance is one synchronous upsert (it reads what the other
 * instances counted), each flush adds this instance's hits and reads the total again.
 *
 * Bound: one instance alone counts exactly. With N instances, each sees the others' hits at most
 * one flush late, so a key spreading its calls over them gets at most the calls the other N - 1
 * instances admit within one flush interval beyond the limit (at 600 a minute and a 1 s flush:
 * about (N - 1) x 10 calls). Hits not yet flushed when an instance crashes are lost (as with
 * `synchronous_commit = off`): a limit, not an account.
 */
export function bufferedRateLimiter(db: Db, flushEveryMs = 1000): BufferedRateLimiter {
  const windows = new Map<string, LocalWindow>();
  let flushing: Promise<void> | undefined;

  const flushOnce = async () => {
    const nowSeconds = Date.now() / 1000;
    // Forget windows that ended: nothing counts against them any more.
    for (const [key, window] of windows) if (window.windowEnd <= nowSeconds) windows.delete(key);
    const batch = [...windows].map(([key, window]) => ({ key, window, pending: window.pending }));
    if (batch.length === 0) return;
    for (const entry of batch) entry.window.pending = 0;
    const counts = new Map<string, number>();
    try {
      // A few statements for all active keys (not one per key); idle keys still read what the
      // other instances counted.
      const additions = batch.map(({ key, window, pending }) => ({
        key,
        windowStart: window.windowStart,
        cost: pending,
      }));
      await addToCounters(db, additions, counts);
    } catch {
      // The database is away: keep the hits it did not count for the next flush.
      for (const entry of batch) {
        if (!counts.has(counterId(entry.key, entry.window.windowStart))) entry.window.pending += entry.pending;
      }
    }
    for (const { key, window } of batch) {
      // A newer window may have replaced this one meanwhile: it was read fresh then.
      const count = counts.get(counterId(key, window.windowStart));
      if (count !== undefined && windows.get(key) === window) window.shared = count;
    }
  };
  const flush = () => {
    flushing ??= flushOnce().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    async hit(key, limit, cost = 1) {
      const nowSeconds = Date.now() / 1000;
      const windowStart = windowStartOf(nowSeconds, limit.windowSeconds);
      const known = windows.get(key);
      let count: number;
      if (known?.windowStart === windowStart) {
        known.pending += cost;
        count = known.shared + known.pending;
      } else {
        // First hit of the window here: count it in the database and read the shared total.
        count = await addToCounter(db, key, windowStart, cost);
        const current = windows.get(key);
        if (current?.windowStart === windowStart) current.shared = Math.max(current.shared, count);
        else windows.set(key, { windowStart, windowEnd: windowStart + limit.windowSeconds, shared: count, pending: 0 });
        count = Math.max(count, windows.get(key)!.shared + windows.get(key)!.pending);
      }
      const retryAfter = overLimit(count, limit, windowStart, nowSeconds);
      if (retryAfter !== undefined) throw rateLimited(retryAfter);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/**
 * Deletes windows that ended long ago (the longest window is an hour; keep a day), and the login
 * failures, delays and devices nobody needs any more.
 */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  await pruneLoginThrottles(db);
}
