// Live-channel loss bench (issue 15, section 5): two instances on one PostgreSQL; the second
// publishes at 500 events/s, sockets on the first receive. Mid-run the LISTEN connections are
// cut (pg_terminate_backend), and in a second run PostgreSQL itself restarts. `--pg-restart`
// (BENCH_PG_RESTART=private) runs both on a private cluster the bench starts itself
// (lib/private-postgres.ts) and restarts it with `pg_ctl restart -m fast`; BENCH_PG_RESTART_COMMAND
// (e.g. `pg_ctlcluster 15 main restart`) restarts the machine's PostgreSQL instead, which stops
// every connection on the machine; with neither, the restart run is skipped. A publish counts as acknowledged when publish() resolved (its
// transaction committed); lost = acknowledged but never received. Target: 0 lost.
import { execSync } from 'node:child_process';
import pg from 'pg';
import { userChannel } from '../src/realtime/protocol.js';
import type { Database } from '../server/db/client.js';
import type { BenchContext } from './lib/context.js';
import { benchDatabaseUrl, openBenchDatabase } from './lib/engines.js';
import { startPrivatePostgres, type PrivatePostgres } from './lib/private-postgres.js';
import { createBenchUsers, issueTokens } from './lib/realtime-users.js';
import { ResumingReceiver } from './lib/resuming-receiver.js';
import type { PartResult } from './lib/results.js';
import { startServer, type RunningServer } from './lib/server.js';

const RATE_PER_S = 500;
const USERS = 20;
const RUN_S = 12;
/** When the disruption happens, into the run. */
const DISRUPT_AT_S = 4;
/** After the last publish: time for replays and the last deliveries. */
const SETTLE_MS = 5000;
const BENCH_CMD = 'tool.bench';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunOutcome {
  acknowledged: number;
  failed: number;
  received: number;
  lost: number;
  duplicates: number;
  reconnects: number;
  resets: number;
}

async function oneRun(
  publisher: RunningServer,
  receiverServer: RunningServer,
  database: Database,
  users: string[],
  disrupt: () => Promise<void>,
): Promise<RunOutcome> {
  const receivers = users.map(
    (userId) =>
      new ResumingReceiver(async () => {
        const [token] = await issueTokens(database, [userId]);
        return `${receiverServer.url.replace(/^http/, 'ws')}/ws?token=${token}`;
      }, userChannel(userId)),
  );
  await Promise.all(receivers.map((receiver) => receiver.open()));
  const acknowledged = new Set<number>();
  let failed = 0;
  let seq = 0;
  const pending: Promise<void>[] = [];
  const started = Date.now();
  let disrupted: Promise<unknown> | undefined;
  // 500 a second in ticks of 10 ms, five per tick, round robin over the users.
  while (Date.now() - started < RUN_S * 1000) {
    for (let i = 0; i < RATE_PER_S / 100; i++) {
      const mine = seq++;
      const userId = users[mine % users.length]!;
      pending.push(
        publisher.app.realtime.publish(userId, BENCH_CMD, { seq: mine }).then(
          () => void acknowledged.add(mine),
          () => void (failed += 1),
        ),
      );
    }
    if (!disrupted && Date.now() - started >= DISRUPT_AT_S * 1000)
      // Settled to its error, read after the run (a rejection left waiting would end the process).
      disrupted = disrupt().then(
        () => undefined,
        (error: unknown) => error,
      );
    await sleep(10);
  }
  await Promise.all(pending);
  const disruptionError = await disrupted;
  if (disruptionError !== undefined) throw new Error(`the disruption itself failed: ${String(disruptionError)}`);
  await sleep(SETTLE_MS);
  const received = new Map<number, number>();
  for (const receiver of receivers) for (const [s, n] of receiver.seqs) received.set(s, (received.get(s) ?? 0) + n);
  for (const receiver of receivers) receiver.close();
  let lost = 0;
  for (const s of acknowledged) if (!received.has(s)) lost += 1;
  let duplicates = 0;
  for (const n of received.values()) duplicates += n - 1;
  return {
    acknowledged: acknowledged.size,
    failed,
    received: received.size,
    lost,
    duplicates,
    reconnects: receivers.reduce((sum, r) => sum + r.reconnects, 0),
    resets: receivers.reduce((sum, r) => sum + r.resets, 0),
  };
}

export async function benchLiveLoss(ctx: BenchContext): Promise<PartResult> {
  const data: Record<string, unknown> = {
    ratePerS: RATE_PER_S,
    users: USERS,
    runS: RUN_S,
    disruptAtS: DISRUPT_AT_S,
  };
  if (ctx.engine !== 'postgres') {
    return {
      part: 'live-loss',
      ranAt: new Date().toISOString(),
      data,
      rows: [],
      notes: ['PostgreSQL only: PGlite has one process, no LISTEN connection to lose'],
    };
  }
  let cluster: PrivatePostgres | undefined;
  const adminBefore = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_PG_RESTART === 'private') {
    ctx.log('live-loss: starting a private PostgreSQL cluster (initdb, pg_ctl) to restart mid-run...');
    cluster = await startPrivatePostgres();
    // The bench's databases (openBenchDatabase, benchDatabaseUrl) go to the private cluster.
    process.env.BENCH_DATABASE_URL = cluster.adminUrl;
    data.cluster = 'private (initdb + pg_ctl on a free port, fsync on; restarted with pg_ctl restart -m fast)';
  }
  try {
    return await measureLoss(ctx, data, cluster);
  } finally {
    await cluster?.close();
    if (adminBefore === undefined) delete process.env.BENCH_DATABASE_URL;
    else process.env.BENCH_DATABASE_URL = adminBefore;
  }
}

async function measureLoss(
  ctx: BenchContext,
  data: Record<string, unknown>,
  cluster: PrivatePostgres | undefined,
): Promise<PartResult> {
  const notes: string[] = [];
  // Two databases handles on one PostgreSQL database: two instances, each its own pool and LISTEN.
  const first = await openBenchDatabase('postgres', 'live_loss', true);
  const second = await openBenchDatabase('postgres', 'live_loss', false);
  const receiverServer = await startServer(first);
  const publisher = await startServer(second);
  try {
    const users = await createBenchUsers(first, USERS);
    const listenerCut = await oneRun(publisher, receiverServer, first, users, async () => {
      // On a connection of its own: the instances' pools are busy publishing.
      const admin = new pg.Client({ connectionString: benchDatabaseUrl('live_loss') });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
           WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
        ctx.log(`live-loss: cut ${rows.length} LISTEN connections`);
      } finally {
        await admin.end();
      }
    });
    data.listenerRestart = listenerCut;
    ctx.log(`live-loss, LISTEN connections cut: ${JSON.stringify(listenerCut)}`);
    const command = process.env.BENCH_PG_RESTART_COMMAND;
    const restart = cluster
      ? () => cluster.restart()
      : command
        ? async () => void execSync(command, { stdio: 'ignore' })
        : undefined;
    if (restart) {
      const pgRestart = await oneRun(publisher, receiverServer, first, users, async () => {
        const started = Date.now();
        await restart();
        ctx.log(`live-loss: PostgreSQL restarted (${Date.now() - started} ms)`);
      });
      data.postgresRestart = pgRestart;
      ctx.log(`live-loss, PostgreSQL restarted: ${JSON.stringify(pgRestart)}`);
    } else {
      notes.push(
        "PostgreSQL restart not run: pass --pg-restart (a private cluster) or set BENCH_PG_RESTART_COMMAND (the machine's PostgreSQL: it stops every connection on the machine)",
      );
    }
  } finally {
    await publisher.close().catch(() => {});
    await receiverServer.close().catch(() => {});
    await second.close().catch(() => {});
    await first.close().catch(() => {});
  }
  return { part: 'live-loss', ranAt: new Date().toISOString(), data, rows: [], notes };
}
