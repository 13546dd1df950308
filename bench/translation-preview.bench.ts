// Translation preview bench (issue 11): POST /v1/legal/translate (memory only) end to end over
// HTTP on 127.0.0.1, as a logged-in user with CSRF, for real ~300-character Czech fragments
// (exact, fuzzy and unmatched), sequentially; GET /healthz is timed beside every request.
import { buildApp } from '../server/app.js';
import { hashPassword } from '../server/auth/password-hash.js';
import { DEFAULT_RATE_LIMITS } from '../server/auth/rate-limit.js';
import type { Database } from '../server/db/client.js';
import { MemoryMailer } from '../server/mail/memory-mailer.js';
import { round1, type BenchContext } from './lib/context.js';
import { BENCH_USERS, openMemoryLibrary, settleLibrary } from './lib/memory-library.js';
import { withTarget, type LatencyRow, type PartResult } from './lib/results.js';
import { summarize } from './lib/stats.js';
import { measureBudgetMs, perKind, type SegmentKind } from './translation-memory.bench.js';

export const PREVIEW_P95_TARGET_MS = 100;
const ROUNDS = 20;
const WARMUP_ROUNDS = 2;
/** As the memory bench: warm-up stops after 10 s, measuring after the budget, one whole round at least. */
const WARMUP_BUDGET_MS = 10_000;
const PASSWORD = 'Bench-preklad-Morava-2026!';
const CSRF = 'bench-csrf-token';

interface SourceFragment {
  kind: SegmentKind;
  id: string;
  from: string;
}

/**
 * Library fragments of 270-330 characters, one per document: Czech fragments of DGT-TM documents
 * (their segment is in the memory: exact), of the bench's number-changed copies of those
 * documents with a digit (fuzzy, or below the threshold when many numbers differ), and of Czech
 * acts nobody translated (no match: 422).
 */
async function pickSources(database: Database): Promise<SourceFragment[]> {
  const pick = async (kind: SegmentKind, where: string) => {
    const { rows } = await database.raw(
      `SELECT DISTINCT ON (d.external_id) f.id, d.external_id
       FROM fragments f
       JOIN languages l ON l.language_id = f.language_id AND l.iso_639_1 = 'cs'
       JOIN branches b ON b.id = f.branch_id JOIN documents d ON d.id = b.document_id
       WHERE f.has_text AND f.owner_id IS NULL AND length(f.text) BETWEEN 270 AND 330 AND ${where}
       ORDER BY d.external_id, md5(f.text)`,
    );
    const picked = rows.slice(0, perKind()).map((r) => ({ kind, id: String(r.id), from: String(r.external_id) }));
    if (picked.length < perKind()) throw new Error(`only ${picked.length} ${kind} source fragments`);
    return picked;
  };
  const withEnglish = `EXISTS (SELECT 1 FROM fragments e JOIN languages le ON le.language_id = e.language_id
                               WHERE e.group_id = f.group_id AND le.iso_639_1 = 'en' AND e.has_text)`;
  return [
    ...(await pick(
      'exact',
      `d.metadata->>'source_system' = 'dgt-tm' AND d.metadata->>'bench' IS NULL AND ${withEnglish}`,
    )),
    ...(await pick(
      'fuzzy',
      `d.metadata->>'source_system' = 'dgt-tm' AND d.external_id LIKE '% (bench numbers-1)' AND f.text ~ '[0-9]' AND ${withEnglish}`,
    )),
    ...(await pick(
      'none',
      `d.metadata->>'source_system' IN ('e-sbirka', 'pirati-sbirka', 'czech-law-md') AND d.metadata->>'bench' IS NULL
       AND NOT EXISTS (SELECT 1 FROM fragments e WHERE e.group_id = f.group_id AND e.id <> f.id)`,
    )),
  ];
}

export async function benchTranslationPreview(ctx: BenchContext): Promise<PartResult> {
  const { database, shape } = await openMemoryLibrary(ctx.engine, ctx.log);
  // The per-user limit (60 a minute) would stop a sequential bench within a second: this app
  // instance raises it; the limit's counter upsert still runs on every request.
  const app = await buildApp({
    database,
    accounts: {
      publicUrl: 'http://127.0.0.1',
      mailer: new MemoryMailer(),
      rateLimits: { ...DEFAULT_RATE_LIMITS, translate: { limit: 1_000_000_000, windowSeconds: 60 } },
    },
  });
  try {
    const sources = await pickSources(database);
    // The bench user with a private layer logs in with a password set here.
    const userId = BENCH_USERS[0];
    await database.raw('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(PASSWORD), userId]);
    const { rows: users } = await database.raw('SELECT email FROM users WHERE id = $1', [userId]);
    await settleLibrary(ctx.engine, database);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;
    const csrfHeaders = { cookie: `csrf_token=${CSRF}`, 'x-csrf-token': CSRF, 'content-type': 'application/json' };
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: csrfHeaders,
      body: JSON.stringify({ identifier: users[0]!.email, password: PASSWORD }),
    });
    const session = /lexhub_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    if (login.status !== 200 || !session) throw new Error(`login: HTTP ${login.status} ${await login.text()}`);
    const headers = { ...csrfHeaders, cookie: `lexhub_session=${session}; csrf_token=${CSRF}` };

    const translate = async (source: SourceFragment) => {
      const t0 = performance.now();
      const response = await fetch(`${url}/v1/legal/translate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ source_fragment_id: source.id, target_language_code: 'en' }),
      });
      const body = (await response.json()) as { origin?: string; detail?: string; suggestions?: { score: number }[] };
      const ms = performance.now() - t0;
      if (response.status !== 200 && response.status !== 422)
        throw new Error(`translate ${source.id}: HTTP ${response.status} ${JSON.stringify(body)}`);
      const outcome =
        response.status === 200 ? `200 ${body.origin} ${body.suggestions?.[0]?.score}` : `422 ${body.detail}`;
      return { ms, outcome };
    };
    const healthz = async () => {
      const t0 = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`healthz: HTTP ${response.status}`);
      return performance.now() - t0;
    };

    // Cold-ish: the first translate of this server instance (its first statements on the pool).
    const cold = await translate(sources[0]!);
    ctx.log(`  preview: cold-ish first request ${round1(cold.ms)} ms (${cold.outcome})`);
    const warmupStarted = performance.now();
    let warmupRequests = 0;
    warmup: for (let i = 0; i < WARMUP_ROUNDS; i++)
      for (const source of sources) {
        if (performance.now() - warmupStarted > WARMUP_BUDGET_MS) break warmup;
        await translate(source);
        warmupRequests++;
      }

    const samples = new Map<string, number[]>();
    const add = (key: string, ms: number) => samples.set(key, [...(samples.get(key) ?? []), ms]);
    const outcomes: Record<string, string> = {};
    const started = performance.now();
    let rounds = 0;
    for (let round = 0; round < ROUNDS && (round === 0 || performance.now() - started < measureBudgetMs()); round++) {
      rounds++;
      for (const [index, source] of sources.entries()) {
        const { ms, outcome } = await translate(source);
        add(source.kind, ms);
        add('all', ms);
        add('anchor', await healthz());
        if (round === 0) outcomes[`${source.kind} #${index} ${source.from}`] = outcome;
      }
    }
    const durationMs = performance.now() - started;
    for (const [key, outcome] of Object.entries(outcomes)) ctx.log(`  ${key}: ${outcome}`);

    const rows: LatencyRow[] = ['all', 'exact', 'fuzzy', 'none'].map((kind) => {
      const row: LatencyRow = {
        name: `POST /legal/translate ${kind}`,
        layer: 'api',
        concurrency: 1,
        stats: summarize(samples.get(kind)!, durationMs),
      };
      return kind === 'all' ? withTarget(row, 'p95Ms', PREVIEW_P95_TARGET_MS) : row;
    });
    rows.push({
      name: 'anchor: GET /healthz (SELECT 1, beside each request)',
      layer: 'api',
      concurrency: 1,
      stats: summarize(samples.get('anchor')!, durationMs),
    });
    return {
      part: 'translation-preview',
      ranAt: new Date().toISOString(),
      data: {
        library: shape,
        sources,
        outcomes,
        coldFirstRequestMs: round1(cold.ms),
        rounds,
        warmupRequests,
        targetP95Ms: PREVIEW_P95_TARGET_MS,
      },
      rows,
      notes: [
        'fetch from the bench process to the real app on 127.0.0.1 (same process: PGlite can be opened once), one request at a time, a logged-in user with a private layer of 1,000 saved translations, session cookie + CSRF cookie/header.',
        'The translate rate limit is raised for this app instance only (bench option accounts.rateLimits); its database counter still runs per request.',
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
}
