// The live channel on one server: ws-tokens (session, CSRF, single use, expiry), the /ws
// handshake checks, channel authorization, malformed messages, publishing (inline and by
// reference), heartbeat, slow consumers and shutdown. Real server, real sockets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  CommandMessage,
  PublishResponse,
  SUBPROTOCOL,
  WsTokenResponse,
  userChannel,
} from '../../src/realtime/protocol.js';
import { sha256 } from '../../server/auth/secret-token.js';
import { NOTIFY_LIMIT_BYTES } from '../../server/realtime/hub.js';
import { sqlRows } from '../../server/db/sql.js';
import { registerAndLogin } from '../support/accounts.js';
import { HttpSession } from '../support/http-session.js';
import { RealtimeTestClient, connectLive, issueToken, wsUrl } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const HEARTBEAT_MS = 250;
const MAX_BUFFERED = 64 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LISTED_ORIGIN = 'https://app.example.org';

describe.each(ENGINES)('realtime hub (%s)', (engine) => {
  let server: TestServer;
  const clients: RealtimeTestClient[] = [];
  const track = (client: RealtimeTestClient) => (clients.push(client), client);
  const live = async (session: HttpSession, options?: Parameters<typeof connectLive>[2]) =>
    track(await connectLive(server.url, session, options));
  const open = async (url: string, options?: Parameters<typeof RealtimeTestClient.connect>[1]) =>
    track(await RealtimeTestClient.connect(url, options));

  beforeAll(async () => {
    server = await startTestServer(engine, {
      realtime: { heartbeatMs: HEARTBEAT_MS, maxBufferedBytes: MAX_BUFFERED, allowedOrigins: [LISTED_ORIGIN] },
    });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  describe('ws-token', () => {
    it('needs a session (401) and the CSRF header (403)', async () => {
      const anonymous = await new HttpSession(server.url).post('/v1/auth/ws-token');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ detail: 'not_authenticated' });

      const { session } = await registerAndLogin(server);
      const forged = await session.withoutCsrf('POST', '/v1/auth/ws-token');
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ detail: 'csrf_failed' });
    });

    it('issues a 60 s token of 32 random bytes, stored only as its sha256', async () => {
      const { session, user } = await registerAndLogin(server);
      const response = await session.post('/v1/auth/ws-token');
      expect(response.status).toBe(200);
      const body = WsTokenResponse.parse(await response.json());
      expect(body.expires_in).toBe(60);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await sqlRows<{ token_hash: string; user_id: string; seconds: number }>(
        server.database.db,
        sql`SELECT token_hash, user_id, extract(epoch FROM expires_at - now())::float8 AS seconds FROM ws_tokens WHERE user_id = ${user.id}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(sha256(body.token));
      expect(rows[0]!.seconds).toBeGreaterThan(50);
      expect(rows[0]!.seconds).toBeLessThanOrEqual(60);
    });
  });

  describe('handshake', () => {
    const expectRefused = async (client: RealtimeTestClient, code: number, errCode: string) => {
      const err = await client.waitFor((message) => message.type === 'err');
      expect(err).toMatchObject({ type: 'err', code: errCode });
      expect(String(err.message).length).toBeGreaterThan(10);
      const closed = await client.closeInfo();
      expect(closed.code).toBe(code);
      expect(closed.reason).toBe(errCode);
      expect(client.messages.some((message) => (message as { type?: string }).type === 'ready')).toBe(false);
    };

    it('refuses a missing or garbage token with err unauthorized and 4401', async () => {
      await expectRefused(await open(wsUrl(server.url)), CLOSE_CODES.unauthorized, 'unauthorized');
      await expectRefused(await open(wsUrl(server.url, 'not-a-token')), CLOSE_CODES.unauthorized, 'unauthorized');
      await expectRefused(await open(wsUrl(server.url, 'A'.repeat(43))), CLOSE_CODES.unauthorized, 'unauthorized');
    });

    it('refuses an expired token', async () => {
      const { session } = await registerAndLogin(server);
      const token = await issueToken(session);
      await server.database.db.execute(
        sql`UPDATE ws_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(token)}`,
      );
      await expectRefused(await open(wsUrl(server.url, token)), CLOSE_CODES.unauthorized, 'unauthorized');
    });

    it('accepts a token once: a second socket with it is refused', async () => {
      const { session, user } = await registerAndLogin(server);
      const token = await issueToken(session);
      const first = await open(wsUrl(server.url, token));
      expect(await first.waitFor((message) => message.type === 'ready')).toEqual({ type: 'ready', user_id: user.id });
      await expectRefused(await open(wsUrl(server.url, token)), CLOSE_CODES.unauthorized, 'unauthorized');
      // Two sockets racing with one fresh token: exactly one gets in.
      const raced = await issueToken(session);
      const pair = await Promise.all([open(wsUrl(server.url, raced)), open(wsUrl(server.url, raced))]);
      const outcomes = await Promise.all(
        pair.map((client) =>
          client
            .waitFor((message) => message.type === 'ready' || message.type === 'err')
            .then((message) => message.type),
        ),
      );
      expect(outcomes.sort()).toEqual(['err', 'ready']);
    });

    it('refuses a handshake without the subprotocol with 4400, and does not use up the token', async () => {
      const { session } = await registerAndLogin(server);
      const token = await issueToken(session);
      await expectRefused(
        await open(wsUrl(server.url, token), { protocols: [] }),
        CLOSE_CODES.protocolError,
        'protocol_error',
      );
      const client = await open(wsUrl(server.url, token));
      expect(client.socket.protocol).toBe(SUBPROTOCOL);
      await client.waitFor((message) => message.type === 'ready');
    });

    it('refuses a cross-origin browser with 4403 and accepts its own origin', async () => {
      const { session } = await registerAndLogin(server);
      await expectRefused(
        await open(wsUrl(server.url, await issueToken(session)), { origin: 'https://evil.example' }),
        CLOSE_CODES.forbidden,
        'forbidden',
      );
      await expectRefused(
        await open(wsUrl(server.url, await issueToken(session)), { origin: 'null' }),
        CLOSE_CODES.forbidden,
        'forbidden',
      );
      const sameOrigin = await live(session, { origin: server.url });
      expect(sameOrigin.messages[0]).toMatchObject({ type: 'ready' });
      // A web app served from another address gets in once REALTIME_ALLOWED_ORIGINS lists it.
      const listed = await live(session, { origin: LISTED_ORIGIN });
      expect(listed.messages[0]).toMatchObject({ type: 'ready' });
    });

    it('answers 404 to an upgrade on another path', async () => {
      await expect(RealtimeTestClient.connect(`${server.url.replace('http', 'ws')}/elsewhere`)).rejects.toThrow(/404/);
    });
  });

  describe('messages', () => {
    it('subscribes to the own channel only; another channel gets err forbidden and the socket stays usable', async () => {
      const { session, user } = await registerAndLogin(server);
      const { user: other } = await registerAndLogin(server);
      const client = await live(session);
      expect(await client.subscribe([userChannel(other.id)])).toMatchObject({ type: 'err', code: 'forbidden' });
      // All or nothing: the own channel next to a foreign one is not subscribed either.
      expect(await client.subscribe([userChannel(user.id), userChannel(other.id)])).toMatchObject({
        type: 'err',
        code: 'forbidden',
      });
      expect(server.app.realtime.subscriberCount(userChannel(user.id))).toBe(0);
      expect(await client.subscribe([userChannel(user.id)])).toEqual({
        type: 'subscribed',
        channels: [userChannel(user.id)],
      });
      expect(server.app.realtime.subscriberCount(userChannel(user.id))).toBe(1);
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    });

    it('answers malformed JSON, a bad schema and binary frames with err bad_message, and keeps working', async () => {
      const { session, user } = await registerAndLogin(server);
      const client = await live(session);
      for (const bad of [
        '{not json',
        '42',
        JSON.stringify({ cmd: 'subscribe', channels: 'user:x' }),
        JSON.stringify({ cmd: 'explode' }),
        JSON.stringify({ cmd: 'subscribe', channels: [] }),
      ]) {
        const err = client.next('err');
        client.send(bad);
        expect(await err).toMatchObject({ type: 'err', code: 'bad_message' });
      }
      const err = client.next('err');
      client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
      expect(await err).toMatchObject({ type: 'err', code: 'bad_message', message: expect.stringMatching(/binary/) });

      expect(await client.subscribe([userChannel(user.id)])).toMatchObject({ type: 'subscribed' });
      const published = await session.post('/v1/realtime/publish', { cmd: 'search.query', payload: { q: 'ústava' } });
      expect(published.status).toBe(200);
      await client.waitFor((message) => message.cmd === 'search.query');
    });

    it('closes with 1009 on a client message over the size limit', async () => {
      const { session } = await registerAndLogin(server);
      const client = await live(session);
      client.send(JSON.stringify({ cmd: 'subscribe', channels: ['x'.repeat(70 * 1024)] }));
      expect((await client.closeInfo()).code).toBe(1009);
    });

    it('delivers a published command to every socket subscribed to the channel, and to nobody else', async () => {
      const { session, user } = await registerAndLogin(server);
      const { session: otherSession, user: other } = await registerAndLogin(server);
      const [a, b] = [await live(session), await live(session)];
      const bystander = await live(otherSession);
      const unsubscribed = await live(session);
      await a.subscribe([userChannel(user.id)]);
      await b.subscribe([userChannel(user.id)]);
      await bystander.subscribe([userChannel(other.id)]);

      const payload = { translation_preview: 'Článek 54 — překlad', language: 'en' };
      const response = await session.post('/v1/realtime/publish', { cmd: 'editor.translation_preview', payload });
      expect(response.status).toBe(200);
      const { ts } = PublishResponse.parse(await response.json());
      expect(Math.abs(ts - Date.now())).toBeLessThan(5000);

      for (const client of [a, b]) {
        const received = await client.waitFor((message) => message.cmd === 'editor.translation_preview');
        expect(CommandMessage.parse(received)).toEqual({
          type: 'command',
          cmd: 'editor.translation_preview',
          channel: userChannel(user.id),
          payload,
          ts,
          // Every message carries its backlog id (issue 15).
          id: expect.any(Number),
        });
      }
      await sleep(100);
      expect(bystander.messages.filter((message) => (message as { cmd?: string }).cmd)).toEqual([]);
      expect(unsubscribed.messages.filter((message) => (message as { cmd?: string }).cmd)).toEqual([]);
    });

    it('stops delivering after unsubscribe', async () => {
      const { session, user } = await registerAndLogin(server);
      const [leaving, staying] = [await live(session), await live(session)];
      await leaving.subscribe([userChannel(user.id)]);
      await staying.subscribe([userChannel(user.id)]);
      leaving.send({ cmd: 'unsubscribe', channels: [userChannel(user.id)] });
      expect(await leaving.next('subscribed')).toEqual({ type: 'subscribed', channels: [] });
      await session.post('/v1/realtime/publish', { cmd: 'tool.navigate', payload: { path: '/documents' } });
      await staying.waitFor((message) => message.cmd === 'tool.navigate');
      await sleep(100);
      expect(leaving.messages.some((message) => (message as { cmd?: string }).cmd === 'tool.navigate')).toBe(false);
    });

    it('validates published commands: 400 naming the field, 401 without a session, 403 without CSRF', async () => {
      const { session } = await registerAndLogin(server);
      const missing = await session.post('/v1/realtime/publish', { cmd: 'editor.translation_preview', payload: {} });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ detail: 'validation_failed', field: 'payload.translation_preview' });
      const badName = await session.post('/v1/realtime/publish', { cmd: 'system.shutdown', payload: {} });
      expect(badName.status).toBe(400);
      expect(await badName.json()).toMatchObject({ detail: 'validation_failed', field: 'cmd' });
      const badPath = await session.post('/v1/realtime/publish', {
        cmd: 'tool.navigate',
        payload: { path: 'https://evil.example' },
      });
      expect(badPath.status).toBe(400);
      expect(
        (
          await new HttpSession(server.url).post('/v1/realtime/publish', {
            cmd: 'tool.navigate',
            payload: { path: '/' },
          })
        ).status,
      ).toBe(401);
      expect(
        (await session.withoutCsrf('POST', '/v1/realtime/publish', { cmd: 'tool.navigate', payload: { path: '/' } }))
          .status,
      ).toBe(403);
    });

    it('sends a payload over the NOTIFY limit by reference, intact', async () => {
      const { session, user } = await registerAndLogin(server);
      const client = await live(session);
      await client.subscribe([userChannel(user.id)]);
      // Multi-byte text: the limit is in bytes, not characters.
      const content = 'Čl. 54 Prezident republiky je hlavou státu. '.repeat(1200);
      expect(Buffer.byteLength(content)).toBeGreaterThan(8000 * 5);
      const before = await sqlRows<{ n: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS n FROM realtime_messages`,
      );
      const response = await session.post('/v1/realtime/publish', {
        cmd: 'chat.message',
        payload: { role: 'assistant', content },
      });
      expect(response.status).toBe(200);
      const received = CommandMessage.parse(await client.waitFor((message) => message.cmd === 'chat.message'));
      expect(received.payload).toEqual({ role: 'assistant', content });
      const after = await sqlRows<{ n: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS n FROM realtime_messages`,
      );
      expect(after[0]!.n).toBe(before[0]!.n + 1);

      // Around the limit, inline and by reference keep their order on the channel.
      const sizes = [NOTIFY_LIMIT_BYTES - 200, NOTIFY_LIMIT_BYTES + 200, 10, NOTIFY_LIMIT_BYTES * 3, 20];
      for (const [index, size] of sizes.entries())
        await server.app.realtime.publish(user.id, 'tool.size_check', { index, fill: 'x'.repeat(size) });
      await client.waitFor(
        (message) =>
          message.cmd === 'tool.size_check' && (message.payload as { index: number }).index === sizes.length - 1,
      );
      const order = client.messages.flatMap((message) =>
        (message as { cmd?: string }).cmd === 'tool.size_check'
          ? [(message as { payload: { index: number; fill: string } }).payload]
          : [],
      );
      expect(order.map((payload) => payload.index)).toEqual([0, 1, 2, 3, 4]);
      expect(order.map((payload) => payload.fill.length)).toEqual(sizes);
    });
  });

  describe('heartbeat', () => {
    it('drops a socket that stops answering pings, keeps one that answers', async () => {
      const { session, user } = await registerAndLogin(server);
      const dead = await live(session, { autoPong: false });
      const healthy = await live(session);
      await dead.subscribe([userChannel(user.id)]);
      const closed = await dead.closeInfo(HEARTBEAT_MS * 8);
      expect([CLOSE_CODES.heartbeatTimeout, 1006]).toContain(closed.code);
      await sleep(HEARTBEAT_MS * 2);
      expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
      expect(server.app.realtime.subscriberCount(userChannel(user.id))).toBe(0);
    });
  });
});

// Its own server: the short heartbeat above would also drop a socket that stops reading.
describe.each(ENGINES)('realtime slow consumers (%s)', (engine) => {
  let server: TestServer;
  const clients: RealtimeTestClient[] = [];
  const live = async (session: HttpSession) => {
    const client = await connectLive(server.url, session);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await startTestServer(engine, { realtime: { maxBufferedBytes: MAX_BUFFERED } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('closes a consumer that stops reading with 4429 once its buffer passes the bound; others keep receiving', async () => {
    const { session, user } = await registerAndLogin(server);
    const slow = await live(session);
    const fast = await live(session);
    await slow.subscribe([userChannel(user.id)]);
    await fast.subscribe([userChannel(user.id)]);
    (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();

    const channel = userChannel(user.id);
    const chunk = 'y'.repeat(100_000);
    let sent = 0;
    while (server.app.realtime.subscriberCount(channel) === 2 && sent < 500) {
      await server.app.realtime.publish(user.id, 'tool.bulk', { n: sent, chunk });
      sent += 1;
      await sleep(1);
    }
    expect(server.app.realtime.subscriberCount(channel)).toBe(1);
    // The healthy socket got every message.
    await fast.waitFor(
      (message) => message.cmd === 'tool.bulk' && (message.payload as { n: number }).n === sent - 1,
      20_000,
    );
    expect(fast.messages.filter((message) => (message as { cmd?: string }).cmd === 'tool.bulk')).toHaveLength(sent);

    (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    const closed = await slow.closeInfo(10_000);
    expect(closed.code).toBe(CLOSE_CODES.slowConsumer);
    // It read what was queued before the close, and never everything.
    const got = slow.messages.filter((message) => (message as { cmd?: string }).cmd === 'tool.bulk').length;
    expect(got).toBeLessThan(sent);
  }, 60_000);
});

describe.each(ENGINES)('realtime shutdown (%s)', (engine) => {
  it('closes open sockets with 1001 when the app closes', async () => {
    const server = await startTestServer(engine);
    try {
      const { session } = await registerAndLogin(server);
      const client = await connectLive(server.url, session);
      const closing = server.close();
      expect((await client.closeInfo()).code).toBe(CLOSE_CODES.goingAway);
      await closing;
    } catch (error) {
      await server.close().catch(() => {});
      throw error;
    }
  });
});
