// Sessions over HTTP: register → verify → login → me → logout, cookie flags, rotation at login.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../src/api/contract/auth.js';
import { login, registerAndLogin } from '../support/accounts.js';
import { HttpSession, setCookies } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('sessions (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('registers, verifies, logs in and answers /auth/me', async () => {
    const { session, user } = await registerAndLogin(server);
    expect(user.username).toMatch(/^jana-novakova/);
    expect(user.email_verified).toBe(true);
    const me = await session.get('/v1/auth/me');
    expect(me.status).toBe(200);
    expect(MeResponse.parse(await me.json()).user.id).toBe(user.id);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, not Secure over http', async () => {
    const { user } = await registerAndLogin(server);
    const session = new HttpSession(server.url);
    const response = await session.post('/v1/auth/login', { identifier: user.email, password: user.password });
    expect(response.status).toBe(200);
    const cookie = setCookies(response).find((c) => c.name === 'lexhub_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes.httponly).toBe(true);
    expect(String(cookie.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie.attributes.path).toBe('/');
    expect(cookie.attributes.secure).toBeUndefined();
  });

  it('answers 401 not_authenticated without a session', async () => {
    const response = await new HttpSession(server.url).get('/v1/auth/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ detail: 'not_authenticated' });
  });

  it('rotates the session id at login and ends the old one', async () => {
    const { session, user } = await registerAndLogin(server);
    const before = session.cookie('lexhub_session')!;
    const again = await session.post('/v1/auth/login', { identifier: user.email, password: user.password });
    expect(again.status).toBe(200);
    const after = session.cookie('lexhub_session')!;
    expect(after).not.toBe(before);
    const stale = new HttpSession(server.url);
    stale.setCookie('lexhub_session', before);
    expect((await stale.get('/v1/auth/me')).status).toBe(401);
    expect((await session.get('/v1/auth/me')).status).toBe(200);
  });

  it('reads the session for API calls only: a health check or a page file costs no session query', async () => {
    const stale = { cookie: 'lexhub_session=not-a-live-session-id' };
    // An unknown session id is cleared where the session is read...
    const api = await fetch(`${server.url}/v1/auth/me`, { headers: stale });
    expect(api.status).toBe(401);
    expect(setCookies(api).find((c) => c.name === 'lexhub_session')?.value).toBe('');
    // ...and left alone where it is not looked up at all.
    const health = await fetch(`${server.url}/healthz`, { headers: stale });
    expect(health.status).toBe(200);
    expect(setCookies(health).find((c) => c.name === 'lexhub_session')).toBeUndefined();
  });

  it('logout ends the session and clears the cookie', async () => {
    const { session } = await registerAndLogin(server);
    const id = session.cookie('lexhub_session')!;
    const response = await session.post('/v1/auth/logout');
    expect(response.status).toBe(200);
    const cleared = setCookies(response).find((c) => c.name === 'lexhub_session');
    expect(cleared?.value ?? '').toBe('');
    expect(session.cookie('lexhub_session')).toBeUndefined();
    const replay = new HttpSession(server.url);
    replay.setCookie('lexhub_session', id);
    expect((await replay.get('/v1/auth/me')).status).toBe(401);
  });

  it('keeps two sessions of one user apart', async () => {
    const { user } = await registerAndLogin(server);
    const other = await login(server, user.email, user.password);
    expect((await other.session.get('/v1/auth/me')).status).toBe(200);
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const { user } = await registerAndLogin(server);
    const response = await new HttpSession(server.url).post(
      '/v1/auth/login',
      { identifier: user.email, password: user.password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(setCookies(response).find((c) => c.name === 'lexhub_session')?.attributes.secure).toBeUndefined();
  });

  it('ends an expired session', async () => {
    const { session, user } = await registerAndLogin(server);
    await server.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const response = await session.get('/v1/auth/me');
    expect(response.status).toBe(401);
    expect(session.cookie('lexhub_session')).toBeUndefined();
  });

  it('slides the expiry forward once a minute of use has passed', async () => {
    const { session, user } = await registerAndLogin(server);
    const expiry = async () =>
      (
        (await server.database.db.execute(
          sql`SELECT extract(epoch FROM expires_at)::float8 AS e FROM sessions WHERE user_id = ${user.id}`,
        )) as unknown as { rows: { e: number }[] }
      ).rows[0]!.e;
    await server.database.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 day' WHERE user_id = ${user.id}`,
    );
    const before = await expiry();
    const response = await session.get('/v1/auth/me');
    expect(response.status).toBe(200);
    expect(await expiry()).toBeGreaterThan(before + 20 * 24 * 3600);
    expect(setCookies(response).some((c) => c.name === 'lexhub_session')).toBe(true);
    // Within the minute: no write, no new cookie.
    const again = await session.get('/v1/auth/me');
    expect(setCookies(again).some((c) => c.name === 'lexhub_session')).toBe(false);
  });
});

describe('Secure cookies (pglite)', () => {
  let behindProxy: TestServer;
  let httpsPublic: TestServer;
  beforeAll(async () => {
    [behindProxy, httpsPublic] = await Promise.all([
      startTestServer('pglite', { accounts: { trustProxy: true } }),
      startTestServer('pglite', { accounts: { publicUrl: 'https://lexhub.example.org' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([behindProxy?.close(), httpsPublic?.close()]);
  });

  const loginCookies = async (server: TestServer, headers: Record<string, string> = {}) => {
    const { user } = await registerAndLogin(server);
    const response = await new HttpSession(server.url).post(
      '/v1/auth/login',
      { identifier: user.email, password: user.password },
      headers,
    );
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    return { session: cookies.find((c) => c.name === 'lexhub_session')! };
  };

  it('marks cookies Secure when a trusted proxy says the request came over https', async () => {
    const cookies = await loginCookies(behindProxy, { 'x-forwarded-proto': 'https' });
    expect(cookies.session.attributes.secure).toBe(true);
    const first = await fetch(`${behindProxy.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookies(first).find((c) => c.name === 'csrf_token')?.attributes.secure).toBe(true);
    const plain = await loginCookies(behindProxy);
    expect(plain.session.attributes.secure).toBeUndefined();
  });

  it('marks cookies Secure when the public address is https', async () => {
    const cookies = await loginCookies(httpsPublic);
    expect(cookies.session.attributes.secure).toBe(true);
    expect(cookies.session.attributes.httponly).toBe(true);
  });
});
