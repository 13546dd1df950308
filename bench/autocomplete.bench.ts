// Autocomplete bench: GET /v1/search/autocomplete?limit=20 on the scaled library of 10,000
// documents with a realistic query mix, under N connections, against the bare SQL.
import { autocomplete } from '../server/library/autocomplete.js';
import { analyze, round1, type BenchContext } from './lib/context.js';
import { autocompleteQueries } from './lib/autocomplete-queries.js';
import { parseCorpus } from './lib/corpus.js';
import { assertAllOk, runHttpLoad, type HttpRequestInput } from './lib/load.js';
import { captureQuery } from './lib/record-queries.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { CLONE_MAX_FRAGMENTS, openScaledLibrary } from './lib/scaled-library.js';
import { startServer } from './lib/server.js';
import { runSqlLoad } from './lib/sql-load.js';

export const AUTOCOMPLETE_P95_TARGET_MS = 30;
const QUERIES = 300;
const LIMIT = 20;

export async function benchAutocomplete(ctx: BenchContext): Promise<PartResult> {
  const library = await openScaledLibrary(ctx.engine, ctx.log);
  const { database } = library;
  try {
    await analyze(database.raw);
    const czech = (await parseCorpus()).map(({ doc }) => doc).filter((d) => d.languages[0] === 'cs');
    const queries = autocompleteQueries(czech, QUERIES);
    const sql = await Promise.all(queries.map(({ q }) => captureQuery((db) => autocomplete(db, q, LIMIT))));
    const hits = await Promise.all(sql.map((query) => database.raw(query.text, query.params).then((r) => r.rows.length)));
    const requests: HttpRequestInput[] = queries.map(({ q }) => ({
      method: 'GET',
      path: `/v1/search/autocomplete?q=${encodeURIComponent(q)}&limit=${LIMIT}`,
    }));

    const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    const server = await startServer(database);
    let http;
    try {
      ctx.log(`  autocomplete: HTTP load (${ctx.connections} connections, ${ctx.warmupS}+${ctx.durationS} s)...`);
      http = await runHttpLoad({ url: server.url, requests, ...load });
      assertAllOk('autocomplete', http);
    } finally {
      await server.close();
    }
    ctx.log(`  autocomplete: bare SQL (${ctx.connections} callers in-process)...`);
    const name = `GET autocomplete?limit=${LIMIT}`;
    const sqlRow: LatencyRow = {
      name,
      layer: 'sql',
      concurrency: ctx.connections,
      stats: await runSqlLoad({ raw: database.raw, inputs: sql.map((q) => [q]), concurrency: ctx.connections, ...load }),
    };
    const apiRow = withRatio(
      withTarget({ name, layer: 'api', concurrency: ctx.connections, stats: http.stats }, 'p95Ms', AUTOCOMPLETE_P95_TARGET_MS),
      sqlRow,
    );
    const byKind = Object.fromEntries(
      (['prefix', 'number', 'typo', 'word'] as const).map((kind) => [kind, queries.filter((q) => q.kind === kind).length]),
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
        meanHits: round1(hits.reduce((a, b) => a + b, 0) / hits.length),
        queriesWithoutHits: hits.filter((h) => h === 0).length,
        ...load,
      },
      rows: [apiRow, sqlRow],
      notes: [
        `Library: the real corpus plus clones of ${library.cloneSources} real Czech works (newest version each, first ${CLONE_MAX_FRAGMENTS} text units) under unused numbers 600+/1993-2024 Sb., titled '<real title> (kopie n)'.`,
      ],
    };
  } finally {
    await database.close();
  }
}
