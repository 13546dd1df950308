// Load bench (issue 15, section 5): the document-page mix (lib/page-mix.ts: document, languages,
// nodes, fragments, texts over every corpus document) at 50 connections by default, autocannon in
// a child process, 30 s after a warm-up. Reports p50/p95/p99/max, responses slower than 1 s
// ("stalls") and errors. The baseline: PGlite p99 337 ms and max 4.95 s, PostgreSQL p99
// 230 ms. BENCH_LOAD_CONNECTIONS and BENCH_LOAD_SECONDS override the 50 connections and 30 s
// (the shared --connections and --duration defaults of the other parts are 32 and 10).
import os from 'node:os';
import { analyze, type BenchContext } from './lib/context.js';
import { openCorpusDatabase } from './lib/corpus.js';
import { HTTP_TIMEOUT_S, runHttpLoad } from './lib/load.js';
import { documentPageMix } from './lib/page-mix.js';
import type { PartResult } from './lib/results.js';
import { startServer } from './lib/server.js';

export const LOAD_CONNECTIONS = 50;
export const LOAD_DURATION_S = 30;
/** A response slower than this is a stall. */
export const STALL_MS = 1_000;

/** A positive number from the environment, else `fallback`. */
export const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
};

export async function benchLoad(ctx: BenchContext): Promise<PartResult> {
  const connections = fromEnv('BENCH_LOAD_CONNECTIONS', LOAD_CONNECTIONS);
  const durationS = fromEnv('BENCH_LOAD_SECONDS', LOAD_DURATION_S);
  const database = await openCorpusDatabase(ctx.engine, ctx.log);
  try {
    await analyze(database.raw);
    const mix = await documentPageMix(database);
    const server = await startServer(database);
    try {
      const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
      ctx.log(
        `  load: ${mix.requests.length} requests over ${mix.documents} documents, ${connections} connections, ${ctx.warmupS}+${durationS} s (load avg ${loadAverage.join(' ')})...`,
      );
      const result = await runHttpLoad({
        url: server.url,
        requests: mix.requests,
        connections,
        durationS,
        warmupS: ctx.warmupS,
        timeoutS: HTTP_TIMEOUT_S,
        drainPath: '/healthz',
        slowMs: STALL_MS,
      });
      const non2xx = Object.entries(result.statuses)
        .filter(([status]) => !status.startsWith('2'))
        .reduce((sum, [, n]) => sum + n, 0);
      ctx.log(
        `  load: p50 ${result.stats.p50Ms} p95 ${result.stats.p95Ms} p99 ${result.stats.p99Ms} max ${result.stats.maxMs} ms; ${result.slow} over ${STALL_MS} ms; ${result.errors} errors; non-2xx ${non2xx}; statuses ${JSON.stringify(result.statuses)}`,
      );
      return {
        part: 'load',
        ranAt: new Date().toISOString(),
        loadAverage,
        data: {
          mix: 'document, languages, nodes, fragments?limit=100, POST fragments/texts (that page) per document',
          documents: mix.documents,
          requests: mix.requests.length,
          connections,
          durationS,
          warmupS: ctx.warmupS,
          stallMs: STALL_MS,
          stalls: result.slow,
          errors: result.errors,
          non2xx,
          statuses: result.statuses,
          loadAverageAfter: os.loadavg().map((value) => Math.round(value * 100) / 100),
        },
        rows: [
          {
            name: 'document-page mix',
            layer: 'api',
            concurrency: connections,
            stats: result.stats,
            errors: result.errors,
          },
        ],
        notes: [`${result.slow} responses over ${STALL_MS} ms; ${non2xx} non-2xx`],
      };
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}
