// Live-channel loss bench (issue 15, section 5): two instances on one PostgreSQL; the second
// publishes at 500 events/s, sockets on the first receive. Mid-run the LISTEN connections are
// cut (pg_terminate_backend), and in a second run PostgreSQL itself restarts
// (BENCH_PG_RESTART_COMMAND, e.g. `pg_ctlcluster 15 main restart`; skipped when unset: it stops
// every connection on the machine). A publish counts as acknowledged when publish() resolved (its
// transaction committed); lost = acknowledged but never received. Target: 0 lost.
import { execSync } from 'node:child_process';
import pg from 'pg';
import WebSocket from 'ws';
import { SUBPROTOCOL, userChannel } from '../src/realtime/protocol.js';
import type { Database } from '../server/db/client.js';
import type { BenchContext } from './lib/context.js';
import { benchDatabaseUrl, openBenchDatabase } from './lib/engines.js';
import { createBenchUsers, issueTokens } from './lib/realtime-users.js';
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

/** A socket that resubscribes with the last id it saw whenever it has to reconnect. */
class ResumingReceiver {
  readonly seqs = new Map<number, number>();
  reconnects = 0;
  resets = 0;
  private lastId: number | undefined;
  private socket: WebSocket | undefined;
  private closed = false;
  private reopening = false;

  constructor(
    private readonly url: () => Promise<string>,
    private readonly channel: string,
  ) {}

  async open(): Promise<void> {
    const socket = new WebSocket(await this.url(), [SUBPROTOCOL]);
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as {
          type: string;
          id?: number;
          payload?: { seq?: number };
        };
        if (message.type === 'ready') {
          socket.send(
            JSON.stringify({
              cmd: 'subscribe',
              channels: [this.channel],
              ...(this.lastId === undefined ? {} : { last_id: this.lastId }),
            }),
          );
        } else if (message.type === 'subscribed') {
          resolve();
        } else if (message.type === 'reset') {
          this.resets += 1;
        } else if (message.type === 'command' && typeof message.payload?.seq === 'number') {
          if (message.id !== undefined) this.lastId = message.id;
          this.seqs.set(message.payload.seq, (this.seqs.get(message.payload.seq) ?? 0) + 1);
        }
      });
      socket.once('close', () => {
        reject(new Error('closed before subscribed'));
        if (!this.closed && !this.reopening) void this.reopen();
      });
    });
  }

  /** Tries again every 200 ms (the instance or the database may still be coming back). */
  private async reopen(): Promise<void> {
    this.reconnects += 1;
    this.reopening = true;
    while (!this.closed) {
      await sleep(200);
      try {
        await this.open();
        break;
      } catch {
        // the socket's own close handler does not retry while this loop runs
      }
    }
    this.reopening = false;
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

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
  const notes: string[] = [];
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
    const restart = process.env.BENCH_PG_RESTART_COMMAND;
    if (restart) {
      const pgRestart = await oneRun(publisher, receiverServer, first, users, async () => {
        execSync(restart, { stdio: 'ignore' });
        ctx.log('live-loss: PostgreSQL restarted');
      });
      data.postgresRestart = pgRestart;
      ctx.log(`live-loss, PostgreSQL restarted: ${JSON.stringify(pgRestart)}`);
    } else {
      notes.push('PostgreSQL restart not run: set BENCH_PG_RESTART_COMMAND (it stops every connection on the machine)');
    }
  } finally {
    await publisher.close().catch(() => {});
    await receiverServer.close().catch(() => {});
    await second.close().catch(() => {});
    await first.close().catch(() => {});
  }
  return { part: 'live-loss', ranAt: new Date().toISOString(), data, rows: [], notes };
}
