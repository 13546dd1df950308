// Creating, listing, revoking and rotating API keys. Each write is one transaction: creation
// holds the owner's advisory lock (the quota cannot be raced), rotation and revocation lock the
// key's row. The secret leaves only in the create and rotate answers.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  API_KEY_DESCRIPTION_MAX,
  API_KEY_QUOTA,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeyWithSecret,
  type CreateApiKeyRequest,
} from '../../src/api/contract/api-keys.js';
import type { SessionUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { sqlRows, type Tx } from '../db/sql.js';
import { apiKeyFieldInvalid, apiKeyNotActive, apiKeyQuotaExceeded, managedKey, notFound } from '../http/errors.js';
import { writeKeyEvent } from './events.js';
import { announceKeyChange, forgetInProcess } from './key-cache.js';
import { digestOf, displayPrefixOf, newSecret } from './key-format.js';
import type { OrgRole } from '../../src/api/contract/orgs.js';
import { canManageKey } from '../policies/api-keys.js';
import { ownedBy, type KeyOwner } from './owner.js';

/** How many keys a list shows at most (active ones are capped by the quota; the rest is history). */
const LIST_MAX = 500;

export interface KeyRow {
  id: string;
  prefix: string;
  scopes: ApiKeyScope[];
  managed: boolean;
  created_at: string | Date;
  last_used_at: string | Date | null;
  expires_at: string | Date | null;
  revoked_at: string | Date | null;
  description: string;
  owner_user_id: string | null;
  owner_org_id: string | null;
}

const KEY_COLUMNS = sql`k.id, k.prefix, k.scopes, k.managed, k.created_at, k.last_used_at, k.expires_at, k.revoked_at,
  k.description, k.owner_user_id, k.owner_org_id`;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function statusOf(row: Pick<KeyRow, 'revoked_at' | 'expires_at'>, now = new Date()): ApiKey['status'] {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && new Date(row.expires_at) <= now) return 'expired';
  return 'active';
}

export function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    prefix: row.prefix,
    scopes: row.scopes,
    status: statusOf(row),
    managed: row.managed,
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
    description: row.description,
    owner_type: row.owner_org_id === null ? 'user' : 'organization',
    organization_id: row.owner_org_id,
  };
}

export async function listKeys(db: Db, owner: KeyOwner): Promise<ApiKey[]> {
  const rows = await sqlRows<KeyRow>(
    db,
    sql`SELECT ${KEY_COLUMNS} FROM api_keys k WHERE ${ownedBy(owner)}
        ORDER BY k.created_at DESC, k.id DESC LIMIT ${LIST_MAX}`,
  );
  return rows.map(toApiKey);
}

/** Scopes as asked: omitted → memory.read; empty → scopes_required; unknown → invalid_scope. */
function checkScopes(scopes: string[] | undefined): ApiKeyScope[] {
  if (scopes === undefined) return ['memory.read'];
  if (scopes.length === 0) throw apiKeyFieldInvalid('scopes_required', 'scopes', 'Choose at least one scope');
  const known: readonly string[] = API_KEY_SCOPES;
  const unknown = scopes.find((scope) => !known.includes(scope));
  if (unknown !== undefined)
    throw apiKeyFieldInvalid('invalid_scope', 'scopes', `Unknown scope "${unknown.slice(0, 50)}"`);
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
}

// Control characters (line breaks included) never belong in a one-line label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function checkDescription(description: string | undefined): string {
  const clean = (description ?? '').replace(CONTROL, ' ').trim();
  if (clean.length > API_KEY_DESCRIPTION_MAX)
    throw apiKeyFieldInvalid('description_too_long', 'description', `At most ${API_KEY_DESCRIPTION_MAX} characters`);
  return clean;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function checkExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === undefined || expiresAt === null || expiresAt === '') return null;
  const parsed = new Date(expiresAt);
  if (!ISO_TIMESTAMP.test(expiresAt) || Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() > 9999)
    throw apiKeyFieldInvalid('expires_at_invalid', 'expires_at', 'Give an ISO 8601 timestamp with an offset');
  if (parsed <= now) throw apiKeyFieldInvalid('expires_at_in_past', 'expires_at', 'The expiry must be in the future');
  return parsed;
}

const ownerColumns = (owner: KeyOwner) =>
  owner.type === 'user' ? { user: owner.id, org: null } : { user: null, org: owner.id };

/** A new key, its secret in the answer; 409 api_key_quota_exceeded past the owner's quota. */
export async function createKey(
  db: Db,
  user: SessionUser,
  owner: KeyOwner,
  request: CreateApiKeyRequest,
  now = new Date(),
): Promise<ApiKeyWithSecret> {
  const scopes = checkScopes(request.scopes);
  const description = checkDescription(request.description);
  const expiresAt = checkExpiry(request.expires_at, now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${owner.id}`}))`);
    const limit = API_KEY_QUOTA[owner.type];
    const [active] = await sqlRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM api_keys k
          WHERE ${ownedBy(owner)} AND NOT k.managed AND k.revoked_at IS NULL
            AND (k.expires_at IS NULL OR k.expires_at > now())`,
    );
    if (Number(active?.n ?? 0) >= limit) throw apiKeyQuotaExceeded(limit);
    return insertKey(tx, {
      owner,
      createdBy: user.id,
      scopes,
      description,
      expiresAt,
      managed: false,
    });
  });
}

interface NewKey {
  owner: KeyOwner;
  createdBy: string;
  scopes: ApiKeyScope[];
  description: string;
  expiresAt: Date | null;
  managed: boolean;
}

/** Inserts a key and its `created` event; answers it with its secret. */
export async function insertKey(tx: Tx, key: NewKey): Promise<ApiKeyWithSecret> {
  const secret = newSecret();
  const { user, org } = ownerColumns(key.owner);
  const [row] = await sqlRows<KeyRow>(
    tx,
    sql`INSERT INTO api_keys AS k (id, prefix, secret_digest, scopes, description, owner_user_id, owner_org_id,
          created_by, managed, expires_at)
        VALUES (${randomUUID()}, ${displayPrefixOf(secret)}, ${digestOf(secret)}, ${sql.param(key.scopes)}::text[],
          ${key.description}, ${user}, ${org}, ${key.createdBy}, ${key.managed},
          ${key.expiresAt === null ? null : key.expiresAt.toISOString()}::timestamptz)
        RETURNING ${KEY_COLUMNS}`,
  );
  await writeKeyEvent(tx, row!.id, 'created', 'Created', { scopes: key.scopes, actor_id: key.createdBy });
  return { ...toApiKey(row!), secret };
}

/**
 * The key, locked for the rest of the transaction, when the caller manages it (their own; an
 * organization's whose owner or admin they are); any other key is 404, as an unknown one.
 */
async function lockKey(tx: Tx, user: SessionUser, id: string): Promise<KeyRow> {
  const [row] = await sqlRows<KeyRow & { caller_role: OrgRole | null }>(
    tx,
    sql`SELECT ${KEY_COLUMNS}, m.role AS caller_role FROM api_keys k
        LEFT JOIN org_members m ON m.org_id = k.owner_org_id AND m.user_id = ${user.id}
        WHERE k.id = ${id} FOR UPDATE OF k`,
  );
  if (!row || !canManageKey(user.id, row, row.caller_role)) throw notFound('API key');
  const { caller_role: _role, ...key } = row;
  return key;
}

/** Revokes the key (a revoked one answers as it is: idempotent); managed keys: 403. */
export async function revokeKey(db: Db, user: SessionUser, id: string): Promise<ApiKey> {
  const key = await db.transaction(async (tx) => {
    const row = await lockKey(tx, user, id);
    if (row.managed) throw managedKey();
    if (row.revoked_at !== null) return toApiKey(row);
    const [revoked] = await sqlRows<KeyRow>(
      tx,
      sql`UPDATE api_keys k SET revoked_at = now() WHERE k.id = ${id} RETURNING ${KEY_COLUMNS}`,
    );
    await writeKeyEvent(tx, id, 'revoked', 'Revoked', { reason: 'revoked_by_user', actor_id: user.id });
    await announceKeyChange(tx, { keyId: id });
    return toApiKey(revoked!);
  });
  forgetInProcess({ keyId: id });
  return key;
}

/**
 * A new secret for the key. The old one keeps working for `overlapSeconds` (Stripe's roll), and
 * is recognized afterwards (401 api_key_rotated, a `denied` event), never auto-revoking the key.
 */
export async function rotateKey(
  db: Db,
  user: SessionUser,
  id: string,
  overlapSeconds: number,
): Promise<ApiKeyWithSecret> {
  const rotated = await db.transaction(async (tx) => {
    const row = await lockKey(tx, user, id);
    if (row.managed) throw managedKey();
    const status = statusOf(row);
    if (status !== 'active') throw apiKeyNotActive(status === 'revoked' ? 'api_key_revoked' : 'api_key_expired');
    const secret = newSecret();
    const [rotated] = await sqlRows<KeyRow>(
      tx,
      // The rotator now holds the secret: an organization's key lives on their role from here
      // (else a manager could rotate a colleague's key, lose the role and keep using it).
      sql`UPDATE api_keys k SET previous_prefix = k.prefix, previous_digest = k.secret_digest,
            previous_valid_until = now() + make_interval(secs => ${overlapSeconds}),
            prefix = ${displayPrefixOf(secret)}, secret_digest = ${digestOf(secret)}, created_by = ${user.id}
          WHERE k.id = ${id} RETURNING ${KEY_COLUMNS}`,
    );
    await writeKeyEvent(tx, id, 'rotated', 'Rotated', {
      overlap_seconds: overlapSeconds,
      previous_prefix: row.prefix,
      actor_id: user.id,
    });
    await announceKeyChange(tx, { keyId: id });
    return { ...toApiKey(rotated!), secret };
  });
  forgetInProcess({ keyId: id });
  return rotated;
}

/**
 * An organization member lost the right to manage its keys (demoted to member, removed, left):
 * the active keys of that organization whose secret they hold (made or last rotated) are revoked
 * in the caller's transaction, and every old secret of the organization's keys stops at once.
 */
export async function revokeCreatorKeys(tx: Tx, orgId: string, userId: string): Promise<void> {
  const revoked = await sqlRows<{ id: string }>(
    tx,
    sql`UPDATE api_keys SET revoked_at = now()
        WHERE owner_org_id = ${orgId} AND created_by = ${userId} AND revoked_at IS NULL RETURNING id`,
  );
  for (const key of revoked) {
    await writeKeyEvent(tx, key.id, 'revoked', 'Revoked', { reason: 'creator_lost_role', user_id: userId });
  }
  // An old secret still in its rotation overlap may be in the leaving member's hands: it ends now.
  await tx.execute(
    sql`UPDATE api_keys SET previous_valid_until = now()
        WHERE owner_org_id = ${orgId} AND previous_valid_until > now()`,
  );
  // Every instance forgets the organization's verified keys once this commits.
  await announceKeyChange(tx, { orgId });
}
