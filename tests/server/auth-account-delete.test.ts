// Issue 15, account deletion (DELETE /v1/auth/account): the password again (403 password_incorrect),
// every piece of personal data gone in one transaction, organizations and their collections kept,
// 409 org_ownership_transfer_required for the last owner of an organization with other members.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OkResponse } from '../../src/api/contract/auth.js';
import { login, registerAndLogin, type TestAccount } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('deleting an account (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const run = (query: SQL) => server.database.db.execute(query);
  const count = async (query: SQL) => Number(((await run(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  /** An organization with these members, each with a role. */
  const org = async (members: [TestAccount, 'owner' | 'admin' | 'member'][]) => {
    const id = randomUUID();
    const slug = `org-${id.slice(0, 8)}`;
    await run(sql`INSERT INTO organizations (id, slug, name) VALUES (${id}, ${slug}, ${'Org ' + slug})`);
    for (const [account, role] of members)
      await run(sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${id}, ${account.user.id}, ${role})`);
    return { id, slug };
  };
  const collection = async (owner: { userId?: string; orgId?: string }) => {
    const id = randomUUID();
    await run(
      sql`INSERT INTO collections (id, owner_user_id, owner_org_id, name, slug)
          VALUES (${id}, ${owner.userId ?? null}, ${owner.orgId ?? null}, 'Reading list', ${'c-' + id.slice(0, 8)})`,
    );
    return id;
  };
  const remove = (account: TestAccount, password = account.user.password, session = account.session) =>
    session.delete('/v1/auth/account', { password });

  it('refuses a wrong password with 403 password_incorrect and keeps everything', async () => {
    const account = await registerAndLogin(server);
    const body = await expectApiError(await remove(account, 'not-the-password-at-all'), 403, 'password_incorrect');
    expect(body.field).toBe('password');
    expect((await account.session.get('/v1/auth/me')).status).toBe(200);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE id = ${account.user.id}`)).toBe(1);
  });

  it('needs a session and the CSRF header', async () => {
    const account = await registerAndLogin(server);
    const anonymous = new HttpSession(server.url);
    await expectApiError(await anonymous.delete('/v1/auth/account', { password: 'x' }), 401, 'not_authenticated');
    expect(
      (await account.session.withoutCsrf('DELETE', '/v1/auth/account', { password: account.user.password })).status,
    ).toBe(403);
  });

  it('removes the personal data, ends every session, keeps organizations and their collections', async () => {
    const account = await registerAndLogin(server);
    const otherDevice = (await login(server, account.user.email, account.user.password)).session;
    const colleague = await registerAndLogin(server);
    const team = await org([
      [colleague, 'owner'],
      [account, 'owner'],
    ]);
    const teamCollection = await collection({ orgId: team.id });
    const ownCollection = await collection({ userId: account.user.id });
    await run(
      sql`INSERT INTO collection_maintainers (collection_id, user_id) VALUES (${teamCollection}, ${account.user.id})`,
    );
    const key = await account.session.post('/v1/api-keys', { scopes: ['memory.read'], description: 'agent' });
    expect(key.status, await key.clone().text()).toBeLessThan(300);

    await json(await remove(account), OkResponse);

    // The answer cleared the cookie; no session of the user works any more.
    expect(account.session.cookie('lexhub_session')).toBeUndefined();
    expect((await otherDevice.get('/v1/auth/me')).status).toBe(401);
    const id = account.user.id;
    for (const [table, column] of [
      ['users', 'id'],
      ['sessions', 'user_id'],
      ['auth_tokens', 'user_id'],
      ['org_members', 'user_id'],
      ['collection_maintainers', 'user_id'],
      ['collections', 'owner_user_id'],
      ['api_keys', 'owner_user_id'],
      ['api_keys', 'created_by'],
    ] as const) {
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}`,
        ),
        table,
      ).toBe(0);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE email = ${account.user.email}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM collections WHERE id = ${ownCollection}`)).toBe(0);
    // The organization and its collection stay, with the colleague as owner.
    expect(await count(sql`SELECT count(*)::int AS n FROM collections WHERE id = ${teamCollection}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM org_members WHERE org_id = ${team.id}`)).toBe(1);
    // The address can log in no more, and may register again.
    await expectApiError(
      await new HttpSession(server.url).post('/v1/auth/login', {
        identifier: account.user.email,
        password: account.user.password,
      }),
      401,
      'invalid_credentials',
    );
  });

  it('refuses the last owner of an organization with other members (409) and deletes nothing', async () => {
    const account = await registerAndLogin(server);
    const member = await registerAndLogin(server);
    const team = await org([
      [account, 'owner'],
      [member, 'admin'],
    ]);
    const body = await expectApiError(await remove(account), 409, 'org_ownership_transfer_required');
    expect(body.message).toContain(team.slug);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE id = ${account.user.id}`)).toBe(1);
    expect((await account.session.get('/v1/auth/me')).status).toBe(200);

    // Once another member is owner, the deletion goes through.
    await run(sql`UPDATE org_members SET role = 'owner' WHERE org_id = ${team.id} AND user_id = ${member.user.id}`);
    await json(await remove(account), OkResponse);
    expect(await count(sql`SELECT count(*)::int AS n FROM organizations WHERE id = ${team.id}`)).toBe(1);
  });

  it('deletes an organization of which the user is the only member, unless it owns collections', async () => {
    const account = await registerAndLogin(server);
    const empty = await org([[account, 'owner']]);
    const publishing = await org([[account, 'owner']]);
    await collection({ orgId: publishing.id });
    await json(await remove(account), OkResponse);
    expect(await count(sql`SELECT count(*)::int AS n FROM organizations WHERE id = ${empty.id}`)).toBe(0);
    // Its published work stays where readers and links find it, with its organization.
    expect(await count(sql`SELECT count(*)::int AS n FROM organizations WHERE id = ${publishing.id}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM collections WHERE owner_org_id = ${publishing.id}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM org_members WHERE org_id = ${publishing.id}`)).toBe(0);
  });
});
