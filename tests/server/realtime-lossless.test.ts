// The lossless live channel (issue 15): every message is stored with an id and NOTIFYed in one
// transaction; a client that reconnects with `last_id` gets what it missed (or `reset` when the
// backlog was pruned); an instance whose LISTEN connection dropped replays from the table; a
// listener that stops reading is cut before it stalls writers, then reconnects and catches up.
// Real server, real sockets, PGlite and PostgreSQL (the LISTEN parts on PostgreSQL only).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandMessage, ServerEvent, userChannel } from '../../src/realtime/protocol.js';
import { DEFAULT_LISTENER_MONITOR } from '../../server/realtime/listener-monitor.js';
import { pruneMessages, REPLAY_MAX_BYTES } from '../../server/realtime/message-store.js';
import { MAX_MESSAGE_BYTES, NOTIFY_LIMIT_BYTES } from '../../server/realtime/hub.js';
import { registerAndLogin } from '../support/accounts.js';
import { RealtimeTestClient, connectLive } from '../support/realtime-client.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `n` payload of every `tool.seq` command received, in arrival order. */
const seqOf = (client: RealtimeTestClient) =>
  client.messages.flatMap((message) =>
    (message as { cmd?: string }).cmd === 'tool.seq' ? [CommandMessage.parse(message)] : [],
  );
const numbers = (client: RealtimeTestClient) => seqOf(client).map((message) => (message.payload as { n: number }).n);

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.each(ENGINES)('live channel backlog (%s)', (engine) => {
  let server: TestServer;
  const clients: RealtimeTestClient[] = [];
  const live = async (session: Parameters<typeof connectLive>[1]) => {
    const client = await connectLive(server.url, session);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('sends a reconnecting client what it missed after last_id, in order and once, then live', async () => {
    const { session, user } = await registerAndLogin(server);
    const channel = userChannel(user.id);
    const first = await live(session);
    await first.subscribe([channel]);
    const { id: seenId } = await server.app.realtime.publish(user.id, 'tool.seq', { n: 0 });
    const got = CommandMessage.parse(await first.waitFor((message) => message.cmd === 'tool.seq'));
    expect(got.id).toBe(seenId);
    first.close();

    // Missed while away: inline and by reference (the id survives both paths).
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 1 });
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 2, fill: 'x'.repeat(NOTIFY_LIMIT_BYTES) });
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 3 });

    const second = await live(session);
    expect(await second.subscribe([channel], seenId)).toMatchObject({ type: 'subscribed', channels: [channel] });
    await second.waitFor((message) => message.cmd === 'tool.seq' && (message.payload as { n: number }).n === 3);
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 4 });
    await second.waitFor((message) => message.cmd === 'tool.seq' && (message.payload as { n: number }).n === 4);
    await sleep(100);
    expect(numbers(second)).toEqual([1, 2, 3, 4]);
    const ids = seqOf(second).map((message) => message.id!);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(ids[0]).toBeGreaterThan(seenId);
  });

  it('a subscribe, unsubscribe and subscribe from an earlier id, sent at once, get everything after that id', async () => {
    const { session, user } = await registerAndLogin(server);
    const channel = userChannel(user.id);
    const ids: number[] = [];
    for (let n = 1; n <= 6; n += 1) ids.push((await server.app.realtime.publish(user.id, 'tool.seq', { n })).id);
    const client = await live(session);
    // Three frames back to back: the first replay (after n=4) is still reading when the second
    // (after n=1) starts; the first must not flush or end the second's.
    client.send({ cmd: 'subscribe', channels: [channel], last_id: ids[3] });
    client.send({ cmd: 'unsubscribe', channels: [channel] });
    client.send({ cmd: 'subscribe', channels: [channel], last_id: ids[0] });
    const reset = () => client.messages.some((message) => (message as { type?: string }).type === 'reset');
    await until(() => reset() || numbers(client).filter((n) => n >= 2).length >= 5, 'the messages after n=1, or reset');
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 7 });
    await client.waitFor((message) => message.cmd === 'tool.seq' && (message.payload as { n: number }).n === 7);
    await sleep(100);
    const received = numbers(client);
    if (reset()) {
      // The first replay was still reading: one read at a time per socket, the second is told
      // reset (the app reloads its state) and goes on live.
      expect(received[received.length - 1]).toBe(7);
    } else {
      // The first replay had ended: the second sends everything after n=1 once, in order (what
      // the first sent before the unsubscribe, 5 and 6, may come before it).
      expect(received.slice(received.indexOf(2))).toEqual([2, 3, 4, 5, 6, 7]);
    }
  });

  it('refuses a message over the size limit, answers reset past the replay byte budget, prunes per channel', async () => {
    const { session, user } = await registerAndLogin(server);
    const channel = userChannel(user.id);
    const tooBig = await session.post('/v1/realtime/publish', {
      cmd: 'tool.big',
      payload: { fill: 'x'.repeat(MAX_MESSAGE_BYTES) },
    });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).detail).toBe('validation_failed');

    // Just under the budget: replayed; one more message over it: reset, not megabytes.
    const fill = 'z'.repeat(100 * 1024);
    const { id: before } = await server.app.realtime.publish(user.id, 'tool.seq', { n: 0 });
    const fits = Math.floor(REPLAY_MAX_BYTES / (fill.length + 100));
    for (let n = 1; n <= fits; n += 1) await server.app.realtime.publish(user.id, 'tool.seq', { n, fill });
    const replayed = await live(session);
    await replayed.subscribe([channel], before);
    await until(() => numbers(replayed).length === fits, 'the replay under the byte budget');
    await server.app.realtime.publish(user.id, 'tool.seq', { n: fits + 1, fill });
    await server.app.realtime.publish(user.id, 'tool.seq', { n: fits + 2, fill });
    const over = await live(session);
    await over.subscribe([channel], before);
    expect(ServerEvent.parse(await over.waitFor((message) => message.type === 'reset'))).toEqual({
      type: 'reset',
      channel,
    });
    expect(numbers(over)).toEqual([]);

    // A busy channel keeps its newest few; another channel's messages stay.
    const other = await registerAndLogin(server);
    const { id: otherId } = await server.app.realtime.publish(other.user.id, 'tool.seq', { n: 1 });
    for (let n = 0; n < 5; n += 1) await server.app.realtime.publish(user.id, 'tool.seq', { n: 100 + n });
    await pruneMessages(server.database.db, { keep: 10_000, maxAgeSeconds: 600, keepPerChannel: 3 });
    const left = await server.database.raw(
      'SELECT channel, count(*)::int AS n FROM realtime_messages WHERE channel IN ($1, $2) GROUP BY channel ORDER BY channel',
      [channel, userChannel(other.user.id)],
    );
    expect(Object.fromEntries(left.rows.map((row) => [row.channel, row.n]))).toEqual({
      [channel]: 3,
      [userChannel(other.user.id)]: 1,
    });
    expect(otherId).toBeGreaterThan(0);
  });

  it('answers reset when last_id was pruned (or is unknown), then goes on live', async () => {
    const { session, user } = await registerAndLogin(server);
    const channel = userChannel(user.id);
    const { id: oldId } = await server.app.realtime.publish(user.id, 'tool.seq', { n: 0 });
    for (let n = 1; n <= 3; n += 1) await server.app.realtime.publish(user.id, 'tool.seq', { n });
    // Keep only the newest: what came after oldId is gone.
    await pruneMessages(server.database.db, { keep: 1, maxAgeSeconds: 600 });

    const client = await live(session);
    await client.subscribe([channel], oldId);
    expect(ServerEvent.parse(await client.waitFor((message) => message.type === 'reset'))).toEqual({
      type: 'reset',
      channel,
    });
    expect(numbers(client)).toEqual([]);
    await server.app.realtime.publish(user.id, 'tool.seq', { n: 9 });
    await client.waitFor((message) => message.cmd === 'tool.seq');
    expect(numbers(client)).toEqual([9]);

    // An id the backlog never had (another database, a restore): reset too.
    const stranger = await live(session);
    await stranger.subscribe([channel], 10 ** 12);
    await stranger.waitFor((message) => message.type === 'reset');
  });

  it('prunes by count and by age but always keeps the newest message', async () => {
    const { user } = await registerAndLogin(server);
    for (let n = 0; n < 5; n += 1) await server.app.realtime.publish(user.id, 'tool.seq', { n });
    const count = async () =>
      Number((await server.database.raw('SELECT count(*)::int AS n FROM realtime_messages')).rows[0]!.n);
    await pruneMessages(server.database.db, { keep: 3, maxAgeSeconds: 600 });
    expect(await count()).toBe(3);
    await pruneMessages(server.database.db, { keep: 1000, maxAgeSeconds: 0 });
    expect(await count()).toBe(1);
  });
});

const postgres = ENGINES.includes('postgres');
if (!postgres) {
  describe('lossless LISTEN (postgres)', () => {
    it.skip('needs PostgreSQL: set DATABASE_URL to run the LISTEN-drop and slow-listener tests', () => {});
  });
}

/** The pid of the server's LISTEN session, once it has one. */
async function listenerPid(server: TestServer): Promise<number> {
  await until(() => server.app.realtime.listenerPid !== null, 'the LISTEN session');
  return server.app.realtime.listenerPid!;
}

async function backendAlive(server: TestServer, pid: number): Promise<boolean> {
  const { rows } = await server.database.raw('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
  return rows.length > 0;
}

describe.runIf(postgres)('lossless LISTEN (postgres)', () => {
  it('delivers what was published while the LISTEN connection was down, once and in order', async () => {
    const server = await startTestServer('postgres');
    try {
      const { session, user } = await registerAndLogin(server);
      const client = await connectLive(server.url, session);
      await client.subscribe([userChannel(user.id)]);
      await server.app.realtime.publish(user.id, 'tool.seq', { n: 0 });
      await client.waitFor((message) => message.cmd === 'tool.seq');

      const pid = await listenerPid(server);
      await server.database.raw('SELECT pg_terminate_backend($1)', [pid]);
      await until(() => server.app.realtime.listenerPid === null, 'the listener to notice the drop');
      // Acknowledged during the reconnect backoff: before issue 15 these were lost. The first
      // surely is (the backoff is 250 ms); the others may land after the reconnect on a busy machine.
      await server.app.realtime.publish(user.id, 'tool.seq', { n: 1 });
      expect(server.app.realtime.listenerPid).toBeNull();
      for (let n = 2; n <= 5; n += 1) await server.app.realtime.publish(user.id, 'tool.seq', { n });

      await client.waitFor((message) => message.cmd === 'tool.seq' && (message.payload as { n: number }).n === 5);
      expect(await listenerPid(server)).not.toBe(pid);
      await server.app.realtime.publish(user.id, 'tool.seq', { n: 6 });
      await client.waitFor((message) => message.cmd === 'tool.seq' && (message.payload as { n: number }).n === 6);
      await sleep(200);
      expect(numbers(client)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(server.app.realtime.stats.caughtUp).toBeGreaterThanOrEqual(5);
      client.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it('cuts a listener that stops reading, writers keep committing, and it catches up', async () => {
    const server = await startTestServer('postgres', {
      realtime: {
        listenerMonitor: {
          ...DEFAULT_LISTENER_MONITOR,
          everyMs: 200,
          // Filling the real 8 GB queue is out of reach of a test: act at any fill.
          queueUsageThreshold: 0,
          maxLagMessages: 5,
          graceMs: 300,
        },
      },
    });
    let socket: net.Socket | undefined;
    try {
      const { session, user } = await registerAndLogin(server);
      const client = await connectLive(server.url, session);
      await client.subscribe([userChannel(user.id)]);
      const pid = await listenerPid(server);

      // The LISTEN session's socket in this process, found by the port PostgreSQL sees it from.
      const { rows } = await server.database.raw('SELECT client_port FROM pg_stat_activity WHERE pid = $1', [pid]);
      const port = Number(rows[0]!.client_port);
      const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
      socket = handles.find(
        (handle): handle is net.Socket => handle instanceof net.Socket && handle.localPort === port,
      );
      expect(socket).toBeDefined();
      socket!.pause();

      const commits: number[] = [];
      for (let n = 0; n < 40; n += 1) {
        const started = performance.now();
        await server.app.realtime.publish(user.id, 'tool.seq', { n, fill: 'y'.repeat(2000) });
        commits.push(performance.now() - started);
      }
      expect(Math.max(...commits)).toBeLessThan(1000);
      expect(numbers(client)).toEqual([]);

      await until(async () => !(await backendAlive(server, pid)), 'the monitor to cut the lagging listener');
      // The backend dies inside the monitor's statement; its count follows when the rows come back.
      await until(() => server.app.realtime.stats.listenerCuts >= 1, 'the monitor to count its cut');
      // Writes go on while the listener is gone.
      await server.app.realtime.publish(user.id, 'tool.seq', { n: 40 });

      socket!.resume();
      await client.waitFor(
        (message) => message.cmd === 'tool.seq' && (message.payload as { n: number }).n === 40,
        15_000,
      );
      await sleep(200);
      expect(numbers(client)).toEqual(Array.from({ length: 41 }, (_, n) => n));
      expect(await listenerPid(server)).not.toBe(pid);
      client.close();
    } finally {
      // A paused socket would keep the close waiting when an assertion failed first.
      socket?.resume();
      await server.close();
    }
  }, 60_000);
});
