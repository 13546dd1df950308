// API keys over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: creating with each detail code,
// the secret's format and storage, quotas, revoking, rotating with and without overlap, events,
// verification (one path for every miss), organization keys and their creator's role.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKey, ApiKeyEventList, ApiKeyList, ApiKeyWithSecret } from '../../src/api/contract/api-keys.js';
import { insertKey } from '../../server/api-keys/keys.js';
import { isWellFormedKey, KEY_PATTERN } from '../../server/api-keys/key-format.js';
import { verifyApiKey } from '../../server/api-keys/verify.js';
import { sqlRows } from '../../server/db/sql.js';
import { addOrgMember, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('API keys (%s)', (engine) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(engine);
    alice = await registerAndLogin(server, { first_name: 'Alice', last_name: 'Agent' });
    bob = await registerAndLogin(server, { first_name: 'Bob', last_name: 'Builder' });
    carol = await registerAndLogin(server, { first_name: 'Carol', last_name: 'Clerk' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const create = (who: TestAccount, body: Record<string, unknown> = {}) => who.session.post('/v1/api-keys', body);
  async function created(who: TestAccount, body: Record<string, unknown> = {}) {
    const response = await create(who, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return json(response, ApiKeyWithSecret);
  }
  const verify = (secret: string, ip = '203.0.113.7') => verifyApiKey(db(), secret, ip);
  async function events(who: TestAccount, query = '') {
    const response = await who.session.get(`/v1/api-keys/events${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await json(response, ApiKeyEventList)).items;
  }

  it('creates a key with memory.read by default; the secret is well formed, shown once and never stored', async () => {
    const key = await created(alice, { description: 'Claude\non my laptop' });
    expect(key).toMatchObject({
      scopes: ['memory.read'],
      status: 'active',
      managed: false,
      owner_type: 'user',
      organization_id: null,
      expires_at: null,
      last_used_at: null,
      description: 'Claude on my laptop',
    });
    expect(key.secret).toMatch(/^lxh_[0-9A-Za-z]{36}$/);
    expect(KEY_PATTERN.test(`token=${key.secret}`)).toBe(true);
    expect(isWellFormedKey(key.secret)).toBe(true);
    expect(key.prefix).toBe(key.secret.slice(0, 12));

    const stored = await sqlRows<Record<string, unknown>>(db(), sql`SELECT * FROM api_keys WHERE id = ${key.id}`);
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    const list = await json(await alice.session.get('/v1/api-keys'), ApiKeyList);
    expect(JSON.stringify(list)).not.toContain(key.secret);
    expect(list.items[0]!.id).toBe(key.id);
    // Nobody else sees it.
    const other = await json(await bob.session.get('/v1/api-keys'), ApiKeyList);
    expect(other.items.map((k) => k.id)).not.toContain(key.id);
  });

  it('a typo fails the checksum before any query; an unknown key and a wrong secret get the same answer', async () => {
    const key = await created(alice);
    const typo = key.secret.slice(0, 10) + (key.secret[10] === 'a' ? 'b' : 'a') + key.secret.slice(11);
    expect(isWellFormedKey(typo)).toBe(false);
    const wrongSecret = `${key.prefix}${'0'.repeat(24)}`;
    const results = await Promise.all([verify(typo), verify(wrongSecret), verify('lxh_short'), verify('')]);
    for (const result of results) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.detail).toBe('api_key_invalid');
    }
    const good = await verify(key.secret);
    expect(good.ok && good.key).toMatchObject({ id: key.id, scopes: ['memory.read'], owner: { type: 'user' } });
  });

  it('answers each problem with its own code', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ scopes: [] }, 400, 'scopes_required'],
      [{ scopes: ['memory.read', 'admin'] }, 400, 'invalid_scope'],
      [{ description: 'x'.repeat(201) }, 400, 'description_too_long'],
      [{ expires_at: 'tomorrow' }, 400, 'expires_at_invalid'],
      [{ expires_at: '2020-01-01T00:00:00Z' }, 400, 'expires_at_in_past'],
      [{ owner_type: 'organization' }, 400, 'organization_id_required'],
      [
        { owner_type: 'user', organization_id: '7d9f3c52-5d7e-4e8f-9a51-2f6f1d0c8e47' },
        400,
        'organization_id_not_allowed',
      ],
      [
        { owner_type: 'organization', organization_id: '7d9f3c52-5d7e-4e8f-9a51-2f6f1d0c8e47' },
        404,
        'organization_not_found',
      ],
      [{ owner_type: 'organization', organization_id: 'not-a-uuid' }, 404, 'organization_not_found'],
      [{ owner_type: 'robot' }, 400, 'validation_failed'],
      [{ scopes: 'memory.read' }, 400, 'validation_failed'],
    ];
    for (const [body, status, detail] of cases) {
      const problem = await expectApiError(await create(alice, body), status, detail);
      if (status === 400 && detail !== 'validation_failed') expect(problem.field).toBeTruthy();
    }
    await expectApiError(await alice.session.post('/v1/api-keys', {}, { 'x-csrf-token': '' }), 403, 'csrf_failed');
    await expectApiError(await new HttpSession(server.url).post('/v1/api-keys', {}), 401, 'not_authenticated');
    await expectApiError(await server.get('/v1/api-keys'), 401, 'not_authenticated');
  });

  it('keeps scopes in their order, accepts an expiry at the end of a day, and reports expired keys once', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const key = await created(bob, { scopes: ['memory.manage', 'memory.read'], expires_at: tomorrow });
    expect(key.scopes).toEqual(['memory.read', 'memory.manage']);
    expect(key.expires_at).toBe(tomorrow);

    await db().execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${key.id}`);
    const [first, second] = [await verify(key.secret), await verify(key.secret)];
    expect(!first.ok && first.error.detail).toBe('api_key_expired');
    expect(!second.ok && second.error.detail).toBe('api_key_expired');
    const expired = (await events(bob, `?key_id=${key.id}`)).filter((e) => e.event_type === 'expired');
    expect(expired).toHaveLength(1);
    await expectApiError(await bob.session.post(`/v1/api-keys/${key.id}/rotate`, {}), 409, 'api_key_expired');
  });

  it('revokes at once and idempotently; another user cannot see or touch the key', async () => {
    const key = await created(carol);
    await expectApiError(await bob.session.delete(`/v1/api-keys/${key.id}`), 404, 'not_found');
    await expectApiError(await bob.session.post(`/v1/api-keys/${key.id}/rotate`, {}), 404, 'not_found');
    await expectApiError(await bob.session.get(`/v1/api-keys/events?key_id=${key.id}`), 404, 'not_found');

    const revoked = await json(await carol.session.delete(`/v1/api-keys/${key.id}`), ApiKey);
    expect(revoked.status).toBe('revoked');
    const again = await json(await carol.session.delete(`/v1/api-keys/${key.id}`), ApiKey);
    expect(again).toEqual(revoked);
    const result = await verify(key.secret);
    expect(!result.ok && result.error.detail).toBe('api_key_revoked');
    await expectApiError(await carol.session.post(`/v1/api-keys/${key.id}/rotate`, {}), 409, 'api_key_revoked');
    const types = (await events(carol, `?key_id=${key.id}`)).map((e) => e.event_type);
    expect(types).toEqual(['revoked', 'created']);
  });

  it('rotates: without overlap the old secret is refused as rotated (and recorded), with overlap it works until then', async () => {
    const key = await created(alice, { description: 'rotating' });
    const rotated = await json(await alice.session.post(`/v1/api-keys/${key.id}/rotate`, {}), ApiKeyWithSecret);
    expect(rotated.id).toBe(key.id);
    expect(rotated.secret).not.toBe(key.secret);
    expect(rotated.prefix).toBe(rotated.secret.slice(0, 12));
    const old = await verify(key.secret);
    expect(!old.ok && old.error.detail).toBe('api_key_rotated');
    expect((await verify(rotated.secret)).ok).toBe(true);
    const denied = (await events(alice, `?key_id=${key.id}`)).find((e) => e.event_type === 'denied');
    expect(denied?.metadata).toMatchObject({ reason: 'rotated_secret_reused' });
    // The key itself stays active (never auto-revoked).
    const listed = (await json(await alice.session.get('/v1/api-keys'), ApiKeyList)).items.find((k) => k.id === key.id);
    expect(listed?.status).toBe('active');

    const overlapping = await json(
      await alice.session.post(`/v1/api-keys/${key.id}/rotate`, { overlap_seconds: 3600 }),
      ApiKeyWithSecret,
    );
    expect((await verify(rotated.secret)).ok).toBe(true);
    expect((await verify(overlapping.secret)).ok).toBe(true);
    await expectApiError(
      await alice.session.post(`/v1/api-keys/${key.id}/rotate`, { overlap_seconds: 86_401 }),
      400,
      'validation_failed',
    );
  });

  it('limits active keys per user (revoked ones do not count)', async () => {
    const dave = await registerAndLogin(server, { first_name: 'Dave', last_name: 'Dozen' });
    const keys = [];
    for (let i = 0; i < 20; i++) keys.push(await created(dave, { description: `key ${i}` }));
    await expectApiError(await create(dave), 409, 'api_key_quota_exceeded');
    await dave.session.delete(`/v1/api-keys/${keys[0]!.id}`);
    await created(dave);
    const list = await json(await dave.session.get('/v1/api-keys'), ApiKeyList);
    expect(list.items).toHaveLength(21);
    expect(list.items.at(-1)!.id).toBe(keys[0]!.id);
  });

  it('refuses to rotate or revoke a managed key', async () => {
    const managed = await db().transaction((tx) =>
      insertKey(tx, {
        owner: { type: 'user', id: bob.user.id },
        createdBy: bob.user.id,
        scopes: ['memory.write'],
        description: 'Copilot',
        expiresAt: null,
        managed: true,
      }),
    );
    await expectApiError(await bob.session.delete(`/v1/api-keys/${managed.id}`), 403, 'managed_key');
    await expectApiError(await bob.session.post(`/v1/api-keys/${managed.id}/rotate`, {}), 403, 'managed_key');
  });

  it('records a use once a minute per key and source (IPv6 by /64)', async () => {
    const { recordKeyUse } = await import('../../server/api-keys/events.js');
    const key = await created(carol);
    const now = new Date();
    await recordKeyUse(db(), key.id, '2001:db8:1:2:aaaa::1', now);
    await recordKeyUse(db(), key.id, '2001:db8:1:2:bbbb::9', now);
    await recordKeyUse(db(), key.id, '2001:db8:1:3::1', now);
    await recordKeyUse(db(), key.id, '2001:db8:1:2::1', new Date(now.getTime() + 61_000));
    const used = (await events(carol, `?key_id=${key.id}`)).filter((e) => e.event_type === 'used');
    expect(used.map((e) => e.metadata.ip).sort()).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      '2001:db8:1:3::/64',
    ]);
    const listed = (await json(await carol.session.get('/v1/api-keys'), ApiKeyList)).items.find((k) => k.id === key.id);
    expect(listed?.last_used_at).not.toBeNull();
  });

  describe('organization keys', () => {
    const slug = `keys-${engine}`;
    let orgId: string;
    const orgKeys = (who: TestAccount) =>
      who.session.get(`/v1/api-keys?owner_type=organization&organization_id=${orgId}`);

    beforeAll(async () => {
      const org = await (await alice.session.post('/v1/orgs', { name: 'Key Org', slug })).json();
      orgId = org.id;
      expect(orgId).toBeTruthy();
      await addOrgMember(alice, slug, bob, 'admin');
      await addOrgMember(alice, slug, carol, 'member');
    });

    it('owners and admins manage them; members and outsiders may not', async () => {
      const key = await created(bob, { owner_type: 'organization', organization_id: orgId, scopes: ['memory.write'] });
      expect(key).toMatchObject({ owner_type: 'organization', organization_id: orgId });
      const byOwner = await json(await orgKeys(alice), ApiKeyList);
      expect(byOwner.items.map((k) => k.id)).toContain(key.id);
      await expectApiError(await orgKeys(carol), 403, 'org_role_required');
      await expectApiError(
        await create(carol, { owner_type: 'organization', organization_id: orgId }),
        403,
        'org_role_required',
      );
      await expectApiError(await carol.session.delete(`/v1/api-keys/${key.id}`), 404, 'not_found');
      const verified = await verify(key.secret);
      expect(verified.ok && verified.key.owner).toEqual({ type: 'organization', id: orgId });
    });

    it("revokes the creator's keys when they are demoted, removed or leave", async () => {
      const demoted = await created(bob, { owner_type: 'organization', organization_id: orgId });
      const patch = await alice.session.patch(`/v1/orgs/${slug}/members/${bob.user.username}`, { role: 'member' });
      expect(patch.status, await patch.clone().text()).toBe(200);
      const afterDemotion = await verify(demoted.secret);
      expect(!afterDemotion.ok && afterDemotion.error.detail).toBe('api_key_revoked');
      const revokedEvent = (
        await events(alice, `?owner_type=organization&organization_id=${orgId}&key_id=${demoted.id}`)
      ).find((e) => e.event_type === 'revoked');
      expect(revokedEvent?.metadata).toMatchObject({ reason: 'creator_lost_role' });

      await alice.session.patch(`/v1/orgs/${slug}/members/${bob.user.username}`, { role: 'admin' });
      const left = await created(bob, { owner_type: 'organization', organization_id: orgId });
      const leave = await bob.session.delete(`/v1/orgs/${slug}/members/${bob.user.username}`);
      expect(leave.status, await leave.clone().text()).toBe(200);
      const afterLeaving = await verify(left.secret);
      expect(!afterLeaving.ok && afterLeaving.error.detail).toBe('api_key_revoked');
      // Keys of the owner who stays are untouched.
      const ownersKey = await created(alice, { owner_type: 'organization', organization_id: orgId });
      expect((await verify(ownersKey.secret)).ok).toBe(true);
    });

    it('a manager who rotates a colleague’s key holds it: losing the role stops the new and the old secret', async () => {
      const readd = await addOrgMember(alice, slug, bob, 'admin');
      expect(readd.status, await readd.clone().text()).toBe(200);
      const alicesKey = await created(alice, { owner_type: 'organization', organization_id: orgId });
      const rotated = await json(
        await bob.session.post(`/v1/api-keys/${alicesKey.id}/rotate`, { overlap_seconds: 3600 }),
        ApiKeyWithSecret,
      );
      expect((await verify(alicesKey.secret)).ok).toBe(true);
      const removal = await alice.session.delete(`/v1/orgs/${slug}/members/${bob.user.username}`);
      expect(removal.status, await removal.clone().text()).toBe(200);
      const bobs = await verify(rotated.secret);
      expect(!bobs.ok && bobs.error.detail).toBe('api_key_revoked');
      const old = await verify(alicesKey.secret);
      expect(!old.ok && old.error.detail).toBe('api_key_revoked');
    });
  });
});
