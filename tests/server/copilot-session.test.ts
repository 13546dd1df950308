// Copilot sessions over HTTP: POST /v1/copilot/session (login + CSRF), the signed headers, the
// templates file and the chat address.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopilotConfig, CopilotSession, CopilotTemplates } from '../../src/api/contract/copilot.js';
import { ErrorBody } from '../../src/api/contract/common.js';
import { loadCopilotSecret } from '../../server/copilot/copilot-secret.js';
import { SESSION_SECONDS, verifySignedHeaders } from '../../server/copilot/signed-session.js';
import { registerAndLogin } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { ENGINES } from '../support/test-database.js';
import { json, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('Copilot sessions on %s', (engine) => {
  let server: TestServer;
  let templates: CopilotTemplates;

  beforeAll(async () => {
    server = await startTestServer(engine);
    templates = await json(await server.get('/copilot_templates.json'), CopilotTemplates);
  });
  afterAll(() => server?.close());

  const sessionBody = (extra: Record<string, unknown> = {}) => ({
    scope: 'chat',
    template_hash: templates.hash,
    include_ws_token: false,
    ...extra,
  });

  it('refuses a caller who is not logged in (401), even with the CSRF token', async () => {
    const anonymous = new HttpSession(server.url);
    const response = await anonymous.post('/v1/copilot/session', sessionBody());
    expect(response.status).toBe(401);
    expect(ErrorBody.parse(await response.json()).detail).toBe('not_authenticated');
  });

  it('refuses a logged-in caller without the CSRF header (403)', async () => {
    const { session } = await registerAndLogin(server);
    const response = await session.withoutCsrf('POST', '/v1/copilot/session', sessionBody());
    expect(response.status).toBe(403);
    expect(ErrorBody.parse(await response.json()).detail).toBe('csrf_failed');
  });

  it('issues a session whose headers are signed for the user, valid for 30 minutes', async () => {
    const { session, user } = await registerAndLogin(server);
    const before = Date.now();
    const copilot = await json(await session.post('/v1/copilot/session', sessionBody()), CopilotSession);
    expect(copilot.user_id).toBe(user.id);
    expect(copilot.ws_token).toBeUndefined();
    expect(copilot.signed_headers).toMatchObject({
      'x-copilot-session': copilot.session_id,
      'x-copilot-user': user.id,
      'x-copilot-nonce': copilot.nonce,
    });
    const expires = Date.parse(copilot.expires_at);
    expect(Number(copilot.signed_headers['x-copilot-expires']) * 1000).toBe(expires);
    expect(expires - before).toBeGreaterThan((SESSION_SECONDS - 5) * 1000);
    expect(expires - before).toBeLessThanOrEqual((SESSION_SECONDS + 1) * 1000);

    // The in-memory test server signs with this process' secret.
    const claims = verifySignedHeaders(loadCopilotSecret(), copilot.signed_headers);
    expect(claims).toEqual({
      sessionId: copilot.session_id,
      userId: user.id,
      login: copilot.signed_headers['x-copilot-login'],
      nonce: copilot.nonce,
      expires: expires / 1000,
    });
    expect(() =>
      verifySignedHeaders(loadCopilotSecret(), { ...copilot.signed_headers, 'x-copilot-user': crypto.randomUUID() }),
    ).toThrow();
  });

  it('gives every session its own id and nonce', async () => {
    const { session } = await registerAndLogin(server);
    const a = await json(await session.post('/v1/copilot/session', sessionBody()), CopilotSession);
    const b = await json(await session.post('/v1/copilot/session', sessionBody()), CopilotSession);
    expect(a.session_id).not.toBe(b.session_id);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.signed_headers['x-copilot-signature']).not.toBe(b.signed_headers['x-copilot-signature']);
  });

  it('includes a ws-token when asked', async () => {
    const { session } = await registerAndLogin(server);
    const copilot = await json(
      await session.post('/v1/copilot/session', sessionBody({ include_ws_token: true })),
      CopilotSession,
    );
    expect(copilot.ws_token?.token).toMatch(/.{16,}/);
    expect(copilot.ws_token?.expires_in).toBeGreaterThan(0);
  });

  it('rejects an unknown scope and a missing template hash (400)', async () => {
    const { session } = await registerAndLogin(server);
    const scope = await session.post('/v1/copilot/session', sessionBody({ scope: 'admin' }));
    expect(scope.status).toBe(400);
    expect(ErrorBody.parse(await scope.json())).toMatchObject({ detail: 'validation_failed', field: 'scope' });
    const hash = await session.post('/v1/copilot/session', { scope: 'chat' });
    expect(hash.status).toBe(400);
    expect(ErrorBody.parse(await hash.json())).toMatchObject({ detail: 'validation_failed', field: 'template_hash' });
  });

  it('serves the templates with a stable hash of their content and the chat capability', async () => {
    expect(templates.templates.find((t) => t.capability === 'chat')?.template).toBe('lexhub.chat.v1');
    expect(templates.hash).toBe(createHash('sha256').update(JSON.stringify(templates.templates)).digest('hex'));
    const again = await server.get('/copilot_templates.json');
    expect(again.headers.get('etag')).toBe(`"${templates.hash}"`);
    expect((await json(again, CopilotTemplates)).hash).toBe(templates.hash);
    const cached = await server.get('/copilot_templates.json', { 'if-none-match': `"${templates.hash}"` });
    expect(cached.status).toBe(304);
  });

  it('tells the client where the chat service is', async () => {
    const config = await json(await server.get('/copilot/config'), CopilotConfig);
    expect(config).toEqual({ chat_url: '/copilot/chat', assistant: 'retrieval' });
  });
});

describe.each(ENGINES)('Copilot sessions and the ws-token limit on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { realtime: { wsTokenLimit: { limit: 2, windowSeconds: 3600 } } });
  });
  afterAll(() => server?.close());

  it('counts the ws-tokens it hands out in the same bucket as POST /v1/auth/ws-token', async () => {
    const { session } = await registerAndLogin(server);
    const templates = await json(await server.get('/copilot_templates.json'), CopilotTemplates);
    const body = (include: boolean) => ({ scope: 'chat', template_hash: templates.hash, include_ws_token: include });
    expect((await session.post('/v1/copilot/session', body(true))).status).toBe(200);
    expect((await session.post('/v1/auth/ws-token')).status).toBe(200);
    for (const response of [
      await session.post('/v1/copilot/session', body(true)),
      await session.post('/v1/auth/ws-token'),
    ]) {
      expect(response.status).toBe(429);
      expect(ErrorBody.parse(await response.json()).detail).toBe('rate_limited');
    }
    // A session without a token is not a token.
    expect((await session.post('/v1/copilot/session', body(false))).status).toBe(200);
  });
});
