// The live channel bounds subscribe messages per socket (a token bucket; 20 per 10 s by default):
// each may read the backlog, so a client looping on subscribe is closed with 4429, which the web
// app retries after its backoff. Within the limit, and once the bucket refills, subscribes work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, userChannel } from '../../src/realtime/protocol.js';
import { TOO_MANY_SUBSCRIBES_REASON } from '../../server/realtime/live-connection.js';
import { DEFAULT_REALTIME_OPTIONS } from '../../server/realtime/realtime-options.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { connectLive, type RealtimeTestClient } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const LIMIT = { limit: 5, windowSeconds: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('allows 20 subscribes per 10 s per socket by default', () => {
  expect(DEFAULT_REALTIME_OPTIONS.subscribeLimit).toEqual({ limit: 20, windowSeconds: 10 });
});

describe.each(ENGINES)('subscribe limit per socket (%s)', (engine) => {
  let server: TestServer;
  let account: TestAccount;
  const clients: RealtimeTestClient[] = [];
  const live = async () => {
    const client = await connectLive(server.url, account.session);
    clients.push(client);
    return client;
  };
  const subscribed = (client: RealtimeTestClient) =>
    client.messages.filter((message) => (message as { type?: string }).type === 'subscribed').length;

  beforeAll(async () => {
    server = await startTestServer(engine, { realtime: { subscribeLimit: LIMIT } });
    account = await registerAndLogin(server);
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('closes a socket that sends more subscribes at once than the bucket holds (4429)', async () => {
    const client = await live();
    const channel = userChannel(account.user.id);
    // A subscribe with last_id may read the backlog: the cost the limit bounds.
    const { id } = await server.app.realtime.publish(account.user.id, 'tool.seq', { n: 1 });
    for (let i = 0; i < LIMIT.limit + 1; i++) client.send({ cmd: 'subscribe', channels: [channel], last_id: id });
    expect(await client.closeInfo()).toEqual({ code: CLOSE_CODES.slowConsumer, reason: TOO_MANY_SUBSCRIBES_REASON });
    expect(subscribed(client)).toBe(LIMIT.limit);
    // The socket's subscription is gone with it: publishing reaches no one on this instance.
    await expect.poll(() => server.app.realtime.subscriberCount(channel)).toBe(0);
  });

  it('lets a new socket subscribe again, and a socket whose bucket refilled', async () => {
    const client = await live();
    const channel = userChannel(account.user.id);
    for (let i = 0; i < LIMIT.limit; i++)
      expect(await client.subscribe([channel])).toMatchObject({ type: 'subscribed', channels: [channel] });
    // One window later the bucket is full again.
    await sleep(LIMIT.windowSeconds * 1000 + 100);
    for (let i = 0; i < LIMIT.limit; i++) expect((await client.subscribe([channel])).type).toBe('subscribed');
    // Steady subscribes below the rate never meet the limit.
    await sleep(LIMIT.windowSeconds * 1000 + 100);
    for (let i = 0; i < LIMIT.limit * 2; i++) {
      expect((await client.subscribe([channel])).type).toBe('subscribed');
      await sleep((LIMIT.windowSeconds * 1000) / LIMIT.limit + 20);
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('counts a refused subscribe (another user’s channel) too, and leaves unsubscribe alone', async () => {
    const client = await live();
    const other = userChannel('00000000-0000-4000-8000-000000000000');
    for (let i = 0; i < LIMIT.limit; i++) expect(await client.subscribe([other])).toMatchObject({ code: 'forbidden' });
    client.send({ cmd: 'unsubscribe', channels: [other] });
    await client.next('subscribed');
    client.send({ cmd: 'subscribe', channels: [userChannel(account.user.id)] });
    expect((await client.closeInfo()).code).toBe(CLOSE_CODES.slowConsumer);
  });
});
