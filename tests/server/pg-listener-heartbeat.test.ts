// A LISTEN session whose network goes silent (no reset, no FIN: a NAT forgetting it) is noticed by
// the listener's heartbeat, cut and replaced; the caller hears `lost` then `listening`, and
// notifications flow again. Real PostgreSQL behind a TCP relay that can stop forwarding.
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgListener } from '../../server/db/pg-listener.js';

const url = process.env.DATABASE_URL;

/** Forwards to PostgreSQL; `silence()` makes every relayed connection so far drop all bytes. */
async function startRelay(target: URL) {
  const links: { silent: boolean }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const link = { silent: false };
    links.push(link);
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.on('data', (chunk) => link.silent || outbound.write(chunk));
    outbound.on('data', (chunk) => link.silent || inbound.write(chunk));
    inbound.on('end', () => outbound.end());
    outbound.on('end', () => inbound.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => links.length,
    silence: () => links.forEach((link) => (link.silent = true)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const until = async (check: () => boolean, what: string, ms = 5_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!url)('LISTEN heartbeat (postgres)', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let notifier: pg.Client;

  beforeAll(async () => {
    relay = await startRelay(new URL(url!));
    notifier = new pg.Client({ connectionString: url });
    await notifier.connect();
  });
  afterAll(async () => {
    await notifier?.end();
    await relay?.close();
  });

  it('cuts a session that went silent, listens again and hears what is sent next', async () => {
    const through = new URL(url!);
    through.hostname = '127.0.0.1';
    through.port = String(relay.port);
    const listener = createPgListener(through.toString(), { heartbeatMs: 100, heartbeatTimeoutMs: 300 });
    const heard: string[] = [];
    const events: string[] = [];
    try {
      await listener.listen('lexhub_heartbeat_test', (payload) => heard.push(payload), {
        listening: () => events.push('listening'),
        lost: () => events.push('lost'),
      });
      await notifier.query(`NOTIFY lexhub_heartbeat_test, 'before'`);
      await until(() => heard.includes('before'), 'the first notification');

      relay.silence();
      // Sent while the old session is deaf: not heard there (the live channel replays it from its table).
      await notifier.query(`NOTIFY lexhub_heartbeat_test, 'during'`);
      await until(() => events.includes('lost'), 'the silent session to be cut');
      await until(() => events.filter((event) => event === 'listening').length === 2, 'a new session');
      expect(relay.connections()).toBe(2);

      await notifier.query(`NOTIFY lexhub_heartbeat_test, 'after'`);
      await until(() => heard.includes('after'), 'a notification on the new session');
      expect(heard).not.toContain('during');
      expect(events).toEqual(['listening', 'lost', 'listening']);

      // After heartbeats the session's last statement is still its LISTEN, which is how the
      // slow-listener monitor recognizes the sessions it may cut.
      await new Promise((resolve) => setTimeout(resolve, 350));
      const { rows } = await notifier.query<{ query: string; state: string }>(
        `SELECT query, state FROM pg_stat_activity WHERE query ILIKE 'LISTEN lexhub_heartbeat_test%' AND pid <> pg_backend_pid()`,
      );
      expect(rows).toEqual([{ query: 'LISTEN lexhub_heartbeat_test', state: 'idle' }]);
    } finally {
      await listener.close();
    }
  });
});
