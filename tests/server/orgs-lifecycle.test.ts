// Issue 15 over HTTP on PGlite and (with DATABASE_URL) PostgreSQL: owners rename (name, slug;
// 409 slug_taken) and delete an organization (one transaction: members, invitations, API keys
// go; refused while it owns collections); GET /v1/orgs in keyset pages; L5 limits on creating
// organizations and sending invitations (429 rate_limited with retry_after; pending cap 409).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyWithSecret } from '../../src/api/contract/api-keys.js';
import { DeletedOrg, Org, OrgList, PublicOrg } from '../../src/api/contract/orgs.js';
import { PublicUser } from '../../src/api/contract/users.js';
import { DEFAULT_ORG_LIMITS } from '../../server/accounts/orgs.js';
import { verifyApiKey } from '../../server/api-keys/verify.js';
import { sqlRows } from '../../server/db/sql.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

type Who = TestAccount;

describe.each(ENGINES)('organization lifecycle and limits (%s)', (engine) => {
  let server: TestServer;
  let owner: Who;
  let admin: Who;
  let member: Who;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [owner, admin, member] = await Promise.all([
      registerAndLogin(server, { first_name: 'Olga', last_name: 'Owner' }),
      registerAndLogin(server, { first_name: 'Adam', last_name: 'Admin' }),
      registerAndLogin(server, { first_name: 'Milan', last_name: 'Member' }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const ok = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return json(response, Org);
  };
  const create = (who: Who, slug: string, name = `Org ${slug}`) => who.session.post('/v1/orgs', { name, slug });
  const invite = (who: Who, slug: string, username: string, role?: string) =>
    who.session.post(`/v1/orgs/${slug}/members`, role ? { username, role } : { username });
  async function join(slug: string, invitee: Who, role: string) {
    await ok(await invite(owner, slug, invitee.user.username, role));
    return ok(await invitee.session.post(`/v1/orgs/${slug}/invitations/${invitee.user.username}/accept`));
  }
  /** An organization of `owner` with admin and member joined. */
  async function team(slug: string) {
    await ok(await create(owner, slug));
    await join(slug, admin, 'admin');
    return join(slug, member, 'member');
  }
  const count = async (query: ReturnType<typeof sql>) => Number((await sqlRows<{ n: number }>(db(), query))[0]?.n ?? 0);

  it('owners rename an organization (name and slug); others may not; a slug in use is 409 slug_taken', async () => {
    await team('rename-me');
    await ok(await create(owner, 'rename-taken'));
    await expectApiError(await admin.session.patch('/v1/orgs/rename-me', { name: 'By admin' }), 403, 'forbidden');
    await expectApiError(await member.session.patch('/v1/orgs/rename-me', { name: 'By member' }), 403, 'forbidden');
    const stranger = await registerAndLogin(server);
    await expectApiError(await stranger.session.patch('/v1/orgs/rename-me', { name: 'By stranger' }), 403, 'forbidden');
    await expectApiError(await owner.session.patch('/v1/orgs/no-such-org', { name: 'Nope' }), 404, 'not_found');

    const taken = await expectApiError(
      await owner.session.patch('/v1/orgs/rename-me', { slug: 'RENAME-TAKEN' }),
      409,
      'slug_taken',
    );
    expect(taken.field).toBe('slug');
    for (const [body, field] of [
      [{ slug: 'settings' }, 'slug'],
      [{ slug: '-x' }, 'slug'],
      [{ name: 'x' }, 'name'],
      [{ name: '\u0000\u0001' }, 'name'],
    ] as const) {
      const refused = await expectApiError(
        await owner.session.patch('/v1/orgs/rename-me', body),
        400,
        'validation_failed',
      );
      expect(refused.field, JSON.stringify(body)).toBe(field);
    }

    const renamed = await ok(
      await owner.session.patch('/v1/orgs/rename-me', { name: ' Nový název ', slug: 'renamed' }),
    );
    expect(renamed).toMatchObject({ name: 'Nový název', slug: 'renamed', role: 'owner' });
    expect(renamed.members).toHaveLength(3);
    expect((await server.get('/v1/public/orgs/rename-me')).status).toBe(404);
    expect((await json(await server.get('/v1/public/orgs/renamed'), PublicOrg)).name).toBe('Nový název');
    const profile = await json(await server.get(`/v1/public/users/${member.user.username}`), PublicUser);
    expect(profile.organizations.find((o) => o.id === renamed.id)).toMatchObject({
      slug: 'renamed',
      name: 'Nový název',
    });
    // Only the name: the slug stays; the old slug is free for another organization.
    expect((await ok(await owner.session.patch('/v1/orgs/renamed', { name: 'Jen název' }))).slug).toBe('renamed');
    await ok(await create(admin, 'rename-me'));
    // Two renames to one slug at once: one wins, the other gets 409, never 500.
    await ok(await create(owner, 'rename-race-a'));
    await ok(await create(owner, 'rename-race-b'));
    const answers = await Promise.all([
      owner.session.patch('/v1/orgs/rename-race-a', { slug: 'rename-race' }),
      owner.session.patch('/v1/orgs/rename-race-b', { slug: 'rename-race' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('owners delete an organization with its members, invitations and API keys, in one go', async () => {
    const org = await team('delete-me');
    const outsider = await registerAndLogin(server);
    await ok(await invite(owner, 'delete-me', outsider.user.username));
    const keyResponse = await admin.session.post('/v1/api-keys', {
      scopes: ['memory.read'],
      owner_type: 'organization',
      organization_id: org.id,
    });
    expect(keyResponse.status, await keyResponse.clone().text()).toBe(201);
    const key = await json(keyResponse, ApiKeyWithSecret);
    expect((await verifyApiKey(db(), key.secret, '203.0.113.9')).ok).toBe(true);

    await expectApiError(await admin.session.delete('/v1/orgs/delete-me'), 403, 'forbidden');
    await expectApiError(await member.session.delete('/v1/orgs/delete-me'), 403, 'forbidden');
    await expectApiError(await outsider.session.delete('/v1/orgs/delete-me'), 403, 'forbidden');

    const response = await owner.session.delete('/v1/orgs/delete-me');
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await json(response, DeletedOrg)).toEqual({ id: org.id, name: 'Org delete-me', slug: 'delete-me' });
    expect((await server.get('/v1/public/orgs/delete-me')).status).toBe(404);
    await expectApiError(await member.session.get('/v1/orgs/delete-me'), 404, 'not_found');
    expect((await json(await member.session.get('/v1/orgs'), OrgList)).items.map((o) => o.id)).not.toContain(org.id);
    expect((await verifyApiKey(db(), key.secret, '203.0.113.9')).ok).toBe(false);
    for (const table of ['org_members', 'org_invitations']) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE org_id = ${org.id}`), table).toBe(
        0,
      );
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM api_keys WHERE owner_org_id = ${org.id}`)).toBe(0);
    await expectApiError(await owner.session.delete('/v1/orgs/delete-me'), 404, 'not_found');
    // The slug is free again.
    await ok(await create(admin, 'delete-me'));
  });

  it('refuses to delete an organization that owns collections (409 org_has_collections), deletes it after', async () => {
    const org = await team('has-collections');
    const made = await admin.session.post('/v1/legal/collections', {
      name: 'Sbírka',
      owner_type: 'org',
      organization_id: org.id,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const collection = (await made.json()) as { id: string };
    await expectApiError(await owner.session.delete('/v1/orgs/has-collections'), 409, 'org_has_collections');
    // Nothing went: members and the collection stay.
    expect((await ok(await member.session.get('/v1/orgs/has-collections'))).members).toHaveLength(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM collections WHERE id = ${collection.id}`)).toBe(1);

    const removed = await owner.session.delete(`/v1/legal/collections/${collection.id}`);
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    const deleted = await owner.session.delete('/v1/orgs/has-collections');
    expect(deleted.status, await deleted.clone().text()).toBe(200);
  });

  it('pages GET /v1/orgs by name with a cursor, 50 by default', async () => {
    const pager = await registerAndLogin(server);
    // 23 organizations the pager belongs to, made straight in the database (the creation limit is tested below).
    const names = Array.from({ length: 23 }, (_, i) => `Page org ${String.fromCharCode(97 + (i % 26))}${i}`);
    for (const [i, name] of names.entries()) {
      const id = randomUUID();
      await db().execute(sql`INSERT INTO organizations (id, slug, name) VALUES (${id}, ${`page-org-${i}`}, ${name})`);
      await db().execute(
        sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${id}, ${pager.user.id}, ${i % 2 ? 'member' : 'owner'})`,
      );
    }
    const all = await json(await pager.session.get('/v1/orgs'), OrgList);
    expect(all.items).toHaveLength(23);
    expect(all.next_cursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await json(await pager.session.get(`/v1/orgs${query}`), OrgList);
      expect(page.items.length).toBeLessThanOrEqual(10);
      seen.push(...page.items.map((o) => o.slug));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.items.map((o) => o.slug));
    expect(new Set(seen).size).toBe(23);

    await expectApiError(await pager.session.get('/v1/orgs?cursor=bm90LWEtY3Vyc29y'), 400, 'validation_failed');
    await expectApiError(await pager.session.get('/v1/orgs?limit=0'), 400, 'validation_failed');
    expect((await json(await pager.session.get('/v1/orgs?limit=100000'), OrgList)).items).toHaveLength(23);
  });

  it('limits organization creation per user: a burst like the attack’s gets 429 rate_limited with retry_after', async () => {
    const burster = await registerAndLogin(server);
    const limit = DEFAULT_ORG_LIMITS.createPerHour.limit;
    const suffix = Date.now().toString(36);
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => create(burster, `burst-${suffix}-${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = await expectApiError(answers[statuses.indexOf(429)]!, 429, 'rate_limited');
    expect(refused.retry_after).toBeGreaterThan(0);
    expect(refused.retry_after).toBeLessThanOrEqual(3600);
    expect(answers[statuses.indexOf(429)]!.headers.get('retry-after')).toBe(String(refused.retry_after));
    expect(await count(sql`SELECT count(*)::int AS n FROM org_members WHERE user_id = ${burster.user.id}`)).toBe(limit);
    // Another user is not held back.
    await ok(await create(member, `other-${suffix}`));
  });

  it('limits invitations per user an hour (withdrawing does not give them back) and pending ones per organization', async () => {
    const inviter = await registerAndLogin(server);
    const target = await registerAndLogin(server);
    await ok(await create(inviter, 'invite-limits'));
    const perHour = DEFAULT_ORG_LIMITS.invitesPerHour.limit;
    for (let i = 0; i < perHour; i += 1) {
      await ok(await invite(inviter, 'invite-limits', target.user.username));
      await ok(await inviter.session.delete(`/v1/orgs/invite-limits/invitations/${target.user.username}`));
    }
    const refused = await expectApiError(
      await invite(inviter, 'invite-limits', target.user.username),
      429,
      'rate_limited',
    );
    expect(refused.retry_after).toBeGreaterThan(0);
    expect((await ok(await inviter.session.get('/v1/orgs/invite-limits'))).invitations).toEqual([]);

    // Pending per organization: the owner's organization already has the most allowed waiting.
    const org = await ok(await create(owner, 'pending-cap'));
    const cap = DEFAULT_ORG_LIMITS.pendingInvitationsPerOrg;
    for (let i = 0; i < cap; i += 1) {
      const id = randomUUID();
      const tag = `${Date.now().toString(36)}${i}`;
      await db().execute(
        sql`INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
            VALUES (${id}, ${`cap-${tag}@example.com`}, ${`+42073${String(1_000_000 + i).slice(-7)}`}, ${`cap-${tag}`},
                    'x', 'Cap', 'User', now())`,
      );
      await db().execute(
        sql`INSERT INTO org_invitations (org_id, user_id, role, invited_by) VALUES (${org.id}, ${id}, 'member', ${owner.user.id})`,
      );
    }
    const full = await expectApiError(
      await invite(owner, 'pending-cap', target.user.username),
      409,
      'invitation_quota_exceeded',
    );
    expect(full.field).toBe('username');
    const pending = (await ok(await owner.session.get('/v1/orgs/pending-cap'))).invitations;
    expect(pending).toHaveLength(cap);
    await ok(await owner.session.delete(`/v1/orgs/pending-cap/invitations/${pending[0]!.username}`));
    const invited = await ok(await invite(owner, 'pending-cap', target.user.username));
    expect(invited.invitations).toHaveLength(cap);

    // Pending per invitee: many organizations inviting one person cannot bury the real ones.
    const perInvitee = DEFAULT_ORG_LIMITS.pendingInvitationsPerInvitee;
    const victim = await registerAndLogin(server);
    const victimId = victim.user.id;
    await ok(await create(owner, 'invitee-cap'));
    for (let i = 0; i < perInvitee; i += 1) {
      const orgId = randomUUID();
      await db().execute(
        sql`INSERT INTO organizations (id, slug, name) VALUES (${orgId}, ${`flood-${i}-${orgId.slice(0, 6)}`}, 'Flood')`,
      );
      await db().execute(
        sql`INSERT INTO org_invitations (org_id, user_id, role, invited_by) VALUES (${orgId}, ${victimId}, 'member', ${owner.user.id})`,
      );
    }
    const buried = await expectApiError(
      await invite(owner, 'invitee-cap', victim.user.username),
      409,
      'invitation_quota_exceeded',
    );
    expect(buried.message).toContain('too many invitations waiting');
  });
});
