// Compare bench: GET /v1/legal/compare of two 5,000-fragment versions, sequential requests
// after a warm-up (p50/p95/max), at the default page size and with the full difference lists.
import type { Database } from '../server/db/client.js';
import { buildApp } from '../server/app.js';
import { storeVersion } from '../server/importers/store-version.js';
import { analyze, type BenchContext } from './lib/context.js';
import { COMPARE_FRAGMENTS, compareVersions } from './lib/compare-work.js';
import { newestCzechWorks } from './lib/corpus.js';
import { openBenchDatabase } from './lib/engines.js';
import { recordingDb, type CapturedQuery } from './lib/record-queries.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { startServer } from './lib/server.js';
import { summarize } from './lib/stats.js';

export const COMPARE_TARGET_MS = 150;
const REQUESTS = 50;
const WARMUP_REQUESTS = 10;

async function timeSequential(run: () => Promise<void>) {
  for (let i = 0; i < WARMUP_REQUESTS; i++) await run();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return summarize(samples, performance.now() - started);
}

/** The handler's queries: the counts first, then both difference lists at once (as compare.ts). */
async function captureCompareSql(database: Database, path: string): Promise<CapturedQuery[]> {
  const sink: CapturedQuery[] = [];
  const app = await buildApp({ database: { ...database, db: recordingDb(sink, database.db) } });
  const response = await app.inject({ method: 'GET', url: path });
  await app.close();
  if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode}`);
  return sink;
}

export async function benchCompare(ctx: BenchContext): Promise<PartResult> {
  const { a, b, spareTexts } = compareVersions(await newestCzechWorks());
  const database = await openBenchDatabase(ctx.engine, 'compare', true);
  try {
    const storedA = await storeVersion(database.db, a, 'bench:compare-a');
    const storedB = await storeVersion(database.db, b, 'bench:compare-b');
    await analyze(database.raw);
    const server = await startServer(database);
    const rows: LatencyRow[] = [];
    let counts: unknown;
    try {
      for (const limit of [100, 5000]) {
        const path = `/v1/legal/compare?branch_id_a=${storedA.branchId}&branch_id_b=${storedB.branchId}&limit=${limit}`;
        const name = `GET compare (limit=${limit})`;
        ctx.log(`  ${name}: ${WARMUP_REQUESTS}+${REQUESTS} sequential requests...`);
        const api = await timeSequential(async () => {
          const response = await fetch(server.url + path);
          if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
          counts = ((await response.json()) as { counts: unknown }).counts;
        });
        const [first, ...rest] = await captureCompareSql(database, path);
        const sql = await timeSequential(async () => {
          await database.raw(first!.text, first!.params);
          await Promise.all(rest.map((query) => database.raw(query.text, query.params)));
        });
        const sqlRow: LatencyRow = { name, layer: 'sql', concurrency: 1, stats: sql };
        rows.push(
          withRatio(withTarget({ name, layer: 'api', concurrency: 1, stats: api }, 'p95Ms', COMPARE_TARGET_MS), sqlRow),
          sqlRow,
        );
      }
    } finally {
      await server.close();
    }
    return {
      part: 'compare',
      ranAt: new Date().toISOString(),
      data: {
        fragmentsA: storedA.fragments,
        fragmentsB: storedB.fragments,
        targetFragments: COMPARE_FRAGMENTS,
        counts,
        spareTexts,
        requests: REQUESTS,
        warmupRequests: WARMUP_REQUESTS,
      },
      rows,
      notes: [
        'Version A joins the largest real Czech acts and regulations of the corpus (paths prefixed per act) up to 5,000 text units; B amends ~5% (a number doubled or a proviso added), repeals ~2.5% and adds ~2.5% real text from acts not in A.',
        'sql = the three queries of server/library/compare.ts replayed through database.raw (counts, then both lists in parallel), sequentially.',
      ],
    };
  } finally {
    await database.close();
  }
}
