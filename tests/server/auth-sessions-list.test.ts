// Issue 15, the user's sessions: the list (public ids, client summary, the current one marked),
// ending one (only one's own: 404 for any other id), signing out everywhere else, and the
// absolute lifetime of 90 days on top of the 30-day sliding expiry.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EndSessionsResponse, OkResponse, SessionList } from '../../src/api/contract/auth.js';
import { login, registerAndLogin } from '../support/accounts.js';
import { expectApiError } from '../support/api-errors.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(ENGINES)('the session list (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A second login of the same user, from a browser with this User-Agent. */
  const loginWith = async (email: string, password: string, userAgent: string) => {
    const { session } = await login(server, email, password);
    // The login above went out with Node's User-Agent: log in again from "the browser".
    const again = await session.post('/v1/auth/login', { identifier: email, password }, { 'user-agent': userAgent });
    expect(again.status).toBe(200);
    return session;
  };

  it('lists the live sessions with their client, marks the current one, never shows the cookie', async () => {
    const { session, user } = await registerAndLogin(server);
    const laptop = await loginWith(user.email, user.password, FIREFOX_LINUX);
    await loginWith(user.email, user.password, SAFARI_IPHONE);

    const list = await json(await laptop.get('/v1/auth/sessions'), SessionList);
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((item) => item.current)).toHaveLength(1);
    const current = list.items.find((item) => item.current)!;
    expect(current.client).toBe('Firefox · Linux');
    expect(list.items.map((item) => item.client)).toContain('Safari · iOS');
    for (const item of list.items) {
      expect(Date.parse(item.created_at)).toBeLessThanOrEqual(Date.parse(item.last_seen_at) + 1000);
      expect(Date.parse(item.expires_at)).toBeGreaterThan(Date.now());
      expect(JSON.stringify(item)).not.toContain(laptop.cookie('lexhub_session')!);
    }
    // Another device sees the same sessions, its own marked.
    const fromFirst = await json(await session.get('/v1/auth/sessions'), SessionList);
    expect(fromFirst.items.find((item) => item.current)!.id).not.toBe(current.id);
    expect(new Set(fromFirst.items.map((item) => item.id))).toEqual(new Set(list.items.map((item) => item.id)));
  });

  it("ends one session by id, and answers 404 for another user's session or an unknown id", async () => {
    const { session, user } = await registerAndLogin(server);
    const phone = await loginWith(user.email, user.password, SAFARI_IPHONE);
    const stranger = await registerAndLogin(server);

    const list = await json(await session.get('/v1/auth/sessions'), SessionList);
    const phoneSession = list.items.find((item) => !item.current)!;
    // Someone else's id: 404, and the session lives on.
    await expectApiError(await stranger.session.delete(`/v1/auth/sessions/${phoneSession.id}`), 404, 'not_found');
    expect((await phone.get('/v1/auth/me')).status).toBe(200);
    await expectApiError(
      await session.delete('/v1/auth/sessions/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    await expectApiError(await session.delete('/v1/auth/sessions/not-a-uuid'), 400, 'validation_failed');

    await json(await session.delete(`/v1/auth/sessions/${phoneSession.id}`), OkResponse);
    expect((await phone.get('/v1/auth/me')).status).toBe(401);
    expect((await session.get('/v1/auth/me')).status).toBe(200);
    const after = await json(await session.get('/v1/auth/sessions'), SessionList);
    expect(after.items.map((item) => item.id)).not.toContain(phoneSession.id);

    // Ending the current one by id is a logout: the cookie goes too.
    const own = after.items.find((item) => item.current)!;
    await json(await session.delete(`/v1/auth/sessions/${own.id}`), OkResponse);
    expect(session.cookie('lexhub_session')).toBeUndefined();
    expect((await session.get('/v1/auth/me')).status).toBe(401);
  });

  it('signs out everywhere else: every other session ends, this one stays', async () => {
    const { session, user } = await registerAndLogin(server);
    const others = [
      await loginWith(user.email, user.password, FIREFOX_LINUX),
      await loginWith(user.email, user.password, SAFARI_IPHONE),
    ];
    const someoneElse = await registerAndLogin(server);

    const answer = await json(await session.post('/v1/auth/sessions/end-all'), EndSessionsResponse);
    expect(answer).toEqual({ status: 'ok', ended: 2 });
    for (const other of others) expect((await other.get('/v1/auth/me')).status).toBe(401);
    expect((await session.get('/v1/auth/me')).status).toBe(200);
    expect((await someoneElse.session.get('/v1/auth/me')).status).toBe(200);
    const list = await json(await session.get('/v1/auth/sessions'), SessionList);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.current).toBe(true);
  });

  it('needs a session and the CSRF header', async () => {
    const { session } = await registerAndLogin(server);
    const anonymous = await fetch(`${server.url}/v1/auth/sessions`);
    expect(anonymous.status).toBe(401);
    expect((await session.withoutCsrf('POST', '/v1/auth/sessions/end-all')).status).toBe(403);
  });

  it('ends a session 90 days after its login however recently it was used', async () => {
    const { session, user } = await registerAndLogin(server);
    // Used a minute ago (so the next request slides the expiry), logged in almost 90 days ago.
    await server.database.db.execute(
      sql`UPDATE sessions SET created_at = now() - interval '89 days 23 hours', last_seen_at = now() - interval '2 minutes'
          WHERE user_id = ${user.id}`,
    );
    expect((await session.get('/v1/auth/me')).status).toBe(200);
    const result = (await server.database.db.execute(
      sql`SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM sessions WHERE user_id = ${user.id}`,
    )) as unknown as { rows: { lifetime: number }[] };
    // The slide stopped at the absolute end, not 30 days on.
    expect(Number(result.rows[0]!.lifetime)).toBeLessThanOrEqual(90 * 24 * 3600);

    await server.database.db.execute(
      sql`UPDATE sessions SET created_at = now() - interval '90 days 1 minute', expires_at = now() + interval '20 days'
          WHERE user_id = ${user.id}`,
    );
    expect((await session.get('/v1/auth/me')).status).toBe(401);
  });
});
