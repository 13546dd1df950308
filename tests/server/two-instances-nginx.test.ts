// Two server processes on one PostgreSQL behind nginx (round robin, WebSocket upgrade,
// TRUST_PROXY=true), as a deployment with a load balancer runs them (issue 15, scale-out).
// Through the proxy, whichever instance answers: sessions and CSRF, rate limits counted once, the
// live channel, the Copilot. Needs PostgreSQL (DATABASE_URL) and nginx (`.ci/run` installs it).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopilotSession } from '../../src/api/contract/copilot.js';
import { userChannel } from '../../src/realtime/protocol.js';
import { newRegistration } from '../support/accounts.js';
import { chatBody, postChat, readChunks, templatesOf } from '../support/copilot-chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { HttpSession } from '../support/http-session.js';
import { nginxAvailable, startNginx, type Nginx } from '../support/nginx.js';
import { withPgClient } from '../support/pg-client.js';
import { RealtimeTestClient, connectLive } from '../support/realtime-client.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

const adminUrl = process.env.DATABASE_URL;
const runnable = adminUrl !== undefined && nginxAvailable();

if (!runnable) {
  describe('two instances behind nginx', () => {
    it.skip('needs PostgreSQL (DATABASE_URL) and nginx (/usr/sbin/nginx or NGINX_PATH)', () => {});
  });
}

/** Which instance answered: nginx names the upstream it used. */
const upstreamOf = (response: Response) => response.headers.get('x-upstream') ?? 'none';

describe.runIf(runnable)('two instances behind nginx', () => {
  const name = `lexhub_test_lb_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl ?? 'postgres://unused/');
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const dataDirs: string[] = [];
  const instances: ServerProcess[] = [];
  const clients: RealtimeTestClient[] = [];
  let proxy: Nginx | undefined;
  let model: FakeOpenAi;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    await withPgClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
    const env = { TRUST_PROXY: 'true', COPILOT_MODEL_URL: model.url, COPILOT_MODEL: 'test-model' };
    // Each instance its own DATA_DIR, as on two machines; started together (one waits on the
    // other's migration lock).
    for (let i = 0; i < 2; i++) dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `lexhub-lb-${i}-`)));
    instances.push(
      ...(await Promise.all(dataDirs.map((dataDir) => startServerProcess({ databaseUrl, dataDir, env })))),
    );
    proxy = await startNginx(instances.map((instance) => instance.port));
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await proxy?.stop();
    await Promise.all(instances.map((instance) => stopServerProcess(instance)));
    await model?.close();
    await withPgClient(adminUrl!, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A verified user logged in through the proxy. */
  async function loggedIn() {
    const session = new HttpSession(proxy!.url);
    const body = newRegistration();
    expect((await session.post('/v1/auth/register', body)).status).toBe(200);
    await withPgClient(databaseUrl, (client) =>
      client.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [body.email]),
    );
    const login = await session.post('/v1/auth/login', { identifier: body.email, password: body.password });
    expect(login.status).toBe(200);
    const { user } = (await login.json()) as { user: { id: string } };
    return { session, userId: user.id, email: body.email };
  }

  it('keeps the session and checks CSRF on whichever instance answers', async () => {
    const { session, userId } = await loggedIn();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const me = await session.get('/v1/auth/me');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { id: string } }).user.id).toBe(userId);
      seen.add(upstreamOf(me));
      // A write with the CSRF token passes on either instance; without it, it is refused on either.
      const write = await session.post('/v1/auth/ws-token');
      expect(write.status).toBe(200);
      seen.add(upstreamOf(write));
      const forged = await session.withoutCsrf('POST', '/v1/auth/ws-token');
      expect(forged.status).toBe(403);
      seen.add(upstreamOf(forged));
    }
    expect([...seen].sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
  }, 60_000);

  it('counts a rate limit once across both instances, by the address nginx forwards', async () => {
    const session = new HttpSession(proxy!.url);
    const email = `limit-${randomBytes(4).toString('hex')}@example.org`;
    const answers: { status: number; upstream: string }[] = [];
    // forgot-password: 5 an hour per address and IP (DEFAULT_RATE_LIMITS.forgotPerEmailIp).
    for (let i = 0; i < 6; i++) {
      const response = await session.post('/v1/auth/forgot-password', { email });
      answers.push({ status: response.status, upstream: upstreamOf(response) });
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(new Set(answers.slice(0, 5).map((answer) => answer.upstream)).size).toBe(2);
    // A client that claims another address gets nothing for it: nginx replaces X-Forwarded-For.
    const spoofed = await session.post('/v1/auth/forgot-password', { email }, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.status).toBe(429);
  }, 60_000);

  it('carries the live channel through the proxy: what either instance publishes arrives', async () => {
    const { session, userId } = await loggedIn();
    const client = await connectLive(proxy!.url, session);
    clients.push(client);
    await client.subscribe([userChannel(userId)]);
    const publishers = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const published = await session.post('/v1/realtime/publish', {
        cmd: 'search.query',
        payload: { q: `through-proxy-${i}` },
      });
      expect(published.status).toBe(200);
      publishers.add(upstreamOf(published));
    }
    expect(publishers.size).toBe(2);
    for (let i = 0; i < 4; i++)
      await client.waitFor(
        (message) => message.cmd === 'search.query' && (message.payload as { q: string }).q === `through-proxy-${i}`,
      );
  }, 60_000);

  it('serves the Copilot: a session issued by one instance chats on the other', async () => {
    const { session } = await loggedIn();
    const templates = await templatesOf(proxy!.url);
    const pairs: { issuedBy: string; chattedOn: string }[] = [];
    for (let i = 0; i < 2; i++) {
      model.enqueue({ text: [`Odpověď ${i}: `, 'čl. 54 odst. 1.'] });
      const issued = await session.post('/v1/copilot/session', {
        scope: 'chat',
        template_hash: templates.hash,
        include_ws_token: false,
      });
      expect(issued.status).toBe(200);
      const copilot = CopilotSession.parse(await issued.json());
      const response = await postChat(
        `${proxy!.url}/copilot/chat`,
        copilot.signed_headers,
        chatBody(copilot, templates.hash, 'Kdo je hlavou státu?'),
      );
      expect(response.status).toBe(200);
      expect((await readChunks(response)).join('')).toContain(`Odpověď ${i}: čl. 54 odst. 1.`);
      pairs.push({ issuedBy: upstreamOf(issued), chattedOn: upstreamOf(response) });
    }
    // Round robin sends the session request and its chat to different instances.
    expect(pairs.some((pair) => pair.issuedBy !== pair.chattedOn)).toBe(true);
  }, 60_000);

  // Last: it stops an instance.
  it('resumes a live client on the other instance when its instance dies, missing nothing', async () => {
    const { session, userId } = await loggedIn();
    const channel = userChannel(userId);
    const [first] = instances;
    const publish = async (q: string) => {
      const response = await session.post('/v1/realtime/publish', { cmd: 'search.query', payload: { q } });
      expect(response.status).toBe(200);
    };
    const queryOf = (message: Record<string, unknown>) =>
      message.cmd === 'search.query' ? (message.payload as { q: string }).q : undefined;

    // The balancer put this socket on the first instance.
    const before = await connectLive(first!.url, session);
    clients.push(before);
    await before.subscribe([channel]);
    await publish('before');
    const seen = await before.waitFor<{ id: number }>((message) => queryOf(message) === 'before');

    await stopServerProcess(first, 'SIGKILL');
    await before.closeInfo(10_000);
    // Published while the client is away; nginx sends them to the instance still up.
    for (let i = 0; i < 5; i++) await publish(`missed-${i}`);

    // The client comes back through the proxy with the last id it saw.
    const after = await connectLive(proxy!.url, session);
    clients.push(after);
    expect(await after.subscribe([channel], seen.id)).toMatchObject({ type: 'subscribed' });
    await after.waitFor((message) => queryOf(message) === 'missed-4', 10_000);
    await publish('live-again');
    await after.waitFor((message) => queryOf(message) === 'live-again', 10_000);
    const received = after.messages
      .filter((message): message is Record<string, unknown> => typeof message === 'object' && message !== null)
      .map(queryOf)
      .filter((q) => q !== undefined);
    expect(received).toEqual(['missed-0', 'missed-1', 'missed-2', 'missed-3', 'missed-4', 'live-again']);
  }, 90_000);
});
