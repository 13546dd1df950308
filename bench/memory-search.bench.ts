// Memory search bench (issue 12): searchNodes (server/memory/store.ts, the search_nodes tool's
// work) over one owner's 100,000 observations, with two other owners' 20,000 each beside them;
// queries that hit few entities and queries that hit many, one caller at a time; p95 < 50 ms.
// Anchor in the same run: a bare `SELECT 1` through the same pool.
import { searchNodes, type MemoryOwner } from '../server/memory/store.js';
import type { Db } from '../server/db/client.js';
import { analyze, type BenchContext } from './lib/context.js';
import { openBenchDatabase } from './lib/engines.js';
import { clientOf, entityNameOf, insertUser, legalSentences, seedMemory } from './lib/mcp-fixture.js';
import { withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { summarize, type LatencyStats } from './lib/stats.js';

export const SEARCH_P95_TARGET_MS = 50;
const ENTITIES = 5_000;
const PER_ENTITY = 20;
const OTHER_OWNERS = 2;
const OTHER_ENTITIES = 1_000;

/**
 * Few hits (1-10 entities): an entity's name, a client's full name (5 entities each). Some: a
 * client's surname (100 entities). Many: words in a large share of the corpus sentences (every
 * sentence is on ~28 of the owner's entities).
 */
const FEW = [entityNameOf(0, 4242), `Klient: ${clientOf(1234)}`, `klient: ${clientOf(77)}`, 'Spis 0-0137'];
const SOME = [0, 1, 2, 3].map((i) => `Klient: ${clientOf(i).split(' ')[0]!} `);
const MANY = ['komise', 'member states', 'článek', 'the Union', 'rozhodnutí'];

/** Sequential calls of `work` over `inputs` for `durationS` after `warmupS`; latency per call. */
export async function timeSequential<T>(
  inputs: readonly T[],
  work: (input: T) => Promise<unknown>,
  durationS: number,
  warmupS: number,
  concurrency = 1,
): Promise<LatencyStats> {
  const loop = async (seconds: number, samples?: number[]) => {
    let next = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const caller = async () => {
      while (performance.now() < deadline) {
        const input = inputs[next++ % inputs.length]!;
        const t0 = performance.now();
        await work(input);
        samples?.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, caller));
    return performance.now() - started;
  };
  if (warmupS > 0) await loop(warmupS);
  const samples: number[] = [];
  const elapsed = await loop(durationS, samples);
  return summarize(samples, elapsed);
}

export async function benchMemorySearch(ctx: BenchContext): Promise<PartResult> {
  const database = await openBenchDatabase(ctx.engine, 'memory_search', true);
  const db: Db = database.db;
  try {
    const sentences = legalSentences(50_000);
    const owner = await insertUser(db, 0);
    const t0 = performance.now();
    ctx.log(`  seeding ${ENTITIES * PER_ENTITY} observations (${sentences.length} corpus sentences) + others...`);
    await seedMemory(db, owner, 0, ENTITIES, PER_ENTITY, sentences);
    for (let n = 1; n <= OTHER_OWNERS; n++) {
      const other: MemoryOwner = await insertUser(db, n);
      await seedMemory(db, other, n, OTHER_ENTITIES, PER_ENTITY, sentences);
    }
    await analyze(database.raw);
    const seedS = Math.round((performance.now() - t0) / 1000);
    const { rows: counts } = await database.raw(
      `SELECT (SELECT count(*)::int FROM memory_observations WHERE owner_id = $1) AS own,
              (SELECT count(*)::int FROM memory_observations) AS total`,
      [owner.id],
    );

    const hitsOf = async (queries: string[]) =>
      Object.fromEntries(
        await Promise.all(queries.map(async (q) => [q, (await searchNodes(db, owner, q)).entities.length])),
      );
    const fewHits = await hitsOf(FEW);
    const someHits = await hitsOf(SOME);
    const manyHits = await hitsOf(MANY);
    ctx.log(`  entities hit: ${JSON.stringify({ ...fewHits, ...someHits, ...manyHits })}`);

    const run = (inputs: string[]) =>
      timeSequential(inputs, (q) => searchNodes(db, owner, q), ctx.durationS, ctx.warmupS);
    ctx.log('  anchor SELECT 1...');
    const anchor = await timeSequential([0], () => database.raw('SELECT 1'), ctx.durationS, ctx.warmupS);
    ctx.log('  searchNodes, few hits...');
    const few = await run(FEW);
    ctx.log('  searchNodes, some hits...');
    const some = await run(SOME);
    ctx.log('  searchNodes, many hits...');
    const many = await run(MANY);

    const row = (name: string, layer: LatencyRow['layer'], stats: LatencyStats): LatencyRow => ({
      name,
      layer,
      concurrency: 1,
      stats,
    });
    return {
      part: 'memory-search',
      ranAt: new Date().toISOString(),
      data: {
        ownerObservations: counts[0]?.own,
        allObservations: counts[0]?.total,
        entities: ENTITIES,
        otherOwners: OTHER_OWNERS,
        corpusSentences: sentences.length,
        entitiesHit: { few: fewHits, some: someHits, many: manyHits },
        seedSeconds: seedS,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
      },
      rows: [
        row('anchor: SELECT 1', 'sql', anchor),
        withTarget(row('searchNodes, few hits', 'sql: handler', few), 'p95Ms', SEARCH_P95_TARGET_MS),
        withTarget(row('searchNodes, ~100 hits', 'sql: handler', some), 'p95Ms', SEARCH_P95_TARGET_MS),
        withTarget(
          row('searchNodes, many hits (answer cut at MEMORY_LIMITS.searchEntities)', 'sql: handler', many),
          'p95Ms',
          SEARCH_P95_TARGET_MS,
        ),
      ],
      notes: [
        'searchNodes in-process: the trigram LIKE over entities and observations, then the hit entities (all observations of a name or type match, only the matching ones otherwise) and the relations among them.',
        'Observations: per entity a client note, then 19 DGT translation-memory sentences (Czech and English) from the corpus, some with a note prefix.',
      ],
    };
  } finally {
    await database.close();
  }
}
