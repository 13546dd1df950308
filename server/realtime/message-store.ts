// Live-channel messages too large for a NOTIFY payload travel by reference: the body goes into
// realtime_messages, the NOTIFY carries only its id, and each instance reads it once.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';

/** How long a stored body stays readable; receivers read it within milliseconds. */
export const MESSAGE_TTL_SECONDS = 60;

export async function storeMessage(db: Db, id: string, channel: string, body: string): Promise<void> {
  await db.execute(sql`INSERT INTO realtime_messages (id, channel, body) VALUES (${id}, ${channel}, ${body})`);
}

export async function loadMessage(db: Db, id: string): Promise<string | null> {
  const [row] = await sqlRows<{ body: string }>(db, sql`SELECT body FROM realtime_messages WHERE id = ${id}`);
  return row?.body ?? null;
}

export async function pruneMessages(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM realtime_messages WHERE created_at < now() - make_interval(secs => ${MESSAGE_TTL_SECONDS})`,
  );
}
