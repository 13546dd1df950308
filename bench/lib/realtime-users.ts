// Users for the realtime bench, inserted straight into the database (registration's rate
// limits and argon2 would make 1,001 accounts take minutes), and their ws-tokens.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/client.js';
import { issueWsToken } from '../../server/realtime/ws-tokens.js';

export async function createBenchUsers(database: Database, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await database.raw(
      `INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
       SELECT id, 'bench-' || id || '@example.invalid', '+4207' || lpad((${start} + n)::text, 8, '0'),
              'bench-' || (${start} + n), '!bench', 'Bench', 'User', now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [chunk],
    );
  }
  return ids;
}

/** One fresh token per socket, through the same function as POST /v1/auth/ws-token (no login session: never session-checked). */
export async function issueTokens(database: Database, userIds: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const userId of userIds) tokens.push((await issueWsToken(database.db, userId, null)).token);
  return tokens;
}
