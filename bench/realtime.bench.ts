// Realtime bench: delivery latency of the live channel with 1,000 sockets on their own channels
// plus 100 on one shared channel, at a steady publish rate, beside a bare `ws` broadcast server
// with the same sockets and messages; across two instances through PostgreSQL (NOTIFY) at
// 500 events/s; and the server memory per idle connection. Loopback only.
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { userChannel } from '../src/realtime/protocol.js';
import type { Database } from '../server/db/client.js';
import type { BenchContext } from './lib/context.js';
import { openBenchDatabase } from './lib/engines.js';
import { startBareServer, type BareServer } from './lib/realtime-bare.js';
import { startClients, startInstance, type BenchChild } from './lib/realtime-children.js';
import type {
  ClientsReply,
  ClientsRequest,
  InstanceReply,
  InstanceRequest,
  PublishOutcome,
  PublishPlan,
  SocketTarget,
} from './lib/realtime-protocol.js';
import { BENCH_COMMAND, publishSteadily, type PublishFn } from './lib/realtime-publisher.js';
import { createBenchUsers, issueTokens } from './lib/realtime-users.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { startServer, type RunningServer } from './lib/server.js';
import { summarize, type LatencyStats } from './lib/stats.js';

const OWN_SOCKETS = 1000;
const SHARED_SOCKETS = 100;
/** Commands per second to the 1,000 own channels (round robin) and to the shared one. */
const OWN_PER_S = 500;
const SHARED_PER_S = 10;
const CROSS_PER_S = 500;
export const CROSS_INSTANCE_P99_MS = 50;
/** The hub's latency may be this many times the bare broadcast's. */
export const BARE_RATIO_TARGET = 1.5;
const CONNECT_CONCURRENCY = 50;
/** After the last publish: time for the last deliveries to land before the samples are read. */
const SETTLE_MS = 500;
/** Hub and bare take turns in this many rounds each, so a burst of load from elsewhere on the machine hits both alike. */
const ROUNDS = 4;

type Clients = BenchChild<ClientsRequest, ClientsReply>;
type Instance = BenchChild<InstanceRequest, InstanceReply>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The PostgreSQL URL of a bench database, as engines.ts builds it. */
function benchDatabaseUrl(name: string): string {
  const url = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/lexhub_bench_${name}`;
  return url.toString();
}

/** A full collection, so memory deltas count live objects only. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

interface Memory {
  heapUsed: number;
  rss: number;
}

async function memoryNow(gc: () => void): Promise<Memory> {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(50);
  }
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

const perConnection = (before: Memory, after: Memory, n: number) => ({
  heapKiB: round((after.heapUsed - before.heapUsed) / n / 1024),
  rssKiB: round((after.rss - before.rss) / n / 1024),
});

interface Measured {
  own: LatencyStats;
  shared?: LatencyStats;
  outcome: PublishOutcome;
  expected: number;
  received: number;
  closed: number;
  /** p99 of the own-channel deliveries in each round: how much the machine's noise moved it. */
  roundOwnP99: number[];
  /** The server process's event-loop delay while publishing (ms; p50 and p99 of the worst round): how busy it was. */
  loopDelay: { p50: number; p99: number; max: number };
  /** Garbage collection in the server process while publishing: pauses, their total and longest (ms). */
  gc: { count: number; totalMs: number; maxMs: number };
}

type Publisher = (plan: PublishPlan) => Promise<PublishOutcome>;

/** One system's measurement, gathered over several rounds (alternating with the other system). */
class SystemRun {
  private readonly own: number[] = [];
  private readonly shared: number[] = [];
  private readonly outcome: PublishOutcome = { individual: 0, shared: 0, errors: 0, maxInFlight: 0 };
  private readonly roundOwnP99: number[] = [];
  /** Event-loop delay per round (a histogram disabled between rounds would count the gap). */
  private readonly loop = { p50: [] as number[], p99: [] as number[], max: 0 };
  private readonly gc = { count: 0, totalMs: 0, maxMs: 0 };
  private closed = 0;
  private measuredS = 0;

  constructor(
    private readonly clients: Clients,
    private readonly publish: Publisher,
  ) {}

  /** Publishes without recording (JIT, connection pools, caches). */
  async warmUp(plan: PublishPlan, seconds: number) {
    if (seconds > 0) await this.publish({ ...plan, durationS: seconds });
    await sleep(200);
  }

  /** Publishes `plan` while the clients record; every delivery is one latency sample. */
  async round(plan: PublishPlan) {
    await this.clients.request({ type: 'record', on: true }, 'recording');
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.gc.count += 1;
        this.gc.totalMs += entry.duration;
        this.gc.maxMs = Math.max(this.gc.maxMs, entry.duration);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const outcome = await this.publish(plan);
    loop.disable();
    observer.disconnect();
    this.loop.p50.push(loop.percentile(50) / 1e6);
    this.loop.p99.push(loop.percentile(99) / 1e6);
    this.loop.max = Math.max(this.loop.max, loop.max / 1e6);
    await sleep(SETTLE_MS);
    const samples = await this.clients.request({ type: 'samples' }, 'samples');
    await this.clients.request({ type: 'record', on: false }, 'recording');
    this.own.push(...samples.individual);
    this.shared.push(...samples.shared);
    this.roundOwnP99.push(summarize(samples.individual, 1).p99Ms);
    this.closed += samples.closed;
    this.outcome.individual += outcome.individual;
    this.outcome.shared += outcome.shared;
    this.outcome.errors += outcome.errors;
    this.outcome.maxInFlight = Math.max(this.outcome.maxInFlight, outcome.maxInFlight);
    this.measuredS += plan.durationS;
  }

  result(withShared: boolean): Measured {
    const durationMs = this.measuredS * 1000;
    return {
      own: summarize(this.own, durationMs),
      shared: withShared ? summarize(this.shared, durationMs) : undefined,
      outcome: this.outcome,
      expected: this.outcome.individual + this.outcome.shared * SHARED_SOCKETS,
      received: this.own.length + this.shared.length,
      closed: this.closed,
      roundOwnP99: this.roundOwnP99,
      loopDelay: {
        p50: round(Math.max(...this.loop.p50), 2),
        p99: round(Math.max(...this.loop.p99), 2),
        max: round(this.loop.max, 2),
      },
      gc: { count: this.gc.count, totalMs: round(this.gc.totalMs), maxMs: round(this.gc.maxMs) },
    };
  }
}

const inProcess = (publish: PublishFn) => (plan: PublishPlan) => publishSteadily(plan, publish);

function targets(ownUsers: string[], sharedUser: string, urlOf: (index: number) => string): SocketTarget[] {
  return [
    ...ownUsers.map((userId, index) => ({ url: urlOf(index), channel: userChannel(userId) })),
    ...Array.from({ length: SHARED_SOCKETS }, (_, j) => ({
      url: urlOf(OWN_SOCKETS + j),
      channel: userChannel(sharedUser),
    })),
  ];
}

function check(name: string, run: Measured, notes: string[]) {
  const lost = run.expected - run.received;
  if (lost !== 0 || run.closed > 0 || run.outcome.errors > 0) {
    notes.push(
      `${name}: ${lost} of ${run.expected} deliveries missing, ${run.closed} sockets closed, ${run.outcome.errors} publish errors`,
    );
  }
}

export async function benchRealtime(ctx: BenchContext): Promise<PartResult> {
  const durationS = Math.min(ctx.durationS, 10);
  const warmupS = Math.min(ctx.warmupS, 2);
  const sockets = OWN_SOCKETS + SHARED_SOCKETS;
  const gc = exposeGc();
  const notes: string[] = [];
  const rows: LatencyRow[] = [];

  const database: Database = await openBenchDatabase(ctx.engine, 'realtime', true);
  const clients = startClients();
  let server: RunningServer | undefined;
  let bare: BareServer | undefined;
  let instance: Instance | undefined;
  try {
    const users = await createBenchUsers(database, OWN_SOCKETS + 1);
    const ownUsers = users.slice(0, OWN_SOCKETS);
    const sharedUser = users[OWN_SOCKETS]!;
    const sharedChannel = userChannel(sharedUser);
    const roundPlan: PublishPlan = {
      individualPerS: OWN_PER_S,
      sharedPerS: SHARED_PER_S,
      durationS: durationS / ROUNDS,
      individualUsers: ownUsers,
      sharedUser,
    };

    // Both servers live in this process, each with its own 1,100 sockets; they publish in turns.
    server = await startServer(database);
    const hubApp = server.app;
    const tokens = await issueTokens(database, [...ownUsers, ...Array<string>(SHARED_SOCKETS).fill(sharedUser)]);
    const hubBase = `${server.url.replace(/^http/, 'ws')}/ws?token=`;
    let before = await memoryNow(gc);
    ctx.log(`  hub: connecting ${sockets} sockets (token, ready, subscribe)...`);
    const hubConnect = await clients.request(
      {
        type: 'connect',
        targets: targets(ownUsers, sharedUser, (i) => hubBase + tokens[i]),
        sharedChannel,
        concurrency: CONNECT_CONCURRENCY,
      },
      'connected',
    );
    await sleep(1000);
    const hubMemory = perConnection(before, await memoryNow(gc), sockets);
    ctx.log(
      `  hub: ${hubConnect.sockets} sockets in ${hubConnect.ms} ms; ${hubMemory.heapKiB} KiB heap, ${hubMemory.rssKiB} KiB RSS per idle connection`,
    );

    bare = await startBareServer();
    const bareServer = bare;
    before = await memoryNow(gc);
    ctx.log(`  bare ws: connecting ${sockets} sockets...`);
    await clients.request(
      {
        type: 'connect',
        targets: targets(ownUsers, sharedUser, () => bareServer.url),
        sharedChannel,
        concurrency: CONNECT_CONCURRENCY,
      },
      'connected',
    );
    await sleep(1000);
    const bareMemory = perConnection(before, await memoryNow(gc), sockets);
    ctx.log(`  bare ws: ${bareMemory.heapKiB} KiB heap, ${bareMemory.rssKiB} KiB RSS per idle connection`);

    const hubRun = new SystemRun(
      clients,
      inProcess((userId, payload) => hubApp.realtime.publish(userId, BENCH_COMMAND, payload)),
    );
    const bareRun = new SystemRun(
      clients,
      inProcess((userId, payload) => bareServer.publish(userId, BENCH_COMMAND, payload)),
    );
    ctx.log(
      `  hub vs bare ws: ${warmupS} s warm-up each, then ${ROUNDS} alternating rounds of ${durationS / ROUNDS} s each at ${OWN_PER_S}/s own + ${SHARED_PER_S}/s shared...`,
    );
    await hubRun.warmUp(roundPlan, warmupS);
    await bareRun.warmUp(roundPlan, warmupS);
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? [hubRun, bareRun] : [bareRun, hubRun];
      for (const run of order) await run.round(roundPlan);
    }
    const hub = hubRun.result(true);
    const baseline = bareRun.result(true);
    check('hub', hub, notes);
    check('bare', baseline, notes);

    // ---- two instances through PostgreSQL: instance 2 publishes, this one's sockets receive ----
    let cross: Measured | undefined;
    if (ctx.engine === 'postgres') {
      ctx.log(`  cross-instance: starting a second instance, ${warmupS}+${durationS} s at ${CROSS_PER_S}/s...`);
      instance = await startInstance(benchDatabaseUrl('realtime'));
      const second = instance;
      const crossRun = new SystemRun(
        clients,
        async (plan) => (await second.request({ type: 'publish', plan }, 'published')).outcome,
      );
      const crossPlan: PublishPlan = {
        individualPerS: CROSS_PER_S,
        sharedPerS: 0,
        durationS,
        individualUsers: ownUsers,
      };
      await crossRun.warmUp(crossPlan, warmupS);
      await crossRun.round(crossPlan);
      cross = crossRun.result(false);
      check('cross-instance', cross, notes);
      await instance.request({ type: 'close' }, 'closed');
      await instance.stop();
      instance = undefined;
    } else {
      notes.push('cross-instance: PostgreSQL only (PGlite is one process); run with --engine postgres');
    }
    await clients.request({ type: 'disconnect' }, 'disconnected');

    // ---- rows ----
    const row = (name: string, layer: LatencyRow['layer'], concurrency: number, stats: LatencyStats): LatencyRow => ({
      name,
      layer,
      concurrency,
      stats,
    });
    const vsBare = (hubRow: LatencyRow, bareRow: LatencyRow) =>
      withTarget(withRatio(hubRow, bareRow), 'p99Ms', round(Math.max(bareRow.stats.p99Ms * BARE_RATIO_TARGET, 0.1), 2));
    const ownName = `deliver, own channels (${OWN_SOCKETS} sockets, ${OWN_PER_S}/s)`;
    const sharedName = `deliver, shared channel (${SHARED_SOCKETS} sockets, ${SHARED_PER_S}/s)`;
    const bareOwn = row(ownName, 'ws: bare', OWN_SOCKETS, baseline.own);
    const bareShared = row(sharedName, 'ws: bare', SHARED_SOCKETS, baseline.shared!);
    rows.push(vsBare(row(ownName, 'ws: hub', OWN_SOCKETS, hub.own), bareOwn), bareOwn);
    rows.push(vsBare(row(sharedName, 'ws: hub', SHARED_SOCKETS, hub.shared!), bareShared), bareShared);
    if (cross)
      rows.push(
        withTarget(
          row(
            `cross-instance via NOTIFY (${OWN_SOCKETS} sockets, ${CROSS_PER_S}/s)`,
            'ws: hub',
            OWN_SOCKETS,
            cross.own,
          ),
          'p99Ms',
          CROSS_INSTANCE_P99_MS,
        ),
      );

    const detail = (run: Measured) => ({
      expected: run.expected,
      received: run.received,
      maxInFlight: run.outcome.maxInFlight,
      roundOwnP99Ms: run.roundOwnP99,
      serverLoopDelayMs: run.loopDelay,
      serverGc: run.gc,
    });
    const data = {
      sockets: {
        own: OWN_SOCKETS,
        shared: SHARED_SOCKETS,
        sharedChannel: 'one user, 100 sockets subscribed to its user:{id}',
      },
      rates: {
        ownPerS: OWN_PER_S,
        sharedPerS: SHARED_PER_S,
        deliveriesPerS: OWN_PER_S + SHARED_PER_S * SHARED_SOCKETS,
        crossPerS: CROSS_PER_S,
      },
      command: {
        cmd: BENCH_COMMAND,
        note: 'payload {seq, t (monotonic send time), summary of 146 characters}; about 250 bytes of JSON',
      },
      durationS,
      warmupS,
      rounds: ROUNDS,
      hubConnectMs: hubConnect.ms,
      memoryPerIdleConnection: { hub: hubMemory, bare: bareMemory },
      hub: detail(hub),
      bare: detail(baseline),
      ...(cross ? { crossInstance: detail(cross) } : {}),
    };
    notes.push(
      `memory per idle connection (server process, after GC): hub ${hubMemory.heapKiB} KiB heap / ${hubMemory.rssKiB} KiB RSS; bare ws ${bareMemory.heapKiB} KiB heap / ${bareMemory.rssKiB} KiB RSS`,
      `own-channel p99 per round (ms): hub ${hub.roundOwnP99.join(', ')}; bare ${baseline.roundOwnP99.join(', ')}`,
      `server event-loop delay while publishing (p50/p99/max ms): hub ${hub.loopDelay.p50}/${hub.loopDelay.p99}/${hub.loopDelay.max}, bare ${baseline.loopDelay.p50}/${baseline.loopDelay.p99}/${baseline.loopDelay.max}`,
      `server GC while publishing (count, total ms, longest ms): hub ${hub.gc.count}, ${hub.gc.totalMs}, ${hub.gc.maxMs}; bare ${baseline.gc.count}, ${baseline.gc.totalMs}, ${baseline.gc.maxMs}`,
      `ratio column = hub / bare ws (target ≤ ${BARE_RATIO_TARGET}x: the p99 target shown is ${BARE_RATIO_TARGET} × the bare p99)`,
    );
    return { part: 'realtime', ranAt: new Date().toISOString(), data, rows, notes };
  } finally {
    if (instance) await instance.stop().catch(() => {});
    await clients.stop().catch(() => {});
    await server?.close().catch(() => {});
    await bare?.close().catch(() => {});
    await database.close();
  }
}
