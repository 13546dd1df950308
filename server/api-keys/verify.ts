// Verifying a key presented to /mcp. A malformed key (bad shape or checksum) fails before any
// query; otherwise one query finds the row by its current or previous display prefix, with the
// creator's role for an organization's key, and one constant-time digest comparison decides. An
// unknown prefix is compared with a dummy digest, so every miss takes the same path.
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '../../src/api/contract/api-keys.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import type { Db } from '../db/client.js';
import { sqlRows } from '../db/sql.js';
import { apiKeyUnauthorized, type ApiError } from '../http/errors.js';
import { creatorStillEntitled } from '../policies/api-keys.js';
import { recordKeyDenied, writeKeyEvent } from './events.js';
import { digestOf, displayPrefixOf, isWellFormedKey, safeEqual } from './key-format.js';

/** Who a verified key speaks for: the owner comes from the key, never from arguments. */
export interface VerifiedKey {
  id: string;
  prefix: string;
  scopes: ApiKeyScope[];
  owner: { type: 'user' | 'organization'; id: string };
  createdBy: string;
  managed: boolean;
}

interface CandidateRow {
  id: string;
  prefix: string;
  secret_digest: string;
  previous_prefix: string | null;
  previous_digest: string | null;
  previous_still_valid: boolean;
  scopes: ApiKeyScope[];
  owner_user_id: string | null;
  owner_org_id: string | null;
  created_by: string;
  managed: boolean;
  revoked: boolean;
  expired: boolean;
  expired_noted: boolean;
  creator_role: OrgRole | null;
  expires_at_ms: number | string | null;
  previous_valid_until_ms: number | string | null;
}

const DUMMY_DIGEST = digestOf('lxh_000000000000000000000000000000000000');

/**
 * `validUntilMs`: when this secret stops working by time alone (the key's expiry, or the end of a
 * rotated secret's overlap; null: never), for a cache of verified keys (key-cache.ts).
 */
export type VerifyResult = { ok: true; key: VerifiedKey; validUntilMs: number | null } | { ok: false; error: ApiError };

const refuse = (code: Parameters<typeof apiKeyUnauthorized>[0]): VerifyResult => ({
  ok: false,
  error: apiKeyUnauthorized(code),
});

export async function verifyApiKey(db: Db, secret: string, ip: string): Promise<VerifyResult> {
  if (!isWellFormedKey(secret)) return refuse('api_key_invalid');
  const prefix = displayPrefixOf(secret);
  const rows = await sqlRows<CandidateRow>(
    db,
    sql`SELECT k.id, k.prefix, k.secret_digest, k.previous_prefix, k.previous_digest,
          coalesce(k.previous_valid_until > now(), false) AS previous_still_valid,
          k.scopes, k.owner_user_id, k.owner_org_id, k.created_by, k.managed,
          k.revoked_at IS NOT NULL AS revoked,
          coalesce(k.expires_at <= now(), false) AS expired,
          k.expired_noted_at IS NOT NULL AS expired_noted,
          m.role AS creator_role,
          extract(epoch FROM k.expires_at) * 1000 AS expires_at_ms,
          extract(epoch FROM k.previous_valid_until) * 1000 AS previous_valid_until_ms
        FROM api_keys k
        LEFT JOIN org_members m ON m.org_id = k.owner_org_id AND m.user_id = k.created_by
        WHERE k.prefix = ${prefix} OR k.previous_prefix = ${prefix}
        LIMIT 2`,
  );
  const digest = digestOf(secret);
  const current = rows.find((row) => row.prefix === prefix);
  const previous = rows.find((row) => row.previous_prefix === prefix);
  // One digest comparison on every path (the dummy when no row has this prefix).
  const matchesCurrent = safeEqual(digest, current?.secret_digest ?? DUMMY_DIGEST) && current !== undefined;
  const matchesPrevious =
    !matchesCurrent && previous?.previous_digest != null && safeEqual(digest, previous.previous_digest);
  const row = matchesCurrent ? current : matchesPrevious ? previous : undefined;
  if (!row) return refuse('api_key_invalid');

  if (row.revoked) return refuse('api_key_revoked');
  if (row.owner_org_id !== null && !creatorStillEntitled(row.creator_role)) return refuse('api_key_revoked');
  if (row.expired) {
    if (!row.expired_noted) await noteExpired(db, row.id);
    return refuse('api_key_expired');
  }
  if (matchesPrevious && !row.previous_still_valid) {
    await recordKeyDenied(db, row.id, ip, 'rotated_secret_reused');
    return refuse('api_key_rotated');
  }
  const limits = [row.expires_at_ms, matchesPrevious ? row.previous_valid_until_ms : null]
    .filter((ms) => ms !== null)
    .map(Number);
  return {
    ok: true,
    validUntilMs: limits.length === 0 ? null : Math.min(...limits),
    key: {
      id: row.id,
      prefix: row.prefix,
      scopes: row.scopes,
      owner:
        row.owner_org_id === null
          ? { type: 'user', id: row.owner_user_id! }
          : { type: 'organization', id: row.owner_org_id },
      createdBy: row.created_by,
      managed: row.managed,
    },
  };
}

/** The `expired` event, once: the first refused use or the prune job, whichever comes first. */
export async function noteExpired(db: Db, keyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await sqlRows<{ id: string }>(
      tx,
      sql`UPDATE api_keys SET expired_noted_at = now()
          WHERE id = ${keyId} AND expired_noted_at IS NULL AND expires_at <= now() RETURNING id`,
    );
    if (claimed.length > 0) await writeKeyEvent(tx, keyId, 'expired', 'Expired');
  });
}

/** The hourly prune: an `expired` event for every key that expired since. */
export async function noteExpiredKeys(db: Db): Promise<number> {
  const due = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM api_keys WHERE expired_noted_at IS NULL AND expires_at <= now() AND revoked_at IS NULL LIMIT 1000`,
  );
  for (const key of due) await noteExpired(db, key.id);
  return due.length;
}
