// API key bench (issue 12): what verifying a key adds to a request; target < 1 ms at p99.
// HTTP: POST /mcp `tools/list` with a valid key, beside the same work on a bench-only route that
// runs the /mcp handler's body with a key verified once in advance (no verification, no
// rate-limit count), on the same server in the same run, at 1 and 16 connections. In-process:
// verifyApiKey alone (the database path), the per-instance verifier /mcp uses (keys remembered
// for seconds, server/api-keys/key-cache.ts), each with the buffered rate-limit counter (all the
// work of /mcp's onRequest hook), and the former per-call upsert, one call at a time, beside a
// bare `SELECT 1`.
import { MCP_CALLS_PER_MINUTE } from '../src/api/contract/mcp.js';
import { keyVerifier } from '../server/api-keys/key-cache.js';
import { verifyApiKey, type VerifiedKey } from '../server/api-keys/verify.js';
import { buildApp } from '../server/app.js';
import { bufferedRateLimiter, hitRateLimit } from '../server/auth/rate-limit.js';
import { MemoryMailer } from '../server/mail/memory-mailer.js';
import { serveMcpRequest } from '../server/mcp/serve.js';
import { mcpServerPool } from '../server/mcp/server-pool.js';
import { analyze, round1, type BenchContext } from './lib/context.js';
import { openBenchDatabase } from './lib/engines.js';
import { assertAllOk, HTTP_TIMEOUT_S, runHttpLoad, type LoadResult } from './lib/load.js';
import { insertKeys, insertUser, READ_SCOPES } from './lib/mcp-fixture.js';
import { withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import type { LatencyStats } from './lib/stats.js';
import { KEYS, MCP_HEADERS, rpcBody, withKeys } from './mcp.bench.js';
import { timeSequential } from './memory-search.bench.js';

export const KEY_OVERHEAD_P99_TARGET_MS = 1;
const WITHOUT_KEY_PATH = '/bench/mcp-without-key';

export async function benchApiKeys(ctx: BenchContext): Promise<PartResult> {
  const database = await openBenchDatabase(ctx.engine, 'api_keys', true);
  const app = await buildApp({ database, accounts: { publicUrl: 'http://127.0.0.1', mailer: new MemoryMailer() } });
  try {
    const owner = await insertUser(database.db, 0);
    const secrets = await insertKeys(database.db, owner, KEYS, READ_SCOPES);
    await analyze(database.raw);
    const verified = await verifyApiKey(database.db, secrets[0]!, '127.0.0.1');
    if (!verified.ok) throw new Error('the bench key did not verify');
    const key: VerifiedKey = verified.key;

    // The body of POST /mcp's handler (server/mcp/routes.ts) with the key already verified.
    const servers = mcpServerPool();
    app.post(WITHOUT_KEY_PATH, { config: { csrf: false } }, async (request, reply) =>
      serveMcpRequest(servers, request, reply, { db: database.db, key, owner: key.owner, log: request.log }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;

    const list = rpcBody('tools/list');
    const withKey = withKeys(secrets, [list]);
    const withoutKey = [{ method: 'POST' as const, path: WITHOUT_KEY_PATH, body: list, headers: MCP_HEADERS }];
    const load = {
      durationS: ctx.durationS,
      warmupS: ctx.warmupS,
      timeoutS: HTTP_TIMEOUT_S,
      drainPath: '/healthz',
      url,
    };
    const clearLimits = () => database.raw(`DELETE FROM rate_limits WHERE key LIKE 'mcp:%'`);

    const http: Record<string, LoadResult> = {};
    for (const connections of [1, 16]) {
      ctx.log(`  tools/list without key, ${connections} connection(s)...`);
      http[`without ${connections}`] = await runHttpLoad({ ...load, connections, requests: withoutKey });
      assertAllOk('without key', http[`without ${connections}`]!);
      ctx.log(`  tools/list with key, ${connections} connection(s)...`);
      await clearLimits();
      http[`with ${connections}`] = await runHttpLoad({ ...load, connections, requests: withKey });
      assertAllOk('with key', http[`with ${connections}`]!);
    }

    ctx.log('  in-process: SELECT 1, verifyApiKey, the hook with and without remembered keys...');
    const anchor = await timeSequential([0], () => database.raw('SELECT 1'), ctx.durationS, ctx.warmupS);
    const verify = await timeSequential(
      secrets,
      async (secret) => {
        const result = await verifyApiKey(database.db, secret, '127.0.0.1');
        if (!result.ok) throw new Error('key refused');
      },
      ctx.durationS,
      ctx.warmupS,
    );
    // Before: one upsert of the shared counter per call (synchronous_commit off).
    await clearLimits();
    // In process a remembered key makes thousands of calls a second: a limit no run reaches (the
    // counter's work does not depend on it).
    const limit = { limit: MCP_CALLS_PER_MINUTE * 1_000_000, windowSeconds: 60 };
    const hookUpsert = await timeSequential(
      secrets,
      async (secret) => {
        const result = await verifyApiKey(database.db, secret, '127.0.0.1');
        if (!result.ok) throw new Error('key refused');
        await hitRateLimit(database.db, `mcp:${result.key.id}`, limit);
      },
      ctx.durationS,
      ctx.warmupS,
    );
    // Now: the per-instance counter flushed every second (server/auth/rate-limit.ts), as /mcp's hook.
    await clearLimits();
    const limiter = bufferedRateLimiter(database.db);
    const hook = await timeSequential(
      secrets,
      async (secret) => {
        const result = await verifyApiKey(database.db, secret, '127.0.0.1');
        if (!result.ok) throw new Error('key refused');
        await limiter.hit(`mcp:${result.key.id}`, limit);
      },
      ctx.durationS,
      ctx.warmupS,
    );
    // Now: the verifier /mcp uses (a key remembered for seconds) + the buffered counter.
    await clearLimits();
    const verifier = keyVerifier(database);
    for (const secret of secrets) await verifier.verify(secret, '127.0.0.1');
    const cachedHook = await timeSequential(
      secrets,
      async (secret) => {
        const result = await verifier.verify(secret, '127.0.0.1');
        if (!result.ok) throw new Error('key refused');
        await limiter.hit(`mcp:${result.key.id}`, limit);
      },
      ctx.durationS,
      ctx.warmupS,
    );
    await verifier.close();
    await limiter.close();

    const httpRow = (name: string, connections: number, result: LoadResult): LatencyRow => ({
      name,
      layer: 'api',
      concurrency: connections,
      stats: result.stats,
      errors: result.errors,
    });
    const sqlRow = (name: string, stats: LatencyStats): LatencyRow => ({
      name,
      layer: 'sql: handler',
      concurrency: 1,
      stats,
    });
    const added = (a: LatencyStats, b: LatencyStats) => ({
      p50Ms: round1(a.p50Ms - b.p50Ms),
      p99Ms: round1(a.p99Ms - b.p99Ms),
    });
    const overhead = {
      http1: added(http['with 1']!.stats, http['without 1']!.stats),
      http16: added(http['with 16']!.stats, http['without 16']!.stats),
    };
    return {
      part: 'api-keys',
      ranAt: new Date().toISOString(),
      data: {
        keys: KEYS,
        route: 'POST /mcp tools/list (raw stateless JSON-RPC, autocannon in a child process)',
        addedByVerificationMs: overhead,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
      },
      rows: [
        sqlRow('anchor: SELECT 1', anchor),
        withTarget(sqlRow('verifyApiKey (1 query + SHA-256 compare)', verify), 'p99Ms', KEY_OVERHEAD_P99_TARGET_MS),
        sqlRow('verifyApiKey (database path) + buffered rate-limit counter', hook),
        withTarget(
          sqlRow('keyVerifier (remembered key) + buffered counter (the hook now)', cachedHook),
          'p99Ms',
          KEY_OVERHEAD_P99_TARGET_MS,
        ),
        sqlRow('before: verifyApiKey + rate-limit upsert per call', hookUpsert),
        httpRow('tools/list, no key (bench route)', 1, http['without 1']!),
        httpRow('tools/list, with key (POST /mcp)', 1, http['with 1']!),
        httpRow('tools/list, no key (bench route)', 16, http['without 16']!),
        httpRow('tools/list, with key (POST /mcp)', 16, http['with 16']!),
      ],
      notes: [
        `Added by the key, HTTP, 1 connection: p50 ${overhead.http1.p50Ms} ms, p99 ${overhead.http1.p99Ms} ms; 16 connections: p50 ${overhead.http16.p50Ms} ms, p99 ${overhead.http16.p99Ms} ms.`,
        `The with-key calls rotate over ${KEYS} keys of one owner (600 calls a minute each); rate limits are cleared before each run.`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
}
