// A read replica (DATABASE_READ_URL, issue 15 scale-out): against a primary and a hot standby this
// test starts itself. Public reads are answered by the standby (shown by pausing its replay: a
// document imported on the primary is not found until the standby catches up); writes, sessions
// and LISTEN stay on the primary; a user who wrote reads their write at once although the standby
// lags; a stopped standby hands its reads to the primary. Skipped, saying so, only when the
// PostgreSQL binaries are missing (CI installs them).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../src/api/contract/documents.js';
import { PublicUser } from '../../src/api/contract/users.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { runWithReadRoute } from '../../server/db/read-route.js';
import { REPLICA_LAG_TIMEOUT_MS } from '../../server/http/metrics.js';
import { READ_AFTER_COOKIE } from '../../server/http/read-your-writes.js';
import { storeVersion } from '../../server/importers/store-version.js';
import { MemoryMailer } from '../../server/mail/memory-mailer.js';
import { login, registerAndLogin } from '../support/accounts.js';
import { actVersion2020, numberedAct } from '../support/fixture-documents.js';
import { withPgClient } from '../support/pg-client.js';
import { postgresBinaries, startPrimaryAndStandby, type PrimaryAndStandby } from '../support/pg-standby.js';
import { GENEROUS_RATE_LIMITS, json, type TestServer } from '../support/test-server.js';

const METRICS_TOKEN = 'metrics-token-for-the-replica-test-0123';

describe('read replica configuration', () => {
  it('refuses DATABASE_READ_URL without DATABASE_URL: the embedded database has no replica', async () => {
    expect(() => readConfig({ DATABASE_READ_URL: 'postgres://127.0.0.1:5433/lexhub' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL: .*PGlite/,
    );
    await expect(openDatabase({ dataDir: 'memory://', readUrl: 'postgres://127.0.0.1:5433/lexhub' })).rejects.toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(readConfig({ DATABASE_URL: 'postgres://a/b', DATABASE_READ_URL: 'postgres://c/b' }).databaseReadUrl).toBe(
      'postgres://c/b',
    );
  });
});

const bin = postgresBinaries();
// CI installs PostgreSQL (.ci/run): there a missing binary is a broken install, not a reason to skip.
if (!bin && process.env.CI) throw new Error('CI is set but no PostgreSQL binaries are under /usr/lib/postgresql');
if (!bin)
  console.warn(
    'read replica tests skipped: no PostgreSQL binaries under /usr/lib/postgresql (Debian: apt-get install postgresql)',
  );

describe.skipIf(!bin)(
  `read replica on a standby${bin ? '' : ' (skipped: no PostgreSQL binaries under /usr/lib/postgresql)'}`,
  () => {
    let cluster: PrimaryAndStandby;
    let database: Database;
    let app: FastifyInstance;
    let server: TestServer;

    const scrape = async () => {
      const response = await server.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(response.status).toBe(200);
      return response.text();
    };
    const gauge = (text: string, name: string) => {
      const line = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
      if (!line) throw new Error(`${name} is not in /metrics:\n${text}`);
      return Number(line[1]);
    };

    /** Which server answers a public read through `db`'s read replica router: its application_name, and whether it is the standby. */
    const readThrough = (db: Database) =>
      runWithReadRoute({ replica: true }, async () => {
        const { rows } = await db.replica!.router.query({
          text: "SELECT current_setting('application_name') AS name, pg_is_in_recovery() AS standby",
        });
        return rows[0] as { name: string; standby: boolean };
      });
    const answeredBy = async (db: Database) => ((await readThrough(db)).standby ? 'standby' : 'primary');

    const count = async (url: string, text: string, params: unknown[] = []) =>
      withPgClient(url, async (client) => Number((await client.query<{ n: string }>(text, params)).rows[0]!.n));

    beforeAll(async () => {
      cluster = await startPrimaryAndStandby(bin!);
      database = await openDatabase({
        dataDir: '',
        databaseUrl: `${cluster.primaryUrl}?target_session_attrs=read-write`,
        readUrl: cluster.standbyUrl,
        poolMax: 5,
      });
      const mail = new MemoryMailer();
      app = await buildApp({
        database,
        accounts: { mailer: mail, rateLimits: GENEROUS_RATE_LIMITS },
        metrics: { token: METRICS_TOKEN },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const url = `http://127.0.0.1:${port}`;
      server = {
        url,
        app,
        mail,
        database: { ...database, dispose: () => database.close() },
        get: (path, headers = {}) => fetch(url + path, { headers }),
        post: (path, body, headers = {}) =>
          fetch(url + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          }),
        close: () => app.close(),
      };
      // The migrations the primary ran, on the standby too.
      await cluster.waitCaughtUp();
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await cluster?.close();
    }, 30_000);

    it('answers public reads from the standby: what it has not replayed yet is not found', async () => {
      await cluster.pauseReplay();
      const stored = await storeVersion(database.db, actVersion2020, 'replica-read.json');
      expect(
        await count(cluster.primaryUrl, 'SELECT count(*) AS n FROM documents WHERE id = $1', [stored.documentId]),
      ).toBe(1);

      const whileLagging = await server.get(`/v1/legal/documents/${stored.documentId}`);
      expect(whileLagging.status).toBe(404);
      // The fragment-text batch is a POST that only reads: the standby answers it too.
      const ids = await withPgClient(cluster.primaryUrl, async (client) =>
        (
          await client.query<{ id: string }>('SELECT id FROM fragments WHERE branch_id = $1 LIMIT 3', [stored.branchId])
        ).rows.map((row) => row.id),
      );
      expect(ids.length).toBeGreaterThan(0);
      const texts = async () =>
        ((await (await server.post('/v1/legal/fragments/texts', { fragment_ids: ids })).json()) as { items: unknown[] })
          .items;
      expect(await texts()).toHaveLength(0);
      const search = await server.get(`/v1/legal/documents?q=${encodeURIComponent('zkušebních')}`);
      expect(search.status).toBe(200);
      expect(JSON.stringify(await search.json())).not.toContain(stored.documentId);

      await cluster.resumeReplay();
      await cluster.waitCaughtUp();
      const caughtUp = await json(await server.get(`/v1/legal/documents/${stored.documentId}`), Document);
      expect(caughtUp.external_id).toBe(actVersion2020.externalId);
      expect(await texts()).toHaveLength(ids.length);
    });

    it('writes on the primary and the writer reads their own write at once while the standby lags', async () => {
      const alice = await registerAndLogin(server);
      await cluster.waitCaughtUp();
      const before = await json(await server.get(`/v1/public/users/${alice.user.username}`), PublicUser);
      await cluster.pauseReplay();
      try {
        // Signing in and the session's use stay on the primary: the standby has not replayed this write.
        const patched = await alice.session.patch(`/v1/users/${alice.user.id}/profile`, { bio: 'Written just now.' });
        expect(patched.status).toBe(200);
        expect(decodeURIComponent(alice.session.cookie(READ_AFTER_COOKIE) ?? '')).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

        const own = await json(await alice.session.get(`/v1/public/users/${alice.user.username}`), PublicUser);
        expect(own.bio).toBe('Written just now.');
        // Anyone else reads from the standby, which still has the old text.
        const others = await json(await server.get(`/v1/public/users/${alice.user.username}`), PublicUser);
        expect(others.bio).toBe(before.bio);
        expect(others.bio).not.toBe('Written just now.');
        // Sessions are read on the primary: one made now, unknown to the standby, signs in.
        const again = await login(server, alice.user.email, alice.user.password);
        expect((await again.session.get('/v1/auth/me')).status).toBe(200);
        expect((await again.session.get(`/v1/users/${alice.user.id}/profile`)).status).toBe(200);
        // The same reader without the cookie is sent to the standby too: the cookie is what routes them.
        const cookie = alice.session.cookie(READ_AFTER_COOKIE);
        alice.session.setCookie(READ_AFTER_COOKIE, undefined);
        const withoutCookie = await json(
          await alice.session.get(`/v1/public/users/${alice.user.username}`),
          PublicUser,
        );
        expect(withoutCookie.bio).toBe(before.bio);
        alice.session.setCookie(READ_AFTER_COOKIE, cookie);
      } finally {
        await cluster.resumeReplay();
      }
      await cluster.waitCaughtUp();
      const later = await json(await server.get(`/v1/public/users/${alice.user.username}`), PublicUser);
      expect(later.bio).toBe('Written just now.');
    });

    it('keeps LISTEN on the primary', async () => {
      const unlisten = await database.listen('lexhub_replica_test', () => {});
      try {
        const listening = "SELECT count(*) AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%'";
        expect(await count(cluster.primaryUrl, listening)).toBeGreaterThan(0);
        expect(await count(cluster.standbyUrl, listening)).toBe(0);
      } finally {
        await unlisten();
      }
    });

    it('refuses a primary URL that leads to the standby (target_session_attrs=read-write)', async () => {
      await expect(
        openDatabase({ dataDir: '', databaseUrl: cluster.standbyUrl, readUrl: cluster.standbyUrl, poolMax: 1 }),
      ).rejects.toThrow(/read-only server/);
    });

    it('passes over a standby that has fallen too far behind, until it catches up', async () => {
      const strict = await openDatabase({
        dataDir: '',
        databaseUrl: cluster.primaryUrl,
        readUrl: cluster.standbyUrl,
        poolMax: 2,
        replicaMaxLagMs: 500,
      });
      const strictApp = await buildApp({ database: strict, accounts: { mailer: new MemoryMailer() } });
      try {
        await cluster.pauseReplay();
        const stored = await storeVersion(strict.db, numberedAct(4243, 'Zákon o zpožděné replice'), 'replica-lag.json');
        const read = async () =>
          (await strictApp.inject({ method: 'GET', url: `/v1/legal/documents/${stored.documentId}` })).statusCode;
        // Fresh behind: the standby still answers (it lacks the act).
        expect(await read()).toBe(404);
        // Half a second later it is too far behind: the primary answers, while replay is still paused.
        await expect.poll(read, { timeout: 5_000, interval: 200 }).toBe(200);
        expect(await cluster.replayPaused()).toBe(true);
      } finally {
        await cluster.resumeReplay();
        await cluster.waitCaughtUp();
        await strictApp.close();
        await strict.close();
      }
    });

    it('gives no reads to a standby that had stalled before the pool opened, until it catches up', async () => {
      await cluster.pauseReplay();
      let fresh: Database | undefined;
      try {
        await storeVersion(database.db, numberedAct(4245, 'Zákon o zastavené replice'), 'replica-stalled.json');
        // The default 10 s lag bound: no sample is that old yet, the first one (taken at open) stands in.
        fresh = await openDatabase({
          dataDir: '',
          databaseUrl: cluster.primaryUrl,
          readUrl: cluster.standbyUrl,
          poolMax: 2,
        });
        await new Promise((resolve) => setTimeout(resolve, 600));
        for (let round = 0; round < 3; round++) expect(await answeredBy(fresh)).toBe('primary');
        expect(await cluster.replayPaused()).toBe(true);
        await cluster.resumeReplay();
        await cluster.waitCaughtUp();
        await expect.poll(() => answeredBy(fresh!), { timeout: 5_000, interval: 100 }).toBe('standby');
      } finally {
        await cluster.resumeReplay();
        await fresh?.close();
      }
    });

    it('gives no reads to a DATABASE_READ_URL that leads to a server that is no standby', async () => {
      // The primary itself under another name: it has no replay position.
      const notStandby = `${cluster.primaryUrl}?application_name=not-a-standby`;
      const wrong = await openDatabase({
        dataDir: '',
        databaseUrl: cluster.primaryUrl,
        readUrl: notStandby,
        poolMax: 2,
      });
      try {
        expect(await wrong.replica!.replayPosition()).toBeUndefined();
        // Right after opening and a while later alike.
        expect((await readThrough(wrong)).name).not.toBe('not-a-standby');
        await new Promise((resolve) => setTimeout(resolve, 600));
        for (let round = 0; round < 3; round++) expect((await readThrough(wrong)).name).not.toBe('not-a-standby');
      } finally {
        await wrong.close();
      }
    });

    it('keeps the standby after a flood of slow reads fills its pool: only the waiting reads go to the primary', async () => {
      await cluster.waitCaughtUp();
      const flooded = await openDatabase({
        dataDir: '',
        databaseUrl: cluster.primaryUrl,
        readUrl: cluster.standbyUrl,
        poolMax: 2,
      });
      try {
        await expect.poll(() => answeredBy(flooded), { timeout: 5_000, interval: 100 }).toBe('standby');
        // Two slow public reads hold both replica connections past the 2 s connect timeout.
        const slow = Array.from({ length: 2 }, () =>
          runWithReadRoute({ replica: true }, () => flooded.replica!.router.query({ text: 'SELECT pg_sleep(3.5)' })),
        );
        const pool = flooded.replica!.pool;
        await expect
          .poll(() => pool.totalCount === 2 && pool.idleCount === 0, { timeout: 2_000, interval: 20 })
          .toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 150));
        // A read during the flood waits for a replica connection, then the primary answers it.
        expect(await answeredBy(flooded)).toBe('primary');
        await Promise.all(slow);
        // The flood is over: the standby answers again at once, not set aside as if it were down.
        expect(await answeredBy(flooded)).toBe('standby');
      } finally {
        await flooded.close();
      }
    }, 20_000);

    it('shows the replica pool beside the primary one and the replica lag in /metrics', async () => {
      await cluster.waitCaughtUp();
      // A public read through the standby opens a connection in the replica pool.
      expect((await server.get('/v1/legal/documents?q=zakon')).status).toBe(200);
      const caughtUp = await scrape();
      for (const pool of ['primary', 'replica']) {
        expect(gauge(caughtUp, `lexhub_db_pool_connections\\{pool="${pool}"\\}`)).toBeGreaterThan(0);
        expect(gauge(caughtUp, `lexhub_db_pool_idle\\{pool="${pool}"\\}`)).toBeGreaterThanOrEqual(0);
        expect(gauge(caughtUp, `lexhub_db_pool_waiting\\{pool="${pool}"\\}`)).toBe(0);
      }
      expect(gauge(caughtUp, 'lexhub_db_replica_up')).toBe(1);
      // Caught up (all received is replayed): 0, however long ago the primary last wrote (polled: a
      // record the primary writes on its own, received and not yet replayed, may read as a moment's lag).
      const lagNow = async () => gauge(await scrape(), 'lexhub_db_replica_lag_seconds');
      await expect.poll(lagNow, { timeout: 5_000, interval: 100 }).toBe(0);

      await cluster.pauseReplay();
      try {
        await storeVersion(database.db, numberedAct(4244, 'Zákon o měřeném zpoždění'), 'replica-metrics.json');
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        // Received, not replayed: the age of the last transaction replayed, over the 1.2 s waited.
        const lagging = await scrape();
        expect(gauge(lagging, 'lexhub_db_replica_up')).toBe(1);
        expect(gauge(lagging, 'lexhub_db_replica_lag_seconds')).toBeGreaterThanOrEqual(1.2);
      } finally {
        await cluster.resumeReplay();
      }
      await cluster.waitCaughtUp();
      await expect.poll(lagNow, { timeout: 5_000, interval: 100 }).toBe(0);
    });

    it('hands reads to the primary when the standby goes away', async () => {
      await cluster.stopStandby();
      // Only the primary has what is written now: found means the primary answered.
      const stored = await storeVersion(
        database.db,
        numberedAct(4242, 'Zákon o záložní cestě'),
        'replica-fallback.json',
      );
      const started = Date.now();
      for (let round = 0; round < 3; round++) {
        const document = await json(await server.get(`/v1/legal/documents/${stored.documentId}`), Document);
        expect(document.external_id).toBe('4242/2001 Sb.');
      }
      const found = await server.get(`/v1/legal/documents?q=${encodeURIComponent('záložní')}`);
      expect(found.status).toBe(200);
      expect(JSON.stringify(await found.json())).toContain(stored.documentId);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await server.get('/healthz')).status).toBe(200);
      // /metrics does not wait for the gone standby: its lag is unknown (NaN), the primary's pool still shown.
      const scraped = Date.now();
      const text = await scrape();
      expect(Date.now() - scraped).toBeLessThan(REPLICA_LAG_TIMEOUT_MS + 1_000);
      expect(gauge(text, 'lexhub_db_replica_up')).toBe(0);
      // prom-client writes "Nan"; Prometheus reads NaN in any case.
      expect(text).toMatch(/^lexhub_db_replica_lag_seconds nan$/im);
      expect(gauge(text, 'lexhub_db_pool_connections\\{pool="primary"\\}')).toBeGreaterThan(0);
    });
  },
);
