// /v1/admin/sources/* (issue 16): operators look acts up at the official services and import
// them as background jobs whose rows any instance reads. Against the local CELLAR and e-Sbírka
// test services: access, resolve and its error codes, a job's progress per version and language,
// the limits (409), a job whose instance died (stale heartbeat), the starter set, and no network.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TOKEN_HEADER } from '../../src/api/contract/admin-imports.js';
import { ErrorBody } from '../../src/api/contract/errors.js';
import {
  SourceAct,
  SourceImportJob,
  SourceImportJobList,
  type SourceImportItem,
} from '../../src/api/contract/source-imports.js';
import { readConfig } from '../../server/config.js';
import { createJobRunner } from '../../server/source-imports/job-runner.js';
import { createJob, getJob } from '../../server/source-imports/job-store.js';
import { NO_NETWORK } from '../../server/source-imports/settings.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { CELLAR_CELEX, CELLAR_CONSOLIDATED, startFakeCellar, type FakeCellar } from '../support/fake-cellar-service.js';
import { startFakeEsbirka, type FakeEsbirka } from '../support/fake-esbirka-service.js';
import { freePort } from '../support/free-port.js';
import { ENGINES } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

warnIfNoCorpus('source-imports');

const TOKEN = 'local-token-for-source-imports-0123456789';
const TIMING = { heartbeatMs: 200, staleAfterMs: 3_000, timeoutMs: 5_000 };

const detailOf = async (response: Response) => ErrorBody.parse(await response.json()).detail;

/** Polls the job until it has ended (done or failed). */
async function finished(session: { get(path: string): Promise<Response> }, id: string, withinMs = 30_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const job = SourceImportJob.parse(await (await session.get(`/v1/admin/sources/imports/${id}`)).json());
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const itemLine = (item: SourceImportItem) =>
  `${item.version_id} ${item.language} ${item.state}${item.status ? ` ${item.status}` : ''}`;

describe.skipIf(!hasCorpus).each(ENGINES)('importing law from its source through the API on %s', (engine) => {
  let server: TestServer;
  let cellar: FakeCellar;
  let esbirka: FakeEsbirka;
  let dataDir: string;
  let operator: TestAccount;
  let other: TestAccount;
  let reader: TestAccount;
  const operatorEmail = `source-operator-${Date.now()}@example.com`;
  const otherEmail = `source-operator-2-${Date.now()}@example.com`;
  const local = {
    get: (p: string) => fetch(server.url + p, { headers: { [IMPORT_TOKEN_HEADER]: TOKEN } }),
    post: (p: string, body?: unknown) =>
      fetch(server.url + p, {
        method: 'POST',
        headers: { [IMPORT_TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }),
  };

  beforeAll(async () => {
    cellar = await startFakeCellar();
    esbirka = await startFakeEsbirka();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexhub-source-jobs-'));
    server = await startTestServer(engine, {
      accounts: { operatorEmails: [operatorEmail, otherEmail] },
      imports: { localToken: TOKEN },
      sources: {
        cellarUrl: cellar.url,
        esbirkaUrl: esbirka.url,
        offline: false,
        dataDir,
        maxRunningJobs: 2,
        ...TIMING,
      },
    });
    operator = await registerAndLogin(server, { email: operatorEmail });
    other = await registerAndLogin(server, { email: otherEmail });
    reader = await registerAndLogin(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await cellar?.close();
    await esbirka?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets only operators and the local token in', async () => {
    const act = { source: 'e-sbirka', id: '1/1993' };
    const anonymous = await server.post('/v1/admin/sources/resolve', act);
    expect(anonymous.status).toBe(401);
    const notOperator = await reader.session.post('/v1/admin/sources/resolve', act);
    expect(notOperator.status).toBe(403);
    expect(await detailOf(notOperator)).toBe('operator_required');
    expect((await reader.session.get('/v1/admin/sources/imports')).status).toBe(403);
    const noCsrf = await operator.session.withoutCsrf('POST', '/v1/admin/sources/imports', act);
    expect(noCsrf.status).toBe(403);
    expect(await detailOf(noCsrf)).toBe('csrf_failed');
    const wrongToken = await fetch(`${server.url}/v1/admin/sources/imports`, {
      headers: { [IMPORT_TOKEN_HEADER]: 'not-the-token' },
    });
    expect(wrongToken.status).toBe(401);
    expect(await detailOf(wrongToken)).toBe('import_token_invalid');
    expect((await local.get('/v1/admin/sources/imports')).status).toBe(200);
    // Nothing was asked of the services by the refused calls.
    expect(esbirka.requests).toEqual([]);
  });

  it('resolves an act to its title and versions, and names what is wrong with a code', async () => {
    const eu = await operator.session.post('/v1/admin/sources/resolve', { source: 'cellar', id: CELLAR_CELEX });
    expect(eu.status).toBe(200);
    const act = SourceAct.parse(await eu.json());
    expect(act).toMatchObject({ source: 'cellar', act_id: CELLAR_CELEX });
    expect(act.title).toMatch(/^Commission Implementing Regulation/);
    expect(act.versions).toEqual([
      { version_id: CELLAR_CELEX, kind: 'original', date: '2011-12-15', languages: ['de', 'en'] },
      { version_id: CELLAR_CONSOLIDATED, kind: 'consolidated', date: '2012-03-01', languages: ['en'] },
    ]);
    const cz = SourceAct.parse(
      await (await local.post('/v1/admin/sources/resolve', { source: 'e-sbirka', id: '1/1993' })).json(),
    );
    expect(cz.act_id).toBe('1/1993 Sb.');
    expect(cz.versions.map((v) => [v.kind, v.date, v.languages])).toEqual([
      ['original', '1993-01-01', ['cs']],
      ['consolidated', '2026-01-01', ['cs']],
    ]);

    const invalid = await operator.session.post('/v1/admin/sources/resolve', { source: 'cellar', id: '1/1993' });
    expect(invalid.status).toBe(400);
    expect(ErrorBody.parse(await invalid.json())).toMatchObject({ detail: 'source_id_invalid', field: 'id' });
    const unknownSource = await operator.session.post('/v1/admin/sources/resolve', { source: 'ris', id: '1' });
    expect(await detailOf(unknownSource)).toBe('validation_failed');
    const missing = await operator.session.post('/v1/admin/sources/resolve', { source: 'cellar', id: '32099R9999' });
    expect(missing.status).toBe(404);
    expect(await detailOf(missing)).toBe('source_act_not_found');
    esbirka.wrongShape = true;
    try {
      const wrong = await operator.session.post('/v1/admin/sources/resolve', { source: 'e-sbirka', id: '1/1993' });
      expect(wrong.status).toBe(502);
      const body = ErrorBody.parse(await wrong.json());
      expect(body.detail).toBe('source_failed');
      expect(body.message).toMatch(/historie.*seznam/);
    } finally {
      esbirka.wrongShape = false;
    }
  });

  it('imports an act as a job: 202, progress per version and language, the reasons of what failed', async () => {
    const started = await operator.session.post('/v1/admin/sources/imports', {
      source: 'cellar',
      id: CELLAR_CELEX,
      languages: ['en', 'de'],
    });
    expect(started.status).toBe(202);
    const queued = SourceImportJob.parse(await started.json());
    expect(queued).toMatchObject({ kind: 'import', status: 'queued', languages: ['en', 'de'] });
    expect(queued.created_by).toBe(operator.user.id);

    const job = await finished(operator.session, queued.id);
    expect(job.status).toBe('done');
    expect(job.error).toBeNull();
    expect(job.acts).toEqual([
      { source: 'cellar', id: CELLAR_CELEX, act_id: CELLAR_CELEX, title: expect.stringMatching(/^Commission/) },
    ]);
    expect(job.items.map(itemLine)).toEqual([
      `${CELLAR_CELEX} en stored created`,
      `${CELLAR_CELEX} de stored created`,
      `${CELLAR_CONSOLIDATED} en failed`,
      `${CELLAR_CONSOLIDATED} de failed`,
    ]);
    expect(job.items[0]!.document_id).toEqual(expect.any(String));
    // German is not listed for the consolidation; English is listed but the service has no package.
    expect(job.problems.map((p) => [p.version_id, p.language, p.reason])).toEqual([
      [CELLAR_CONSOLIDATED, 'de', 'language_missing'],
      [CELLAR_CONSOLIDATED, 'en', 'language_missing'],
    ]);
    expect(job.started_at).not.toBeNull();
    expect(job.finished_at).not.toBeNull();

    // Again: nothing new is stored.
    const again = SourceImportJob.parse(
      await (
        await operator.session.post('/v1/admin/sources/imports', {
          source: 'cellar',
          id: CELLAR_CELEX,
          languages: ['en', 'de'],
        })
      ).json(),
    );
    const second = await finished(operator.session, again.id);
    expect(second.items.filter((i) => i.state === 'stored').map((i) => i.status)).toEqual(['unchanged', 'unchanged']);

    const history = SourceImportJobList.parse(await (await operator.session.get('/v1/admin/sources/imports')).json());
    expect(history.items.slice(0, 2).map((j) => j.id)).toEqual([again.id, queued.id]);
    const one = SourceImportJobList.parse(await (await local.get('/v1/admin/sources/imports?limit=1')).json());
    expect(one.items.map((j) => j.id)).toEqual([again.id]);
  }, 60_000);

  it('runs one job per operator and a few on the server (409), then takes new ones', async () => {
    esbirka.delayMs = 150;
    try {
      const first = await operator.session.post('/v1/admin/sources/imports', { source: 'e-sbirka', id: '1/1993' });
      expect(first.status).toBe(202);
      const firstJob = SourceImportJob.parse(await first.json());
      const again = await operator.session.post('/v1/admin/sources/imports', { source: 'e-sbirka', id: '1/1993' });
      expect(again.status).toBe(409);
      expect(await detailOf(again)).toBe('source_import_running');
      const second = await other.session.post('/v1/admin/sources/starter-set');
      expect(second.status).toBe(202);
      const secondJob = SourceImportJob.parse(await second.json());
      // Two running: the cap of this server.
      const third = await local.post('/v1/admin/sources/imports', { source: 'cellar', id: CELLAR_CELEX });
      expect(third.status).toBe(409);
      expect(await detailOf(third)).toBe('source_imports_busy');

      // While it runs, its row says so and shows its progress.
      const running = SourceImportJob.parse(
        await (await other.session.get(`/v1/admin/sources/imports/${firstJob.id}`)).json(),
      );
      expect(['queued', 'running']).toContain(running.status);

      const done = await finished(operator.session, firstJob.id);
      expect(done.status).toBe('done');
      // The starter set stores the same act side by side: which one created it is a race.
      expect(done.items.map((i) => `${i.version_id} ${i.language} ${i.state}`)).toEqual([
        '/sb/1993/1/0000-00-00 cs stored',
        '/sb/1993/1/2026-01-01 cs stored',
      ]);
      await finished(other.session, secondJob.id);
      const after = await local.post('/v1/admin/sources/imports', { source: 'e-sbirka', id: '1/1993' });
      expect(after.status).toBe(202);
      const afterJob = SourceImportJob.parse(await after.json());
      expect(afterJob.created_by).toBeNull();
      const last = await finished(local, afterJob.id);
      expect(last.items.map((i) => i.status)).toEqual(['unchanged', 'unchanged']);
    } finally {
      esbirka.delayMs = 0;
    }
  }, 60_000);

  it('imports the starter set in Czech and English where the service has them', async () => {
    const started = await operator.session.post('/v1/admin/sources/starter-set');
    expect(started.status).toBe(202);
    const job = await finished(operator.session, SourceImportJob.parse(await started.json()).id);
    expect(job).toMatchObject({ kind: 'starter_set', status: 'done', languages: ['cs', 'en'], error: null });
    expect(job.acts.map((act) => [act.source, act.id])).toEqual([
      ['e-sbirka', '1/1993 Sb.'],
      ['e-sbirka', '2/1993 Sb.'],
      ['cellar', '32016R0679'],
      ['cellar', '12016P/TXT'],
    ]);
    // The Constitution in Czech only (e-Sbírka has no English): no problem for English.
    expect(job.items.map((i) => `${i.act_id} ${i.language} ${i.state}`)).toEqual([
      '1/1993 Sb. cs stored',
      '1/1993 Sb. cs stored',
    ]);
    // The local services have none of the other three: each a problem, the next act tried.
    expect(job.problems.map((p) => [p.act_id, p.reason])).toEqual([
      ['2/1993 Sb.', 'not_found'],
      ['32016R0679', 'not_found'],
      ['12016P/TXT', 'not_found'],
    ]);
    // The treaty's CELEX went to the service as such.
    expect(cellar.requests.some((r) => decodeURIComponent(r.path).includes('"12016P/TXT"'))).toBe(true);
  }, 60_000);

  it('marks the jobs of an instance that closes interrupted, and their later writes change nothing', async () => {
    const settings = { ...NO_NETWORK, ...TIMING, offline: false, esbirkaUrl: esbirka.url, cellarUrl: cellar.url };
    const runner = createJobRunner(server.database.db, settings);
    const job = await createJob(
      server.database.db,
      { kind: 'import', acts: [{ source: 'e-sbirka', id: '1/1993' }], languages: null, createdBy: null },
      settings,
    );
    esbirka.delayMs = 200;
    try {
      runner.run(job);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await runner.close();
      const closed = await getJob(server.database.db, job.id, settings.staleAfterMs);
      expect(closed?.status).toBe('failed');
      expect(closed?.error).toEqual({
        detail: 'import_interrupted',
        message: 'The server running this import stopped',
      });
      await runner.idle();
      const after = await getJob(server.database.db, job.id, settings.staleAfterMs);
      expect(after).toEqual(closed);
    } finally {
      esbirka.delayMs = 0;
    }
  }, 30_000);

  it('marks a job whose instance stopped (no heartbeat) failed when it is next read', async () => {
    const id = '6f1d3c2a-0000-4000-8000-000000000016';
    await server.database.db.execute(sql`
      INSERT INTO source_import_jobs (id, kind, status, acts, languages, created_by, started_at, heartbeat_at)
      VALUES (${id}, 'import', 'running', '[{"source":"cellar","id":"32016R0679"}]'::jsonb, NULL,
              ${operator.user.id}, now() - interval '10 minutes', now() - interval '10 minutes')`);
    const job = SourceImportJob.parse(await (await operator.session.get(`/v1/admin/sources/imports/${id}`)).json());
    expect(job.status).toBe('failed');
    expect(job.error?.detail).toBe('import_interrupted');
    expect(job.finished_at).not.toBeNull();
    // It holds no place any more: its operator may start another.
    const next = await operator.session.post('/v1/admin/sources/imports', { source: 'e-sbirka', id: '1/1993' });
    expect(next.status).toBe(202);
    await finished(operator.session, SourceImportJob.parse(await next.json()).id);
    const missing = await operator.session.get('/v1/admin/sources/imports/6f1d3c2a-0000-4000-8000-000000000099');
    expect(missing.status).toBe(404);
  }, 30_000);
});

describe('the sources settings', () => {
  it('default to the official services, online, and read each variable', () => {
    expect(readConfig({}).sources).toEqual({
      cellarUrl: 'https://publications.europa.eu',
      esbirkaUrl: 'https://www.e-sbirka.cz',
      offline: false,
      timeoutMs: 30_000,
      maxRunningJobs: 3,
    });
    const set = readConfig({
      CELLAR_URL: 'http://127.0.0.1:4000/',
      ESBIRKA_URL: 'http://127.0.0.1:4001',
      SOURCES_OFFLINE: 'yes',
      SOURCE_TIMEOUT_MS: '2500',
      SOURCE_IMPORTS_MAX: '1',
    }).sources;
    expect(set).toEqual({
      cellarUrl: 'http://127.0.0.1:4000',
      esbirkaUrl: 'http://127.0.0.1:4001',
      offline: true,
      timeoutMs: 2500,
      maxRunningJobs: 1,
    });
    expect(() => readConfig({ CELLAR_URL: 'ftp://x' })).toThrow(/CELLAR_URL: expected an http\(s\) address/);
  });
});

describe.each(ENGINES)('importing law from its source without network on %s', (engine) => {
  let server: TestServer;
  let operator: TestAccount;
  const operatorEmail = `offline-operator-${Date.now()}@example.com`;

  beforeAll(async () => {
    // Nothing listens on a port just freed: every connection is refused, as without network.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    server = await startTestServer(engine, {
      accounts: { operatorEmails: [operatorEmail] },
      sources: { cellarUrl: nowhere, esbirkaUrl: nowhere, offline: false, ...TIMING },
    });
    operator = await registerAndLogin(server, { email: operatorEmail });
  }, 60_000);
  afterAll(async () => server?.close());

  it('answers resolve 503 source_offline with a plain message', async () => {
    const response = await operator.session.post('/v1/admin/sources/resolve', { source: 'cellar', id: '32016R0679' });
    expect(response.status).toBe(503);
    const body = ErrorBody.parse(await response.json());
    expect(body.detail).toBe('source_offline');
    expect(body.message).toMatch(/no network access to CELLAR .*import from files instead/);
  });

  it('fails the starter set at once with source_offline, nothing left running', async () => {
    const at = Date.now();
    const started = await operator.session.post('/v1/admin/sources/starter-set');
    expect(started.status).toBe(202);
    const job = await finished(operator.session, SourceImportJob.parse(await started.json()).id, 5_000);
    expect(Date.now() - at).toBeLessThan(5_000);
    expect(job.status).toBe('failed');
    expect(job.error?.detail).toBe('source_offline');
    expect(job.error?.message).toMatch(/e-Sbírka/);
    expect(job.items).toEqual([]);
  });

  it('fails at once without trying when the server is configured offline (the default of tests)', async () => {
    const offline = await startTestServer(engine, { accounts: { operatorEmails: [operatorEmail] } });
    try {
      const account = await registerAndLogin(offline, { email: operatorEmail });
      const response = await account.session.post('/v1/admin/sources/resolve', { source: 'e-sbirka', id: '1/1993' });
      expect(response.status).toBe(503);
      expect(ErrorBody.parse(await response.json()).message).toMatch(/SOURCES_OFFLINE/);
    } finally {
      await offline.close();
    }
  }, 60_000);
});
