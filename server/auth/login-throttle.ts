// Failed logins (issue 15): a lock binds the source that failed, not the account. A source is the
// client address (an IPv6 /64) and, separately, the browser's device cookie: after
// `maxFailures` failures within `lockSeconds` that source alone gets 423 for that account for
// `lockSeconds`. Across all sources the account's failures add a growing delay (429) for every
// source that is not a known device, so rotating addresses buys no unlimited guessing.
// Every attempt is counted before its password is checked, under a per-account advisory lock, so
// parallel requests on any instance cannot slip past a count; a right password takes it back.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { sha256 } from './secret-token.js';

/** See RateLimits.loginDelay. */
export interface LoginDelay {
  afterFailures: number;
  firstSeconds: number;
  maxSeconds: number;
  forgetAfterSeconds: number;
}

/**
 * 10 free failures per account, then 5 s, 10 s, 20 s, … up to 5 minutes between attempts: from
 * any number of addresses at most about 300 guesses a day per account (10 + 6 on the way up + 288
 * at the cap); the owner waits at most 5 minutes on a new device and not at all on a known one.
 */
export const DEFAULT_LOGIN_DELAY: LoginDelay = {
  afterFailures: 10,
  firstSeconds: 5,
  maxSeconds: 300,
  forgetAfterSeconds: 24 * 3600,
};

export interface ThrottleSettings {
  /** Failures of one source (within lockSeconds of each other) that lock it out. */
  maxFailures: number;
  lockSeconds: number;
  delay: LoginDelay;
}

/** The key of an account's counts: the identifier as typed (lowercased by the contract), hashed. */
export const accountKeyOf = (identifier: string) => sha256(identifier);

export interface LoginSources {
  /** sha256 of the identifier typed: the same for known and unknown emails. */
  accountKey: string;
  /** 'ip:<address or /64>'. */
  ipKey: string;
  /** 'device:<sha256 of the device cookie>'. */
  deviceKey: string;
  /** The device cookie signed in to this account before: the address's lock and the delay do not apply. */
  knownDevice: boolean;
}

export type AttemptClaim =
  | { kind: 'locked' }
  | { kind: 'wait'; seconds: number }
  /** Counted as a failure until the password proves right; whether this count started a lock or the delay. */
  | { kind: 'counted'; lockStarted: boolean; delayStarted: boolean };

interface SourceRow {
  source_key: string;
  failures: number;
  last_s: number;
  locked_s: number | null;
}

interface ThrottleRow {
  failures: number;
  last_s: number | null;
  next_s: number | null;
}

/** The sources an attempt counts on: a known device only itself, others the address too. */
const sourcesOf = (sources: LoginSources) =>
  sources.knownDevice ? [sources.deviceKey] : [sources.ipKey, sources.deviceKey];

/** The wait after the account's `failures`-th failure (0 before the threshold). */
export function delayAfter(failures: number, delay: LoginDelay): number {
  if (failures < delay.afterFailures) return 0;
  const doublings = Math.min(failures - delay.afterFailures, 30);
  return Math.min(delay.maxSeconds, delay.firstSeconds * 2 ** doublings);
}

/** Serializes the attempts on one account across instances (until the transaction ends). */
async function lockAccount(tx: Tx, accountKey: string): Promise<number> {
  const [row] = await sqlRows<{ now_s: number | string }>(
    tx,
    sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${accountKey}`})), extract(epoch FROM now())::float8 AS now_s`,
  );
  return Number(row!.now_s);
}

/**
 * Refuses a locked source (423) or an attempt inside the account's delay (429 after `seconds`);
 * otherwise counts the attempt as a failure of its sources and the account, in one transaction.
 */
export function claimAttempt(db: Db, sources: LoginSources, settings: ThrottleSettings): Promise<AttemptClaim> {
  return db.transaction(async (tx) => {
    const now = await lockAccount(tx, sources.accountKey);
    const keys = sourcesOf(sources);
    const rows = await sqlRows<SourceRow>(
      tx,
      sql`SELECT source_key, failures, extract(epoch FROM last_failed_at)::float8 AS last_s,
                 extract(epoch FROM locked_until)::float8 AS locked_s
          FROM login_failures
          WHERE account_key = ${sources.accountKey} AND source_key IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`,
    );
    const bySource = new Map(rows.map((row) => [row.source_key, row]));
    if (rows.some((row) => row.locked_s !== null && Number(row.locked_s) > now)) return { kind: 'locked' as const };

    const [throttle] = await sqlRows<ThrottleRow>(
      tx,
      sql`SELECT failures, extract(epoch FROM last_failed_at)::float8 AS last_s,
                 extract(epoch FROM next_attempt_at)::float8 AS next_s
          FROM login_throttles WHERE account_key = ${sources.accountKey}`,
    );
    if (!sources.knownDevice && throttle?.next_s != null && Number(throttle.next_s) > now)
      return { kind: 'wait' as const, seconds: Math.max(1, Math.ceil(Number(throttle.next_s) - now)) };

    let lockStarted = false;
    for (const key of keys) {
      const row = bySource.get(key);
      // A lock that ended, or failures older than the window, start the count again.
      const current =
        row && row.locked_s === null && Number(row.last_s) > now - settings.lockSeconds ? Number(row.failures) : 0;
      const failures = current + 1;
      const locks = failures >= settings.maxFailures;
      lockStarted ||= locks;
      await tx.execute(
        sql`INSERT INTO login_failures (account_key, source_key, failures, last_failed_at, locked_until)
            VALUES (${sources.accountKey}, ${key}, ${failures}, now(),
                    ${locks ? sql`now() + make_interval(secs => ${settings.lockSeconds})` : sql`NULL`})
            ON CONFLICT (account_key, source_key) DO UPDATE
              SET failures = excluded.failures, last_failed_at = excluded.last_failed_at,
                  locked_until = excluded.locked_until`,
      );
    }

    const recent =
      throttle?.last_s != null && Number(throttle.last_s) > now - settings.delay.forgetAfterSeconds
        ? Number(throttle.failures)
        : 0;
    const failures = recent + 1;
    // A known device's attempt counts, but sets no wait for others (the owner's own typo, or a
    // sign-in that is about to succeed, must not hold anyone back).
    const wait = sources.knownDevice ? 0 : delayAfter(failures, settings.delay);
    await tx.execute(
      sql`INSERT INTO login_throttles (account_key, failures, last_failed_at, next_attempt_at)
          VALUES (${sources.accountKey}, ${failures}, now(),
                  ${wait > 0 ? sql`now() + make_interval(secs => ${wait})` : sql`NULL`})
          ON CONFLICT (account_key) DO UPDATE
            SET failures = excluded.failures, last_failed_at = excluded.last_failed_at,
                next_attempt_at = ${sources.knownDevice ? sql`login_throttles.next_attempt_at` : sql`excluded.next_attempt_at`}`,
    );
    return { kind: 'counted' as const, lockStarted, delayStarted: failures === settings.delay.afterFailures };
  });
}

/**
 * The password was right: the sources it came from start afresh (a typo or two is forgotten), and
 * the account's count takes back this attempt only. The rest of the account's count stays, so the
 * owner signing in gives someone guessing from elsewhere no fresh free attempts.
 */
export function forgetFailures(db: Db, sources: LoginSources): Promise<void> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, sources.accountKey);
    const keys = sourcesOf(sources);
    await tx.execute(
      sql`DELETE FROM login_failures
          WHERE account_key = ${sources.accountKey} AND source_key IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`,
    );
    await tx.execute(
      sql`UPDATE login_throttles SET failures = greatest(failures - 1, 0) WHERE account_key = ${sources.accountKey}`,
    );
  });
}

/** Remembers that this device cookie signed in to the user's account (a known device from now on). */
export async function rememberDevice(db: Db, userId: string, deviceHash: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO login_devices (user_id, device_hash) VALUES (${userId}, ${deviceHash})
        ON CONFLICT (user_id, device_hash) DO UPDATE SET last_signed_in_at = now()`,
  );
}

/**
 * Whether the owner may be mailed about blocked attempts now (at most once per `windowSeconds`);
 * marks it mailed when so.
 */
export async function claimBlockNotice(db: Db, accountKey: string, windowSeconds: number): Promise<boolean> {
  const rows = await sqlRows<{ account_key: string }>(
    db,
    sql`UPDATE login_throttles SET notified_at = now()
        WHERE account_key = ${accountKey}
          AND (notified_at IS NULL OR notified_at <= now() - make_interval(secs => ${windowSeconds}))
        RETURNING account_key`,
  );
  return rows.length > 0;
}

/**
 * A password reset proved the mailbox: every failure, lock and delay of the account goes, and so
 * do its known devices (they were known under the old password; like its sessions, they end).
 */
export async function clearLoginFailures(tx: Tx, email: string, userId: string): Promise<void> {
  const accountKey = accountKeyOf(email);
  await lockAccount(tx, accountKey);
  await tx.execute(sql`DELETE FROM login_failures WHERE account_key = ${accountKey}`);
  await tx.execute(sql`DELETE FROM login_throttles WHERE account_key = ${accountKey}`);
  await tx.execute(sql`DELETE FROM login_devices WHERE user_id = ${userId}`);
}

/** Deletes counts nobody needs any more (called with the rate limits' pruning). */
export async function pruneLoginThrottles(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM login_failures
        WHERE last_failed_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
  );
  await db.execute(
    sql`DELETE FROM login_throttles
        WHERE coalesce(last_failed_at, 'epoch') < now() - interval '2 days'
          AND coalesce(next_attempt_at, 'epoch') < now() AND coalesce(notified_at, 'epoch') < now() - interval '1 day'`,
  );
  // Browsers keep a cookie at most 400 days.
  await db.execute(sql`DELETE FROM login_devices WHERE last_signed_in_at < now() - interval '400 days'`);
}
