// What happened to a key, newest first. `used` and `denied` are written at most once a minute per
// key, source and reason: a unique dedupe key makes that one INSERT ... ON CONFLICT DO NOTHING,
// shared by every instance.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ApiKeyEvent, ApiKeyEventType } from '../../src/api/contract/api-keys.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { ownedBy, type KeyOwner } from './owner.js';

export async function writeKeyEvent(
  tx: Tx | Db,
  keyId: string,
  type: ApiKeyEventType,
  description: string,
  metadata: Record<string, unknown> = {},
  dedupeKey: string | null = null,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO api_key_events (id, key_id, event_type, description, metadata, dedupe_key)
    VALUES (${randomUUID()}, ${keyId}, ${type}, ${description}, ${JSON.stringify(metadata)}::jsonb, ${dedupeKey})
    ON CONFLICT DO NOTHING`);
}

/** The caller's address as one bucket: an IPv4 address, or the /64 network of an IPv6 one. */
export function sourceBucket(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

/** A successful use: one `used` event a minute per key and source, and last_used_at. */
export async function recordKeyUse(db: Db, keyId: string, ip: string, now = new Date()): Promise<void> {
  const bucket = sourceBucket(ip);
  await db.transaction(async (tx) => {
    await writeKeyEvent(tx, keyId, 'used', 'Used', { ip: bucket }, `used:${keyId}:${bucket}:${minuteOf(now)}`);
    await tx.execute(sql`UPDATE api_keys SET last_used_at = ${now.toISOString()}::timestamptz WHERE id = ${keyId}`);
  });
}

/** A refused use: one `denied` event a minute per key, source and reason. */
export async function recordKeyDenied(
  db: Db,
  keyId: string,
  ip: string,
  reason: string,
  metadata: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  const bucket = sourceBucket(ip);
  await writeKeyEvent(
    db,
    keyId,
    'denied',
    'Denied',
    { ...metadata, reason, ip: bucket },
    `denied:${keyId}:${bucket}:${reason}:${minuteOf(now)}`,
  );
}

interface EventRow {
  id: string;
  key_id: string;
  key_prefix: string;
  event_type: ApiKeyEventType;
  created_at: string | Date;
  description: string;
  metadata: Record<string, unknown>;
}

/** Newest first, of the owner's keys or of one of them (another owner's key: 404). */
export async function listKeyEvents(
  db: Db,
  owner: KeyOwner,
  keyId: string | undefined,
  limit: number,
): Promise<ApiKeyEvent[]> {
  if (keyId !== undefined) {
    const [key] = await sqlRows<{ id: string }>(
      db,
      sql`SELECT k.id FROM api_keys k WHERE k.id = ${keyId} AND ${ownedBy(owner)}`,
    );
    if (!key) throw notFound('API key', 'key_id');
  }
  const rows = await sqlRows<EventRow>(
    db,
    sql`SELECT e.id, e.key_id, k.prefix AS key_prefix, e.event_type, e.created_at, e.description, e.metadata
        FROM api_key_events e JOIN api_keys k ON k.id = e.key_id
        WHERE ${ownedBy(owner)} ${keyId === undefined ? sql`` : sql`AND e.key_id = ${keyId}`}
        ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
