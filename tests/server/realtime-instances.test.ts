// The live channel across server processes on one PostgreSQL: two real `tsx server/main.ts`
// processes; a socket on the first receives what the second publishes (inline and by
// reference), with a ws-token from either. Also: the LISTEN connection survives being dropped.
// PostgreSQL only: skipped, saying so, when DATABASE_URL is unset.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandMessage, userChannel } from '../../src/realtime/protocol.js';
import { newRegistration, registerAndLogin } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { withPgClient } from '../support/pg-client.js';
import { RealtimeTestClient, connectLive, issueToken, wsUrl } from '../support/realtime-client.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';
import { startTestServer } from '../support/test-server.js';

const adminUrl = process.env.DATABASE_URL;

if (!adminUrl) {
  describe('realtime across server processes', () => {
    it.skip('needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run the two-process tests', () => {});
  });
}

describe.runIf(adminUrl)('realtime across server processes', () => {
  const name = `lexhub_test_rt_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl ?? 'postgres://unused/');
    url.pathname = `/${name}`;
    return url.toString();
  })();
  let dataDir = '';
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  const clients: RealtimeTestClient[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-rt-'));
    await withPgClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
    // Started together: the second waits on the migration lock of the first.
    [first, second] = await Promise.all([
      startServerProcess({ databaseUrl, dataDir }),
      startServerProcess({ databaseUrl, dataDir }),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    await withPgClient(adminUrl!, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A user registered and logged in on `instance` (the email marked verified in the database). */
  async function userOn(instance: ServerProcess) {
    const session = new HttpSession(instance.url);
    const body = newRegistration();
    const registered = await session.post('/v1/auth/register', body);
    expect(registered.status).toBe(200);
    await withPgClient(databaseUrl, (client) =>
      client.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [body.email]),
    );
    const login = await session.post('/v1/auth/login', { identifier: body.email, password: body.password });
    expect(login.status).toBe(200);
    const { user } = (await login.json()) as { user: { id: string } };
    return { session, userId: user.id };
  }

  /** The same browser session (cookies live in the database) pointed at another instance. */
  function sameSessionOn(session: HttpSession, instance: ServerProcess): HttpSession {
    const other = new HttpSession(instance.url);
    for (const cookie of ['lexhub_session', 'csrf_token']) other.setCookie(cookie, session.cookie(cookie));
    return other;
  }

  it('delivers to a socket on instance 1 what instance 2 publishes, with a token from instance 2', async () => {
    const { session: onSecond, userId } = await userOn(second!);
    const onFirst = sameSessionOn(onSecond, first!);
    expect((await onFirst.get('/v1/auth/me')).status).toBe(200);

    // Token from instance 2, socket on instance 1.
    const client = await RealtimeTestClient.connect(wsUrl(first!.url, await issueToken(onSecond)));
    clients.push(client);
    expect(await client.waitFor((message) => message.type === 'ready')).toEqual({ type: 'ready', user_id: userId });
    expect(await client.subscribe([userChannel(userId)])).toMatchObject({ type: 'subscribed' });

    const small = await onSecond.post('/v1/realtime/publish', {
      cmd: 'tool.navigate',
      payload: { path: '/documents' },
    });
    expect(small.status).toBe(200);
    const { ts } = (await small.json()) as { ts: number };
    const received = CommandMessage.parse(await client.waitFor((message) => message.cmd === 'tool.navigate'));
    expect(received).toEqual({
      type: 'command',
      cmd: 'tool.navigate',
      channel: userChannel(userId),
      payload: { path: '/documents' },
      ts,
      // Every message carries its backlog id (issue 15).
      id: expect.any(Number),
    });

    // Over the NOTIFY limit: instance 1 reads the body instance 2 stored.
    const content = 'Čl. 54 (1) Prezident republiky je hlavou státu. '.repeat(600);
    const large = await onSecond.post('/v1/realtime/publish', {
      cmd: 'chat.message',
      payload: { role: 'assistant', content },
    });
    expect(large.status).toBe(200);
    const big = CommandMessage.parse(await client.waitFor((message) => message.cmd === 'chat.message'));
    expect(big.payload).toEqual({ role: 'assistant', content });
  }, 60_000);

  it('delivers both ways, to sockets on both instances', async () => {
    const { session: onSecond, userId } = await userOn(second!);
    const onFirst = sameSessionOn(onSecond, first!);
    const a = await connectLive(first!.url, onFirst);
    const b = await connectLive(second!.url, onSecond);
    clients.push(a, b);
    await a.subscribe([userChannel(userId)]);
    await b.subscribe([userChannel(userId)]);
    expect(
      (await onFirst.post('/v1/realtime/publish', { cmd: 'search.query', payload: { q: 'from-one' } })).status,
    ).toBe(200);
    expect(
      (await onSecond.post('/v1/realtime/publish', { cmd: 'search.query', payload: { q: 'from-two' } })).status,
    ).toBe(200);
    for (const client of [a, b]) {
      for (const q of ['from-one', 'from-two'])
        await client.waitFor((message) => message.cmd === 'search.query' && (message.payload as { q: string }).q === q);
    }
  }, 60_000);
});

describe.runIf(adminUrl)('realtime LISTEN connection (postgres)', () => {
  it('comes back after PostgreSQL drops it, and delivery resumes', async () => {
    const server = await startTestServer('postgres');
    try {
      const { session, user } = await registerAndLogin(server);
      const client = await connectLive(server.url, session);
      await client.subscribe([userChannel(user.id)]);
      const terminated = await server.database.raw(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
      );
      expect(terminated.rows).toHaveLength(1);
      // Publish until a message arrives: the listener reconnects within a second or so.
      let n = 0;
      const deadline = Date.now() + 10_000;
      while (
        Date.now() < deadline &&
        !client.messages.some((message) => (message as { cmd?: string }).cmd === 'tool.navigate')
      ) {
        await server.app.realtime.publish(user.id, 'tool.navigate', { path: `/after-drop/${n++}` });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.waitFor((message) => message.cmd === 'tool.navigate', 1000);
      client.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
