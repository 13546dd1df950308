// A database outage (issue 15, reliability): while PostgreSQL cannot be reached, requests answer
// 503 database_unavailable with Retry-After and /healthz answers 503; once it is back, the same
// process answers 200 again and the LISTEN connection is back. The outage is a TCP proxy between
// the app and PostgreSQL that we cut (dropping or refusing connections) and restore, so the
// shared server is never stopped. PostgreSQL only: skipped, saying so, when DATABASE_URL is unset.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/contract/errors.js';
import { buildApp } from '../../server/app.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { withPgClient } from '../support/pg-client.js';

const adminUrl = process.env.DATABASE_URL;

/** A TCP proxy to PostgreSQL that can drop every connection and refuse or reset new ones. */
class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  private cut = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket) {
    if (this.cut) {
      client.destroy(); // the server "resets" every new connection
      return;
    }
    const upstream = net.connect(this.target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  /** Drops every open connection; new ones are accepted and dropped at once. */
  dropAll(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  /** Drops every open connection and stops listening: new ones are refused (ECONNREFUSED). */
  async refuseAll(): Promise<void> {
    this.dropAll();
    await this.stopListening();
  }

  async restore(): Promise<void> {
    this.cut = false;
    if (!this.server) await this.start(this.port);
  }

  async close(): Promise<void> {
    this.dropAll();
    await this.stopListening();
  }

  private async stopListening() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

if (!adminUrl) {
  describe('database outage', () => {
    it.skip('needs PostgreSQL: set DATABASE_URL to run the outage tests', () => {});
  });
} else {
  describe('database outage', () => {
    const name = `lexhub_test_${randomBytes(6).toString('hex')}`;
    const admin = new URL(adminUrl);
    const proxy = new CuttableProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const notifications: string[] = [];
    let database: Database;
    let app: FastifyInstance;
    let url: string;

    beforeAll(async () => {
      await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      await proxy.start();
      const proxied = new URL(adminUrl);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      proxied.pathname = `/${name}`;
      database = await openDatabase({ dataDir: '', databaseUrl: proxied.toString(), poolMax: 4 });
      await database.listen('lexhub_outage_test', (payload) => notifications.push(payload));
      app = await buildApp({ database, accounts: { mailer: new MemoryMailer() } });
      url = await app.listen({ port: 0, host: '127.0.0.1' });
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await proxy.close();
      await withPgClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    });

    async function expectUnavailable(path: string) {
      const response = await fetch(url + path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toMatch(/^\d+$/);
      expect(ErrorBody.parse(await response.json())).toMatchObject({ detail: 'database_unavailable' });
    }

    const isOk = async (path: string) => (await fetch(url + path)).status === 200;

    async function expectRecovered() {
      // The pool makes new connections on demand; the LISTEN connection retries on its own (<= 5 s).
      expect(await until(() => isOk('/v1/legal/languages'), 10_000)).toBe(true);
      expect(await isOk('/healthz')).toBe(true);
      const payload = `back-${randomBytes(4).toString('hex')}`;
      const heard = await until(async () => {
        await database.notify('lexhub_outage_test', payload).catch(() => {});
        return notifications.includes(payload);
      }, 15_000);
      expect(heard, 'a NOTIFY after the outage reaches the LISTEN connection').toBe(true);
    }

    it('answers 200 before the outage', async () => {
      expect(await isOk('/healthz')).toBe(true);
      expect(await isOk('/v1/legal/languages')).toBe(true);
    });

    it('answers 503 with Retry-After while connections are dropped, and recovers without a restart', async () => {
      proxy.dropAll();
      await expectUnavailable('/v1/legal/languages');
      await expectUnavailable('/v1/legal/documents');
      await expectUnavailable('/healthz');
      await proxy.restore();
      await expectRecovered();
    }, 40_000);

    it('answers 503 while connections are refused, and recovers without a restart', async () => {
      await proxy.refuseAll();
      await expectUnavailable('/v1/legal/languages');
      await expectUnavailable('/healthz');
      await proxy.restore();
      await expectRecovered();
    }, 40_000);
  });
}
