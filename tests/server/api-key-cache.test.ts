// The per-instance memory of verified API keys (server/api-keys/key-cache.ts), on PGlite and
// PostgreSQL: a remembered key is still refused at once after a revocation, a rotation or its
// creator's role loss announced through the database (NOTIFY lexhub_api_keys), within the entry's
// lifetime when no notification comes, and at its expiry or the end of a rotation overlap by its
// own times. Two app instances on one PostgreSQL: a revocation made through one instance's API
// stops the key on the other on its next call.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyWithSecret } from '../../src/api/contract/api-keys.js';
import {
  KEY_CHANGES_CHANNEL,
  keyVerifier,
  VERIFIED_KEY_TTL_MS,
  type KeyVerifier,
} from '../../server/api-keys/key-cache.js';
import { buildApp } from '../../server/app.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { addOrgMember, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { ENGINES } from '../support/test-database.js';
import { GENEROUS_RATE_LIMITS, json, startTestServer, type TestServer } from '../support/test-server.js';

const IP = '203.0.113.9';

async function newKey(who: TestAccount, body: Record<string, unknown> = {}) {
  const response = await who.session.post('/v1/api-keys', { scopes: ['memory.read'], ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response, ApiKeyWithSecret);
}

/** Polls `check` until it is true; answers how long that took (ms), or fails after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const refusedWith = async (verifier: KeyVerifier, secret: string) => {
  const result = await verifier.verify(secret, IP);
  return result.ok ? undefined : result.error.toBody().detail;
};

describe.each(ENGINES)('verified-key memory (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  const verifiers: KeyVerifier[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await registerAndLogin(server);
  });
  afterAll(async () => {
    for (const verifier of verifiers) await verifier.close();
    await server?.close();
  });

  async function listeningVerifier(ttlMs?: number) {
    const verifier = keyVerifier(server.database, { ttlMs });
    verifiers.push(verifier);
    // The memory starts once LISTEN is in place: until then every call is verified in the database.
    const probe = await newKey(alice);
    await within(5000, async () => {
      await verifier.verify(probe.secret, IP);
      await server.database.raw(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [probe.id]);
      const remembered = (await verifier.verify(probe.secret, IP)).ok;
      await server.database.raw(`UPDATE api_keys SET revoked_at = NULL WHERE id = $1`, [probe.id]);
      return remembered;
    });
    return verifier;
  }

  /** A key verified (so remembered), then revoked in the database without a NOTIFY: still accepted. */
  async function rememberedThenRevokedSilently(verifier: KeyVerifier) {
    const key = await newKey(alice);
    expect((await verifier.verify(key.secret, IP)).ok).toBe(true);
    await server.database.raw(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [key.id]);
    expect((await verifier.verify(key.secret, IP)).ok).toBe(true);
    return key;
  }

  it('remembers a key for its lifetime at most when no change is announced (the fallback bound)', async () => {
    const verifier = await listeningVerifier(400);
    // Revoked behind the server's back (no NOTIFY): still remembered, then refused within the lifetime.
    const key = await rememberedThenRevokedSilently(verifier);
    const took = await within(2000, async () => (await refusedWith(verifier, key.secret)) === 'api_key_revoked');
    expect(took).toBeLessThanOrEqual(400 + 200);
  });

  it('forgets a key when a NOTIFY names it, long before the lifetime', async () => {
    const verifier = await listeningVerifier(60_000);
    const key = await rememberedThenRevokedSilently(verifier);
    // What another instance's transaction sends with its commit.
    await server.database.raw(`SELECT pg_notify($1, $2)`, [KEY_CHANGES_CHANNEL, `key:${key.id}`]);
    const took = await within(2000, async () => (await refusedWith(verifier, key.secret)) === 'api_key_revoked');
    expect(took).toBeLessThan(1000);
  });

  it('refuses a remembered key at its expiry and a rotated secret at the end of its overlap', async () => {
    const verifier = await listeningVerifier(60_000);
    const expiring = await newKey(alice, { expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await verifier.verify(expiring.secret, IP)).ok).toBe(true);
    await within(4000, async () => (await refusedWith(verifier, expiring.secret)) === 'api_key_expired');

    const rotating = await newKey(alice);
    const rotated = await alice.session.post(`/v1/api-keys/${rotating.id}/rotate`, { overlap_seconds: 2 });
    expect(rotated.status).toBe(200);
    const fresh = await json(rotated, ApiKeyWithSecret);
    expect((await verifier.verify(rotating.secret, IP)).ok).toBe(true);
    expect((await verifier.verify(fresh.secret, IP)).ok).toBe(true);
    await within(5000, async () => (await refusedWith(verifier, rotating.secret)) === 'api_key_rotated');
    expect((await verifier.verify(fresh.secret, IP)).ok).toBe(true);
  });

  it('revoke, rotate and a creator’s role loss announce themselves in their transaction', async () => {
    const verifier = await listeningVerifier(60_000);
    const seen: string[] = [];
    const stop = await server.database.listen(KEY_CHANGES_CHANNEL, (payload) => seen.push(payload));
    try {
      const key = await newKey(alice);
      expect((await verifier.verify(key.secret, IP)).ok).toBe(true);
      expect((await alice.session.delete(`/v1/api-keys/${key.id}`)).status).toBe(200);
      // The instance that revoked forgets at once: the very next call is refused.
      expect(await refusedWith(verifier, key.secret)).toBe('api_key_revoked');

      const rotating = await newKey(alice);
      expect((await verifier.verify(rotating.secret, IP)).ok).toBe(true);
      expect((await alice.session.post(`/v1/api-keys/${rotating.id}/rotate`, {})).status).toBe(200);
      expect(await refusedWith(verifier, rotating.secret)).toBe('api_key_rotated');

      const bob = await registerAndLogin(server);
      const slug = `cache-org-${Date.now()}`;
      const org = (await (await alice.session.post('/v1/orgs', { name: 'Cache Org', slug })).json()) as { id: string };
      await addOrgMember(alice, slug, bob, 'admin');
      const orgKey = await newKey(bob, { owner_type: 'organization', organization_id: org.id });
      expect((await verifier.verify(orgKey.secret, IP)).ok).toBe(true);
      const demoted = await alice.session.patch(`/v1/orgs/${slug}/members/${bob.user.username}`, { role: 'member' });
      expect(demoted.status, await demoted.clone().text()).toBe(200);
      expect(await refusedWith(verifier, orgKey.secret)).toBe('api_key_revoked');

      await within(2000, async () => seen.length >= 3);
      expect(seen).toEqual([`key:${key.id}`, `key:${rotating.id}`, `org:${org.id}`]);
    } finally {
      await stop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('verified-key memory on two instances of one PostgreSQL', () => {
  let server: TestServer;
  let second: { url: string; database: Database; close: () => Promise<void> };
  let alice: TestAccount;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    const [{ name }] = (await server.database.raw('SELECT current_database() AS name')).rows as [{ name: string }];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 5 });
    const app = await buildApp({
      database,
      accounts: { mailer: new MemoryMailer(), rateLimits: GENEROUS_RATE_LIMITS },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    second = {
      url: address,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    alice = await registerAndLogin(server);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const listTools = (baseUrl: string, secret: string) =>
    fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        authorization: `Bearer ${secret}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('a key revoked through one instance is refused by the other on its next call', async () => {
    const key = await newKey(alice);
    // The second instance verifies (and remembers) it; repeat until its LISTEN is surely in place.
    for (let i = 0; i < 3; i++) expect((await listTools(second.url, key.secret)).status).toBe(200);
    expect((await alice.session.delete(`/v1/api-keys/${key.id}`)).status).toBe(200);
    await expectApiError(await listTools(second.url, key.secret), 401, 'api_key_revoked');
    await expectApiError(await listTools(server.url, key.secret), 401, 'api_key_revoked');
  });

  it('a change committed by another process reaches this instance by NOTIFY well within the lifetime', async () => {
    const key = await newKey(alice);
    for (let i = 0; i < 3; i++) expect((await listTools(second.url, key.secret)).status).toBe(200);
    // Another process: its own connection, one transaction revoking and announcing.
    const [{ name }] = (await server.database.raw('SELECT current_database() AS name')).rows as [{ name: string }];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
      await other.query('SELECT pg_notify($1, $2)', [KEY_CHANGES_CHANNEL, `key:${key.id}`]);
      // Before the commit the key still works (the notification waits for the commit).
      expect((await listTools(second.url, key.secret)).status).toBe(200);
      await other.query('COMMIT');
      const took = await within(
        VERIFIED_KEY_TTL_MS,
        async () => (await listTools(second.url, key.secret)).status === 401,
      );
      expect(took).toBeLessThan(1000);
    } finally {
      await other.end();
    }
  });
});
