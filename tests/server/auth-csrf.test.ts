// CSRF over HTTP: the csrf_token cookie is handed out on the first response of any kind but a static file, and
// every state-changing /v1 call without the matching X-CSRF-Token header gets 403 csrf_failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../support/accounts.js';
import { HttpSession, setCookies } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('CSRF (%s)', (engine) => {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-csrf-web-'));
  let server: TestServer;
  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Lexhub</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
    server = await startTestServer(engine, { webRoot });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const csrfCookieOf = (response: Response) => setCookies(response).find((cookie) => cookie.name === 'csrf_token');

  it.each([
    ['the health check', '/healthz', {}],
    ['a client route (index.html)', '/settings/handle', { accept: 'text/html' }],
    ['an API 404', '/v1/no-such-route', {}],
    ['an API answer', '/v1/languages', {}],
  ])('sets a readable csrf_token cookie on %s', async (_what, url, headers) => {
    const response = await fetch(server.url + url, { headers });
    const cookie = csrfCookieOf(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes.httponly).toBeUndefined();
    expect(String(cookie?.attributes.samesite).toLowerCase()).toBe('lax');
    expect(cookie?.attributes.path).toBe('/');
  });

  it('sets no cookie on a static file, which caches may keep and share (issue 14)', async () => {
    const response = await fetch(`${server.url}/assets/app-1.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('does not replace the cookie once the request carries it', async () => {
    const session = new HttpSession(server.url);
    await session.get('/healthz');
    const again = await session.get('/healthz');
    expect(csrfCookieOf(again)).toBeUndefined();
  });

  it('answers 403 csrf_failed without the header, with a wrong one, or without the cookie', async () => {
    const { session, user } = await registerAndLogin(server);
    const cases: [string, Response][] = [
      ['no header', await session.withoutCsrf('POST', '/v1/auth/logout')],
      ['wrong header', await session.post('/v1/auth/logout', undefined, { 'x-csrf-token': 'A'.repeat(43) })],
      ['wrong length', await session.post('/v1/auth/logout', undefined, { 'x-csrf-token': 'x' })],
      [
        'patch without header',
        await session.withoutCsrf('PATCH', `/v1/users/${user.id}/handle`, { username: 'someone' }),
      ],
      // The router decodes these to /v1/auth/logout: the check must see the route, not the raw URL.
      ['percent-encoded v', await session.withoutCsrf('POST', '/%761/auth/logout')],
      ['percent-encoded 1', await session.withoutCsrf('POST', '/v%31/auth/logout')],
    ];
    const noCookie = new HttpSession(server.url);
    noCookie.setCookie('lexhub_session', session.cookie('lexhub_session'));
    cases.push([
      'header but no cookie',
      await noCookie.post('/v1/auth/logout', undefined, { 'x-csrf-token': session.cookie('csrf_token')! }),
    ]);
    for (const [what, response] of cases) {
      expect(response.status, what).toBe(403);
      expect(await response.json(), what).toMatchObject({ detail: 'csrf_failed' });
    }
    // None of them logged the user out.
    expect((await session.get('/v1/auth/me')).status).toBe(200);
    // And with the header, logout works.
    expect((await session.post('/v1/auth/logout')).status).toBe(200);
    expect((await session.get('/v1/auth/me')).status).toBe(401);
  });

  it('checks CSRF before the body: a forged register with a bad body is still csrf_failed', async () => {
    const response = await new HttpSession(server.url).withoutCsrf('POST', '/v1/auth/register', '{not json');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ detail: 'csrf_failed' });
  });

  it('lets csrfExempt reads and GETs through without the header', async () => {
    const texts = await server.post('/v1/legal/fragments/texts', { fragment_ids: [] });
    expect(texts.status).not.toBe(403);
    expect((await fetch(`${server.url}/v1/languages`)).status).toBe(200);
  });
});
