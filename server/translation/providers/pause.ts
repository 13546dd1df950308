// A provider that answered 429, 456 or 503 pauses for every instance (the pause is a row of
// translation_provider_pauses): for its Retry-After, else 60 s; each next pause without a
// success in between doubles, up to 30 min. A success deletes the row (the backoff starts over).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql.js';

export const FIRST_PAUSE_SECONDS = 60;
export const MAX_PAUSE_SECONDS = 30 * 60;

const clampPause = (seconds: number) => Math.min(MAX_PAUSE_SECONDS, Math.max(1, Math.ceil(seconds)));

/** Retry-After as seconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The next pause: the first is Retry-After or 60 s; a later one is twice the previous, or
 * Retry-After when that is longer; never more than 30 min.
 */
export function nextPauseSeconds(previous: number | undefined, retryAfter: number | undefined): number {
  if (previous === undefined) return clampPause(retryAfter ?? FIRST_PAUSE_SECONDS);
  return clampPause(Math.max(previous * 2, retryAfter ?? 0));
}

/** Seconds left of the provider's pause; undefined when it may be called. */
export async function pauseLeft(db: Db, provider: string): Promise<number | undefined> {
  const [row] = await sqlRows<{ seconds: number | string }>(
    db,
    sql`SELECT ceil(extract(epoch FROM paused_until - now()))::int AS seconds
        FROM translation_provider_pauses WHERE provider = ${provider} AND paused_until > now()`,
  );
  return row ? Math.max(1, Number(row.seconds)) : undefined;
}

/** Pauses the provider (in one statement, so concurrent instances each double once); the seconds paused. */
export async function pauseProvider(db: Db, provider: string, retryAfter: number | undefined): Promise<number> {
  const first = nextPauseSeconds(undefined, retryAfter);
  const later = sql`least(greatest(translation_provider_pauses.backoff_seconds * 2, ${clampPause(retryAfter ?? 1)}::int), ${MAX_PAUSE_SECONDS}::int)`;
  const [row] = await sqlRows<{ backoff_seconds: number | string }>(
    db,
    sql`INSERT INTO translation_provider_pauses (provider, paused_until, backoff_seconds)
        VALUES (${provider}, now() + ${first}::int * interval '1 second', ${first}::int)
        ON CONFLICT (provider) DO UPDATE SET
          paused_until = now() + ${later} * interval '1 second',
          backoff_seconds = ${later}
        RETURNING backoff_seconds`,
  );
  return Number(row!.backoff_seconds);
}

/** After a success: the next failure starts at the first pause again. */
export async function resumeProvider(db: Db, provider: string): Promise<void> {
  await sqlRows(db, sql`DELETE FROM translation_provider_pauses WHERE provider = ${provider}`);
}
