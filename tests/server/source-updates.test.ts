// The update schedule and notices (issue 16): against the local e-Sbírka test service, an act
// imported with its original wording only is checked again; the run imports the 2026 wording as
// one new branch and raises notices for the user who pinned it and the one who holds it in a
// collection, not for a third; a second run changes nothing; two schedulers on one database
// ticking at once run once. The notices API: own notices only, unread first, mark read.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notice, NoticeList } from '../../src/api/contract/notices.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { sqlRows } from '../../server/db/sql.js';
import { importFromSource } from '../../server/importers/sources/import-from-source.js';
import type { LawSource } from '../../server/importers/sources/source.js';
import { importSourcesHere } from '../../server/importers/source-import-cli.js';
import { createJob, finishJob, listJobs, markRunning } from '../../server/source-imports/job-store.js';
import { lawSource, NO_NETWORK } from '../../server/source-imports/settings.js';
import { createUpdateScheduler, type UpdateScheduler } from '../../server/source-imports/update-schedule.js';
import { parseUpdateInterval } from '../../server/source-imports/update-interval.js';
import { runUpdate, trackedActs } from '../../server/source-imports/update-run.js';
import { noticePayload } from '../../server/source-imports/start-updates.js';
import { readConfig } from '../../server/config.js';
import { registerAndLogin, type TestAccount } from '../support/accounts.js';
import { hasCorpus, warnIfNoCorpus } from '../support/corpus.js';
import { startFakeEsbirka, type FakeEsbirka } from '../support/fake-esbirka-service.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../support/test-database.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

warnIfNoCorpus('source-updates');

const ACT = '1/1993 Sb.';
const DAY_MS = 86_400_000;

describe('LEXHUB_UPDATE_INTERVAL', () => {
  it('reads seconds and durations, turns off with 0 or off, refuses the rest by name', () => {
    expect(parseUpdateInterval('3600')).toBe(3_600_000);
    expect(parseUpdateInterval('6h')).toBe(6 * 3_600_000);
    expect(parseUpdateInterval('1d')).toBe(DAY_MS);
    expect(parseUpdateInterval('off')).toBeNull();
    expect(parseUpdateInterval('0')).toBeNull();
    expect(readConfig({}).updateIntervalMs).toBe(DAY_MS);
    expect(readConfig({ LEXHUB_UPDATE_INTERVAL: 'off' }).updateIntervalMs).toBeNull();
    expect(() => readConfig({ LEXHUB_UPDATE_INTERVAL: 'weekly' })).toThrow(
      /LEXHUB_UPDATE_INTERVAL: expected seconds or a duration such as 6h, 1d.*got "weekly"/,
    );
  });
});

describe('the live summary of a notice', () => {
  it('says from when the version is in force, which may be in the future', () => {
    const notice: Notice = {
      id: '2f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
      kind: 'new_version',
      document_id: '0f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
      branch_id: '1f6a2b4e-5c1d-4e8f-9a3b-1c2d3e4f5a6b',
      title: 'Ústava České republiky',
      valid_from: '2027-01-01',
      created_at: '2026-11-25T10:00:00.000Z',
      read_at: null,
    };
    expect(noticePayload(notice).summary).toBe('A new version of Ústava České republiky, in force from 2027-01-01');
    expect(noticePayload({ ...notice, valid_from: null }).summary).toBe(
      'A new version of Ústava České republiky was imported',
    );
  });
});

describe.skipIf(!hasCorpus).each(ENGINES)('scheduled updates and notices on %s', (engine) => {
  let server: TestServer;
  let esbirka: FakeEsbirka;
  let pinner: TestAccount;
  let collector: TestAccount;
  let bystander: TestAccount;
  let documentId: string;
  let source: LawSource;
  const schedulers: UpdateScheduler[] = [];
  const extra: Database[] = [];
  const announced: Array<{ userId: string; notice: Notice }> = [];

  const scheduler = (db = server.database.db) => {
    const created = createUpdateScheduler(db, {
      intervalMs: DAY_MS,
      sourceOf: () => source,
      announce: async (userId, notice) => announced.push({ userId, notice }),
    });
    schedulers.push(created);
    return created;
  };
  const makeDue = () =>
    server.database.db.execute(sql`UPDATE source_update_runs SET next_run_at = now() - interval '1 second'`);
  const branchCount = async () =>
    (
      await sqlRows<{ n: number }>(
        server.database.db,
        sql`SELECT count(*)::int AS n FROM branches WHERE document_id = ${documentId}`,
      )
    )[0]!.n;
  const noticesOf = async (account: TestAccount) => {
    const response = await account.session.get('/v1/notices');
    expect(response.status, await response.clone().text()).toBe(200);
    return NoticeList.parse(await response.json());
  };

  beforeAll(async () => {
    esbirka = await startFakeEsbirka();
    server = await startTestServer(engine);
    source = lawSource('e-sbirka', { ...NO_NETWORK, offline: false, esbirkaUrl: esbirka.url, timeoutMs: 5_000 });
    // The act as an import job left it before the 2026 wording existed: the original only.
    const originalOnly: LawSource = {
      name: source.name,
      resolve: async (id) => {
        const act = await source.resolve(id);
        return { ...act, versions: act.versions.filter((version) => version.kind === 'original') };
      },
      fetch: (version, language) => source.fetch(version, language),
    };
    const report = await importFromSource(server.database.db, originalOnly, ACT, { languages: ['cs'] });
    expect(report.problems).toEqual([]);
    const [stored] = report.stored;
    const version = report.act.versions[0]!;
    documentId = stored!.documentId;
    const job = await createJob(
      server.database.db,
      { kind: 'import', acts: [{ source: 'e-sbirka', id: ACT }], languages: ['cs'], createdBy: null },
      { maxRunningJobs: 3, staleAfterMs: 60_000 },
    );
    await finishJob(
      server.database.db,
      job.id,
      {
        acts: [{ source: 'e-sbirka', id: ACT, act_id: report.act.actId, title: report.act.title }],
        items: [
          {
            source: 'e-sbirka',
            act_id: version.actId,
            version_id: version.versionId,
            kind: version.kind,
            date: version.date,
            language: 'cs',
            state: 'stored',
            status: 'created',
            document_id: documentId,
          },
        ],
        problems: [],
      },
      null,
    );

    pinner = await registerAndLogin(server);
    collector = await registerAndLogin(server);
    bystander = await registerAndLogin(server);
    expect((await pinner.session.put(`/v1/user/pins/${documentId}`)).status).toBe(200);
    const collection = await collector.session.post('/v1/legal/collections', { owner_type: 'user', name: 'Ústavní' });
    expect(collection.status, await collection.clone().text()).toBe(201);
    const { id } = (await collection.json()) as { id: string };
    const added = await collector.session.post(`/v1/legal/collections/${id}/documents`, { document_id: documentId });
    expect(added.status, await added.clone().text()).toBe(201);
  }, 60_000);

  afterAll(async () => {
    for (const created of schedulers) await created.close();
    for (const database of extra) await database.close();
    await server?.close();
    await esbirka?.close();
  });

  it('imports the new wording as one branch and tells the pinning and collecting users only', async () => {
    expect(await branchCount()).toBe(1);
    const report = await scheduler().tick();
    expect(report?.problems).toEqual([]);
    expect(report?.checked).toBe(1);
    expect(report?.created).toHaveLength(1);
    expect(report?.notices).toBe(2);
    expect(await branchCount()).toBe(2);

    for (const account of [pinner, collector]) {
      const list = await noticesOf(account);
      expect(list.unread).toBe(1);
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        kind: 'new_version',
        document_id: documentId,
        valid_from: '2026-01-01',
        read_at: null,
      });
      expect(list.items[0]!.title).toMatch(/Ústava/);
    }
    expect(await noticesOf(bystander)).toEqual({ items: [], unread: 0 });
    expect(announced.map((entry) => entry.userId).sort()).toEqual([pinner.user.id, collector.user.id].sort());
  }, 60_000);

  it('marks a notice read for its user only; read ones follow the unread', async () => {
    const [notice] = (await noticesOf(pinner)).items;
    const foreign = await bystander.session.post(`/v1/notices/${notice!.id}/read`, {});
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(`${server.url}/v1/notices`);
    expect(anonymous.status).toBe(401);
    const read = await pinner.session.post(`/v1/notices/${notice!.id}/read`, {});
    expect(read.status, await read.clone().text()).toBe(200);
    expect(Notice.parse(await read.json()).read_at).not.toBeNull();
    expect((await noticesOf(pinner)).unread).toBe(0);
    expect((await noticesOf(collector)).unread).toBe(1);
  });

  it('changes nothing when run again: not due, and when due nothing new', async () => {
    expect(await scheduler().tick()).toBeUndefined();
    await makeDue();
    const report = await scheduler().tick();
    expect(report).toMatchObject({ checked: 1, created: [], notices: 0, problems: [] });
    expect(await branchCount()).toBe(2);
    expect((await noticesOf(collector)).items).toHaveLength(1);
  }, 60_000);

  it('runs once when two instances tick at the same time', async () => {
    // On PostgreSQL the second instance has its own connections to the same database.
    let otherDb = server.database.db;
    if (engine === 'postgres') {
      const [{ name }] = (await sqlRows<{ name: string }>(
        server.database.db,
        sql`SELECT current_database() AS name`,
      )) as [{ name: string }];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const other = await openDatabase({ dataDir: '', databaseUrl: url.toString(), poolMax: 2 });
      extra.push(other);
      otherDb = other.db;
    }
    const runsBefore = await runs();
    for (let round = 0; round < 3; round += 1) {
      await makeDue();
      const reports = await Promise.all([scheduler().tick(), scheduler(otherDb).tick()]);
      expect(reports.filter((report) => report !== undefined)).toHaveLength(1);
    }
    expect(await runs()).toBe(runsBefore + 3);
    expect(await branchCount()).toBe(2);
  }, 60_000);

  const runs = async () =>
    (await sqlRows<{ runs: number }>(server.database.db, sql`SELECT runs FROM source_update_runs`))[0]!.runs;
});

// `npm run import -- --sb ...` on a database no server holds imports in its own process: the run is
// an import job all the same, so the update schedule checks its acts.
describe.skipIf(!hasCorpus).each(ENGINES)('acts imported by the command line on %s', (engine) => {
  let database: TestDatabase;
  let esbirka: FakeEsbirka;
  const lines: string[] = [];
  const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const settings = () => ({ ...NO_NETWORK, offline: false, esbirkaUrl: esbirka.url, timeoutMs: 5_000 });
  const request = { acts: [{ source: 'e-sbirka' as const, id: '1/1993' }], languages: ['cs'] };

  beforeAll(async () => {
    esbirka = await startFakeEsbirka();
    database = await createTestDatabase(engine);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
    await esbirka?.close();
  });

  it('are recorded as an import job and checked by the update run', async () => {
    expect(await importSourcesHere(database.db, request, settings(), output), lines.join('\n')).toBe(0);
    const [job] = await listJobs(database.db, 10, 60_000);
    expect(job).toMatchObject({ kind: 'import', status: 'done', created_by: null, error: null, languages: ['cs'] });
    expect(job!.items.map((item) => [item.version_id, item.state])).toEqual([
      ['/sb/1993/1/0000-00-00', 'stored'],
      ['/sb/1993/1/2026-01-01', 'stored'],
    ]);
    expect(await trackedActs(database.db)).toEqual([{ source: 'e-sbirka', actId: ACT, languages: ['cs'] }]);
    const requestsBefore = esbirka.requests.length;
    const report = await runUpdate(database.db, { sourceOf: (name) => lawSource(name, settings()) });
    expect(report).toEqual({ checked: 1, created: [], notices: 0, problems: [] });
    expect(esbirka.requests.length).toBeGreaterThan(requestsBefore);
  }, 60_000);

  it('waits for another import from the command line to end (exit 3), as the server would', async () => {
    const other = await createJob(
      database.db,
      { kind: 'import', acts: request.acts, languages: null, createdBy: null },
      settings(),
    );
    expect(await markRunning(database.db, other.id)).toBe(true);
    lines.length = 0;
    expect(await importSourcesHere(database.db, request, settings(), output)).toBe(3);
    expect(lines).toEqual(['You already have an import from the official services running']);
    await finishJob(database.db, other.id, { acts: request.acts, items: [], problems: [] }, null);
  }, 60_000);
});
