// Soak bench (issue 15, section 5): the document-page mix (lib/page-mix.ts) at a moderate rate
// (BENCH_SOAK_RATE, 50 requests/s over 10 connections, autocannon in a child process) for
// BENCH_SOAK_SECONDS (600), while 50 live sockets each receive commands published to their
// user's channel (10/s in all). Samples the server process's RSS and heap after a full GC at the
// start, every minute and at the end; counts HTTP errors and non-2xx, publishes failed, commands
// lost, and the sockets the server still counts open at the end (its /metrics, lexhub_live_sockets).
// The server runs in this process (PGlite's folder lock): the 50 receiving clients share its heap
// (a few hundred KB), the load generator does not.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { userChannel } from '../src/realtime/protocol.js';
import { buildApp } from '../server/app.js';
import type { Database } from '../server/db/client.js';
import { analyze, type BenchContext } from './lib/context.js';
import { openCorpusDatabase } from './lib/corpus.js';
import { HTTP_TIMEOUT_S, runHttpLoad } from './lib/load.js';
import { documentPageMix } from './lib/page-mix.js';
import { issueTokens } from './lib/realtime-users.js';
import type { PartResult } from './lib/results.js';
import { ResumingReceiver } from './lib/resuming-receiver.js';
import { fromEnv, STALL_MS } from './load.bench.js';

const SOCKETS = 50;
const PUBLISH_EVERY_MS = 100;
const SAMPLE_EVERY_MS = 60_000;
const METRICS_TOKEN = 'soak-bench-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface MemorySample {
  atS: number;
  rssMb: number;
  heapUsedMb: number;
  loadAverage1: number;
}

/** A full collection first, so the heap counts live objects only. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Soak users with their own names and phones: the corpus database is reused from run to run. */
async function soakUsers(database: Database, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await database.raw(
    `INSERT INTO users (id, email, phone, username, password_hash, first_name, last_name, email_verified_at)
     SELECT id, 'soak-' || id || '@example.invalid', '+4209' || lpad((floor(random() * 1e8))::int::text, 8, '0'),
            'soak-' || replace(id::text, '-', ''), '!bench', 'Soak', 'User', now()
     FROM unnest($1::uuid[]) AS t(id)`,
    [ids],
  );
  return ids;
}

export async function benchSoak(ctx: BenchContext): Promise<PartResult> {
  const seconds = fromEnv('BENCH_SOAK_SECONDS', 600);
  const ratePerS = fromEnv('BENCH_SOAK_RATE', 50);
  const database = await openCorpusDatabase(ctx.engine, ctx.log);
  const gc = collector();
  let started = Date.now();
  const samples: MemorySample[] = [];
  const sample = () => {
    gc();
    const { rss } = process.memoryUsage();
    samples.push({
      atS: Math.round((Date.now() - started) / 1000),
      rssMb: mb(rss),
      heapUsedMb: mb(v8.getHeapStatistics().used_heap_size),
      loadAverage1: Math.round(os.loadavg()[0]! * 100) / 100,
    });
    ctx.log(`  soak: ${JSON.stringify(samples.at(-1))}`);
  };
  try {
    await analyze(database.raw);
    const mix = await documentPageMix(database);
    const users = await soakUsers(database, SOCKETS);
    const app = await buildApp({ database, metrics: { token: METRICS_TOKEN } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    const receivers = users.map(
      (userId) =>
        new ResumingReceiver(async () => {
          const [token] = await issueTokens(database, [userId]);
          return `${url.replace(/^http/, 'ws')}/ws?token=${token}`;
        }, userChannel(userId)),
    );
    try {
      await Promise.all(receivers.map((receiver) => receiver.open()));
      started = Date.now();
      sample();
      ctx.log(
        `  soak: ${seconds} s, ${ratePerS} requests/s of the document-page mix (${mix.requests.length} requests, ${mix.documents} documents), ${SOCKETS} sockets, ${1000 / PUBLISH_EVERY_MS} publishes/s`,
      );
      const http = runHttpLoad({
        url,
        requests: mix.requests,
        connections: 10,
        durationS: seconds,
        warmupS: 0,
        timeoutS: HTTP_TIMEOUT_S,
        drainPath: '/healthz',
        slowMs: STALL_MS,
        ratePerS,
      });
      let httpDone = false;
      void http.finally(() => (httpDone = true)).catch(() => {});
      const acknowledged = new Set<number>();
      let failedPublishes = 0;
      let seq = 0;
      let nextSample = Date.now() + SAMPLE_EVERY_MS;
      const pending: Promise<void>[] = [];
      while (!httpDone) {
        const mine = seq++;
        pending.push(
          app.realtime.publish(users[mine % users.length]!, 'tool.bench', { seq: mine }).then(
            () => void acknowledged.add(mine),
            () => void (failedPublishes += 1),
          ),
        );
        if (Date.now() >= nextSample) {
          sample();
          nextSample += SAMPLE_EVERY_MS;
        }
        await sleep(PUBLISH_EVERY_MS);
      }
      const result = await http;
      await Promise.all(pending);
      await sleep(3_000);
      const scraped = await (
        await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const openSockets = Number(/^lexhub_live_sockets (\d+)$/m.exec(scraped)?.[1] ?? Number.NaN);
      const received = new Set<number>();
      for (const receiver of receivers) for (const s of receiver.seqs.keys()) received.add(s);
      let lost = 0;
      for (const s of acknowledged) if (!received.has(s)) lost += 1;
      sample();
      const non2xx = Object.entries(result.statuses)
        .filter(([status]) => !status.startsWith('2'))
        .reduce((sum, [, n]) => sum + n, 0);
      const first = samples[0]!;
      const last = samples.at(-1)!;
      const data = {
        seconds,
        ratePerS,
        sockets: SOCKETS,
        publishesPerS: 1000 / PUBLISH_EVERY_MS,
        requests: result.stats.samples,
        httpErrors: result.errors,
        non2xx,
        statuses: result.statuses,
        stalls: result.slow,
        published: seq,
        acknowledged: acknowledged.size,
        failedPublishes,
        lost,
        reconnects: receivers.reduce((sum, r) => sum + r.reconnects, 0),
        openSocketsAtEnd: openSockets,
        memory: samples,
        rssGrowthMb: Math.round((last.rssMb - first.rssMb) * 10) / 10,
        heapGrowthMb: Math.round((last.heapUsedMb - first.heapUsedMb) * 10) / 10,
      };
      ctx.log(`  soak: ${JSON.stringify({ ...data, memory: undefined })}`);
      return {
        part: 'soak',
        ranAt: new Date().toISOString(),
        data,
        rows: [
          {
            name: 'document-page mix (soak)',
            layer: 'api',
            concurrency: 10,
            stats: result.stats,
            errors: result.errors,
          },
        ],
        notes: [
          `RSS ${first.rssMb} -> ${last.rssMb} MB, heap after GC ${first.heapUsedMb} -> ${last.heapUsedMb} MB; ${openSockets} sockets open at the end (of ${SOCKETS}); ${lost} of ${acknowledged.size} commands lost`,
        ],
      };
    } finally {
      for (const receiver of receivers) receiver.close();
      await app.close();
    }
  } finally {
    await database.close();
  }
}
