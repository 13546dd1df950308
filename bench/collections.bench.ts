// Collections bench (issue 10): a user with 1,000 collections and a public collection of 5,000
// items. Logged in: the list (scope=mine) and the items (limit=200), first and deep keyset pages,
// p95 under 32 connections and one; anonymous: the public collection API, first and deep page,
// p99 at 32 connections beside the bare SQL of the same queries. Queries per handler recorded.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import {
  BENCH_USER,
  BIG_COLLECTION_ITEMS,
  BIG_COLLECTION_SLUG,
  benchAccounts,
  CSRF_HEADERS,
  LIBRARY_DOCUMENTS,
  MINE_MAINTAINED,
  MINE_OWNED,
  openCollectionsLibrary,
} from './lib/collections-library.js';
import { analyze, type BenchContext } from './lib/context.js';
import { assertAllOk, HTTP_TIMEOUT_S, runHttpLoad, type HttpRequestInput } from './lib/load.js';
import { recordingDb, type CapturedQuery } from './lib/record-queries.js';
import { withRatio, withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { runSqlLoad } from './lib/sql-load.js';

export const COLLECTIONS_P95_TARGET_MS = 30;
const ITEMS_LIMIT = 200;

interface Walked {
  /** Path of every page, first to last. */
  paths: string[];
  rows: number;
}

/** What a captured query is, for the query counts (the policy's own read is 'collection + policy facts'). */
function roleOf(query: CapturedQuery): string {
  const text = query.text;
  if (/FROM sessions s JOIN users u/.test(text)) return 'session';
  if (/^\s*UPDATE sessions/.test(text)) return 'session touch';
  if (/FROM collection_items i/.test(text)) return 'items page';
  if (/ORDER BY c\.name, c\.id/.test(text)) return 'collections page (policy as SQL predicate)';
  if (/FROM collections c/.test(text) && /(c\.id|c\.slug|c\.vanity_handle) = \$/.test(text))
    return 'collection + policy facts';
  return `other: ${text.replace(/\s+/g, ' ').trim().slice(0, 80)}`;
}

/** Follows next_cursor from `firstPath` to the last page. */
async function walk(app: FastifyInstance, firstPath: string, headers: Record<string, string>): Promise<Walked> {
  const paths: string[] = [];
  let rows = 0;
  let cursor: string | null = null;
  do {
    const path: string = cursor
      ? `${firstPath}${firstPath.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
      : firstPath;
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode} ${response.body}`);
    const body = response.json() as { items: unknown[]; next_cursor: string | null };
    paths.push(path);
    rows += body.items.length;
    cursor = body.next_cursor;
  } while (cursor);
  return { paths, rows };
}

async function logIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    headers: { ...CSRF_HEADERS, 'content-type': 'application/json' },
    payload: { identifier: BENCH_USER.email, password: BENCH_USER.password },
  });
  const session = response.cookies.find((cookie) => cookie.name === 'lexhub_session');
  if (!session) throw new Error(`login gave no session cookie: ${response.statusCode} ${response.body}`);
  return `lexhub_session=${session.value}`;
}

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** Every query the handler ran, in order (the session's sliding touch left out). */
  handlerSql: CapturedQuery[];
  /** The handler's data query: its last. */
  mainSql: CapturedQuery;
}

export async function benchCollections(ctx: BenchContext): Promise<PartResult> {
  const library = await openCollectionsLibrary(ctx.engine, ctx.log);
  const { database } = library;
  try {
    await analyze(database.raw);
    const sink: CapturedQuery[] = [];
    const recorder = await buildApp({
      database: { ...database, db: recordingDb(sink, database.db) },
      accounts: benchAccounts(),
    });
    const cases: Case[] = [];
    const counts: Record<string, string[]> = {};
    let publicProblem: string | undefined;
    let walks: Record<string, number> = {};
    const cookie = await logIn(recorder);
    try {
      const session = { cookie };
      ctx.log('  walking the lists through the API to collect real cursors...');
      const mine = await walk(recorder, '/v1/legal/collections?scope=mine', session);
      if (mine.rows !== MINE_OWNED + MINE_MAINTAINED) throw new Error(`scope=mine listed ${mine.rows} collections`);
      const itemsPath = `/v1/legal/collections/${library.bigCollectionId}/documents?limit=${ITEMS_LIMIT}`;
      const items = await walk(recorder, itemsPath, session);
      if (items.rows !== BIG_COLLECTION_ITEMS) throw new Error(`items walk found ${items.rows} items`);
      walks = { minePages: mine.paths.length, itemPages: items.paths.length };

      const capture = async (name: string, path: string, headers: Record<string, string>) => {
        sink.length = 0;
        const response = await recorder.inject({ method: 'GET', url: path, headers });
        if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode}`);
        const handlerSql = sink.filter((query) => roleOf(query) !== 'session touch');
        counts[name] = sink.map(roleOf);
        cases.push({ name, path, headers, handlerSql, mainSql: handlerSql.at(-1)! });
      };
      const deep = (walked: Walked) => walked.paths.at(-1)!;
      await capture('GET collections?scope=mine, page 1', mine.paths[0]!, session);
      await capture(
        `GET collections?scope=mine, page ${mine.paths.length} of ${mine.paths.length}`,
        deep(mine),
        session,
      );
      await capture(`GET items?limit=${ITEMS_LIMIT}, page 1`, items.paths[0]!, session);
      await capture(
        `GET items?limit=${ITEMS_LIMIT}, page ${items.paths.length} of ${items.paths.length}`,
        deep(items),
        session,
      );

      // The public API (anonymous): measured once the routes are served.
      const publicPath = `/api/v1/public/collections/user/${library.handle}/${BIG_COLLECTION_SLUG}`;
      const probe = await recorder.inject({ method: 'GET', url: publicPath });
      if (probe.statusCode === 200) {
        const published = await walk(recorder, publicPath, {});
        if (published.rows !== BIG_COLLECTION_ITEMS) throw new Error(`public walk found ${published.rows} items`);
        walks.publicPages = published.paths.length;
        await capture('GET public collection, page 1', publicPath, {});
        await capture(
          `GET public collection?cursor=, page ${published.paths.length} of ${published.paths.length}`,
          deep(published),
          {},
        );
      } else {
        publicProblem = `${publicPath} answered HTTP ${probe.statusCode}: the public routes are not served yet`;
        ctx.log(`  ${publicProblem}; skipping the public API`);
      }
    } finally {
      await recorder.close();
    }

    // One unloaded EXPLAIN ANALYZE of each data query: the database's own time for it.
    const explainMs: Record<string, number> = {};
    for (const c of cases) {
      const { rows: plan } = await database.raw(`EXPLAIN ANALYZE ${c.mainSql.text}`, c.mainSql.params);
      const line = plan.map((row) => String(Object.values(row)[0])).find((text) => text.startsWith('Execution Time'));
      explainMs[c.name] = Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? Number.NaN);
    }

    const server = await buildApp({ database, accounts: benchAccounts() });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
    const url = `http://127.0.0.1:${address.port}`;
    const rows: LatencyRow[] = [];
    const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    const http = async (request: HttpRequestInput, connections: number) => {
      const result = await runHttpLoad({
        url,
        requests: [request],
        connections,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
        timeoutS: HTTP_TIMEOUT_S,
        drainPath: '/healthz',
      });
      return result;
    };
    const sql = async (queries: CapturedQuery[]) =>
      runSqlLoad({ raw: database.raw, inputs: [queries], concurrency: ctx.connections, ...load });
    try {
      for (const c of cases) {
        const request: HttpRequestInput = { method: 'GET', path: c.path, headers: c.headers };
        const isPublic = c.name.startsWith('GET public');
        ctx.log(`  ${c.name}: HTTP load (${ctx.connections} connections, ${ctx.warmupS}+${ctx.durationS} s)...`);
        const many = await http(request, ctx.connections);
        assertAllOk(c.name, many);
        ctx.log(`  ${c.name}: bare SQL, all ${c.handlerSql.length} queries of the handler in order...`);
        const handlerRow: LatencyRow = {
          name: c.name,
          layer: 'sql: handler',
          concurrency: ctx.connections,
          stats: await sql(c.handlerSql),
        };
        ctx.log(`  ${c.name}: bare SQL, the data query...`);
        const mainRow: LatencyRow = {
          name: c.name,
          layer: 'sql',
          concurrency: ctx.connections,
          stats: await sql([c.mainSql]),
        };
        const apiRow: LatencyRow = {
          name: c.name,
          layer: 'api',
          concurrency: ctx.connections,
          stats: many.stats,
          errors: many.errors,
        };
        if (isPublic) {
          // Issue 10: p99 at 32 connections within 2x of the bare SQL of the same queries.
          rows.push(withRatio(apiRow, handlerRow), handlerRow, mainRow);
          continue;
        }
        ctx.log(`  ${c.name}: HTTP, one connection (the cost of one request without queueing)...`);
        const one = await http(request, 1);
        assertAllOk(c.name, one);
        rows.push(
          withRatio(withTarget(apiRow, 'p95Ms', COLLECTIONS_P95_TARGET_MS), handlerRow),
          withTarget(
            { name: c.name, layer: 'api', concurrency: 1, stats: one.stats, errors: one.errors },
            'p95Ms',
            COLLECTIONS_P95_TARGET_MS,
          ),
          handlerRow,
          mainRow,
        );
      }
    } finally {
      await server.close();
    }

    const notes = [
      `Data: the real corpus plus document rows cloned in SQL (documents and branches, no text) to ${library.documents} documents; the bench user owns ${MINE_OWNED} collections and maintains ${MINE_MAINTAINED} (scope=mine lists ${MINE_OWNED + MINE_MAINTAINED}, 50 a page); their public collection "${BIG_COLLECTION_SLUG}" holds ${BIG_COLLECTION_ITEMS} distinct documents (every 5th pinned with as_of, every 3rd with a note); ${library.collections} collections and ${library.items} items in all.`,
      `api = HTTP through the real Fastify app with the user's session cookie (public: anonymous), autocannon in a child process, one real path per row (deep pages: the cursor of the last page, found by walking next_cursor); "sql: handler" = every query the handler ran (recorded from the real app, session touch left out), replayed in order by ${ctx.connections} in-process callers; sql = the handler's data query alone. API/SQL compares the api row with "sql: handler".`,
      `Queries per request: ${Object.entries(counts)
        .map(([name, roles]) => `${name}: ${roles.length} (${roles.join(', ')})`)
        .join('; ')}.`,
    ];
    if (publicProblem) notes.push(`Public API not measured: ${publicProblem}.`);
    notes.push(
      ctx.engine === 'pglite'
        ? 'PGlite has one connection: the 32 callers queue on it, for the API and the SQL alike.'
        : "PostgreSQL: the server's pool of 20 connections serves both the API and the SQL callers.",
    );
    return {
      part: 'collections',
      ranAt: new Date().toISOString(),
      data: {
        documents: library.documents,
        libraryTarget: LIBRARY_DOCUMENTS,
        collections: library.collections,
        items: library.items,
        mineCollections: MINE_OWNED + MINE_MAINTAINED,
        bigCollectionItems: BIG_COLLECTION_ITEMS,
        itemsLimit: ITEMS_LIMIT,
        ...walks,
        buildS: library.buildS ?? 'cached',
        explainDataQueryMs: explainMs,
        queriesPerRequest: Object.fromEntries(Object.entries(counts).map(([name, roles]) => [name, roles])),
        paths: cases.map((c) => c.path),
        ...load,
      },
      rows,
      notes,
    };
  } finally {
    await database.close();
  }
}
