// Search at scale (issue 14): GET /v1/search (the full search) on the corpus scaled to 100,000
// fragments on PGlite and 1,000,000 on PostgreSQL (bench/lib/search-library.ts), one client, a
// fixed set of real queries (the relevance set of tests/server/search.test.ts), each round asking
// every query once; beside it the bare SQL the same searches run (recorded, replayed in order through
// the same database), and the sizes of the search's tables and indexes.
// The route is rate-limited per client address (240 a minute): the client sends each block of 200
// requests from its own loopback address (127.0.0.2, 127.0.0.3, ...), as so many readers would.
import http from 'node:http';
import type { Engine } from '../server/db/client.js';
import { search } from '../server/search/search.js';
import { SearchQuery } from '../src/api/contract/search.js';
import type { BenchContext } from './lib/context.js';
import { recordingDb, type CapturedQuery } from './lib/record-queries.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { SEARCH_QUERIES } from './lib/search-queries.js';
import { openSearchLibrary, searchSizes, type SearchLibrary } from './lib/search-library.js';
import { startServer } from './lib/server.js';
import { summarize } from './lib/stats.js';

/** The issue's targets: p95 at 1,000,000 fragments on PostgreSQL, at 100,000 on PGlite. */
export const SEARCH_P95_TARGET_MS: Record<Engine, number> = { postgres: 50, pglite: 150 };
const DEFAULT_SIZES: Record<Engine, number[]> = { postgres: [1_000_000], pglite: [100_000] };
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 5);
/** Requests per loopback source address: under the route's 240 a minute. */
const PER_ADDRESS = 200;

function sizesFor(engine: Engine): number[] {
  const env = process.env.BENCH_SEARCH_FRAGMENTS;
  if (!env) return DEFAULT_SIZES[engine];
  return env.split(',').map((value) => {
    const n = Number(value.replace(/_/gu, ''));
    if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_SEARCH_FRAGMENTS: bad size "${value}"`);
    return n;
  });
}

/** One GET, timed from the request to the last byte, from `localAddress`. */
function timedGet(url: string, localAddress: string): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(url, { localAddress, headers: { accept: 'application/json' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms: performance.now() - t0, status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function benchSize(ctx: BenchContext, target: number) {
  const library: SearchLibrary = await openSearchLibrary(ctx.engine, target, ctx.log);
  const { database } = library;
  try {
    const queries = SEARCH_QUERIES.map((q) => SearchQuery.parse({ q }));
    // The SQL of each search, recorded against the library itself (a search runs several queries).
    const recorded: CapturedQuery[][] = [];
    const hits: Record<string, number> = {};
    for (const query of queries) {
      const sink: CapturedQuery[] = [];
      const result = await search(recordingDb(sink, database.db), query);
      recorded.push(sink);
      hits[query.q] = result.total_documents;
    }
    const server = await startServer(database);
    const apiSamples: number[] = [];
    const perQuery: Record<string, number[]> = {};
    const statuses: Record<string, number> = {};
    let sent = 0;
    const get = (q: string) =>
      timedGet(`${server.url}/v1/search?q=${encodeURIComponent(q)}`, `127.0.0.${2 + Math.floor(sent++ / PER_ADDRESS)}`);
    let apiMs = 0;
    try {
      ctx.log(`  ${target}: one warm-up round, then ${ROUNDS} rounds × ${queries.length} queries, one client...`);
      for (const query of queries) await get(query.q);
      const started = performance.now();
      for (let round = 0; round < ROUNDS; round++) {
        for (const query of queries) {
          const { ms, status } = await get(query.q);
          statuses[status] = (statuses[status] ?? 0) + 1;
          apiSamples.push(ms);
          (perQuery[query.q] ??= []).push(ms);
        }
      }
      apiMs = performance.now() - started;
    } finally {
      await server.close();
    }
    const bad = Object.keys(statuses).filter((status) => !status.startsWith('2'));
    if (bad.length) throw new Error(`search: non-2xx responses ${JSON.stringify(statuses)}`);
    ctx.log(`  ${target}: the bare SQL of the same searches, ${ROUNDS} rounds...`);
    const sqlSamples: number[] = [];
    const sqlStarted = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      for (const input of recorded) {
        const t0 = performance.now();
        for (const query of input) await database.raw(query.text, query.params);
        sqlSamples.push(performance.now() - t0);
      }
    }
    const sqlMs = performance.now() - sqlStarted;
    const name = `GET /v1/search, ${target.toLocaleString('en')} fragments`;
    const sqlRow: LatencyRow = { name, layer: 'sql', concurrency: 1, stats: summarize(sqlSamples, sqlMs) };
    const apiRow = withRatio(
      withTarget(
        { name, layer: 'api', concurrency: 1, stats: summarize(apiSamples, apiMs) },
        'p95Ms',
        SEARCH_P95_TARGET_MS[ctx.engine],
      ),
      sqlRow,
    );
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
    const slowest = Object.entries(perQuery)
      .map(([q, samples]) => ({ q, medianMs: Math.round(median(samples) * 10) / 10, documents: hits[q] ?? 0 }))
      .sort((a, b) => b.medianMs - a.medianMs)
      .slice(0, 8);
    const sizes = await searchSizes(database);
    const mb = (bytes: number | undefined) => Math.round((bytes ?? 0) / 2 ** 20);
    ctx.log(
      `  ${target}: provision_search ${mb(sizes.provision_search)} MB, its GIN index ${mb(sizes.provision_search_vector_idx)} MB, database ${mb(sizes.database)} MB; slowest: ${slowest
        .slice(0, 4)
        .map((s) => `"${s.q}" ${s.medianMs} ms`)
        .join(', ')}`,
    );
    return {
      rows: [apiRow, sqlRow],
      data: {
        target,
        database: library.name,
        fragments: library.fragments,
        provisions: library.provisions,
        documents: library.documents,
        build: library.build ?? 'cached',
        rounds: ROUNDS,
        queries: queries.length,
        ratioP95: apiRow.ratioToSql?.p95,
        within1_5: (apiRow.ratioToSql?.p95 ?? Infinity) <= 1.5,
        slowestQueries: slowest,
        documentsFound: hits,
        sizes,
      },
    };
  } finally {
    await database.close();
  }
}

export async function benchSearchScale(ctx: BenchContext): Promise<PartResult> {
  const ranAt = new Date().toISOString();
  const rows: LatencyRow[] = [];
  const data: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const target of sizesFor(ctx.engine)) {
    const result = await benchSize(ctx, target);
    rows.push(...result.rows);
    data[String(target)] = result.data;
    notes.push(
      `${target.toLocaleString('en')} fragments: API/SQL p95 ratio ${result.data.ratioP95} (issue: within 1.5x: ${result.data.within1_5 ? 'met' : 'missed'}).`,
    );
  }
  return { part: 'search-scale', ranAt, data, rows, notes };
}
