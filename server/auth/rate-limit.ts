// Fixed-window request counters in the database (rate_limits), so limits hold across every
// server instance: one atomic upsert per check; over the limit → 429 rate_limited + Retry-After.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimited } from '../http/errors.js';
import { sqlRows } from '../db/sql.js';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  loginPerIdentifier: Limit;
  loginPerIp: Limit;
  registerPerIp: Limit;
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
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIdentifier: { limit: 10, windowSeconds: 60 },
  loginPerIp: { limit: 30, windowSeconds: 60 },
  registerPerIp: { limit: 5, windowSeconds: 3600 },
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

/** One atomic upsert of the window's counter; the seconds to the window's end when over the limit. */
/** `cost`: how many calls this request counts for (a JSON-RPC batch counts each message). */
async function countHit(
  db: Db,
  key: string,
  { limit, windowSeconds }: Limit,
  cost: number,
): Promise<number | undefined> {
  const nowSeconds = Date.now() / 1000;
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
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
  if (Number(row?.count ?? 0) <= limit) return undefined;
  return Math.max(1, Math.ceil(windowStart + windowSeconds - nowSeconds));
}

/** Deletes windows that ended long ago (the longest window is an hour; keep a day). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
}
