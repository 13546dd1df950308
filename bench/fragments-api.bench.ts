// Fragments bench: GET .../fragments?limit=100 (real documents and cursors) and POST
// /fragments/texts (100 real ids) under N connections, each against the bare SQL it runs.
import { buildApp } from '../server/app.js';
import type { Database } from '../server/db/client.js';
import { analyze, type BenchContext } from './lib/context.js';
import { openCorpusDatabase } from './lib/corpus.js';
import { countRows } from './lib/engines.js';
import { assertAllOk, HTTP_TIMEOUT_S, runHttpLoad, type HttpRequestInput } from './lib/load.js';
import { seededRandom, sample, shuffled } from './lib/random.js';
import { recordingDb, type CapturedQuery } from './lib/record-queries.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { startServer } from './lib/server.js';
import { runSqlLoad } from './lib/sql-load.js';

export const FRAGMENTS_P99_TARGET_MS = 25;
const PAGE_INPUTS = 400;
const TEXT_BATCHES = 400;
const IDS_PER_BATCH = 100;

interface Page {
  path: string;
  ids: string[];
}

/** Every page of every document's main branch, walked through the API like a reader. */
async function walkPages(database: Database): Promise<Page[]> {
  const app = await buildApp({ database });
  const { rows } = await database.raw(
    `SELECT d.id FROM documents d JOIN branches b ON b.document_id = d.id AND b.name = 'main' ORDER BY d.external_id`,
  );
  const pages: Page[] = [];
  for (const { id } of rows) {
    let cursor: string | null = null;
    do {
      const path: string = `/v1/legal/documents/${id}/fragments?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await app.inject({ method: 'GET', url: path });
      if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode}`);
      const body = response.json() as { items: { id: string }[]; next_cursor: string | null };
      pages.push({ path, ids: body.items.map((item) => item.id) });
      cursor = body.next_cursor;
    } while (cursor);
  }
  await app.close();
  return pages;
}

/** The SQL each request's handler runs, in order, recorded from the real app. */
async function captureHandlerQueries(database: Database, requests: HttpRequestInput[]): Promise<CapturedQuery[][]> {
  const sink: CapturedQuery[] = [];
  const app = await buildApp({ database: { ...database, db: recordingDb(sink, database.db) } });
  const sequences: CapturedQuery[][] = [];
  for (const request of requests) {
    sink.length = 0;
    const response = await app.inject({
      method: request.method,
      url: request.path,
      ...(request.body ? { payload: request.body, headers: { 'content-type': 'application/json' } } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`${request.method} ${request.path}: HTTP ${response.statusCode}`);
    sequences.push([...sink]);
  }
  await app.close();
  return sequences;
}

export async function benchFragmentsApi(ctx: BenchContext): Promise<PartResult> {
  const database = await openCorpusDatabase(ctx.engine, ctx.log);
  try {
    await analyze(database.raw);
    const random = seededRandom(20_240_101);
    ctx.log('  walking every page of every main branch to collect real cursors and ids...');
    const pages = await walkPages(database);
    const allIds = pages.flatMap((page) => page.ids);

    const pageRequests: HttpRequestInput[] = sample(pages, PAGE_INPUTS, random).map((page) => ({
      method: 'GET',
      path: page.path,
    }));
    const fullPages = pages.filter((page) => page.ids.length === IDS_PER_BATCH);
    const batches = [
      // Half: the ids of one page, as the reader asks after listing it; half: ids from anywhere.
      ...sample(fullPages, TEXT_BATCHES / 2, random).map((page) => page.ids),
      ...Array.from({ length: TEXT_BATCHES / 2 }, () => sample(allIds, IDS_PER_BATCH, random)),
    ];
    const textRequests: HttpRequestInput[] = shuffled(batches, random).map((ids) => ({
      method: 'POST',
      path: '/v1/legal/fragments/texts',
      body: JSON.stringify({ fragment_ids: ids }),
    }));

    const pageHandlerSql = await captureHandlerQueries(database, pageRequests);
    // The page query of server/library/fragments.ts listFragmentPage is the handler's last.
    const pageSql = pageHandlerSql.map((sequence) => {
      const last = sequence.at(-1)!;
      if (!/JOIN fragments[\s\S]*ORDER BY f\.seq LIMIT/.test(last.text))
        throw new Error(`unexpected last query: ${last.text}`);
      return [last];
    });
    const textSql = await captureHandlerQueries(database, textRequests);
    if (textSql.some((sequence) => sequence.length !== 1)) throw new Error('texts handler ran more than one query');

    const server = await startServer(database);
    const rows: LatencyRow[] = [];
    const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    try {
      const measure = async (
        name: string,
        requests: HttpRequestInput[],
        sql: CapturedQuery[][],
        handlerSql?: CapturedQuery[][],
      ) => {
        ctx.log(`  ${name}: HTTP load (${ctx.connections} connections, ${ctx.warmupS}+${ctx.durationS} s)...`);
        const http = await runHttpLoad({
          url: server.url,
          requests,
          ...load,
          timeoutS: HTTP_TIMEOUT_S,
          drainPath: '/healthz',
        });
        assertAllOk(name, http);
        ctx.log(`  ${name}: bare SQL (${ctx.connections} callers in-process)...`);
        const sqlRow: LatencyRow = {
          name,
          layer: 'sql',
          concurrency: ctx.connections,
          stats: await runSqlLoad({ raw: database.raw, inputs: sql, concurrency: ctx.connections, ...load }),
        };
        const apiRow = withRatio(
          withTarget(
            { name, layer: 'api', concurrency: ctx.connections, stats: http.stats, errors: http.errors },
            'p99Ms',
            FRAGMENTS_P99_TARGET_MS,
          ),
          sqlRow,
        );
        rows.push(apiRow, sqlRow);
        if (handlerSql) {
          ctx.log(`  ${name}: all ${handlerSql[0]!.length} queries of the handler, in order...`);
          rows.push({
            name,
            layer: 'sql: handler',
            concurrency: ctx.connections,
            stats: await runSqlLoad({ raw: database.raw, inputs: handlerSql, concurrency: ctx.connections, ...load }),
          });
        }
      };
      await measure('GET fragments?limit=100', pageRequests, pageSql, pageHandlerSql);
      await measure('POST fragments/texts (100 ids)', textRequests, textSql);
    } finally {
      await server.close();
    }

    const notes = [
      `API = HTTP through the real Fastify app (autocannon in a child process); sql = the endpoint's SQL text captured from server/library/fragments.ts and replayed through database.raw by ${ctx.connections} concurrent in-process callers; "sql: handler" = every query the GET handler runs (branch, language, page) in sequence.`,
    ];
    if (ctx.engine === 'pglite') {
      notes.push(
        'PGlite has one connection: the 32 callers queue on it, for the API and the SQL alike. That queue is the fair baseline for this engine.',
      );
    } else {
      notes.push(
        `PostgreSQL: the server's pool of 20 connections (DATABASE_POOL_MAX default) serves both the API and the SQL callers.`,
      );
    }
    return {
      part: 'fragments-api',
      ranAt: new Date().toISOString(),
      data: {
        works: await countRows(database, 'documents'),
        branches: await countRows(database, 'branches'),
        fragments: await countRows(database, 'fragments'),
        mainBranchPages: pages.length,
        fragmentsInMainBranches: allIds.length,
        pageRequests: pageRequests.length,
        textBatches: textRequests.length,
        idsPerBatch: IDS_PER_BATCH,
        ...load,
      },
      rows,
      notes,
    };
  } finally {
    await database.close();
  }
}
