// Verified keys remembered per instance for a few seconds, so a busy agent's calls skip the
// verification query (BENCHMARKS.md, issue 12). Every change that can end a key (revoke, rotate,
// its creator's role loss) NOTIFYs `lexhub_api_keys` in its own transaction, and every instance
// drops the affected entries when the notification arrives (after the commit), the instance that
// made the change at once. Bound (docs/ARCHITECTURE.md, "API keys"): a key ended on any instance is
// refused by every instance once the NOTIFY reaches it (milliseconds); should an instance's LISTEN
// connection be down, the entry's lifetime (VERIFIED_KEY_TTL_MS) is the bound. Expiry and the end
// of a rotated secret's overlap are checked against the entry's own times on every hit. Only
// successes are remembered: every refusal takes the database path (and writes its event).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Tx } from '../db/sql.js';
import { digestOf, isWellFormedKey } from './key-format.js';
import { verifyApiKey, type VerifiedKey, type VerifyResult } from './verify.js';

/** The NOTIFY channel of key changes; payloads `key:<id>` or `org:<id>` (all of its keys). */
export const KEY_CHANGES_CHANNEL = 'lexhub_api_keys';
/** How long an instance trusts a verification without a notification; the fallback bound. */
export const VERIFIED_KEY_TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

export type KeyChange = { keyId: string } | { orgId: string };

const payloadOf = (change: KeyChange) => ('keyId' in change ? `key:${change.keyId}` : `org:${change.orgId}`);

/** Every verifier of this process: a change made here reaches them without waiting for the NOTIFY. */
const verifiers = new Set<{ forget(payload: string): void }>();

/**
 * Announces, inside the transaction that makes it, a change that may end keys: the NOTIFY goes out
 * with the commit (and not at all on a rollback). Verifiers of this process forget at once too, so
 * a verification already under way is not remembered; the NOTIFY then clears what was read
 * between this call and the commit.
 */
export async function announceKeyChange(tx: Tx, change: KeyChange): Promise<void> {
  const payload = payloadOf(change);
  await tx.execute(sql`SELECT pg_notify(${KEY_CHANGES_CHANNEL}, ${payload})`);
  forgetInProcess(change);
}

/** After the change committed: this process's verifiers forget it (the NOTIFY will say it again). */
export function forgetInProcess(change: KeyChange): void {
  const payload = payloadOf(change);
  for (const verifier of verifiers) verifier.forget(payload);
}

interface Entry {
  key: VerifiedKey;
  validUntilMs: number | null;
  /** Date.now() from which the entry is not used. */
  usableUntil: number;
}

export interface KeyVerifier {
  verify(secret: string, ip: string): Promise<VerifyResult>;
  close(): Promise<void>;
}

export interface KeyVerifierOptions {
  ttlMs?: number;
}

/** verifyApiKey with a per-instance memory of successes, invalidated through the database. */
export function keyVerifier(database: Pick<Database, 'db' | 'listen'>, options: KeyVerifierOptions = {}): KeyVerifier {
  const ttlMs = options.ttlMs ?? VERIFIED_KEY_TTL_MS;
  const entries = new Map<string, Entry>();
  // Bumped by every change: a verification that saw a change begin while it ran is not remembered.
  let epoch = 0;
  // Nothing is remembered until this instance listens (nor after close): no notification, no memory.
  let listening = false;
  let stop: (() => Promise<void>) | undefined;

  const forget = (payload: string) => {
    epoch++;
    if (payload.startsWith('key:')) {
      const keyId = payload.slice(4);
      for (const [digest, entry] of entries) if (entry.key.id === keyId) entries.delete(digest);
    } else if (payload.startsWith('org:')) {
      const orgId = payload.slice(4);
      for (const [digest, entry] of entries)
        if (entry.key.owner.type === 'organization' && entry.key.owner.id === orgId) entries.delete(digest);
    } else {
      entries.clear();
    }
  };
  const self = { forget };
  verifiers.add(self);
  const started = database.listen(KEY_CHANGES_CHANNEL, forget).then(
    (unlisten) => {
      stop = unlisten;
      listening = true;
    },
    () => undefined,
  );

  return {
    async verify(secret, ip) {
      if (!isWellFormedKey(secret)) return verifyApiKey(database.db, secret, ip);
      const digest = digestOf(secret);
      const now = Date.now();
      const known = entries.get(digest);
      if (known !== undefined) {
        if (listening && now < known.usableUntil) return { ok: true, key: known.key, validUntilMs: known.validUntilMs };
        entries.delete(digest);
      }
      const seen = epoch;
      const result = await verifyApiKey(database.db, secret, ip);
      if (result.ok && listening && epoch === seen) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        const usableUntil = Math.min(Date.now() + ttlMs, result.validUntilMs ?? Infinity);
        entries.set(digest, { key: result.key, validUntilMs: result.validUntilMs, usableUntil });
      }
      return result;
    },
    async close() {
      listening = false;
      verifiers.delete(self);
      entries.clear();
      await started;
      await stop?.().catch(() => undefined);
    },
  };
}
