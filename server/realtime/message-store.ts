// The live channel's backlog (realtime_messages): every message is stored with an id that grows
// in commit order, in the same transaction as its NOTIFY, so an instance whose LISTEN dropped and
// a client that reconnects with `last_id` can replay what they missed (Discourse's message_bus).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';

/** How many messages the backlog keeps at least as long as they are young enough (by id, gaps count). */
export const BACKLOG_KEEP = 10_000;
/** How long a message stays replayable. */
export const BACKLOG_MAX_AGE_SECONDS = 600;
/** A client missing more than this on one channel gets `reset` instead of a flood. */
export const REPLAY_MAX = 500;
/** Nor more bytes than this: a replay reads at most about this much (plus one message). */
export const REPLAY_MAX_BYTES = 2 * 1024 * 1024;
// Any fixed number: taken by every publish, on every instance, before its id.
const PUBLISH_LOCK_KEY = 728_190_015;

/** A stored message: its id and its JSON text without the id. */
export interface StoredMessage {
  id: number;
  channel: string;
  body: string;
}

/**
 * Stores a message and NOTIFYs it in one statement (one implicit transaction). Identity values
 * are taken in call order but could commit out of it, and "replay id > last" would then skip the
 * one that committed late: the advisory lock, taken before the id and held until commit, makes ids
 * commit in order (and the NOTIFY queue, filled at commit, carries them in that order too). One
 * round trip keeps that serialized stretch short: at 500 publishes a second, a transaction of
 * five statements held the lock so long that publishers queued for pool connections.
 * The notice is the body with its id appended (`inline`) or a reference to the stored row.
 */
export async function storeAndNotify(
  db: Db,
  notifyChannel: string,
  channel: string,
  body: string,
  inline: boolean,
): Promise<number> {
  const [row] = await sqlRows<{ id: string | number }>(
    db,
    sql`WITH lock AS (SELECT pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})),
         stored AS (
           INSERT INTO realtime_messages (channel, body) SELECT ${channel}, ${body} FROM lock RETURNING id
         )
         SELECT id,
                pg_notify(${notifyChannel}, CASE WHEN ${inline}::boolean
                  THEN left(${body}::text, -1) || ',"id":' || id || '}'
                  ELSE '{"ref":' || id || ',"channel":' || to_json(${channel}::text)::text || '}' END)
         FROM stored`,
  );
  return Number(row!.id);
}

export async function loadMessage(db: Db, id: number): Promise<string | null> {
  const [row] = await sqlRows<{ body: string }>(db, sql`SELECT body FROM realtime_messages WHERE id = ${id}`);
  return row?.body ?? null;
}

/** The newest id stored (0 when none). */
export async function newestMessageId(db: Db): Promise<number> {
  const [row] = await sqlRows<{ id: string | number }>(
    db,
    sql`SELECT coalesce(max(id), 0) AS id FROM realtime_messages`,
  );
  return Number(row!.id);
}

/** One page of an instance's catch-up: the messages, and whether more may follow. */
export interface MessagePage {
  messages: StoredMessage[];
  /** The page stopped at its row or byte bound: read on after its last id. */
  more: boolean;
}

/** How much one catch-up page reads at most: rows, and bytes of bodies (plus one message). */
export interface PageBounds {
  rows: number;
  bytes: number;
}

/**
 * Messages of every channel after `afterId`, oldest first (an instance catching up), up to
 * `bounds.rows` and up to the first body that passes `bounds.bytes`: 500 messages near the 128 KiB
 * maximum would otherwise be read into memory at once (64 MB). The first message always comes,
 * however large, so a catch-up moves on.
 */
export async function messagesAfter(db: Db, afterId: number, bounds: PageBounds): Promise<MessagePage> {
  const rows = await sqlRows<{ id: string | number; channel: string; body: string; window_rows: string | number }>(
    db,
    // As channelBacklog: octet_length reads a stored value's size without the value, so the
    // running sum is taken over the row window before any body beyond the budget is read.
    sql`SELECT id, channel, body, window_rows FROM (
          SELECT id, size, sum(size) OVER (ORDER BY id) AS upto, count(*) OVER () AS window_rows FROM (
            SELECT id, octet_length(body) AS size FROM realtime_messages
            WHERE id > ${afterId} ORDER BY id LIMIT ${bounds.rows}
          ) ids
        ) sized JOIN realtime_messages USING (id)
        WHERE upto - size < ${bounds.bytes}
        ORDER BY id`,
  );
  const windowRows = Number(rows[0]?.window_rows ?? 0);
  return {
    messages: rows.map((row) => ({ id: Number(row.id), channel: row.channel, body: row.body })),
    more: windowRows === bounds.rows || rows.length < windowRows,
  };
}

/** What a client that saw `lastId` missed on a channel: the messages, or reset when some are gone. */
export type Backlog = { kind: 'messages'; messages: StoredMessage[] } | { kind: 'reset' };

export async function channelBacklog(db: Db, channel: string, lastId: number): Promise<Backlog> {
  // One statement, one snapshot: the bounds and the messages agree even while a prune runs.
  const rows = await sqlRows<{
    min_id: string | number | null;
    max_id: string | number | null;
    id: string | number | null;
    body: string | null;
    upto: string | number | null;
  }>(
    db,
    sql`WITH bounds AS (SELECT min(id) AS min_id, max(id) AS max_id FROM realtime_messages)
        SELECT b.min_id, b.max_id, m.id, m.body, m.upto
        FROM bounds b
        LEFT JOIN LATERAL (
          -- The bodies up to the first that passes the byte budget: octet_length reads a stored
          -- value's size without the value, so a backlog over budget is never read whole.
          SELECT id, body, upto FROM (
            SELECT id, sum(octet_length(body)) OVER (ORDER BY id) AS upto FROM realtime_messages
            WHERE channel = ${channel} AND id > ${lastId}
            ORDER BY id LIMIT ${REPLAY_MAX + 1}
          ) sized JOIN realtime_messages USING (id)
          WHERE upto - octet_length(body) <= ${REPLAY_MAX_BYTES}
          ORDER BY id
        ) m ON true`,
  );
  const first = rows[0];
  if (!first || first.min_id === null || first.max_id === null) return { kind: 'reset' };
  // The prune always keeps the newest row, so min..max spans what is still known. Ids before
  // min_id - 1 were pruned (or never committed: a needless reset, which is safe); an id past
  // max_id comes from another database.
  if (lastId < Number(first.min_id) - 1 || lastId > Number(first.max_id)) return { kind: 'reset' };
  const messages = rows
    .filter((row) => row.id !== null)
    .map((row) => ({ id: Number(row.id), channel, body: row.body! }));
  if (messages.length > REPLAY_MAX) return { kind: 'reset' };
  const last = rows[rows.length - 1];
  if (last?.upto !== null && last?.upto !== undefined && Number(last.upto) > REPLAY_MAX_BYTES) return { kind: 'reset' };
  return { kind: 'messages', messages };
}

export interface PruneLimits {
  keep: number;
  maxAgeSeconds: number;
  /** Newest messages kept per channel: one busy channel does not push the others' out. */
  keepPerChannel?: number;
}

/**
 * Deletes what is older than the age or beyond the count, but never the newest row, by which a
 * reconnecting client's id is judged. Plain keyed deletes: several instances may run it at once.
 */
export async function pruneMessages(
  db: Db,
  limits: PruneLimits = { keep: BACKLOG_KEEP, maxAgeSeconds: BACKLOG_MAX_AGE_SECONDS },
): Promise<void> {
  // More than a replay can send is of no use to anyone: beyond it a client gets reset anyway.
  const perChannel = limits.keepPerChannel ?? REPLAY_MAX + 1;
  await db.execute(
    sql`WITH newest AS (SELECT max(id) AS id FROM realtime_messages),
         crowded AS (
           SELECT id FROM (
             SELECT id, row_number() OVER (PARTITION BY channel ORDER BY id DESC) AS place FROM realtime_messages
           ) ranked WHERE place > ${perChannel}
         )
        DELETE FROM realtime_messages m USING newest
        WHERE m.id < newest.id
          AND (m.id <= newest.id - ${limits.keep}
               OR m.created_at < now() - make_interval(secs => ${limits.maxAgeSeconds})
               OR m.id IN (SELECT id FROM crowded))`,
  );
}

/** The message's text as clients get it: the stored JSON object with its id as the last key. */
export const withId = (body: string, id: number) => `${body.slice(0, -1)},"id":${id}}`;
