// Autocomplete bench: GET /v1/search/autocomplete?limit=20 on the scaled library of 10,000
// documents with a realistic query mix, under N connections, against the bare SQL.
import { autocomplete } from '../server/library/autocomplete.js';
import { analyze, round1, type BenchContext } from './lib/context.js';
import { autocompleteQueries } from './lib/autocomplete-queries.js';
import { parseCorpus } from './lib/corpus.js';
import { assertAllOk, HTTP_TIMEOUT_S, runHttpLoad, type HttpRequestInput, type LoadResult } from './lib/load.js';
import { recordingDb, type CapturedQuery } from './lib/record-queries.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { CLONE_MAX_FRAGMENTS, openScaledLibrary } from './lib/scaled-library.js';
import { startServer } from './lib/server.js';
import { runSqlLoad } from './lib/sql-load.js';

export const AUTOCOMPLETE_P95_TARGET_MS = 30;
const QUERIES = 300;
const LIMIT = 20;
const HIT_SAMPLE = 30;

export async function benchAutocomplete(ctx: BenchContext): Promise<PartResult> {
  const library = await openScaledLibrary(ctx.engine, ctx.log);
  const { database } = library;
  try {
    await analyze(database.raw);
    const czech = (await parseCorpus()).map(({ doc }) => doc).filter((d) => d.languages[0] === 'cs');
    const queries = autocompleteQueries(czech, QUERIES);
    // Autocomplete runs one or two queries (the similarity step only when exact hits do not
    // fill the list), so each query's sequence is recorded against the real library.
    const sql: CapturedQuery[][] = [];
    const hits: number[] = [];
    for (const { q } of queries) {
      const sink: CapturedQuery[] = [];
      const found = await autocomplete(recordingDb(sink, database.db), q, LIMIT);
      sql.push(sink);
      if (hits.length < HIT_SAMPLE) hits.push(found.length);
    }
    const requests: HttpRequestInput[] = queries.map(({ q }) => ({
      method: 'GET',
      path: `/v1/search/autocomplete?q=${encodeURIComponent(q)}&limit=${LIMIT}`,
    }));

    const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    const httpLoad = {
      url: '',
      requests,
      durationS: ctx.durationS,
      warmupS: ctx.warmupS,
      timeoutS: HTTP_TIMEOUT_S,
      drainPath: '/healthz',
    };
    const name = `GET autocomplete?limit=${LIMIT}`;
    const server = await startServer(database);
    let http: LoadResult;
    let single: LoadResult;
    try {
      ctx.log(`  autocomplete: HTTP load (${ctx.connections} connections, ${ctx.warmupS}+${ctx.durationS} s)...`);
      http = await runHttpLoad({ ...httpLoad, url: server.url, connections: ctx.connections });
      assertAllOk('autocomplete', http);
      ctx.log(`  autocomplete: HTTP, one connection (the cost of one query without queueing)...`);
      single = await runHttpLoad({ ...httpLoad, url: server.url, connections: 1 });
      assertAllOk('autocomplete', single);
    } finally {
      await server.close();
    }
    ctx.log(`  autocomplete: bare SQL (${ctx.connections} callers in-process)...`);
    const sqlRow: LatencyRow = {
      name,
      layer: 'sql',
      concurrency: ctx.connections,
      stats: await runSqlLoad({ raw: database.raw, inputs: sql, concurrency: ctx.connections, ...load }),
    };
    const apiRow = withRatio(
      withTarget(
        { name, layer: 'api', concurrency: ctx.connections, stats: http.stats, errors: http.errors },
        'p95Ms',
        AUTOCOMPLETE_P95_TARGET_MS,
      ),
      sqlRow,
    );
    const singleRow = withTarget(
      { name, layer: 'api', concurrency: 1, stats: single.stats, errors: single.errors },
      'p95Ms',
      AUTOCOMPLETE_P95_TARGET_MS,
    );
    const byKind = Object.fromEntries(
      (['prefix', 'number', 'typo', 'word'] as const).map((kind) => [
        kind,
        queries.filter((q) => q.kind === kind).length,
      ]),
    );
    return {
      part: 'autocomplete',
      ranAt: new Date().toISOString(),
      data: {
        documents: library.documents,
        fragments: library.fragments,
        cloneSources: library.cloneSources,
        cloneMaxFragments: CLONE_MAX_FRAGMENTS,
        buildS: library.buildS ?? 'cached',
        queries: queries.length,
        queryKinds: byKind,
        queryExamples: queries.slice(0, 12).map((q) => q.q),
        hitsOfFirstQueries: HIT_SAMPLE,
        meanHits: round1(hits.reduce((a, b) => a + b, 0) / hits.length),
        queriesWithoutHits: hits.filter((h) => h === 0).length,
        ...load,
      },
      rows: [apiRow, sqlRow, singleRow],
      notes: [
        `Library: the real corpus plus clones of ${library.cloneSources} real Czech works (newest version each, first ${CLONE_MAX_FRAGMENTS} text units) under unused numbers 600+/1993-2024 Sb., titled '<real title> (kopie n)'.`,
      ],
    };
  } finally {
    await database.close();
  }
}
